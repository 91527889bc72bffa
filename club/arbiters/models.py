"""Arbiters' decisions: sanctions tied to what they punish (003 1.4), protests
(1.3.1, 1.14.7), players' questions to the arbiter (1.3.1), and the
append-only audit log of every arbiter's action."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Sanction(models.Model):
    """A sanction against one member for a game, a championship or the club (1.4)."""

    class Kind(models.TextChoices):
        # In rising order of severity, as 1.4 lists them.
        REMARK = "remark", _("remark")
        WARNING = "warning", _("warning")
        REPRIMAND = "reprimand", _("reprimand")
        LOSS_OF_GAME = "loss_of_game", _("loss of the game")
        EXCLUSION = "exclusion", _("exclusion from the competition")

    class Status(models.TextChoices):
        IN_FORCE = "in-force", _("in force")
        REVERSED = "reversed", _("reversed on protest")

    member = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="arbiter_sanctions")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.PROTECT, related_name="sanctions")
    championship = models.ForeignKey(
        "championships.Championship", null=True, blank=True, on_delete=models.PROTECT, related_name="sanctions"
    )
    reason = models.TextField()
    clause = models.CharField(max_length=40, blank=True)
    issued_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    issued_at = models.DateTimeField(db_index=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.IN_FORCE)
    # What the sanction changed, so a successful protest can undo it: {"result_before": "1-0", ...}.
    effect = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-issued_at", "-id"]

    def __str__(self):
        return f"{self.get_kind_display()}: {self.member}"

    @property
    def scope(self) -> str:
        return "game" if self.game_id else ("championship" if self.championship_id else "club")


class Protest(models.Model):
    """A protest made in writing and the ruling on it with its reasons: a
    player's against a sanction or an arbiter's decision (1.3.1), or a team
    captain's for his team (1.14.7: ``team``, and the ``match`` it concerns)."""

    class Status(models.TextChoices):
        PENDING = "pending", _("pending")
        UPHELD = "upheld", _("upheld")
        REJECTED = "rejected", _("rejected")

    member = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="protests")
    sanction = models.ForeignKey(Sanction, null=True, blank=True, on_delete=models.PROTECT, related_name="protests")
    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.PROTECT, related_name="protests")
    championship = models.ForeignKey(
        "championships.Championship", null=True, blank=True, on_delete=models.PROTECT, related_name="protests"
    )
    team = models.ForeignKey("teams.Team", null=True, blank=True, on_delete=models.PROTECT, related_name="protests")
    match = models.ForeignKey("teams.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    # 1.3.1 «опротестовывать любые решения»: a decision of the event that touches him (an absence
    # mark, a withdrawal, a pairing changed, a line-up set, a late entry), as its log records it.
    decision = models.ForeignKey(
        "championships.Decision", null=True, blank=True, on_delete=models.PROTECT, related_name="protests"
    )
    text = models.TextField()
    filed_at = models.DateTimeField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    ruled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    ruled_at = models.DateTimeField(null=True, blank=True)
    ruling = models.TextField(blank=True)

    class Meta:
        ordering = ["-filed_at", "-id"]

    def __str__(self):
        return f"{self.member}: {self.get_status_display()}"


class Question(models.Model):
    """A player addresses the arbiter of his game, or the organising committee of his event
    (1.3.1: «обращаться … в организационный комитет»), and sees the answer."""

    game = models.ForeignKey(
        "games.Game", null=True, blank=True, on_delete=models.CASCADE, related_name="arbiter_questions"
    )
    championship = models.ForeignKey(
        "championships.Championship", null=True, blank=True, on_delete=models.CASCADE, related_name="questions"
    )
    asked_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    asked_at = models.DateTimeField()
    text = models.TextField()
    answer = models.TextField(blank=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-asked_at", "-id"]
        constraints = [
            # To the arbiter of one game, or to the organisers of one event.
            models.CheckConstraint(
                condition=Q(game__isnull=False, championship__isnull=True)
                | Q(game__isnull=True, championship__isnull=False),
                name="question_to_one",
            )
        ]

    def __str__(self):
        return f"{self.asked_by} ({self.game_id or self.championship_id})"


class AuditEntry(models.Model):
    """One arbiter's or administrator's action: who, when, what, why, which clause. Append-only."""

    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")
    at = models.DateTimeField(db_index=True)
    action = models.CharField(max_length=40)
    reason = models.TextField(blank=True)
    clause = models.CharField(max_length=40, blank=True)
    championship = models.ForeignKey(
        "championships.Championship", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    member = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text=_("The member the action concerns."),
    )
    data = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self):
        return f"{self.action} by {self.actor}"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise ValueError("the audit log is append-only")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ValueError("the audit log is append-only")


class Adjournment(models.Model):
    """An adjourned game (003 5.3.3.2–5.3.3.3, 002 17.6): ordered by the chief
    arbiter, the player to move seals a move (seen by him and the arbiters
    only), the clocks stop, and at ``resume_at`` the sealed move is played."""

    class Status(models.TextChoices):
        ORDERED = "ordered", _("ordered")
        SEALED = "sealed", _("sealed")
        RESUMED = "resumed", _("resumed")

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="adjournments")
    ordered_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    ordered_at = models.DateTimeField()
    reason = models.TextField()
    resume_at = models.DateTimeField()
    order = models.PositiveSmallIntegerField(default=1, help_text=_("Resumption order among adjourned games."))
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.ORDERED)
    sealed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    sealed_move = models.CharField(max_length=120, blank=True)
    sealed_ply = models.PositiveIntegerField(null=True, blank=True)
    sealed_at = models.DateTimeField(null=True, blank=True)
    resumed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["resume_at", "order", "id"]

    def __str__(self):
        return f"{self.game_id}: {self.get_status_display()}"


class DrawClaim(models.Model):
    """A draw only an arbiter grants: the 5-move rule in a clearly drawn
    position (2.1.9.1.6, 1.16.7), or the stronger side stopping the clocks in
    sudden death (1.7.13, 1.16.8)."""

    class Kind(models.TextChoices):
        FIVE_MOVES = "five-moves", _("clearly drawn position, 5-move rule")
        STOP_CLOCKS = "stop-clocks", _("stronger side stops the clocks")

    class Status(models.TextChoices):
        PENDING = "pending", _("pending")
        GRANTED = "granted", _("granted")
        REFUSED = "refused", _("refused")

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="draw_claims")
    kind = models.CharField(max_length=12, choices=Kind.choices)
    claimed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    claimed_at = models.DateTimeField()
    ply = models.PositiveIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    reason = models.TextField(blank=True)

    class Meta:
        ordering = ["-claimed_at", "-id"]

    def __str__(self):
        return f"{self.game_id}: {self.kind} ({self.status})"
