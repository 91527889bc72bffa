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

from foundation.refusals import Conflict, NotFound
from games.models import Game
from games.services.score_sheet import score_sheet_move_take_back, score_sheet_moves_add, sheet_moves

from ..authority import Action, require, verdict
from ..decisions import decision_record, reason_given
from ..locks import championship_locked
from ..models import Board, Championship, RelayBoard
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
        return _moves_record(championship, by, game, sheet_moves(text), expected_ply, reason, now)


def score_sheet_relay(
    *, championship_id: int, game_id: int, moves: list[str], expected_ply: int, now: datetime
) -> Game:
    """The moves a board's relay feed adds (``relay``), entered as an operator's are: live, while
    the board is played, each through the rules module. Its authority is the feed the organiser
    or the chief arbiter named; a board an arbiter took over by hand takes nothing from it."""
    with transaction.atomic():
        championship = championship_locked(championship_id)
        board = Board.objects.filter(game_id=game_id, round__championship=championship).select_related("relay").first()
        if board is None:
            raise NotFound("not-in-championship", _("Game %(g)s is not a game of this championship.") % {"g": game_id})
        if hasattr(board, "relay") and board.relay.state == RelayBoard.State.BY_HAND:
            raise Conflict("relay-taken-over", _("An arbiter took this board over: its moves are entered by hand."))
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.ONGOING or board.result:
            raise Conflict(
                "board-decided", _("This board is decided: its moves are entered live only while it is played.")
            )
        return _moves_record(championship, None, game, moves, expected_ply, "", now, action="relay")


def _moves_record(
    championship: Championship,
    by,
    game: Game,
    moves: list[str],
    expected_ply: int,
    reason: str,
    now: datetime,
    action: str = "score-sheet",
) -> Game:
    """The one way moves enter a board's record from outside the game: the rules module judges
    each (``score_sheet_moves_add``), the event's log keeps who entered which."""
    game = score_sheet_moves_add(game_id=game.pk, moves=moves, expected_ply=expected_ply, now=now)
    decision_record(
        championship,
        by,
        action,
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
