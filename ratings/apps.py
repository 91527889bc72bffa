from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = _("Ratings")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # docs/contracts.md names settings.GAME_FINISHED_TASKS; the game server
        # as built runs ``games.events.on_game_finished`` hooks from its own
        # on-commit follow-up task. Hook in there too: the hook only enqueues
        # our idempotent task, so being reached both ways changes nothing.
        from games import events

        register = getattr(events, "on_game_finished", None)
        if register is not None:
            from ratings.tasks import rating_apply_game_enqueue

            register(rating_apply_game_enqueue)
