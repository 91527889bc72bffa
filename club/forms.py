from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.utils.translation import gettext_lazy as _

from club.models import Member, Sanction
from club.roles import Role


class SignUpForm(UserCreationForm):
    # Email is required here: it is how a member gets back a lost password.
    email = forms.EmailField(label=_("Email"))

    class Meta(UserCreationForm.Meta):
        model = Member
        fields = ("username", "email", "display_name", "city")


class ProfileForm(forms.ModelForm):
    class Meta:
        model = Member
        fields = ("display_name", "city", "federation_title", "federation_rating", "email")


class RolesForm(forms.Form):
    roles = forms.MultipleChoiceField(
        label=_("Roles"),
        choices=[(role.value, role.label) for role in Role if role != Role.MEMBER],
        widget=forms.CheckboxSelectMultiple,
        required=False,
        help_text=_("Every account is a member; tick the extra roles."),
    )


class SanctionForm(forms.ModelForm):
    class Meta:
        model = Sanction
        fields = ("member", "kind", "reason")
        widgets = {"reason": forms.Textarea(attrs={"rows": 4})}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["member"].queryset = Member.objects.filter(is_active=True).order_by(
            "display_name", "username"
        )
