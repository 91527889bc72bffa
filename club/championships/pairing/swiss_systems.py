"""The Swiss systems of 1.15: a round's pairing, and the working that shows how it was made.

``swiss`` gives the boards; ``swiss_working`` the same boards with the classification
they were paired from, the floats, and whether the text's own steps decided the round
(``round_walk`` says how a round they do not decide is paired).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from games.rules.words import N_

from . import other_procedures
from .classification import Classification, classify
from .colours import board_colours
from .errors import PairingError
from .lots import round_lot
from .matching import Mate, is_perfect, maximum_matching, without
from .other_procedures import OtherProcedures
from .procedures import PROCEDURES
from .records import Record, player_records
from .round_walk import Walk, pair_score_groups

SYSTEMS = ("blind", "coefficients", "solkoff", "buchholz")


def swiss(
    system: str,
    players: Sequence[dict],
    rounds: Sequence[Sequence[dict]],
    *,
    seed=None,
    procedures: OtherProcedures | None = None,
) -> list[tuple[int, int | None]]:
    """The next round of a Swiss event: ``(white, black)`` boards in pairing order, ``(id, None)`` the bye.

    ``players`` are ``{"id", "rating", "withdrawn"}`` in the initial order (start numbers
    of 1.15.4, classification numbers of 1.15.5.1; ``initial_order`` makes it); set
    ``withdrawn`` also for a player known to miss this round (1.15.2: not paired, and the
    caller records his loss). ``rounds`` are the rounds played so far as boards
    ``{"white", "black", "result"}`` with the result strings of ``games.results``
    (``"bye"`` with ``black`` None). ``seed`` feeds the lots of the round (1.15.4 draw,
    1.15.5.2 / 1.15.7.2 colour of the first board); the same input always gives the same
    pairing (``None`` is a fixed seed: pass the championship's stored one). Boards come
    in the order the pairs were formed, which is the seating order of 1.6.2.

    Raises ``PairingError`` when no pairing satisfies 1.15.2.
    """
    working = swiss_working(system, players, rounds, seed=seed, procedures=procedures)
    return [(white, black) for white, black in working["boards"]]


def swiss_working(
    system: str,
    players: Sequence[dict],
    rounds: Sequence[Sequence[dict]],
    *,
    seed=None,
    procedures: OtherProcedures | None = None,
) -> dict:
    """The next round as ``swiss`` pairs it, with its working, as plain (JSON) data.

    - ``system``, ``round``: the round being paired;
    - ``keys``: what orders the classification, in precedence, ``{"key", "descending"}``:
      ``points``, then ``number`` (1.15.5.3: ascending in odd rounds, descending in even
      ones), ``truncated_solkoff`` (1.15.6.2), ``buchholz`` (1.15.7.6) or ``lot`` (1.15.4);
    - ``classification``: every player paired or given the bye, in order, with his value
      of each key (``{"player", "points", "number", …}``);
    - ``groups``: the score groups paired, from the top, ``{"points", "players"}``, each
      in its order (the bye's player is not in them);
    - ``bye``: who has the "+" (1.15.2), or None;
    - ``floats``: each pair across score groups, ``{"player", "from_group", "to_group",
      "opponent"}``, groups numbered from 1 at the top;
    - ``by_the_text``: whether the text's own steps paired the round (1.15.5.4–1.15.5.5,
      1.15.7.4–1.15.7.5, 1.15.8); if not, ``deviations`` lists the extension's steps in
      order, ``{"step": "floats on" | "floats out", "player", "group"}``;
    - ``boards``: ``[white, black]`` as ``swiss`` returns them, ``[id, None]`` the bye;
    - ``byes``: every bye (one per band when the event pairs within rating bands);
    - ``procedures``: the event's other procedures (1.15.9, ``OtherProcedures``), with
      ``accelerated`` (``{"points", "upper"}``: who counted extra points this round) and
      ``bands`` (each band's lower bound and players) where they applied.

    Raises ``PairingError`` when no pairing satisfies 1.15.2.
    """
    if system not in PROCEDURES:
        raise ValueError(f"unknown Swiss system {system!r}; one of {', '.join(SYSTEMS)}")
    procedures = procedures or OtherProcedures()
    round_no = len(rounds) + 1
    if not procedures.rating_bands:
        working = _section(system, players, rounds, seed, procedures)
    else:
        # 1.15.9 «жеребьёвка участников по группам»: each band is a Swiss of its own.
        parts, shown = [], []
        for k, band in enumerate(other_procedures.bands(players, procedures.rating_bands)):
            ids = {p["id"] for p in band}
            if not ids:
                continue
            played = [[b for b in boards if b["white"] in ids] for boards in rounds]
            parts.append(_section(system, band, played, f"{seed}:{k}", procedures))
            bound = procedures.rating_bands[k] if k < len(procedures.rating_bands) else None
            shown.append({"from": bound, "players": [p["id"] for p in band]})
        working = _merged(system, round_no, parts)
        working["procedures"]["bands"] = shown
    working["procedures"].update(procedures.as_plain())
    return working


def _section(system: str, players: Sequence[dict], rounds, seed, procedures: OtherProcedures) -> dict:
    """One Swiss of the event (all of it, or one rating band): the next round and its working."""
    records = player_records(players, rounds)
    round_no = len(rounds) + 1
    rng = round_lot(seed, round_no)
    # 1.15.2: players who withdrew (or are known to miss the round) are not paired.
    active = [p["id"] for p in players if not p.get("withdrawn")]
    upper = set(other_procedures.upper_group(players)) if procedures.accelerates(round_no) else set()
    accelerated = {"points": procedures.accelerated_points, "upper": [pid for pid in active if pid in upper]}
    if round_no == 1:
        if not upper:
            return _first_round(system, active, records, rng)
        # 1.15.9: the first accelerated round pairs the upper group by itself, then the rest;
        # an odd upper group (a withdrawal) sends its last down.
        top = [pid for pid in active if pid in upper]
        rest = [pid for pid in active if pid not in upper]
        if len(top) % 2:
            top, rest = top[:-1], top[-1:] + rest
        accelerated["upper"] = top
        working = _merged(
            system, 1, [_first_round(system, top, records, rng), _first_round(system, rest, records, rng)]
        )
        working["procedures"]["accelerated"] = accelerated
        return working

    bonus = {pid: procedures.accelerated_points for pid in upper}
    classification = classify(system, active, records, round_no, rng, bonus=bonus)
    order = list(classification.order)
    ok = _may_meet(records)
    if len(order) % 2:
        bye, witness = _bye(order, records, ok, round_no)
        order.remove(bye)
    else:
        bye, witness = None, maximum_matching(order, ok)
        if not is_perfect(order, witness):
            raise _no_pairing(round_no)
    groups = classification.score_groups(order)
    walk = pair_score_groups(groups, ok, PROCEDURES[system], witness)
    rank = {pid: i for i, pid in enumerate(order)}
    boards = [list(board_colours(a, b, records, rank)) for a, b in walk.pairs]
    working = _working(system, round_no, classification, groups, bye, walk, boards)
    if upper:
        working["procedures"]["accelerated"] = accelerated
    return working


def _merged(system: str, round_no: int, parts: list[dict]) -> dict:
    """Sections paired apart (groups of 1.15.9) as one round: their boards, then every bye."""
    parts = [part for part in parts if part["classification"]]
    offset, merged = 0, {"classification": [], "groups": [], "floats": [], "deviations": []}
    boards, byes = [], []
    for part in parts:
        for key in ("classification", "groups", "deviations"):
            merged[key] += part[key]
        merged["floats"] += [
            {**f, "from_group": f["from_group"] + offset, "to_group": f["to_group"] + offset} for f in part["floats"]
        ]
        offset += len(part["groups"])
        boards += [board for board in part["boards"] if board[1] is not None]
        byes += part["byes"]
    return {
        "system": system,
        "round": round_no,
        "keys": parts[0]["keys"] if parts else [],
        **merged,
        "bye": byes[0] if byes else None,
        "byes": byes,
        "by_the_text": all(part["by_the_text"] for part in parts),
        "boards": boards + [[bye, None] for bye in byes],
        "procedures": {},
    }


def _working(
    system: str, round_no: int, classification: Classification, groups, bye, walk: Walk, boards: list[list]
) -> dict:
    group_of = {pid: i for i, group in enumerate(groups) for pid in group}
    floats = []
    for a, b in walk.pairs:
        upper, lower = (a, b) if group_of[a] < group_of[b] else (b, a)
        if group_of[upper] != group_of[lower]:
            floats.append(
                {"player": upper, "from_group": group_of[upper] + 1, "to_group": group_of[lower] + 1, "opponent": lower}
            )
    return {
        "system": system,
        "round": round_no,
        "keys": [{"key": name, "descending": descending} for name, descending in classification.keys],
        "classification": [{"player": pid, **classification.values[pid]} for pid in classification.order],
        "groups": [{"points": classification.values[group[0]]["points"], "players": list(group)} for group in groups],
        "bye": bye,
        "floats": floats,
        "by_the_text": walk.by_the_text,
        "deviations": walk.deviations,
        "boards": boards + ([[bye, None]] if bye is not None else []),
        "byes": [bye] if bye is not None else [],
        "procedures": {},
    }


def _first_round(system: str, active: list[int], records: dict[int, Record], rng: random.Random) -> dict:
    # 1.15.2: with an odd number the last of the classification gets the "+".
    bye = active[-1] if len(active) % 2 else None
    paired = active[:-1] if bye is not None else list(active)
    half = len(paired) // 2
    if system == "blind":
        # 1.15.4: No. 1 meets No. 2, No. 3 meets No. 4, …; the odd numbers play white.
        boards = [[paired[i], paired[i + 1]] for i in range(0, len(paired), 2)]
    else:
        # 1.15.5.2: the i-th of the upper half meets the i-th of the lower half;
        # 1.15.7.2: the first meets the last, the second the one before the last, ….
        lower = paired[half:] if system != "buchholz" else paired[half:][::-1]
        # The colour of the first board is drawn by lot; the upper half's odd numbers
        # play that colour, its even numbers the other (1.15.5.2, 1.15.7.2).
        first_white = rng.random() < 0.5
        boards = []
        for i, (top, bottom) in enumerate(zip(paired[:half], lower)):
            top_white = first_white if i % 2 == 0 else not first_white
            boards.append([top, bottom] if top_white else [bottom, top])
    # The classification of the first round is the initial one (1.15.4, 1.15.5.1): one group, by number.
    number = {pid: records[pid].number for pid in active}
    classification = Classification(
        order=list(active),
        keys=(("number", False),),
        values={pid: {"points": 0.0, "number": number[pid]} for pid in active},
    )
    walk = Walk(pairs=[(a, b) for a, b in boards])
    return _working(system, 1, classification, [paired] if paired else [], bye, walk, boards)


def _may_meet(records: dict[int, Record]) -> Callable[[int, int], bool]:
    """1.15.2 as a relation: not met before, and not both due a fourth game of the same colour."""
    met = {pid: set(rec.opponents) for pid, rec in records.items()}
    forced = {}
    for pid, rec in records.items():
        colour, run = rec.run()
        forced[pid] = colour if run >= 3 else None

    def ok(a: int, b: int) -> bool:
        return b not in met[a] and (forced[a] is None or forced[a] != forced[b])

    return ok


def _no_pairing(round_no: int) -> PairingError:
    return PairingError(
        N_(
            "1.15.2: no pairing of round %(round_no)s keeps the rules — two players may not meet twice and nobody may get the same colour four times running"
        ),
        round_no=round_no,
    )


def _bye(order: list[int], records: dict[int, Record], ok, round_no: int) -> tuple[int, Mate]:
    """1.15.2: the "+" goes to the lowest-classified player who has had no win without play yet,
    provided the others can then all be paired (otherwise to the next one up); and a pairing of them.
    """
    eligible = [pid for pid in reversed(order) if not records[pid].free_win]
    if not eligible:
        raise PairingError(
            N_(
                "1.15.2: in round %(round_no)s every player has already had a win without play, so nobody can get the bye"
            ),
            round_no=round_no,
        )
    mate = maximum_matching(order, ok)
    for pid in eligible:
        rest, rest_mate = without(order, mate, {pid}, ok)
        if is_perfect(rest, rest_mate):
            return pid, rest_mate
    raise _no_pairing(round_no)
