"""Follow-up work of a game that ended or whose result changed: the outbox.

Game ended: ``game_finish`` — the one function that ends games, holding the
game row lock and a conditional update — writes the game's unique
``GameEvent`` "finished" row (the outbox) and calls
``game_finished_on_commit(game_id)``. After the commit ``game_finished``
enqueues every Celery task named in ``settings.GAME_FINISHED_TASKS`` with
``.delay(game_id)`` (ratings, notifications, championships subscribe there)
and marks the row dispatched. If the broker was unreachable the row stays
undispatched and the sweep enqueues it again (``followups_redispatch``), so
follow-up work is never lost; tasks must therefore be idempotent (acks_late
may deliver twice, too).

``game_result_changed(game_id)``: an arbiter changed or annulled a result;
enqueues ``settings.GAME_RESULT_CHANGED_TASKS``.
"""

from __future__ import annotations

import logging
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.module_loading import import_string

from games.models import GameEvent

from .broadcast import game_changed_on_commit

log = logging.getLogger(__name__)


def _enqueue(dotted: str, object_id: int) -> bool:
    try:
        import_string(dotted).delay(object_id)
        return True
    except Exception:  # broker down: the game stands regardless; log loudly
        log.exception("could not enqueue %s(%s)", dotted, object_id)
        return False


def game_finished(game_id: int) -> None:
    """Enqueue the follow-up work of a finished game (call after commit)."""
    enqueued = [_enqueue(dotted, game_id) for dotted in settings.GAME_FINISHED_TASKS]
    if all(enqueued):
        GameEvent.objects.filter(game_id=game_id, kind="finished", dispatched_at__isnull=True).update(
            dispatched_at=timezone.now()
        )


def followups_redispatch(*, older_than: timedelta = timedelta(seconds=30), limit: int = 100) -> int:
    """Enqueue again the follow-ups whose first enqueue failed (see above)."""
    stale = GameEvent.objects.filter(
        kind="finished",
        dispatched_at__isnull=True,
        created_at__lte=timezone.now() - older_than,
    ).values_list("game_id", flat=True)[:limit]
    game_ids = list(stale)
    for game_id in game_ids:
        game_finished(game_id)
    return len(game_ids)


def game_finished_on_commit(game_id: int) -> None:
    transaction.on_commit(lambda: game_finished(game_id))
    game_changed_on_commit(game_id)


def game_result_changed(game_id: int) -> None:
    for dotted in settings.GAME_RESULT_CHANGED_TASKS:
        _enqueue(dotted, game_id)
