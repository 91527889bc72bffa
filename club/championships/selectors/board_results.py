"""Boards still waiting for their result, and who is to act (``services.board_results``).

The desk, the round's page and an arbiter's inbox list them: every board of a
published round whose game is still going, with the players' reports so far.
``disputed_results`` is the arbiters' list: two reports that disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from games.models import Game

from ..models import Board, BoardReport, Championship, MatchGame, Round

WAITING, CONFIRM, DISPUTED = "no-report", "to-confirm", "disputed"


@dataclass
class BoardWaiting:
    board: Board
    game: Game  # the board's game, or the micro-match's game being played (1.11)
    reports: list[BoardReport] = field(default_factory=list)

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


def boards_without_result(championship: Championship, round_number: int | None = None) -> list[BoardWaiting]:
    """The boards of ``championship``'s published rounds (or of round ``round_number``)
    whose game — a micro-match's current one — is still going, in round and board order,
    each with its reports."""
    going = Game.objects.filter(status=Game.Status.ONGOING).select_related("white", "black")
    boards = Board.objects.filter(round__championship=championship, round__status=Round.Status.PUBLISHED)
    if round_number is not None:
        boards = boards.filter(round__number=round_number)
    games = {g.pk: g for g in going.filter(championship_board__in=boards)}
    matched = MatchGame.objects.filter(board__in=boards, game__in=going).values_list("board_id", "game_id")
    games |= {g.pk: g for g in going.filter(pk__in=[game_id for _board, game_id in matched])}
    on_board = dict(Board.objects.filter(game_id__in=games).values_list("game_id", "pk"))
    on_board |= {game_id: board_id for board_id, game_id in matched}
    by_pk = {b.pk: b for b in boards.filter(pk__in=on_board.values()).select_related("round", "white", "black")}
    reports: dict[int, list[BoardReport]] = {}
    for report in BoardReport.objects.filter(game_id__in=games).order_by("reported_at", "pk"):
        reports.setdefault(report.game_id, []).append(report)
    waiting = [BoardWaiting(by_pk[on_board[g]], games[g], reports.get(g, [])) for g in games]
    return sorted(waiting, key=lambda w: (w.board.round.number, w.board.number))


def disputed_results(championship: Championship) -> list[BoardWaiting]:
    """The boards whose players' reports disagree: the arbiters' list."""
    return [waiting for waiting in boards_without_result(championship) if waiting.state == DISPUTED]
