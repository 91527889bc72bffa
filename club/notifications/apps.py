from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NotificationsConfig(AppConfig):
    name = "club.notifications"
    label = "notifications"
    verbose_name = _("Notifications")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # Results come through settings.GAME_FINISHED_TASKS (tasks.notify_game_finished).
        # Correspondence turns: games.events.turns_announce hands them over in
        # batches (beat). New challenges: run on commit in the request, so that
        # hook only enqueues our task. A game opened: its notifications are read.
        from games import events

        from . import (
            hooks,
            tasks,  # noqa: F401  registers the follow-up games.events sends by name
        )

        events.on_turns_passed(hooks.turns_passed)
        events.on_challenge_created(hooks.challenge_created)
        events.on_challenge_accepted(hooks.challenge_accepted)
        events.on_game_opened(hooks.game_opened)
