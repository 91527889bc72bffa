"""The pages chess-results users expect, each a stable URL: the
starting list, a round's pairing sheet, the standings after a round, the
crosstable, a player's card and a round's live part. Each reads the one
read model of ``results``."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from django.db.models import Q
from django.utils import timezone

from foundation.figures import figure
from foundation.memo import VersionedMemo
from games import presentation
from games import results as vocabulary
from games import selectors as game_selectors
from games.models import Game
from ratings import standings
from ratings.models import RatingChange

from ..models import Championship, RelayBoard, Round, Standings
from .broadcast import boards_withheld, event_delay, viewer_id
from .event_tables import crosstable_grid, scheveningen_table, stored_standings_rows
from .events import rounds_total, rounds_with_boards
from .inputs import results_plain as results_input
from .inputs import standings_options
from .results import (
    RESULT_SETS,
    board_score,
    facts,
    move_number,
    players,
    result_set_key,
    results,
    results_computed,
    round_numbers,
    rounds,
    standings_rows,
    ties,
)
from .working import working_shown

# The standings after earlier rounds last asked for, under the result set's key and the round.
STANDINGS_AFTER = VersionedMemo(size=64)


@dataclass(frozen=True)
class Seen:
    """The result set as one viewer may see it now (``results_seen``)."""

    data: dict  # as ``results``
    key: tuple  # what a page renders from it is kept under
    withheld: frozenset  # the boards whose results the broadcast delay withholds from him


def results_seen(championship: Championship, viewer=None, *, now: datetime | None = None) -> Seen:
    """``results`` as ``viewer`` may see them now: while the broadcast delay withholds a
    result from him (``broadcast.boards_withheld``: the event's spectators, the delay after
    a game ended; never its officials, nor a board's players), the whole set — standings,
    crosstable, rounds — is computed without it, so that no page tells more than the
    boards; else the kept set. The one rule of every public surface of an event's results."""
    withheld = frozenset(boards_withheld(championship, viewer, now or timezone.now()))
    key = result_set_key(championship)
    if not withheld:
        return Seen(results(championship, key), key, withheld)
    key = (*key, *sorted(withheld))
    return Seen(RESULT_SETS.get(key, lambda: results_computed(championship, withheld=withheld)), key, withheld)


def stored_standings_seen(championship: Championship, viewer=None, *, now: datetime | None = None) -> list[dict]:
    """The stored standings (``event_tables.stored_standings_rows``) as ``viewer`` may see
    them: computed without a result the broadcast delay withholds from him (``results_seen``)."""
    now = now or timezone.now()
    if boards_withheld(championship, viewer, now):
        return results_seen(championship, viewer, now=now).data["standings"]
    return stored_standings_rows(championship)


def event_page_seen(championship: Championship, viewer=None, *, now: datetime | None = None) -> dict:
    """The championship page's results as ``viewer`` may see them (``results_seen``'s rule):
    its rounds' boards, standings, round robin grid and Scheveningen table, a result the
    broadcast delay withholds from him left out of each."""
    withheld = boards_withheld(championship, viewer, now or timezone.now())
    rounds = rounds_with_boards(championship, viewer)
    for the_round in rounds:
        for board in the_round.boards.all():
            if board.pk in withheld:
                board.result = ""  # shown, not saved
    return {
        "rounds": rounds,
        "standings": stored_standings_seen(championship, viewer, now=now),
        "crosstable": (
            crosstable_grid(championship, withheld=withheld)
            if championship.system == Championship.System.ROUND_ROBIN
            else None
        ),
        "scheveningen": (
            scheveningen_table(championship, withheld=withheld)
            if championship.is_scheveningen and championship.status != Championship.Status.DRAFT
            else None
        ),
    }


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


def round_sheet(championship: Championship, number: int, viewer=None, *, now: datetime | None = None) -> dict | None:
    """One published round: its boards with the players' numbers and points
    before it, results and game links — the pairing sheet of the hall — and the
    standings, as ``viewer`` may see them (``round_as_seen``, ``standings_seen``)."""
    people = players(championship)
    found = rounds(championship, people, number=number)
    if not found:
        return None
    if found[0]["live"] or championship.broadcast_delay:
        round_as_seen(championship, found[0], viewer, now=now)
    return {
        "championship": championship,
        "facts": facts(championship),
        "round": found[0],
        "working": working_shown(found[0]["working"], people, found[0]["overrides"]),
        "round_numbers": round_numbers(championship),
        "rounds_total": rounds_total(championship, len(people)),
        "standings": standings_seen(championship, people, viewer, now=now),
    }


def standings_after(
    championship: Championship, number: int | None = None, viewer=None, *, now: datetime | None = None
) -> dict:
    """The standings after round ``number`` (None: now), computed by
    ``ratings.standings`` from the results of those rounds only, with the
    players who left later still in; the rating columns only for the current table.
    Each is kept per version of the event's results, like the result set, as
    ``viewer`` may see them (``results_seen``: the broadcast delay)."""
    seen = results_seen(championship, viewer, now=now)
    data, key = seen.data, seen.key
    if number is None:
        rows = data["standings"]
    else:

        def after() -> list[dict]:
            plain, played = results_input(championship, upto=number, withheld=seen.withheld)
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
        "rated": championship.rated and number is None and not seen.withheld,
        "round_numbers": data["round_numbers"],
        "tables_key": (*key, number),  # the rendered table's cache key (the page's template)
    }


def crosstable_page(championship: Championship, viewer=None, *, now: datetime | None = None) -> dict:
    """The crosstable as ``viewer`` may see it (``results_seen``: the broadcast delay)."""
    seen = results_seen(championship, viewer, now=now)
    data, key = seen.data, seen.key
    return {
        "championship": championship,
        "facts": data["facts"],
        "crosstable": data["crosstable"],
        "adjudicated": data["adjudicated"],
        "round_numbers": data["round_numbers"],
        "tables_key": key,  # the rendered table's cache key (the page's template)
    }


def player_card(championship: Championship, username: str, viewer=None, *, now: datetime | None = None) -> dict | None:
    """One entrant's card: every game (round, colour, opponent with his number,
    result, game link), his points after each round, his place and figures,
    and for rated events each game's rating change and his performance.
    Read from the event's cached result set (``results``): a card costs his
    own rating history, not the event's arithmetic. As ``viewer`` may see it (``results_seen``)."""
    data = results_seen(championship, viewer, now=now).data
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
                # a game shown still going (the broadcast delay) shows no change yet
                member_id=me.id,
                game_id__in=[g["game_id"] for g in games if g["game_id"] and not g["live"]],
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


def figure_arithmetic(championship: Championship, username: str, name: str, viewer=None) -> dict | None:
    """One figure of a player's row with the arithmetic behind it (``results._arithmetic``), or None."""
    rows = results_seen(championship, viewer).data["standings"]
    row = next((r for r in rows if r["player"].username == username), None)
    return next((f for f in row["figures"] if f["name"] == name), None) if row else None


def live_round(championship: Championship, number: int, viewer=None, *, now: datetime | None = None) -> dict | None:
    """What a round's live page redraws after a move or a result: the round's
    boards and the current standings as ``viewer`` may see them — a fixed number of
    queries whatever the number of boards (tests/championships/test_live_round.py counts them)."""
    people = players(championship)
    found = rounds(championship, people, number=number)
    if not found:
        return None
    round_as_seen(championship, found[0], viewer, now=now)
    rows = standings_seen(championship, people, viewer, now=now)
    return {"championship": championship, "round": found[0], "standings": rows}


def standings_seen(championship: Championship, people: dict, viewer=None, *, now: datetime | None = None) -> list:
    """The current standings as ``viewer`` may see them: the stored table, or — while a
    result he may not know yet is withheld by the broadcast delay (``boards_withheld``) —
    the table computed without it, so that the standings tell no more than the boards."""
    withheld = boards_withheld(championship, viewer, now or timezone.now())
    if withheld:
        plain, played = results_input(championship, withheld=withheld)
        table = json.loads(json.dumps(standings.table(plain, played, **standings_options(championship)), default=str))
    else:
        stored = Standings.objects.filter(championship=championship).first()
        table = stored.rows if stored else None
    return standings_rows(championship, people, table=table, arithmetic=False) if table else []


def round_as_seen(championship: Championship, the_round: dict, viewer=None, *, now: datetime | None = None) -> None:
    """A round (``rounds``) as ``viewer`` sees it now: ``boards_as_seen``, and live while one of them is."""
    boards_as_seen(championship, the_round["boards"], viewer=viewer, now=now)
    the_round["live"] = any(board["live"] for board in the_round["boards"])


def boards_as_seen(championship: Championship, boards: list[dict], *, viewer=None, now: datetime | None = None) -> None:
    """Give each board whose game ``viewer`` sees going on its small live board: the
    position and the last move's squares (``position``; the clocks are on each game's
    page), as he sees them — a spectator the event's broadcast delay ago, when it has
    one: a move, and a game's end or result, show that long after they are made; its
    officials, and the players of a board, at once (``broadcast.event_delay``); a
    relayed board stalled, with the reason. Three queries, whatever the number of
    boards; a fourth for a player's own board."""
    now = now or timezone.now()
    late = event_delay(championship, viewer)
    as_of = now - late if late else None
    games = Game.objects.filter(pk__in=[board["game_id"] for board in boards if board["game_id"]])
    shown = games.filter(status=Game.Status.ONGOING)
    if as_of is not None:
        shown = games.filter(Q(status=Game.Status.ONGOING) | Q(ended_at__gt=as_of))
    me = viewer_id(viewer)
    own = {board["game_id"] for board in boards if me is not None and me in (board["white_id"], board["black_id"])}
    shown = list(shown)
    seen = game_selectors.games_seen([game for game in shown if game.pk not in own], as_of)
    if own:
        playing = [game for game in shown if game.pk in own and game.status == Game.Status.ONGOING]
        seen |= game_selectors.games_seen(playing, None)
    relays = {
        relay["board__game_id"]: relay
        for relay in RelayBoard.objects.filter(
            board__game_id__in=[board["game_id"] for board in boards if board["game_id"]]
        )
        .exclude(state=RelayBoard.State.BY_HAND)
        .values("board__game_id", "state", "reason")
    }
    for board in boards:
        relay = relays.get(board["game_id"])
        # a relayed board whose feed stopped, broke or sent an illegal move, and why (services.relay)
        board["relay_stalled"] = relay["reason"] if relay and relay["state"] == RelayBoard.State.STALLED else None
        if board["game_id"] not in seen:
            continue
        game, replay = seen[board["game_id"]]
        if game.status == Game.Status.ONGOING:
            board.update(result="", white_mark="", black_mark="", forfeit=False, live=True)
        board["move"] = move_number(game.ply)
        board["position"] = {
            "board": presentation.board_spec(game.discipline),
            "fen": replay.steps[-1].fen if replay.steps else replay.start_fen,
            "last": " ".join(replay.steps[-1].path) if replay.steps else "",
        }


def round_game_ids(championship_id: int, number: int) -> list[int]:
    """The games of a round (its micro-matches' too), whose changes its live page follows."""
    boards = Round.objects.filter(championship_id=championship_id, number=number).values_list(
        "boards__game_id", "boards__match_games__game_id"
    )
    return sorted({gid for pair in boards for gid in pair if gid})
