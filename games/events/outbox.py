"""What happens after a game changes, registered to run on commit.

Game ended (docs/contracts.md): ``game_finish`` — the one function that ends
games, holding the game row lock and a conditional update — writes the
game's unique ``GameEvent`` "finished" row (the outbox) and calls
``game_finished_on_commit(game_id)``. After the commit ``game_finished``
enqueues every Celery task named in ``settings.GAME_FINISHED_TASKS`` with
``.delay(game_id)`` (ratings, notifications) and marks the row dispatched.
If the broker was unreachable the row stays undispatched and the sweep
enqueues it again (``followups_redispatch``), so follow-up work is never
lost; tasks must therefore be idempotent (acks_late may deliver twice, too).

``game_result_changed(game_id)``: an arbiter changed or annulled a result;
enqueues ``settings.GAME_RESULT_CHANGED_TASKS``.

``game_changed_on_commit(game_id)``: after a move, offer or result commits,
tells the browsers watching (channel group ``game-<id>``, games/consumers.py).

Correspondence turns (a move was made, or the game began, and the member to
move should hear of it): the write that passes the turn sets the game row's
``turn_unannounced`` flag — inside the move's own UPDATE, so a move costs no
extra query and no broker message. ``turns_announce`` (beat, every few
seconds) hands the flagged games to the ``@on_turns_answer`` hooks (a
prepared answer, games/conditional.py), then to the ``@on_turns_passed``
hooks, in one batch and clears each flag only if the game has not moved on
meanwhile. A
hook that fails leaves its flags set for the next run, so hooks must be
idempotent (notifications are unique per key).

``challenge_created_on_commit(challenge_id)`` runs ``@on_challenge_created``.

``challenge_accepted_on_commit(challenge_id, game_id, challenger_id)``: after
the game of an accepted challenge commits, runs ``@on_challenge_accepted``
(notifications) and tells the challenger's lobby sockets (group
``member-<id>``, ``games.consumers.LobbyConsumer``), which move him to the game.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.module_loading import import_string

log = logging.getLogger(__name__)

Hook = Callable[[int], None]
BatchHook = Callable[[list[int]], None]
_turn_hooks: list[BatchHook] = []
_answer_hooks: list[BatchHook] = []
_challenge_hooks: list[Hook] = []
_accepted_hooks: list[Hook] = []


def _register(hooks: list):
    def register(hook):
        if hook not in hooks:
            hooks.append(hook)
        return hook

    return register


on_turns_passed = _register(_turn_hooks)
# Run first, with the same batch: may answer a turn for its player (conditional
# moves), so the turn hooks then tell whoever is to move after the answer.
on_turns_answer = _register(_answer_hooks)
on_challenge_created = _register(_challenge_hooks)
on_challenge_accepted = _register(_accepted_hooks)


def _enqueue(dotted: str, object_id: int) -> bool:
    try:
        import_string(dotted).delay(object_id)
        return True
    except Exception:  # broker down: the game stands regardless; log loudly
        log.exception("could not enqueue %s(%s)", dotted, object_id)
        return False


def game_finished(game_id: int) -> None:
    """Enqueue the follow-up work of a finished game (call after commit)."""
    from games.models import GameEvent

    enqueued = [_enqueue(dotted, game_id) for dotted in settings.GAME_FINISHED_TASKS]
    if all(enqueued):
        GameEvent.objects.filter(game_id=game_id, kind="finished", dispatched_at__isnull=True).update(
            dispatched_at=timezone.now()
        )


def followups_redispatch(*, older_than: timedelta = timedelta(seconds=30), limit: int = 100) -> int:
    """Enqueue again the follow-ups whose first enqueue failed (see above)."""
    from games.models import GameEvent

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


def game_changed_on_commit(game_id: int) -> None:
    transaction.on_commit(lambda: _broadcast(game_id))


def turns_announce(*, limit: int = 500) -> int:
    """Hand up to ``limit`` games with an unannounced correspondence turn to
    the ``@on_turns_passed`` hooks; returns how many were handed over."""
    from django.db.models import Q

    from games.models import Game

    due = list(Game.objects.filter(turn_unannounced=True).order_by().values_list("id", "ply")[:limit])
    if not due:
        return 0
    failed = False
    for hook in list(_answer_hooks) + list(_turn_hooks):
        try:
            hook([game_id for game_id, _ in due])
        except Exception:
            failed = True
            log.exception("turn hook %r failed for %s games; they stay due", hook, len(due))
    if not failed:
        # Only where the game is still at the ply we announced: a move made
        # meanwhile has set the flag again for its own turn.
        by_ply: dict[int, list[int]] = {}
        for game_id, ply in due:
            by_ply.setdefault(ply, []).append(game_id)
        announced = Q()
        for ply, game_ids in by_ply.items():
            announced |= Q(ply=ply, id__in=game_ids)
        Game.objects.filter(announced, turn_unannounced=True).update(turn_unannounced=False)
    return len(due)


def _run_hooks(hooks: list[Hook], challenge_id: int) -> None:
    for hook in list(hooks):
        try:
            hook(challenge_id)
        except Exception:
            log.exception("challenge hook %r failed for challenge %s", hook, challenge_id)


def challenge_created_on_commit(challenge_id: int) -> None:
    transaction.on_commit(lambda: _run_hooks(_challenge_hooks, challenge_id))


def member_group(member_id: int) -> str:
    return f"member-{member_id}"


def challenge_accepted_on_commit(challenge_id: int, game_id: int, challenger_id: int) -> None:
    def run():
        _run_hooks(_accepted_hooks, challenge_id)
        _broadcast_to(
            member_group(challenger_id),
            {"type": "challenge.accepted", "challenge_id": challenge_id, "game_id": game_id},
        )

    transaction.on_commit(run)


def _broadcast(game_id: int) -> None:
    _broadcast_to(f"game-{game_id}", {"type": "game.changed", "game_id": game_id})


def _broadcast_to(group: str, message: dict) -> None:
    """Tell a channel group; never on the request's critical path.

    The send is handed to an event loop and not waited for (fire and forget;
    ``async_to_sync`` from a request thread would build a loop per call). With
    a network layer (Redis) that is one long-lived loop in a daemon thread. The
    in-memory layer (embedded default, tests) delivers only within the loop
    where this process's sockets joined their groups (``sockets_listen_here``).
    """
    try:
        from channels.layers import get_channel_layer

        layer = get_channel_layer()
        if layer is None:
            return
        if type(layer).__name__ == "InMemoryChannelLayer":
            loop = _sockets_loop
            if loop is None or not loop.is_running():
                return  # no socket of this process is listening
        else:
            loop = _sender_loop()
        asyncio.run_coroutine_threadsafe(_send(group, message), loop)
    except Exception:  # live push is best effort; clients resync with ?since= or poll
        log.warning("could not broadcast to %s", group, exc_info=True)


_sockets_loop: asyncio.AbstractEventLoop | None = None


def sockets_listen_here() -> None:
    """Called by a WebSocket consumer as it joins its group (in its event loop)."""
    global _sockets_loop
    _sockets_loop = asyncio.get_running_loop()


_loop: asyncio.AbstractEventLoop | None = None
_loop_lock = threading.Lock()


def _sender_loop() -> asyncio.AbstractEventLoop:
    global _loop
    with _loop_lock:
        if _loop is None or _loop.is_closed():
            _loop = asyncio.new_event_loop()
            threading.Thread(target=_loop.run_forever, name="game-broadcast", daemon=True).start()
        return _loop


async def _send(group: str, message: dict) -> None:
    from channels.layers import get_channel_layer

    try:
        await get_channel_layer().group_send(group, message)
    except Exception:
        log.warning("could not broadcast to %s", group, exc_info=True)
