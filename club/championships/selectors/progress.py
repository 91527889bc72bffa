"""The standings of an event still being played: what is left.

While games are in progress the table shows points so far (the tie-breaks
are computed on finished games only: ``ratings.standings`` ignores a pairing
without a result), and beside them how many games each player has left and
the most he can still score. A game in progress is marked as such with its
link, never counted as a draw.
"""

from __future__ import annotations

from collections import defaultdict

from games import results as vocabulary
from games.models import Game

from .. import pairing
from ..models import Board, Championship, MatchGame, Round

OPEN_ROUNDS = (Round.Status.PUBLISHED, Round.Status.CLOSED)


def progress(
    championship: Championship, total_rounds: int | None, *, withheld: frozenset = frozenset()
) -> dict[int, dict]:
    """Per player id: ``games_left`` (pairings without a result, in published
    rounds and in rounds still to come), ``max_points`` (with ``points``
    added by ``with_points``) and ``playing`` ({opponent id: game id} of the
    games in progress). The boards ``withheld`` by the broadcast delay are still going."""
    out: dict[int, dict] = defaultdict(lambda: {"games_left": 0, "playing": {}})
    boards = list(
        Board.objects.filter(round__championship=championship, round__status__in=OPEN_ROUNDS).values_list(
            "pk", "white_id", "black_id", "result", "game_id", "game__status"
        )
    )
    later_games = dict(
        MatchGame.objects.filter(board_id__in=[b[0] for b in boards], game__status=Game.Status.ONGOING).values_list(
            "board_id", "game_id"
        )
    )
    for board_id, white, black, result, game_id, status in boards:
        out[white]
        if black is None or (result and board_id not in withheld):
            continue
        out[black]
        for me, other in ((white, black), (black, white)):
            out[me]["games_left"] += 1
            going = status == Game.Status.ONGOING or board_id in withheld
            playing = game_id if going else later_games.get(board_id)
            if playing:
                out[me]["playing"][other] = playing
    for member_id, count in _future_games(championship, total_rounds).items():
        out[member_id]["games_left"] += count
    return dict(out)


def _future_games(championship: Championship, total_rounds: int | None) -> dict[int, int]:
    """Games in rounds not yet published: a round robin's from its Berger table
    (a rest is no game), any other system's one a round."""
    published = championship.rounds.filter(status__in=OPEN_ROUNDS).count()
    if total_rounds is None or published >= total_rounds or championship.for_teams:
        return {}
    entries = dict(championship.entries.filter(status="active").values_list("start_number", "member_id"))
    if championship.system != Championship.System.ROUND_ROBIN:
        return {member_id: total_rounds - published for member_id in entries.values()}
    future: dict[int, int] = defaultdict(int)
    for boards in pairing.round_robin(len(entries), cycles=championship.cycles)[published:]:
        for white, black in boards:
            if white in entries and black in entries:
                future[entries[white]] += 1
                future[entries[black]] += 1
    return future


def with_points(left: dict[int, dict], points: dict[int, float], scoring: str) -> dict[int, dict]:
    """Add ``max_points``: the points so far plus a win in every game left (1.12.1)."""
    win = vocabulary.SCORINGS.get(scoring, (1.0, 0.5, 0.0))[0]
    for member_id, row in left.items():
        row["max_points"] = points.get(member_id, 0.0) + win * row["games_left"]
    return left
