from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _


class Member(AbstractUser):
    """A club member: the login account and the public player profile in one."""

    display_name = models.CharField(_("display name"), max_length=80, blank=True)
    city = models.CharField(_("city"), max_length=80, blank=True)
    federation_title = models.CharField(
        _("federation title or rank"), max_length=40, blank=True,
        help_text=_("E.g. GM, IM, CM, 1st category."),
    )
    federation_rating = models.PositiveIntegerField(_("federation rating"), null=True, blank=True)

    class Meta:
        verbose_name = _("member")
        verbose_name_plural = _("members")
        ordering = ["username"]
        permissions = [("assign_role", _("Can assign club roles"))]

    def __str__(self) -> str:
        return self.display_name or self.username

    @property
    def name(self) -> str:
        return str(self)


class Sanction(models.Model):
    """A penalty an arbiter records against a member (rules 003, section 1.4)."""

    class Kind(models.TextChoices):
        # In rising order of severity, as the rules list them.
        REMARK = "remark", _("remark")
        WARNING = "warning", _("warning")
        REPRIMAND = "reprimand", _("reprimand")
        LOSS_OF_GAME = "loss_of_game", _("loss of the game")
        EXCLUSION = "exclusion", _("exclusion from the competition")

    member = models.ForeignKey(
        Member, on_delete=models.CASCADE, related_name="sanctions", verbose_name=_("member")
    )
    kind = models.CharField(_("sanction"), max_length=20, choices=Kind.choices)
    reason = models.TextField(_("reason"))
    issued_by = models.ForeignKey(
        Member, on_delete=models.PROTECT, related_name="sanctions_issued", verbose_name=_("issued by")
    )
    issued_at = models.DateTimeField(_("issued at"), auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = _("sanction")
        verbose_name_plural = _("sanctions")
        ordering = ["-issued_at", "-id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.member}"
