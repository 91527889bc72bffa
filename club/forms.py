from django import forms
from django.contrib.auth.forms import PasswordResetForm, UserCreationForm
from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from club.arbiters.services import LIGHT, REASON_MAX
from club.models import Member
from club.roles import Role


class NotBlankPasswordValidator:
    """Refuses a password of spaces only (it passes the length check, and the
    similarity and common-password lists do not know it)."""

    def validate(self, password, user=None):
        if not password.strip():
            raise ValidationError(gettext("A password cannot be made of spaces only."), code="password_blank")

    def get_help_text(self):
        return gettext("Your password cannot be made of spaces only.")


def email_in_use(email: str, *, exclude_pk: int | None = None) -> bool:
    return Member.objects.filter(email__iexact=email.strip()).exclude(pk=exclude_pk).exists()


class SignUpForm(UserCreationForm):
    # Email is required here: it is how a member gets back a lost password.
    email = forms.EmailField(label=_("Email"))

    class Meta(UserCreationForm.Meta):
        model = Member
        fields = ("username", "email", "display_name", "city")

    def clean_email(self):
        email = self.cleaned_data["email"]
        if email_in_use(email):
            raise ValidationError(_("This email belongs to another member."), code="email_taken")
        return email

    def validate_password_for_user(self, user, password_field_name="password1", **kwargs):
        # Django checks the confirmation field, so "too short" used to appear under
        # "Password confirmation"; a weak password is an error of the password itself.
        super().validate_password_for_user(user, password_field_name=password_field_name, **kwargs)


class ThrottledPasswordResetForm(PasswordResetForm):
    """Sends the reset email only within the limits per client address and per email."""

    def __init__(self, *args, request=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.request = request

    def clean_email(self):
        from club.api.throttling import PasswordResetThrottle

        email = self.cleaned_data["email"]
        if not PasswordResetThrottle.allow_reset(self.request, email):
            raise ValidationError(_("Too many password reset requests: try again in an hour."), code="throttled")
        return email


class ProfileForm(forms.ModelForm):
    class Meta:
        model = Member
        fields = ("display_name", "city", "federation_title", "federation_rating", "email")

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


class SanctionForm(forms.Form):
    """A club-scope sanction (003 1.4): only a remark, a warning or a reprimand; the
    loss of a game and an exclusion are decided in the game or the championship."""

    member = forms.ModelChoiceField(
        label=_("Member"), queryset=Member.objects.filter(is_active=True).order_by("display_name", "username")
    )
    kind = forms.ChoiceField(label=_("Sanction"), choices=[(k.value, k.label) for k in LIGHT])
    reason = forms.CharField(label=_("Reason"), max_length=REASON_MAX, widget=forms.Textarea(attrs={"rows": 4}))
