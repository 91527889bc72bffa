"""Which arbiter judges which board of a round (003 1.16.9: «на каждую партию должен
назначаться судья»): the chief arbiter's assignments, and the board a game is played on."""

from __future__ import annotations

from club.teams.models import BoardGame

from ..models import Board, BoardArbiter, MatchGame, Round


def game_place(game) -> tuple[int, int] | None:
    """(round id, board number) of an event's game — a team event's: its match's number, since an
    arbiter takes a match's boards together; None for a game no round holds (a club game, a play-off)."""
    board = Board.objects.filter(game_id=game.pk).values_list("round_id", "number").first()
    if board is None:
        board = MatchGame.objects.filter(game_id=game.pk).values_list("board__round_id", "board__number").first()
    if board is None:
        board = BoardGame.objects.filter(game_id=game.pk).values_list("match__round_id", "match__number").first()
    return board


def game_arbiter_ids(game) -> frozenset[int] | None:
    """The arbiters assigned to ``game``'s board, or None when its round assigns none (then every
    arbiter of the event judges it). A board the assignments leave out is the chief arbiter's alone."""
    place = game_place(game)
    if place is None:
        return None
    round_id, number = place
    assignments = list(BoardArbiter.objects.filter(round_id=round_id))
    if not assignments:
        return None
    return frozenset(a.arbiter_id for a in assignments if a.covers(number))


def round_board_arbiters(the_round: Round) -> list[BoardArbiter]:
    return list(the_round.board_arbiters.select_related("arbiter").order_by("first_board"))
