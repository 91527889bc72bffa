from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # Before the notifications' turn hook: a prepared answer is played at once.
        from games import (
            conditional,
            events,
            frames,
            tasks,  # noqa: F401  registers the tasks games.events sends work to by name
        )

        events.on_turns_answer(conditional.conditional_lines_apply)
        events.build_frames_with(frames.public_frame)
        events.build_lobby_rows_with(frames.lobby_row)
