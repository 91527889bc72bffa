"""Boards still waiting for their result, and who is to act (``services.board_results``).

The desk, the round's page and an arbiter's inbox list them: every board of a
published round whose game is still going, with the players' reports so far.
``disputed_results`` is the arbiters' list: two reports that disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.utils.translation import gettext as _

from games.models import Game

from ..models import Board, BoardReport, Championship, Round

WAITING, CONFIRM, DISPUTED = "no-report", "to-confirm", "disputed"


@dataclass
class BoardWaiting:
    board: Board
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
        opponent = self.board.black if reporter == self.board.white_id else self.board.white
        return _("%(name)s confirms, or an arbiter decides") % {"name": opponent}

    def report_of(self, member_id: int) -> str:
        return next((r.result for r in self.reports if r.member_id == member_id), "")


def boards_without_result(championship: Championship, round_number: int | None = None) -> list[BoardWaiting]:
    """The boards of ``championship``'s published rounds (or of round ``round_number``)
    whose game is still going, in round and board order, each with its reports."""
    boards = Board.objects.filter(
        round__championship=championship,
        round__status=Round.Status.PUBLISHED,
        game__status=Game.Status.ONGOING,
    ).select_related("round", "white", "black", "game")
    if round_number is not None:
        boards = boards.filter(round__number=round_number)
    boards = list(boards.order_by("round__number", "number"))
    reports: dict[int, list[BoardReport]] = {}
    for report in BoardReport.objects.filter(game_id__in=[b.game_id for b in boards]).order_by("reported_at", "pk"):
        reports.setdefault(report.game_id, []).append(report)
    return [BoardWaiting(board, reports.get(board.game_id, [])) for board in boards]


def disputed_results(championship: Championship) -> list[BoardWaiting]:
    """The boards whose players' reports disagree: the arbiters' list."""
    return [waiting for waiting in boards_without_result(championship) if waiting.state == DISPUTED]
