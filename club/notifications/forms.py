from django import forms

from .models import NotificationSettings


class NotificationSettingsForm(forms.ModelForm):
    class Meta:
        model = NotificationSettings
        fields = ["challenge_email", "move_email", "reminder_email", "result_email", "decision_email", "arbiter_email"]
        widgets = {"move_email": forms.RadioSelect}
