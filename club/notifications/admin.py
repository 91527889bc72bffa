from django.contrib import admin

from .models import Notification, NotificationSettings, TurnReminder


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ["recipient", "kind", "game_id", "created_at", "read_at", "email"]
    list_filter = ["kind", "email"]
    raw_id_fields = ["recipient"]


admin.site.register(NotificationSettings)
admin.site.register(TurnReminder)
