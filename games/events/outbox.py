"""Follow-up work of a game that ended or whose result changed: the outbox.

Game ended: ``game_finish`` — the one function that ends games, holding the
game row lock and a conditional update — writes the game's unique
``GameEvent`` "finished" row (the outbox) and calls
``game_finished_on_commit(game_id)``. After the commit ``game_finished``
enqueues ONE Celery task for the game (``settings.GAME_FOLLOWUPS_TASK``,
games.tasks) and marks the row dispatched. That task runs, in the worker and
in order, every follow-up named in ``settings.GAME_FINISHED_TASKS`` (ratings,
notifications subscribe there), and those of
``settings.GAME_FINISHED_COMPETITION_TASKS`` only for a game of a competition
(``Game.competition``: an event's board, match or play-off game), then closes
the row (``followups_run``). One message and one write per game, not one of
each per subscriber.

If the broker was unreachable the row stays undispatched and the sweep
enqueues it again (``followups_redispatch``). A message can also be lost after
it was queued (Redis restarted without persistence): the sweep sends the task
again for a game not done ``GAMES_FOLLOWUP_RESEND_SECONDS`` after it was sent.
A follow-up that fails is logged and the others still run; those that ran are
then recorded (``FollowupDone``), so the resent task runs only the rest. So
follow-up work is never lost; follow-ups must therefore be idempotent
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

from foundation.task_registry import task_named
from games.models import FollowupDone, Game, GameEvent

from .broadcast import game_changed_on_commit

log = logging.getLogger(__name__)


def _enqueue(dotted: str, object_id: int) -> bool:
    try:
        task_named(dotted).delay(object_id)
        return True
    except Exception:  # broker down: the game stands regardless; log loudly
        log.exception("could not enqueue %s(%s)", dotted, object_id)
        return False


def game_finished(game_id: int) -> None:
    """Enqueue the follow-up task of a finished game (call after commit) and mark it dispatched."""
    if _enqueue(settings.GAME_FOLLOWUPS_TASK, game_id):
        GameEvent.objects.filter(game_id=game_id, kind="finished").update(dispatched_at=timezone.now())


def followups_of(game_id: int) -> list[str]:
    """The follow-ups a finished game needs: everyone's, and the competitions' for a game of one."""
    competition = Game.objects.filter(pk=game_id).values_list("competition", flat=True).first()
    return list(settings.GAME_FINISHED_TASKS) + (list(settings.GAME_FINISHED_COMPETITION_TASKS) if competition else [])


def followups_run(game_id: int) -> list[str]:
    """In the worker: run each follow-up of the game not done yet, in order, and
    close its outbox row once all have run. Returns those that failed (logged;
    the sweep sends the task again for them after the window)."""
    wanted = followups_of(game_id)
    done = set(FollowupDone.objects.filter(game_id=game_id).values_list("task", flat=True))
    ran, failed = [], []
    for dotted in wanted:
        if dotted in done:
            continue
        try:
            task_named(dotted)(game_id)  # a Celery task called directly runs here, in this worker
            ran.append(dotted)
        except Exception:
            log.exception("follow-up %s of game %s failed; it is sent again later", dotted, game_id)
            failed.append(dotted)
    if failed:
        # Only on a failure: the resent task then skips what has run.
        FollowupDone.objects.bulk_create(
            [FollowupDone(game_id=game_id, task=dotted) for dotted in ran], ignore_conflicts=True
        )
    else:
        _mark_done(game_id)
    return failed


def followups_redispatch(*, older_than: timedelta = timedelta(seconds=30), limit: int = 100) -> int:
    """Enqueue again the follow-up task of games whose first enqueue failed, and
    of those sent but not done after ``GAMES_FOLLOWUP_RESEND_SECONDS`` (lost
    with the broker, or a follow-up failed)."""
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
    for game_id in lost:
        log.warning(
            "follow-ups of game %s not done after %ss, sent again", game_id, settings.GAMES_FOLLOWUP_RESEND_SECONDS
        )
        game_finished(game_id)
    return len(game_ids) + len(lost)


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
