"""What the rounds so far say about each player of a Swiss event: points, opponents, colours, wins without play."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from games import results
from games.results import BLACK, WHITE


@dataclass
class Record:
    number: int  # classification number of the first round (1.15.5.1), kept to the end
    points: float = 0.0
    opponents: list[int] = field(default_factory=list)
    byes: int = 0
    absences: int = 0  # rounds he was known to miss (1.15.2): lost, against nobody
    colours: list[str] = field(default_factory=list)  # played games only (1.15.2)
    free_win: bool = False  # a bye or a forfeit win: a win without play (1.15.2)

    def run(self) -> tuple[str | None, int]:
        """The colour of the last played games and how many times running."""
        if not self.colours:
            return None, 0
        last, n = self.colours[-1], 0
        for colour in reversed(self.colours):
            if colour != last:
                break
            n += 1
        return last, n


def player_records(players: Sequence[dict], rounds: Sequence[Sequence[dict]]) -> dict[int, Record]:
    records = {p["id"]: Record(number=i) for i, p in enumerate(players, 1)}
    for round_no, boards in enumerate(rounds, 1):
        for board in boards:
            white, black, result = board["white"], board.get("black"), board["result"]
            if white not in records or (black is not None and black not in records):
                raise ValueError(f"round {round_no}: {white}–{black} names a player who is not entered")
            if black is None and result == results.ABSENT:
                records[white].absences += 1
                continue
            if black is None:
                if result != results.BYE:
                    raise ValueError(f"round {round_no}: {white} has no opponent but the result {result!r}")
                # 1.15.2: the bye is a "+", a win without play.
                rec = records[white]
                rec.points += 1.0
                rec.byes += 1
                rec.free_win = True
                continue
            if not results.is_result(result):
                raise ValueError(f"round {round_no}: {white}–{black} has no result ({result!r})")
            for me, other, colour in ((white, black, WHITE), (black, white, BLACK)):
                rec = records[me]
                rec.points += results.score(result, colour)
                # Paired means met, even when the game was forfeited: pairing them again
                # could hand the same player a second win without play (1.15.2).
                rec.opponents.append(other)
                if results.is_played(result):
                    rec.colours.append(colour)
                elif results.outcome(result, colour) == "win":
                    rec.free_win = True
    return records


def opponent_scores(records: dict[int, Record]) -> dict[int, list[float]]:
    """Each player's opponents' current points; a bye, and a round he was known to
    miss, count as an opponent with the lowest score.

    1.13.11 (as rules-notes reads it) for the bye, as the standings count both. A withdrawn opponent counts with the
    points he has: the coefficient of 1.15.7 is the *current* one, and his remaining
    games are not yet due.
    """
    lowest = min(rec.points for rec in records.values())
    return {
        pid: [records[o].points for o in rec.opponents] + [lowest] * (rec.byes + rec.absences)
        for pid, rec in records.items()
    }
