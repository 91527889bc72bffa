"""Score sheets into records: a game at the board gets its moves typed in by either
player or an arbiter of the event, or live while it is played by a board operator
(``operators``) (``games.services.score_sheet`` checks every move
through the rules module). Once the event is finished its records are final like its
results (2.1.10.4): only the chief arbiter may still correct one, with his reason."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.platform.refusals import Conflict, NotFound
from games.models import Game
from games.services.score_sheet import score_sheet_move_take_back, score_sheet_moves_add, sheet_moves

from ..authority import Action, require, verdict
from ..decisions import decision_record, reason_given
from ..locks import championship_locked
from ..models import Championship
from ..selectors.board_results import seat_of_game


def _sheet_game(by, championship: Championship, game_id: int, reason: str) -> tuple[Game, str]:
    """The board's game — a board of players or of a team match (1.14), as the event's
    entrants are — once ``by`` may type its score sheet; the reason a correction gives."""
    seat = seat_of_game(championship, game_id)
    if seat is None:
        raise NotFound("not-in-championship", _("Game %(g)s is not a game of this championship.") % {"g": game_id})
    game = seat.game
    if championship.status == Championship.Status.FINISHED:
        # 2.1.10.4: the results, and the records with them, are final; a recording error is the chief's to correct.
        if not verdict(by, Action.GAME_RESULT, championship).allowed:
            raise Conflict(
                "results-final",
                _("The championship's results are final (003 2.1.10.4): only the chief arbiter corrects a record."),
            )
        return game, reason_given(reason)
    if game.colour_of(by.pk) is None and not verdict(by, Action.BOARD_RESULT, game).allowed:
        require(by, Action.BOARD_MOVES, game)  # a board operator the chief arbiter appointed
        if game.status != Game.Status.ONGOING or seat.board.result:
            raise Conflict(
                "board-decided", _("This board is decided: its moves are entered live only while it is played.")
            )
    return game, reason


def score_sheet_enter(
    *,
    by,
    championship_id: int,
    game_id: int,
    text: str,
    expected_ply: int,
    reason: str = "",
    now: datetime | None = None,
) -> Game:
    """Type the moves of ``text`` (one move, or a whole sheet "1. c3-d4 f6-e5 2. …")
    into the record of a board's game, after its move ``expected_ply``."""
    now = now or timezone.now()
    with transaction.atomic():
        championship = championship_locked(championship_id)
        game, reason = _sheet_game(by, championship, game_id, reason)
        moves = sheet_moves(text)
        game = score_sheet_moves_add(game_id=game.pk, moves=moves, expected_ply=expected_ply, now=now)
        decision_record(
            championship,
            by,
            "score-sheet",
            now=now,
            reason=reason,
            clause="2.1.10.4" if reason else "",
            game=game.pk,
            plies=[expected_ply + 1, game.ply],
        )
        return game


def score_sheet_take_back(
    *, by, championship_id: int, game_id: int, expected_ply: int, reason: str = "", now: datetime | None = None
) -> Game:
    """Take back the last move typed into a board's record (a slip while copying the sheet)."""
    now = now or timezone.now()
    with transaction.atomic():
        championship = championship_locked(championship_id)
        game, reason = _sheet_game(by, championship, game_id, reason)
        game = score_sheet_move_take_back(game_id=game.pk, expected_ply=expected_ply)
        decision_record(
            championship, by, "score-sheet-take-back", now=now, reason=reason, game=game.pk, ply=expected_ply
        )
        return game
