from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TeamsConfig(AppConfig):
    """The team tables of team events (003 1.14): teams, rosters, line-ups,
    matches and their board games. A team event is a championship whose
    entrants are teams; its services, pages and API are the competition
    engine's (club.championships)."""

    name = "club.teams"
    label = "teams"
    verbose_name = _("Team competitions")
    default_auto_field = "django.db.models.BigAutoField"
