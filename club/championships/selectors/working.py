"""A Swiss round's working in words: the classification its boards were
paired from — score groups, the order inside them, who floated, whether the text's
own steps decided the round — read from what ``pairing.swiss_working`` gave when the
round was paired (``Round.working``), never recomputed from results corrected since;
and the chief arbiter's changes to those boards before publishing (1.15)."""

from __future__ import annotations

from typing import NamedTuple

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from foundation.figures import figure


class Named(NamedTuple):
    """An entrant as the working names him: a team, or anything with ``name`` and ``number``."""

    name: str
    number: int | None


# What orders the players inside a score group, per key of ``swiss_working``.
KEY_WORDS = {
    "points": gettext_lazy("points"),
    "number": gettext_lazy("start number"),
    "buchholz": gettext_lazy("Buchholz (1.15.7.6)"),
    "truncated_solkoff": gettext_lazy("truncated Solkoff (1.15.6.2)"),
    "lot": gettext_lazy("this round's lot (1.15.4)"),
}
# The columns' headers, short (the full words are their titles).
KEY_SHORT = {
    "buchholz": gettext_lazy("Buchholz"),
    "truncated_solkoff": gettext_lazy("Trunc. Solkoff"),
    "lot": gettext_lazy("Lot"),
}
# The text's steps that pair a round, per system: round 1, then the later rounds.
FIRST_ROUND_CLAUSES = {"blind": "1.15.4", "coefficients": "1.15.5.2", "solkoff": "1.15.5.2", "buchholz": "1.15.7.2"}
ROUND_CLAUSES = {
    "blind": "1.15.4, 1.15.8",
    "coefficients": "1.15.5.4–1.15.5.5, 1.15.8",
    "solkoff": "1.15.5.4–1.15.5.5, 1.15.6.2, 1.15.8",
    "buchholz": "1.15.7.4–1.15.7.5, 1.15.8",
}


def working_shown(working: dict | None, people: dict, overrides: list[tuple[int, str]] = ()) -> dict | None:
    """``working`` (``Round.working``) for the pages; ``people``: by id, each with ``name``
    and ``number`` (the start number); ``overrides``: ``(board, reason)`` of the boards the
    chief arbiter changed. None for a round without a working (not a Swiss round).

    Returns ``{"round", "by_the_text", "steps", "order", "columns", "groups": [{"number",
    "points", "rows": [{"name", "number", "values"}]}], "bye", "floats", "deviations",
    "overrides", "paired"}``, every value in words or figures.
    """
    if not working:
        return None

    def name(pid) -> str:
        player = people.get(pid)
        return player.name if player else str(pid)

    values = {row["player"]: row for row in working["classification"]}

    def number(pid):
        # The classification number of the first round (1.15.5.1) where it orders the group.
        if "number" in values[pid]:
            return values[pid]["number"]
        player = people.get(pid)
        return player.number if player else ""

    # Points head each group and the number has its own column (№).
    keys = [k for k in working["keys"] if k["key"] not in ("points", "number")]
    clauses = (FIRST_ROUND_CLAUSES if working["round"] == 1 else ROUND_CLAUSES).get(working["system"], "1.15")
    return {
        "round": working["round"],
        "by_the_text": working["by_the_text"],
        "steps": clauses,
        "order": _order_words(working["keys"]),
        "columns": [
            {"short": str(KEY_SHORT.get(k["key"], k["key"])), "label": str(KEY_WORDS.get(k["key"], k["key"]))}
            for k in keys
        ],
        "groups": [
            {
                "number": i,
                "points": figure(group["points"]),
                "rows": [
                    {
                        "name": name(pid),
                        "number": number(pid),
                        "values": [figure(values[pid][k["key"]]) for k in keys],
                    }
                    for pid in group["players"]
                ],
            }
            for i, group in enumerate(working["groups"], start=1)
        ],
        "bye": ", ".join(name(pid) for pid in working.get("byes", [working["bye"]]) if pid is not None),
        "procedures": _procedures_words(working.get("procedures") or {}, name),
        "floats": [
            _("%(player)s floats from group %(from)s to group %(to)s and meets %(opponent)s")
            % {
                "player": name(f["player"]),
                "from": f["from_group"],
                "to": f["to_group"],
                "opponent": name(f["opponent"]),
            }
            for f in working["floats"]
        ],
        "deviations": [_deviation_words(step, name(step["player"])) for step in working["deviations"]],
        "overrides": [{"board": board, "reason": reason} for board, reason in overrides],
        # What the pairing gave, to set beside the boards the arbiter changed.
        "paired": [
            {"white": name(white), "black": name(black) if black is not None else ""}
            for white, black in working["boards"]
        ]
        if overrides
        else [],
    }


def _procedures_words(procedures: dict, name) -> list[str]:
    """The regulations' other procedures (1.15.9) as they shaped this round."""
    words = []
    accelerated = procedures.get("accelerated")
    if accelerated:
        words.append(
            _(
                "Accelerated pairing (1.15.9), one of the event's first %(n)s rounds: the upper group — "
                "%(players)s — counts %(points)s more points when the score groups are formed; the standings do not."
            )
            % {
                "n": procedures["accelerated_rounds"],
                "players": ", ".join(name(pid) for pid in accelerated["upper"]),
                "points": figure(accelerated["points"]),
            }
        )
    for band in procedures.get("bands", ()):
        floor = band["from"]
        label = _("rating %(r)s and above") % {"r": floor} if floor is not None else _("the rest")
        words.append(
            _("Paired within its rating band (1.15.9), %(band)s: %(players)s")
            % {"band": label, "players": ", ".join(name(pid) for pid in band["players"])}
        )
    return words


def _order_words(keys: list[dict]) -> str:
    return "; ".join(
        (_("%(key)s, highest first") if k["descending"] else _("%(key)s, lowest first"))
        % {"key": KEY_WORDS.get(k["key"], k["key"])}
        for k in keys
    )


def _deviation_words(step: dict, player: str) -> str:
    if step["step"] == "floats on":
        return _("%(player)s may meet nobody left in group %(group)s and floats on to the next group") % {
            "player": player,
            "group": step["group"],
        }
    return _("%(player)s floats out of group %(group)s, whose rest cannot be paired inside it") % {
        "player": player,
        "group": step["group"],
    }


def working_plain(working: dict | None, overrides: list[tuple[int, str]] = ()) -> dict | None:
    """The API's working of a round: as ``pairing.swiss_working`` gave it (players by id), with
    ``overridden``: the boards the chief arbiter changed since, each with his reason (1.15)."""
    if not working:
        return None
    return {**working, "overridden": [{"board": board, "reason": reason} for board, reason in overrides]}
