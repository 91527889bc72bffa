from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    """Club ratings, built on games, which never imports them: ratings
    subscribe. GAME_FINISHED_TASKS names ``ratings.tasks.rating_apply_game`` (run by a
    finished game's one follow-up task) and GAME_RESULT_CHANGED_TASKS
    ``ratings.tasks.rating_recompute_from_game``, enqueued on commit (settings); a
    rating-limited challenge asks a member's rating through the look-up registered here."""

    name = "ratings"
    verbose_name = _("Ratings")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from games import events

        from . import (
            selectors,
            tasks,  # noqa: F401  registers the follow-ups games.events sends by name
        )

        events.provide_rating(selectors.rating_value)
