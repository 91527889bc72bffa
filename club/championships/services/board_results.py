"""Results at the board (``games.venue``): the players' reports and the arbiter's no-show.

A game at the board waits for its result however long the club night runs.
Each player may report his own board's result from his phone; it stands once
his opponent reports the same (or an arbiter decides, ``results.board_result_set``);
two reports that disagree wait on the arbiters' list (``selectors.board_results``)
and neither stands. A player who did not come is the arbiter's decision, with the
event's allowed lateness (1.9.1): never before it has passed, "−/+" against him,
"−/−" when neither came (1.9.2).

Every write takes the championship's lock first (``locks``), then the game's, so
two reports sent at the same moment run one after the other: the second reads the
first, and the result stands once.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from club.notifications.services import arbiter_notify
from club.teams.models import BoardGame
from foundation.refusals import Conflict, Forbidden, Invalid, NotFound, RuleRefusal
from games import results as vocabulary
from games.models import Game
from games.services.finish import Ending, game_finish
from games.services.guards import game_locked
from games.venue import venue_rules

from ..authority import Action, officials_who_may
from ..decisions import decision_record
from ..locks import championship_locked
from ..models import Board, BoardReport, Championship, MatchGame
from .results import board_result_apply, board_result_record

# What a player reports: a game played to its end. A no-show or a sanction is the arbiter's.
REPORTABLE = (vocabulary.WHITE_WINS, vocabulary.DRAW, vocabulary.BLACK_WINS)
ABSENT_SIDES = ("white", "black", "both")


def _board_game(championship: Championship, game_id: int) -> Game:
    """The game ``game_id`` of ``championship`` — a board's, a micro-match's (1.11) or a team
    match board's — locked; refused unless its result is reported at the board."""
    of_event = (
        Board.objects.filter(game_id=game_id, round__championship=championship).exists()
        or MatchGame.objects.filter(game_id=game_id, board__round__championship=championship).exists()
        or BoardGame.objects.filter(game_id=game_id, match__round__championship=championship).exists()
    )
    if not of_event:
        raise NotFound("not-in-championship", _("Game %(g)s is not a game of this championship.") % {"g": game_id})
    game = game_locked(game_id)
    if not venue_rules(game).results_reported:
        raise RuleRefusal("not-at-the-board", _("This game is played online: its result comes from the game itself."))
    return game


def _undecided_required(game: Game) -> None:
    if game.is_over:
        raise Conflict(
            "board-decided",
            _("This board's result is already recorded (%(r)s): a correction is the chief arbiter's (2.1.10.4).")
            % {"r": game.result or game.get_status_display()},
        )


def board_result_report(*, by, championship_id: int, game_id: int, result: str, now: datetime | None = None) -> str:
    """``by``, a player of the board, reports its result. Returns what it did: "waiting"
    (the opponent has not reported), "stands" (both reports agree: the game ends with
    this result) or "disputed" (they disagree: the arbiters decide).

    A player's later report replaces his earlier one while the game waits."""
    now = now or timezone.now()
    if result not in REPORTABLE:
        raise Invalid(
            "bad-report",
            _("A player reports 1 – 0, ½ – ½ or 0 – 1; a no-show or a sanction is the arbiter's decision."),
        )
    with transaction.atomic():
        championship = championship_locked(championship_id)
        game = _board_game(championship, game_id)
        if game.colour_of(by.pk) is None:
            raise Forbidden("not-at-this-board", _("Only the two players of this board report its result."))
        _undecided_required(game)
        if game.starts_at is not None and now < game.starts_at:
            raise RuleRefusal("not-started", _("The round has not started yet: report the result after the game."))
        BoardReport.objects.update_or_create(game=game, member=by, defaults={"result": result, "reported_at": now})
        other = BoardReport.objects.filter(game=game).exclude(member=by).first()
        decision_record(championship, by, "report", now=now, game=game_id, result=result)
        if other is None:
            return "waiting"
        if other.result != result:
            arbiter_notify(
                recipients=officials_who_may(Action.BOARD_RESULT, game),
                key=f"inbox:disputed:{game_id}:{now.isoformat()}",
                params={"what": "disputed", "event": championship.name, "game": f"{game.white} – {game.black}"},
                url=reverse("championships:boards", args=[championship.pk]),
                game_id=game_id,
            )
            return "disputed"
        game_finish(game=game, ending=Ending(vocabulary.winner(result), "reported", "003 1.12.1"), now=now)
        # Recorded on the board now, so that both players read it back at once (the game's
        # follow-up finds it done); the last board of a round closes it.
        board_result_record(game_id=game_id, now=now)
        return "stands"


def board_no_show(
    *, by, championship_id: int, game_id: int, absent: str, reason: str = "", now: datetime | None = None
) -> Board:
    """An arbiter records that ``absent`` ("white", "black" or "both") did not come to the
    board (1.9.1, 1.9.2): "−/+" against one absentee, "−/−" when both stayed away. Refused
    before the event's allowed lateness has passed."""
    now = now or timezone.now()
    if absent not in ABSENT_SIDES:
        raise Invalid("bad-absent", _("Say who did not come: white, black or both."))
    if absent == "both":
        result, clause = vocabulary.BOTH_FORFEIT, "1.9.2"
    else:
        winner = vocabulary.BLACK if absent == vocabulary.WHITE else vocabulary.WHITE
        result, clause = vocabulary.for_winner(winner, forfeit=True), "1.9.1"
    with transaction.atomic():
        championship = championship_locked(championship_id)
        game = _board_game(championship, game_id)
        _undecided_required(game)
        board = board_result_apply(
            by,
            championship,
            game,
            result=result,
            reason=reason or _("did not appear at the board"),
            clause=clause,
            grounds="recording-error",
            now=now,
        )
        board_result_record(game_id=game_id, now=now)  # read back at once, as a report's
        board.refresh_from_db()
        return board
