"""The hook registry: what games publishes to the apps above it.

The apps that care (notifications, conditional moves) register their hooks in
their ``AppConfig.ready``; games never imports them. A hook that fails is
logged and the others still run.

Correspondence turns (a move was made, or the game began, and the member to
move should hear of it): the write that passes the turn sets the game row's
``turn_unannounced`` flag — inside the move's own UPDATE, so a move costs no
extra query and no broker message. ``turns_announce`` (beat, every few
seconds) hands the flagged games to the ``@on_turns_answer`` hooks (a
prepared answer, games/conditional.py), then to the ``@on_turns_passed``
hooks, in one batch and clears each flag only if the game has not moved on
meanwhile. A hook that fails leaves its flags set for the next run, so hooks
must be idempotent (notifications are unique per key).

``challenge_created_on_commit(challenge_id)`` runs ``@on_challenge_created``.

``challenge_accepted_on_commit(challenge_id, game_id, challenger_id)``: after
the game of an accepted challenge commits, runs ``@on_challenge_accepted``
(notifications) and tells the challenger's lobby sockets (group
``member-<id>``, ``games.consumers.LobbyConsumer``), which move him to the game.

``member_rating(member_id, discipline, speed)``: a question, not an event,
answered by the ``@provide_rating`` look-up (ratings); None without one.

``game_opened(member, game_id)``: a member opened a game's page (its
socket connected); runs ``@on_game_opened`` (notifications marks what it said
about the game read).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime

from django.db import transaction
from django.db.models import Q

from games.models import Game
from members.models import Member

from .broadcast import group_send, member_group

log = logging.getLogger(__name__)

Hook = Callable[[int], None]
BatchHook = Callable[[list[int]], None]
OpenedHook = Callable[[Member, int], None]
_turn_hooks: list[BatchHook] = []
_answer_hooks: list[BatchHook] = []
_challenge_hooks: list[Hook] = []
_accepted_hooks: list[Hook] = []
_opened_hooks: list[OpenedHook] = []


def hook_remove(hook) -> None:
    """Take ``hook`` off every registry it is on (a test's, or an app switching a feature off)."""
    for hooks in (_turn_hooks, _answer_hooks, _challenge_hooks, _accepted_hooks, _opened_hooks, _vacation_checks):
        if hook in hooks:
            hooks.remove(hook)


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
on_game_opened = _register(_opened_hooks)

# A member's club rating in a pool (None: unrated there), for rating-limited
# open challenges: asked of the ratings app, which registers its look-up.
RatingLookup = Callable[[int, str, str], float | None]
_rating_lookups: list[RatingLookup] = []
provide_rating = _register(_rating_lookups)


def member_rating(member_id: int, discipline: str, speed: str) -> float | None:
    return _rating_lookups[0](member_id, discipline, speed) if _rating_lookups else None


# Checks a vacation must pass besides the club's yearly allowance (an event's cap on
# the vacation days taken during it): each raises a refusal, or returns.
VacationCheck = Callable[[Member, datetime, datetime], None]
_vacation_checks: list[VacationCheck] = []
check_vacation = _register(_vacation_checks)


def vacation_checks_run(member: Member, starts_at: datetime, ends_at: datetime) -> None:
    for check in _vacation_checks:
        check(member, starts_at, ends_at)


def turns_announce(*, limit: int = 500) -> int:
    """Hand up to ``limit`` games with an unannounced correspondence turn to
    the ``@on_turns_passed`` hooks; returns how many were handed over."""
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


def _run_hooks(hooks: list, *args) -> None:
    for hook in list(hooks):
        try:
            hook(*args)
        except Exception:
            log.exception("hook %r failed for %s", hook, args)


def challenge_created_on_commit(challenge_id: int) -> None:
    transaction.on_commit(lambda: _run_hooks(_challenge_hooks, challenge_id))


def challenge_accepted_on_commit(challenge_id: int, game_id: int, challenger_id: int) -> None:
    def run():
        _run_hooks(_accepted_hooks, challenge_id)
        group_send(
            member_group(challenger_id),
            {"type": "challenge.accepted", "challenge_id": challenge_id, "game_id": game_id},
        )

    transaction.on_commit(run)


def game_opened(member: Member, game_id: int) -> None:
    """``member`` opened the game (its socket connected); call from sync code."""
    _run_hooks(_opened_hooks, member, game_id)
