from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    """Club ratings. Wired to the game server through settings, not code
    (docs/contracts.md): GAME_FINISHED_TASKS enqueues
    ``ratings.tasks.rating_apply_game`` and GAME_RESULT_CHANGED_TASKS
    ``ratings.tasks.rating_recompute_from_game`` on commit."""

    name = "ratings"
    verbose_name = _("Ratings")
    default_auto_field = "django.db.models.BigAutoField"
