"""Admin: notifications are read-only here; they are written by the services that notify."""

from django.contrib import admin

from foundation.admin import ReadOnlyAdmin

from .models import Notification, NotificationSettings, TurnReminder


@admin.register(Notification)
class NotificationAdmin(ReadOnlyAdmin):
    list_display = ["recipient", "kind", "game_id", "created_at", "read_at", "email"]
    list_filter = ["kind", "email"]


@admin.register(NotificationSettings)
class NotificationSettingsAdmin(ReadOnlyAdmin):
    pass


@admin.register(TurnReminder)
class TurnReminderAdmin(ReadOnlyAdmin):
    pass
