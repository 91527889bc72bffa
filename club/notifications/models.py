"""On-site notifications, each member's choices about them, and the reminders
of correspondence moves waiting to be sent.

Games and challenges are referred to by id, not by foreign key: a notification
outlives the row it talks about (a cancelled challenge, an annulled game) and
this app then needs no migration of the game server's tables.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from .texts import notification_text


class MoveEmail(models.TextChoices):
    EACH = "each", _("an email for each move")
    DIGEST = "digest", _("one daily digest")
    OFF = "off", _("no email")


class NotificationSettings(models.Model):
    """What a member wants to be told by email; on-site notifications are always kept."""

    member = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="notification_settings",
        verbose_name=_("member"),
    )
    challenge_email = models.BooleanField(_("email me a new challenge"), default=True)
    move_email = models.CharField(
        _("opponent's move in a correspondence game"),
        max_length=10,
        choices=MoveEmail.choices,
        default=MoveEmail.EACH,
    )
    reminder_email = models.BooleanField(
        _("email me when 80 percent of my time for a correspondence move is used"), default=True
    )
    result_email = models.BooleanField(_("email me the result of my games"), default=True)
    decision_email = models.BooleanField(
        _("email me the decisions that concern me: pairings, sanctions, rulings, adjournments, results set"),
        default=True,
    )
    arbiter_email = models.BooleanField(
        _("as an arbiter, email me what arrives for me to decide: claims, protests, questions, adjudications"),
        default=True,
    )

    class Meta:
        verbose_name = _("notification settings")
        verbose_name_plural = _("notification settings")

    def __str__(self) -> str:
        return str(self.member)


class Notification(models.Model):
    class Kind(models.TextChoices):
        CHALLENGE = "challenge", _("new challenge")
        MOVE = "move", _("opponent's move")
        REMINDER = "reminder", _("time reminder")
        RESULT = "result", _("game result")
        EVENT = "event", _("championship news")
        DECISION = "decision", _("a decision that concerns me")
        ARBITER = "arbiter", _("something for me to decide as an arbiter")

    class Email(models.TextChoices):
        NONE = "none", _("not emailed")
        SENT = "sent", _("emailed")
        DIGEST = "digest", _("waiting for the daily digest")

    recipient = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="notifications",
        verbose_name=_("recipient"),
    )
    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices)
    # What makes this notification unique for its recipient ("move:<game>:<ply>"):
    # a task run twice finds the row and sends nothing twice.
    key = models.CharField(max_length=100)
    game_id = models.BigIntegerField(null=True, blank=True, db_index=True)
    challenge_id = models.BigIntegerField(null=True, blank=True)
    # Values for the text, which is written in the reader's language when shown.
    params = models.JSONField(default=dict, blank=True)
    url = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    read_at = models.DateTimeField(_("read at"), null=True, blank=True)
    email = models.CharField(max_length=10, choices=Email.choices, default=Email.NONE)

    class Meta:
        verbose_name = _("notification")
        verbose_name_plural = _("notifications")
        ordering = ["-created_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["recipient", "key"], name="notification_once")]
        indexes = [
            models.Index(fields=["recipient", "read_at"], name="notification_unread"),
            # the digest sweep reads exactly these rows
            models.Index(fields=["email"], name="notification_digest", condition=models.Q(email="digest")),
        ]

    def __str__(self) -> str:
        return notification_text(self)


class TurnReminder(models.Model):
    """A correspondence move that should be reminded of at ``remind_at``.

    One row per (game, ply): the move's turn. ``remind_at`` is indexed and
    swept by the beat task; ``sent_at`` is set by a conditional update so a
    reminder goes out once even when two sweepers run.
    """

    game_id = models.BigIntegerField()
    ply = models.PositiveIntegerField()
    member = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    deadline = models.DateTimeField()
    remind_at = models.DateTimeField(db_index=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game_id", "ply"], name="turn_reminder_once")]

    def __str__(self) -> str:
        return f"game {self.game_id} ply {self.ply} at {self.remind_at:%Y-%m-%d %H:%M}"


class DigestSent(models.Model):
    """One daily digest per member and day (UTC): a second run that day sends nothing."""

    member = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    day = models.DateField()
    sent_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["member", "day"], name="digest_once_a_day")]

    def __str__(self) -> str:
        return f"{self.member_id} {self.day}"
