from django import forms
from django.contrib.auth.forms import PasswordResetForm, UserCreationForm
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from foundation import zones
from foundation.api.throttling import PasswordResetThrottle
from members.models import Member
from members.roles import Role


def email_in_use(email: str, *, exclude_pk: int | None = None) -> bool:
    return Member.objects.filter(email__iexact=email.strip()).exclude(pk=exclude_pk).exists()


def zone_choices():
    return [(name, name.replace("_", " ")) for name in zones.zone_names()]


class ZoneField(forms.ChoiceField):
    """A member's time zone; the page offers the browser's (static/club/zone.js, ``data-browser-zone``)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("label", _("Time zone"))
        kwargs.setdefault("help_text", _("Times are shown to you, and read from your forms, in this zone."))
        super().__init__(choices=zone_choices, **kwargs)
        self.widget.attrs["data-browser-zone"] = "offer"
        self.widget.attrs["data-browser-zone-text"] = _("Your browser's zone: %s")


class SignUpForm(UserCreationForm):
    # Email is required here: it is how a member gets back a lost password.
    email = forms.EmailField(label=_("Email"))
    time_zone = ZoneField(initial=zones.default_zone, required=False)  # none chosen: the club's

    class Meta(UserCreationForm.Meta):
        model = Member
        fields = ("username", "email", "display_name", "city", "time_zone")

    # No check that the email is free: refusing it would tell anyone whose address is a
    # member's. A taken address is accepted like any other; its owner is told instead
    # (email_verification.sign_up_email_send).

    def validate_password_for_user(self, user, password_field_name="password1", **kwargs):
        # Django checks the confirmation field, so "too short" used to appear under
        # "Password confirmation"; a weak password is an error of the password itself.
        super().validate_password_for_user(user, password_field_name=password_field_name, **kwargs)


class ThrottledPasswordResetForm(PasswordResetForm):
    """Sends the reset email only within the limits per client address and per email."""

    def __init__(self, *args, request=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.request = request

    def get_users(self, email):
        """Django's accounts for the address; but when a member has confirmed it, his alone: an
        account that signed up with his address (sign-up accepts it, telling nobody) gets no
        link to the mailbox of the member who owns it."""
        users = list(super().get_users(email))
        confirmed = [user for user in users if user.email_verified]
        return confirmed or users

    def clean_email(self):
        email = self.cleaned_data["email"]
        if not PasswordResetThrottle.allow_reset(self.request, email):
            raise ValidationError(_("Too many password reset requests: try again in an hour."), code="throttled")
        return email


class ProfileForm(forms.ModelForm):
    time_zone = ZoneField(required=False)

    class Meta:
        model = Member
        fields = ("display_name", "city", "federation_title", "federation_rating", "birth_year", "email", "time_zone")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].widget.attrs["data-browser-zone"] = "hint"  # his choice stands; the browser's is shown

    def clean_time_zone(self):
        return self.cleaned_data["time_zone"] or self.instance.time_zone  # left empty: unchanged

    def clean_email(self):
        email = self.cleaned_data["email"]
        if email and "email" in self.changed_data and email_in_use(email, exclude_pk=self.instance.pk):
            raise ValidationError(_("This email belongs to another member."), code="email_taken")
        return email


class RolesForm(forms.Form):
    roles = forms.MultipleChoiceField(
        label=_("Roles"),
        choices=[(role.value, role.label) for role in Role if role != Role.MEMBER],
        widget=forms.CheckboxSelectMultiple,
        required=False,
        help_text=_("Every account is a member; tick the extra roles."),
    )
