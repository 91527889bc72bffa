from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ChampionshipsConfig(AppConfig):
    """Championships (003 §1). Wired to the game server through settings:
    GAME_FINISHED_COMPETITION_TASKS (run for a game of a competition) and
    GAME_RESULT_CHANGED_TASKS name ``club.championships.tasks.championship_game_result``,
    called with the game id."""

    name = "club.championships"
    label = "championships"
    verbose_name = _("Championships")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from games import delay, events

        from . import tasks  # noqa: F401  registers the follow-ups games.events and followups send by name
        from .selectors.broadcast import spectator_delays
        from .services.correspondence import vacation_cap_check

        events.check_vacation(vacation_cap_check)
        delay.provide_spectator_delays(spectator_delays)
