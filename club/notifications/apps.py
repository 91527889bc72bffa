from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NotificationsConfig(AppConfig):
    name = "club.notifications"
    label = "notifications"
    verbose_name = _("Notifications")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # Results come through settings.GAME_FINISHED_TASKS (tasks.notify_game_finished).
        # Changes and new challenges: games.events hooks, run on commit in the
        # request, so they only enqueue our tasks.
        from games import events

        from . import hooks

        events.on_game_changed(hooks.game_changed)
        events.on_challenge_created(hooks.challenge_created)
