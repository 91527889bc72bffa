"""The game row's lock and the checks every game action makes first.

Every write to a game — a move, a claim, an arbiter's decision, a sanction,
an adjudication — runs in one transaction holding SELECT … FOR UPDATE on its
row, taken here and nowhere else: ``game_locked`` (one game; with its
players' vacations, ``game_locked_with_vacations``), ``games_locked`` (a
sweep's batch, a member's games). On SQLite the IMMEDIATE transaction mode
serialises the writers the same way. The one write that takes no lock, a
move that only moves, reads with ``game_unlocked`` and writes only if the
row is unchanged (games/services/play.py)."""

from __future__ import annotations

from django.db import connection
from django.db.models import QuerySet
from django.utils.translation import gettext as _

from games import sql
from games.models import Game
from games.venue import venue_rules
from members.models import Member

from .errors import Conflict, Forbidden, NotFound, RuleRefusal


def game_locked(game_id: int, cursor=None) -> Game:
    """The game row, locked until the caller's transaction ends: the one way a
    service takes a game's lock (games/sql.py has the statement).

    Lock precondition: the caller is inside ``transaction.atomic()`` (outside
    one the lock would end with its statement), and takes the lock once per
    transaction, handing the locked game on to what it calls. Lock order: an
    event's row (``championship_locked``) before its game's, the game's before
    the rows hanging from it (claims, adjournments, sanctions), so that two
    writers never wait for each other."""
    _atomic_required()
    game = sql.game_row_for_update(game_id, cursor)
    if game is None:
        raise NotFound("no-such-game", _("There is no such game."))
    return game


def game_locked_with_vacations(game_id: int, cursor) -> tuple[Game, list | None]:
    """``game_locked`` (the same precondition) and the players' vacations read
    with it where the database folds them into the lock (games/sql.py); None:
    not read."""
    _atomic_required()
    game, vacations = sql.game_row_for_update_with_vacations(game_id, cursor)
    if game is None:
        raise NotFound("no-such-game", _("There is no such game."))
    return game, vacations


def games_locked(games: QuerySet[Game], *, skip_held: bool = False, limit: int | None = None) -> list[Game]:
    """The rows of ``games`` (at most ``limit``, in its order), locked as
    ``game_locked`` locks one, with its precondition; ``skip_held``: leave out
    the rows another transaction holds (SKIP LOCKED where the database has
    it), so that concurrent sweepers take disjoint games."""
    _atomic_required()
    locked = games.select_for_update(skip_locked=skip_held and connection.features.has_select_for_update_skip_locked)
    return list(locked if limit is None else locked[:limit])


def _atomic_required() -> None:
    if not connection.in_atomic_block:
        raise RuntimeError("A game's row is locked inside transaction.atomic(): the lock ends with the transaction.")


def game_unlocked(game_id: int, cursor) -> tuple[Game, list, str]:
    """The game, its players' vacations and its row's version, read without the
    lock by a move that writes only if the row is still at that version
    (games/sql.py; PostgreSQL)."""
    game, vacations, version = sql.game_with_vacations(game_id, cursor)
    if game is None:
        raise NotFound("no-such-game", _("There is no such game."))
    return game, vacations, version


def player_colour(game: Game, member: Member) -> str:
    """The colour ``member`` plays in ``game``; refused for anyone else."""
    colour = game.colour_of(member.pk)
    if colour is None:
        raise Forbidden("not-a-player", _("Only the two players of this game may act in it."))
    return colour


def ongoing_required(game: Game) -> None:
    if game.is_over:
        raise Conflict(
            "game-over",
            _("The game is over (%(result)s, %(termination)s).")
            % {"result": game.result or game.status, "termination": game.termination},
        )


def online_play_required(game: Game) -> None:
    """A player's own action on the site (a move, an offer, a resignation, a check-in)
    is for a game played online; at the board the game is played on the table and
    reaches the site as a reported result and a typed score sheet (``games.venue``)."""
    if not venue_rules(game).moves_online:
        raise RuleRefusal(
            "played-at-the-board",
            _(
                "This game is played at the board: report its result from the event's page, and type its moves in from the score sheet."
            ),
        )
