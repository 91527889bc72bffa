import secrets

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models.functions import Lower
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from foundation import zones
from foundation.text import validate_one_line

# What a member types about himself that others' pages and files print (foundation.text).
ONE_LINE_FIELDS = ("display_name", "city", "federation_title")


def default_time_zone() -> str:
    """A new member's zone: the club's (``settings.TIME_ZONE``)."""
    return zones.default_zone()


def calendar_secret_new() -> str:
    return secrets.token_hex(16)


def default_language() -> str:
    """A new member's language: the club's (``settings.LANGUAGE_CODE``)."""
    return settings.LANGUAGE_CODE


class Member(AbstractUser):
    """A club member: the login account and the public player profile in one."""

    display_name = models.CharField(_("display name"), max_length=80, blank=True)
    city = models.CharField(_("city"), max_length=80, blank=True)
    federation_title = models.CharField(
        _("federation title or rank"),
        max_length=40,
        blank=True,
        help_text=_("E.g. GM, IM, CM, 1st category."),
    )
    federation_rating = models.PositiveIntegerField(_("federation rating"), null=True, blank=True)
    # 1.1 age categories: private — the member and the organisers of events he enters see it,
    # the pages show only the category it puts him in.
    birth_year = models.PositiveSmallIntegerField(
        _("year of birth"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1900)],
        help_text=_("Private: only for the age categories of the events you enter (1.1)."),
    )
    # Set when the member opened the link mailed to ``email``; a change of email clears it
    # (services.member_profile_update, and the admin through services.member_account_save).
    email_verified = models.BooleanField(_("email verified"), default=False)
    # Every time a page shows him is in this zone, and every time he types is read in it
    # (club.site.middleware.ViewerTimeZone); stored times stay UTC.
    time_zone = models.CharField(
        _("time zone"),
        max_length=64,
        default=default_time_zone,
        validators=[zones.validate_zone],
        help_text=_("Times are shown to you, and read from your forms, in this zone."),
    )
    # A guest: a player with no account, entered in an event by its organiser — he
    # cannot log in, is never rated (games.services.challenges.game_create), and may later be
    # merged into a member's account (club.championships.services.guests).
    is_guest = models.BooleanField(_("guest"), default=False)
    # The interface language he last chose (the switcher in the page header, or the one he
    # signed up in): the emails the club sends him are written in it.
    language = models.CharField(
        _("language"),
        max_length=8,
        choices=settings.LANGUAGES,
        default=default_language,
        help_text=_("The club's emails to you are written in this language."),
    )
    # He chose ``language`` with the switcher (not merely signed up in it): the pages then
    # speak it in every browser he logs in to (club.site.middleware.MemberLanguage).
    language_chosen = models.BooleanField(default=False, editable=False)
    # Part of his private calendar feed's address: a new one (on his profile, or with a new
    # password) is a new address, and the old one stops (club.championships.calendar).
    calendar_secret = models.CharField(max_length=32, default=calendar_secret_new, editable=False)

    class Meta:
        verbose_name = _("member")
        verbose_name_plural = _("members")
        ordering = ["username"]
        permissions = [("assign_role", _("Can assign club roles"))]
        # The searches by part of a name are served on PostgreSQL by trigram
        # indexes that migration 0009_member_search_trigrams makes by hand.
        constraints = [
            # An address belongs to at most one member who proved it is theirs. Sign-up refuses
            # any address already in use; accounts that shared one before stay unverified.
            models.UniqueConstraint(
                Lower("email"),
                condition=models.Q(email_verified=True),
                name="member_verified_email_unique",
                violation_error_message=_("This email belongs to another member."),
            ),
        ]

    def __str__(self) -> str:
        return self.display_name or self.username

    def clean(self):
        # Every form of a member (sign-up, profile, admin) and every service that cleans one
        # (behind the API) comes through here; field validators would too, at a migration each.
        super().clean()
        errors = {}
        for name in ONE_LINE_FIELDS:
            try:
                validate_one_line(getattr(self, name))
            except ValidationError as error:
                errors[name] = error
        if self.birth_year is not None and self.birth_year > timezone.now().year:
            errors["birth_year"] = ValidationError(_("A year of birth is not in the future."))
        if errors:
            raise ValidationError(errors)

    @property
    def name(self) -> str:
        return str(self)
