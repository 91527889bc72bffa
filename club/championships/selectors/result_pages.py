"""The pages chess-results users expect, each a stable URL: the
starting list, a round's pairing sheet, the standings after a round, the
crosstable, a player's card and a round's live part. Each reads the one
read model of ``results``."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import Q
from django.utils import timezone

from club.platform.figures import figure
from club.platform.memo import VersionedMemo
from games import presentation
from games import results as vocabulary
from games import selectors as game_selectors
from games.models import Game
from ratings import standings
from ratings.models import RatingChange

from ..models import Championship, Round, Standings
from .events import rounds_total
from .inputs import results_plain as results_input
from .inputs import standings_options
from .results import (
    board_score,
    facts,
    move_number,
    players,
    result_set_key,
    results,
    round_numbers,
    rounds,
    standings_rows,
    ties,
)
from .working import working_shown

# The standings after earlier rounds last asked for, under the result set's key and the round.
STANDINGS_AFTER = VersionedMemo(size=64)


def starting_list(championship: Championship) -> dict:
    """The players in start-number order (the lot, or the rating order), with their ratings and status."""
    people = players(championship)
    return {
        "championship": championship,
        "facts": facts(championship),
        "players": sorted(people.values(), key=lambda p: p.number),
        "round_numbers": round_numbers(championship),
        "seeds_by_rating": championship.seeds_by_rating,
    }


def round_sheet(championship: Championship, number: int) -> dict | None:
    """One published round: its boards with the players' numbers and points
    before it, results and game links — the pairing sheet of the hall."""
    people = players(championship)
    found = rounds(championship, people, number=number)
    if not found:
        return None
    if found[0]["live"] or championship.broadcast_delay:
        round_as_seen(championship, found[0])
    stored = Standings.objects.filter(championship=championship).first()
    return {
        "championship": championship,
        "facts": facts(championship),
        "round": found[0],
        "working": working_shown(found[0]["working"], people, found[0]["overrides"]),
        "round_numbers": round_numbers(championship),
        "rounds_total": rounds_total(championship, len(people)),
        "standings": standings_rows(championship, people, table=stored.rows, arithmetic=False) if stored else [],
    }


def standings_after(championship: Championship, number: int | None = None) -> dict:
    """The standings after round ``number`` (None: now), computed by
    ``ratings.standings`` from the results of those rounds only, with the
    players who left later still in; the rating columns only for the current table.
    Each is kept per version of the event's results, like the result set."""
    key = result_set_key(championship)
    data = results(championship, key)
    if number is None:
        rows = data["standings"]
    else:

        def after() -> list[dict]:
            plain, played = results_input(championship, upto=number)
            table = standings.table(plain, played, **standings_options(championship))
            return standings_rows(championship, data["entrants"], table=table, ratings=False, arithmetic=False)

        rows = STANDINGS_AFTER.get((*key, number), after)
    return {
        "championship": championship,
        "facts": data["facts"],
        "after_round": number,
        "standings": rows,
        "ties": data["ties"] if number is None else ties(rows),
        # While the event runs the current table says what is still to play (games left, at most).
        "provisional": data["provisional"] and number is None,
        "criteria": data["criteria"],
        "coefficients": data["coefficients"],
        "rated": championship.rated and number is None,
        "round_numbers": data["round_numbers"],
        "tables_key": (*key, number),  # the rendered table's cache key (the page's template)
    }


def crosstable_page(championship: Championship) -> dict:
    key = result_set_key(championship)
    data = results(championship, key)
    return {
        "championship": championship,
        "facts": data["facts"],
        "crosstable": data["crosstable"],
        "adjudicated": data["adjudicated"],
        "round_numbers": data["round_numbers"],
        "tables_key": key,  # the rendered table's cache key (the page's template)
    }


def player_card(championship: Championship, username: str) -> dict | None:
    """One entrant's card: every game (round, colour, opponent with his number,
    result, game link), his points after each round, his place and figures,
    and for rated events each game's rating change and his performance.
    Read from the event's cached result set (``results``): a card costs his
    own rating history, not the event's arithmetic."""
    data = results(championship)
    people = data["entrants"]
    me = next((p for p in people.values() if p.username == username), None)
    if me is None:
        return None
    games = []
    for r in data["rounds"]:
        for b in r["boards"]:
            if me.id not in (b["white_id"], b["black_id"]):
                continue
            white = b["white_id"] == me.id
            opponent = people.get(b["black_id"] if white else b["white_id"])
            colour = vocabulary.WHITE if white else vocabulary.BLACK
            games.append(
                {
                    "round": r["number"],
                    "board": b["number"],
                    "colour": "" if b["rest"] else colour,
                    "opponent": opponent,
                    "bye": b["bye"],
                    "absent": b["absent"],
                    "rest": b["rest"],
                    "result": b["result"],
                    "mark": ("+" if b["bye"] else "−" if b["absent"] else "")
                    if b["rest"]
                    else vocabulary.mark(b["result"], colour),
                    "score": figure(board_score(b["result"], colour, championship.scoring)) if b["result"] else "",
                    "game_id": b["game_id"],
                    "live": b["live"],
                    "adjudicated": b["adjudicated"],
                    "points_after": figure(r["points_after"].get(me.id, 0.0)),
                    "rating_change": None,
                }
            )
    row = next((x for x in data["standings"] if x["player"].id == me.id), None)
    if championship.rated:
        per_game = {
            game_id: round(after - before, 1)
            for game_id, before, after in RatingChange.objects.filter(
                member_id=me.id, game_id__in=[g["game_id"] for g in games if g["game_id"]]
            ).values_list("game_id", "rating_before", "rating_after")
        }
        for g in games:
            if g["game_id"] in per_game:
                change = per_game[g["game_id"]]
                g["rating_change"] = figure(change) if change <= 0 else "+" + figure(change)
    rating = row["rating"] if row else None
    return {
        "championship": championship,
        "facts": data["facts"],
        "player": me,
        "games": games,
        "row": row,
        "rating": rating,
        "round_numbers": data["round_numbers"],
    }


def figure_arithmetic(championship: Championship, username: str, name: str) -> dict | None:
    """One figure of a player's row with the arithmetic behind it (``results._arithmetic``), or None."""
    row = next((r for r in results(championship)["standings"] if r["player"].username == username), None)
    return next((f for f in row["figures"] if f["name"] == name), None) if row else None


def live_round(championship: Championship, number: int) -> dict | None:
    """What a round's live page redraws after a move or a result: the round's
    boards and the current standings — a fixed number of queries whatever the
    number of boards (tests/championships/test_live_round.py counts them)."""
    people = players(championship)
    found = rounds(championship, people, number=number)
    if not found:
        return None
    round_as_seen(championship, found[0])
    stored = Standings.objects.filter(championship=championship).first()
    rows = standings_rows(championship, people, table=stored.rows, arithmetic=False) if stored else []
    return {"championship": championship, "round": found[0], "standings": rows}


def round_as_seen(championship: Championship, the_round: dict) -> None:
    """A round (``rounds``) as its spectators see it now: ``boards_as_seen``, and live while one of them is."""
    boards_as_seen(championship, the_round["boards"])
    the_round["live"] = any(board["live"] for board in the_round["boards"])


def boards_as_seen(championship: Championship, boards: list[dict], *, now: datetime | None = None) -> None:
    """Give each board whose game spectators see going on its small live board: the
    position, the last move's squares and the clocks (``position``), as spectators see
    them — the event's broadcast delay ago, when it has one: a move, and a game's end
    or result, show that long after they are made. Two queries, whatever the number of boards."""
    now = now or timezone.now()
    as_of = now - timedelta(minutes=championship.broadcast_delay) if championship.broadcast_delay else None
    games = Game.objects.filter(pk__in=[board["game_id"] for board in boards if board["game_id"]])
    shown = games.filter(status=Game.Status.ONGOING)
    if as_of is not None:
        shown = games.filter(Q(status=Game.Status.ONGOING) | Q(ended_at__gt=as_of))
    seen = game_selectors.games_seen(list(shown), as_of)
    for board in boards:
        if board["game_id"] not in seen:
            continue
        game, replay = seen[board["game_id"]]
        if game.status == Game.Status.ONGOING:
            board.update(result="", white_mark="", black_mark="", forfeit=False, live=True)
        board["move"] = move_number(game.ply)
        clocks = presentation.clock(game_selectors.game_clocks(game, now=as_of or now), game)
        board["position"] = {
            "board": presentation.board_spec(game.discipline),
            "fen": replay.steps[-1].fen if replay.steps else replay.start_fen,
            "last": " ".join(replay.steps[-1].path) if replay.steps else "",
            "white_clock": clock_text(clocks["white_ms"]),
            "black_clock": clock_text(clocks["black_ms"]),
            "delayed": as_of is not None,
        }


def clock_text(ms: int | None) -> str:
    """A clock as a board shows it: 1:05:09, 4:07; "" untimed."""
    if ms is None:
        return ""
    minutes, seconds = divmod(max(0, ms) // 1000, 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


def round_game_ids(championship_id: int, number: int) -> list[int]:
    """The games of a round (its micro-matches' too), whose changes its live page follows."""
    boards = Round.objects.filter(championship_id=championship_id, number=number).values_list(
        "boards__game_id", "boards__match_games__game_id"
    )
    return sorted({gid for pair in boards for gid in pair if gid})
