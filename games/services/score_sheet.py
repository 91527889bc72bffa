"""A score sheet typed into the record of a game played at the board (``games.venue``).

The moves reach the site after the game (a player or an arbiter copies the
score sheet) or while it is played (an operator entering a live broadcast):
one at a time or a whole sheet at once, each through the rules module, an
illegal one refused at once naming it. The game keeps its players, result
and event; no clock is charged. Call once the authority has allowed the
caller (the event decides who may: ``club.championships.services.score_sheets``).

A record must not contradict the recorded result: a final position the rules
decide (no pieces, blocked, five in a row…) is refused when its result is not
the game's, unless the result came from a resignation, an agreement, a flag or
an arbiter's decision, which the board alone does not show.
"""

from __future__ import annotations

import re
from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import events, results
from games.models import WHITE, Game, Move
from games.positions import game_position, remember_on_commit, rules_of
from games.pure_words import worded
from games.rules import IllegalMove
from games.venue import venue_rules

from .errors import Conflict, Invalid, RuleRefusal
from .guards import game_locked

# Results the final position need not show: the game ended off the board's evidence.
ENDED_OFF_THE_BOARD = ("resign", "agreement", "time", "both-flags", "arbiter", "adjudication")
SHEET_MOVES_MAX = 1000
# A score sheet as typed: move numbers ("12." "12…") and a result at its end are not moves.
_NOT_A_MOVE = re.compile(r"^(\d+\.+|\d+…|1-0|0-1|1/2-1/2|½-½|\*|2-0|0-2|1-1)$")


def sheet_moves(text: str) -> list[str]:
    """The moves of a typed score sheet, in order: "1. c3-d4 f6-e5 2. …" → ["c3-d4", "f6-e5", …]."""
    tokens = re.sub(r"(\d+)\.(?=\S)", r"\1. ", text or "").split()
    return [token for token in tokens if not _NOT_A_MOVE.match(token)]


def score_sheet_moves_add(*, game_id: int, moves: list[str], expected_ply: int, now: datetime | None = None) -> Game:
    """Append ``moves`` to the record of a game at the board, after ply ``expected_ply``;
    all or none (the first illegal move is refused, naming it, and nothing is kept)."""
    with transaction.atomic():
        return score_sheet_moves_apply(game=game_locked(game_id), moves=moves, expected_ply=expected_ply, now=now)


def score_sheet_moves_apply(*, game: Game, moves: list[str], expected_ply: int, now: datetime | None = None) -> Game:
    """``score_sheet_moves_add`` for a caller holding the game's lock (``game_locked``)."""
    now = now or timezone.now()
    if not moves:
        raise Invalid("no-moves", _("Type at least one move."))
    if len(moves) > SHEET_MOVES_MAX:
        raise Invalid(
            "too-many-moves",
            _("A score sheet has at most %(n)s moves.") % {"n": SHEET_MOVES_MAX},
        )
    _sheet_open(game)
    if expected_ply != game.ply:
        raise Conflict(
            "stale-ply",
            _("The record has moved on: it is at move %(ply)s, not %(expected_ply)s.")
            % {"ply": game.ply, "expected_ply": expected_ply},
        )
    v = rules_of(game)
    position = game_position(game)
    stored = []
    for text in moves:
        if v.result(position) is not None:
            raise RuleRefusal(
                "record-complete",
                _("Move %(n)s (%(text)s) comes after the end of the game: the position before it is final.")
                % {"n": game.ply + 1, "text": text},
            )
        colour = v.turn(position)
        try:
            position = v.play(position, text)
        except IllegalMove as refusal:
            raise RuleRefusal(
                "illegal-move",
                _("Move %(n)s (%(text)s) is illegal here: %(refusal)s")
                % {"n": game.ply + 1, "text": text, "refusal": worded(refusal)},
            ) from None
        game.ply += 1
        if colour == WHITE:
            game.white_moves += 1
        else:
            game.black_moves += 1
        stored.append(Move(game=game, ply=game.ply, notation=text, colour=colour, played_at=now))
    _result_agrees(game, v.result(position))
    Move.objects.bulk_create(stored)
    game.fen, game.to_move = v.to_fen(position), v.turn(position)
    game.save(update_fields=["ply", "fen", "to_move", "white_moves", "black_moves"])
    remember_on_commit(game, position)
    events.game_changed_on_commit(game.pk)
    return game


def score_sheet_move_take_back(*, game_id: int, expected_ply: int) -> Game:
    """Remove the last move typed (a slip of the pen), at ply ``expected_ply``."""
    with transaction.atomic():
        game = game_locked(game_id)
        _sheet_open(game)
        if expected_ply != game.ply or game.ply == 0:
            raise Conflict(
                "stale-ply",
                _("The record is at move %(ply)s, not %(expected_ply)s.")
                % {"ply": game.ply, "expected_ply": expected_ply},
            )
        last = Move.objects.get(game=game, ply=game.ply)
        last.delete()
        game.ply -= 1
        if last.colour == WHITE:
            game.white_moves -= 1
        else:
            game.black_moves -= 1
        position = game_position(game)
        v = rules_of(game)
        game.fen, game.to_move = v.to_fen(position), v.turn(position)
        game.save(update_fields=["ply", "fen", "to_move", "white_moves", "black_moves"])
        events.game_changed_on_commit(game.pk)
        return game


def _sheet_open(game: Game) -> None:
    """A score sheet is typed into a game at the board that was played (not a no-show)."""
    if venue_rules(game).moves_online:
        raise RuleRefusal("played-online", _("This game is played online: its moves are made in the game itself."))
    if game.status not in (Game.Status.ONGOING, Game.Status.FINISHED) or results.is_forfeit(game.result):
        raise RuleRefusal("not-played", _("This game was not played: it has no score sheet (1.12.2)."))


def _result_agrees(game: Game, final) -> None:
    """Refuse a record whose final position the rules decide otherwise than the recorded result."""
    if final is None or game.status != Game.Status.FINISHED or game.termination in ENDED_OFF_THE_BOARD:
        return
    shown = results.for_winner(final.winner)
    if shown != game.result:
        raise RuleRefusal(
            "record-contradicts-result",
            _(
                "The record ends in a position the rules score %(shown)s (%(why)s), but the game's result is %(result)s: check the score sheet, or ask the arbiter to correct the result."
            )
            % {"shown": shown, "why": final.clause or final.reason, "result": game.result},
        )
