from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ChampionshipsConfig(AppConfig):
    """Championships (003 §1). Wired to the game server through settings:
    GAME_FINISHED_TASKS and GAME_RESULT_CHANGED_TASKS enqueue
    ``club.championships.tasks.championship_game_result`` with the game id."""

    name = "club.championships"
    label = "championships"
    verbose_name = _("Championships")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from games import events

        from .services.correspondence import vacation_cap_check

        events.check_vacation(vacation_cap_check)
