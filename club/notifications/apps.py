from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NotificationsConfig(AppConfig):
    name = "club.notifications"
    label = "notifications"
    verbose_name = _("Notifications")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # The game server's hooks (games/events.py): results run inside its
        # follow-up task; changes and challenges run on commit in the request,
        # so those only enqueue our tasks.
        from games import events

        from . import hooks

        events.on_game_finished(hooks.game_finished)
        if hasattr(events, "on_game_changed"):
            events.on_game_changed(hooks.game_changed)
        if hasattr(events, "on_challenge_created"):
            events.on_challenge_created(hooks.challenge_created)
