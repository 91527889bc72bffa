"""The club's password validators (settings.AUTH_PASSWORD_VALIDATORS).

Django calls every validator's ``password_changed`` after a member's new
password is saved, whichever way it was set (the password reset, the change
form, the admin, ``manage.py changepassword``): that is where a new
password ends the API sessions of the old one, and the private calendar
address given out under it.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from members.services import member_calendar_renew
from members.tokens import api_tokens_revoke


class NotBlankPasswordValidator:
    """Refuses a password of spaces only (it passes the length check, and the
    similarity and common-password lists do not know it)."""

    def validate(self, password, user=None):
        if not password.strip():
            raise ValidationError(gettext("A password cannot be made of spaces only."), code="password_blank")

    def get_help_text(self):
        return gettext("Your password cannot be made of spaces only.")


class TokensEndWithThePassword:
    """Validates nothing; after a password change revokes the member's API tokens and renews
    his calendar feed's address (whoever had the old password may have read the old address)."""

    def validate(self, password, user=None):
        return None

    def password_changed(self, password, user=None):
        if user is not None and user.pk is not None:
            api_tokens_revoke(member=user)
            member_calendar_renew(member=user)

    def get_help_text(self):
        # Every validator's text is a rule in the password forms' list: an empty one was an empty bullet.
        return gettext("A new password ends your API tokens and the old address of your calendar feed.")
