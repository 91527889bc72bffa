"""Follow-up work of a game that ended or whose result changed: the outbox.

Game ended: ``game_finish`` — the one function that ends games, holding the
game row lock and a conditional update — writes the game's unique
``GameEvent`` "finished" row (the outbox) and calls
``game_finished_on_commit(game_id)``. After the commit ``game_finished``
enqueues every Celery task named in ``settings.GAME_FINISHED_TASKS`` with
``.delay(game_id)`` (ratings, notifications, championships subscribe there)
and marks the row dispatched. If the broker was unreachable the row stays
undispatched and the sweep enqueues it again (``followups_redispatch``).
A message can also be lost after it was queued (Redis restarted without
persistence): each task that runs to its end writes a ``FollowupDone`` row
(Celery's ``task_success`` signal, games.tasks), and the sweep sends again the
tasks of a game not done ``GAMES_FOLLOWUP_RESEND_SECONDS`` after they were
sent. So follow-up work is never lost; tasks must therefore be idempotent
(acks_late may deliver twice, too).

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

from games.models import FollowupDone, GameEvent

from .broadcast import game_changed_on_commit

log = logging.getLogger(__name__)


def _enqueue(dotted: str, object_id: int) -> bool:
    try:
        import_string(dotted).delay(object_id)
        return True
    except Exception:  # broker down: the game stands regardless; log loudly
        log.exception("could not enqueue %s(%s)", dotted, object_id)
        return False


def game_finished(game_id: int, tasks: list[str] | None = None) -> None:
    """Enqueue the follow-up work of a finished game (call after commit):
    every task of ``settings.GAME_FINISHED_TASKS``, or only ``tasks``."""
    enqueued = [_enqueue(dotted, game_id) for dotted in (settings.GAME_FINISHED_TASKS if tasks is None else tasks)]
    if all(enqueued):
        finished = GameEvent.objects.filter(game_id=game_id, kind="finished")
        if tasks is None:
            finished = finished.filter(dispatched_at__isnull=True)
        finished.update(dispatched_at=timezone.now())


def followups_redispatch(*, older_than: timedelta = timedelta(seconds=30), limit: int = 100) -> int:
    """Enqueue again the follow-ups whose first enqueue failed, and those
    queued but not done after ``GAMES_FOLLOWUP_RESEND_SECONDS`` (lost with
    the broker): only the tasks without their ``FollowupDone`` row."""
    now = timezone.now()
    stale = GameEvent.objects.filter(
        kind="finished",
        dispatched_at__isnull=True,
        created_at__lte=now - older_than,
    ).values_list("game_id", flat=True)[:limit]
    game_ids = list(stale)
    for game_id in game_ids:
        game_finished(game_id)
    lost = list(
        GameEvent.objects.filter(
            kind="finished",
            dispatched_at__lte=now - timedelta(seconds=settings.GAMES_FOLLOWUP_RESEND_SECONDS),
            followups_done_at__isnull=True,
        ).values_list("game_id", flat=True)[:limit]
    )
    done: dict[int, set[str]] = {}
    for game_id, task in FollowupDone.objects.filter(game_id__in=lost).values_list("game_id", "task"):
        done.setdefault(game_id, set()).add(task)
    for game_id in lost:
        missing = [t for t in settings.GAME_FINISHED_TASKS if t not in done.get(game_id, set())]
        if missing:
            log.warning(
                "follow-ups of game %s not done after %ss, sent again: %s",
                game_id,
                settings.GAMES_FOLLOWUP_RESEND_SECONDS,
                missing,
            )
            game_finished(game_id, missing)
        else:  # done, but the last task's mark did not reach the event (a crash between the two writes)
            _mark_done(game_id)
    return len(game_ids) + len(lost)


def followup_done_record(*, task: str, game_id: int) -> None:
    """A follow-up task of a finished game ran to its end: record it, and once
    every one has, close the game's outbox row (games.tasks calls it from
    Celery's ``task_success``)."""
    if task not in settings.GAME_FINISHED_TASKS:
        return
    FollowupDone.objects.bulk_create([FollowupDone(game_id=game_id, task=task)], ignore_conflicts=True)
    tasks = set(FollowupDone.objects.filter(game_id=game_id).values_list("task", flat=True))
    if tasks >= set(settings.GAME_FINISHED_TASKS):
        _mark_done(game_id)


def _mark_done(game_id: int) -> None:
    GameEvent.objects.filter(game_id=game_id, kind="finished", followups_done_at__isnull=True).update(
        followups_done_at=timezone.now()
    )


def game_finished_on_commit(game_id: int) -> None:
    transaction.on_commit(lambda: game_finished(game_id))
    game_changed_on_commit(game_id)


def game_result_changed(game_id: int) -> None:
    for dotted in settings.GAME_RESULT_CHANGED_TASKS:
        _enqueue(dotted, game_id)
