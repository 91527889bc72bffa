"""What happens after a game changes: games publishes, the apps above it subscribe.

Games never imports the apps built on it (ratings, notifications,
championships, arbiters; tests/architecture enforces it). They subscribe:

* ``outbox``: the follow-ups of a finished game (one task per game runs those
  named in ``settings.GAME_FINISHED_TASKS``, and ``GAME_FINISHED_COMPETITION_TASKS``
  for a competition's game) and the tasks of a changed result
  (``GAME_RESULT_CHANGED_TASKS``), enqueued after commit from the ``GameEvent`` outbox;
* ``hooks``: functions registered in an ``AppConfig.ready`` for correspondence
  turns, challenges, a member opening a game, and the look-up of a
  member's club rating that games asks of ratings;
* ``broadcast``: messages to the browsers' Channels groups after commit.
"""

from .broadcast import (
    LOBBY_GROUP,
    build_frames_with,
    build_lobby_rows_with,
    game_changed,
    game_changed_on_commit,
    game_delayed_send,
    game_group,
    group_send,
    live_game_started,
    live_game_started_on_commit,
    member_group,
)
from .hooks import (
    challenge_accepted_on_commit,
    challenge_created_on_commit,
    check_vacation,
    game_opened,
    hook_remove,
    member_rating,
    on_challenge_accepted,
    on_challenge_created,
    on_game_opened,
    on_turns_answer,
    on_turns_passed,
    provide_rating,
    turns_announce,
    vacation_checks_run,
)
from .outbox import (
    followups_redispatch,
    followups_run,
    game_finished,
    game_finished_on_commit,
    game_result_changed,
)

__all__ = [
    "LOBBY_GROUP",
    "build_frames_with",
    "build_lobby_rows_with",
    "challenge_accepted_on_commit",
    "challenge_created_on_commit",
    "check_vacation",
    "followups_redispatch",
    "followups_run",
    "game_changed",
    "game_changed_on_commit",
    "game_delayed_send",
    "game_finished",
    "game_finished_on_commit",
    "game_group",
    "game_opened",
    "hook_remove",
    "game_result_changed",
    "group_send",
    "live_game_started",
    "live_game_started_on_commit",
    "member_group",
    "member_rating",
    "on_challenge_accepted",
    "on_challenge_created",
    "on_game_opened",
    "on_turns_answer",
    "on_turns_passed",
    "provide_rating",
    "turns_announce",
    "vacation_checks_run",
]
