"""The games of a correspondence event awaiting the chief arbiter's adjudication: its
closing date or a round's deadline has passed and their clocks were stopped for it
(``services.correspondence.play_close_due``). The desk lists them with their positions,
the adjudication form picks from them, the arbiter's inbox counts them."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from games.models import Game
from games.positions import game_position, rules_of
from games.presentation import board_spec
from games.timing import clocks_stopped

from ..models import Championship
from .events import event_games_q


@dataclass(frozen=True)
class AwaitingAdjudication:
    game: Game
    round_number: int | None
    board_number: int | None
    stopped_at: datetime  # when play closed
    fen: str  # the position the arbiter judges
    board: dict  # how to draw it (games.presentation.board_spec)


def games_awaiting_adjudication(championship: Championship) -> list[AwaitingAdjudication]:
    """The event's ongoing games stopped for adjudication, by round and board."""
    candidates = (
        Game.objects.filter(event_games_q([championship]), status=Game.Status.ONGOING, turn_started_at__isnull=True)
        .select_related("white", "black", "championship_board__round", "championship_match_game__board__round")
        .order_by("pk")
    )
    found = []
    for game in candidates:
        stopped = clocks_stopped(game)
        if not (stopped and stopped.get("adjudication")):
            continue
        board = getattr(game, "championship_board", None)
        if board is None and getattr(game, "championship_match_game", None) is not None:
            board = game.championship_match_game.board
        found.append(
            AwaitingAdjudication(
                game=game,
                round_number=board.round.number if board else None,
                board_number=board.number if board else None,
                stopped_at=datetime.fromisoformat(stopped["at"]),
                fen=rules_of(game).to_fen(game_position(game)),
                board=board_spec(game.discipline),
            )
        )
    return sorted(found, key=lambda a: (a.round_number or 0, a.board_number or 0, a.game.pk))
