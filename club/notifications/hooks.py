"""Hooks registered with games.events (see apps.py)."""

import logging

from . import game_notices
from .services import notifications_mark_read
from .tasks import notify_challenge_accepted, notify_challenge_created

log = logging.getLogger(__name__)


def turns_passed(game_ids: list[int]) -> None:
    """Correspondence turns (games.events.turns_announce, beat): tell each
    member to move, and schedule the 80% reminder, for the whole batch at once.
    Runs in the worker already, so no task of its own; idempotent (one
    notification per move)."""
    game_notices.game_turns_notify(game_ids=game_ids)


def challenge_created(challenge_id: int) -> None:
    _enqueue(notify_challenge_created, challenge_id)


def challenge_accepted(challenge_id: int) -> None:
    _enqueue(notify_challenge_accepted, challenge_id)


def game_opened(member, game_id: int) -> None:
    """A member opened a game's page: what the notifications said about it is read."""
    notifications_mark_read(member=member, game_id=game_id)


def _enqueue(task, object_id: int) -> None:
    try:
        task.delay(object_id)
    except Exception:  # broker down: the challenge stands; the member sees it in the lobby
        log.exception("could not enqueue %s(%s)", task.name, object_id)
