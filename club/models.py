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

    def __str__(self) -> str:
        return self.display_name or self.username

    @property
    def name(self) -> str:
        return str(self)
