"""Boards still waiting for their result, and who is to act (``services.board_results``).

The desk, the boards page and an arbiter's inbox list them: every board of a
published round whose game is still going, with the players' reports so far —
an event of players' boards and a team event's match boards (1.14) alike.
``disputed_results`` is the arbiters' list: two reports that disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter

from django.db import models
from django.utils.translation import gettext as _

from club.teams.models import BoardGame, Match
from games.models import Game

from ..models import Board, BoardReport, Championship, MatchGame, Round

WAITING, CONFIRM, DISPUTED = "no-report", "to-confirm", "disputed"


@dataclass(frozen=True)
class Seats:
    """Where an event with one kind of entrant keeps a round's boards: the pairing's model,
    its path to the round and to its match (a team event's), the field of its number, and
    whether a board may be a micro-match of several games (1.11)."""

    model: type[models.Model]
    round: str
    match: str | None
    number: str
    micro_matches: bool


SEATS = {
    Championship.Entrants.PLAYERS: Seats(Board, "round", None, "number", micro_matches=True),
    Championship.Entrants.TEAMS: Seats(BoardGame, "match__round", "match", "board", micro_matches=False),
}


@dataclass
class Seat:
    """A board of a round, whichever the event's entrants: its score sheet page and the
    desk's arbiter link name it by round, match (a team event's) and board."""

    board: Board | BoardGame  # the pairing: a board of players, or a board of a team match
    round: Round
    number: int  # the board's number in the round, or in its match
    game: Game  # the board's game, or the micro-match's game being played (1.11)
    match: Match | None = None  # a team event's: the match the board belongs to (1.14)

    @property
    def order(self) -> tuple[int, int, int]:
        return (self.round.number, self.match.number if self.match else 0, self.number)


@dataclass
class BoardWaiting(Seat):
    reports: list[BoardReport] = field(default_factory=list)

    @property
    def anchor(self) -> str:
        """The board's id on the boards page."""
        if self.match is None:
            return f"board-{self.round.number}-{self.number}"
        return f"board-{self.round.number}-{self.match.number}-{self.number}"

    @property
    def state(self) -> str:
        results = {r.result for r in self.reports}
        if not results:
            return WAITING
        return DISPUTED if len(results) > 1 else CONFIRM

    @property
    def to_act(self) -> str:
        """Who is to act, in words."""
        if self.state == WAITING:
            return _("the players report the result, or an arbiter records it")
        if self.state == DISPUTED:
            return _("the reports disagree: an arbiter decides")
        reporter = self.reports[0].member_id
        opponent = self.game.black if reporter == self.game.white_id else self.game.white
        return _("%(name)s confirms, or an arbiter decides") % {"name": opponent}

    def report_of(self, member_id: int) -> str:
        return next((r.result for r in self.reports if r.member_id == member_id), "")


def _seat(kind: type[Seat], seats: Seats, board, game: Game, **more) -> Seat:
    return kind(
        board=board,
        round=attrgetter(seats.round.replace("__", "."))(board),
        number=getattr(board, seats.number),
        game=game,
        match=getattr(board, seats.match) if seats.match else None,
        **more,
    )


def _boards_of(championship: Championship, seats: Seats):
    related = [seats.round] + ([seats.match] if seats.match else [])
    return seats.model.objects.filter(**{f"{seats.round}__championship": championship}).select_related(*related)


def seat_of_game(championship: Championship, game_id: int) -> Seat | None:
    """The board of ``championship`` whose own game is ``game_id`` (not a micro-match's
    later game), with its players, or None."""
    seats = SEATS[championship.entrants]
    board = _boards_of(championship, seats).select_related("game", "white", "black").filter(game_id=game_id).first()
    return _seat(Seat, seats, board, board.game) if board else None


def seats_of_rounds(championship: Championship, rounds: list[Round]) -> list[Seat]:
    """The boards with a game of ``rounds``, in round, match and board order: the desk's
    links to each game's arbiter page."""
    seats = SEATS[championship.entrants]
    boards = _boards_of(championship, seats).filter(**{f"{seats.round}__in": rounds, "game__isnull": False})
    found = [_seat(Seat, seats, board, board.game) for board in boards.select_related("game")]
    return sorted(found, key=attrgetter("order"))


def boards_without_result(championship: Championship, round_number: int | None = None) -> list[BoardWaiting]:
    """The boards of ``championship``'s published rounds (or of round ``round_number``)
    whose game — a micro-match's current one — is still going, in round and board order
    (a team event's: match by match), each with its reports. The event's kind of entrant
    says where its boards are kept (``SEATS``); everything else is the same."""
    seats = SEATS[championship.entrants]
    rounds = Round.objects.filter(championship=championship, status=Round.Status.PUBLISHED)
    if round_number is not None:
        rounds = rounds.filter(number=round_number)
    going = Game.objects.filter(status=Game.Status.ONGOING).select_related("white", "black")
    boards = seats.model.objects.filter(**{f"{seats.round}__in": rounds})
    # the game being played on each board: its own, or its micro-match's current one
    on_board = dict(boards.filter(game__in=going).values_list("game_id", "pk"))
    if seats.micro_matches:
        matched = MatchGame.objects.filter(board__in=boards, game__in=going).values_list("game_id", "board_id")
        on_board |= dict(matched)
    games = going.in_bulk(on_board)
    by_pk = _boards_of(championship, seats).in_bulk(set(on_board.values()))
    reports: dict[int, list[BoardReport]] = {}
    for report in BoardReport.objects.filter(game_id__in=games).select_related("member").order_by("reported_at", "pk"):
        reports.setdefault(report.game_id, []).append(report)
    waiting = [
        _seat(BoardWaiting, seats, by_pk[on_board[game_id]], game, reports=reports.get(game_id, []))
        for game_id, game in games.items()
    ]
    return sorted(waiting, key=attrgetter("order"))


def disputed_results(championship: Championship) -> list[BoardWaiting]:
    """The boards whose players' reports disagree: the arbiters' list."""
    return [waiting for waiting in boards_without_result(championship) if waiting.state == DISPUTED]
