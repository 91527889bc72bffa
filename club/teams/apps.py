from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TeamsConfig(AppConfig):
    """Team competitions (003 1.14). Wired to the game server through settings:
    GAME_FINISHED_TASKS and GAME_RESULT_CHANGED_TASKS enqueue
    ``club.teams.tasks.team_game_result`` with the game id."""

    name = "club.teams"
    label = "teams"
    verbose_name = _("Team competitions")
    default_auto_field = "django.db.models.BigAutoField"
