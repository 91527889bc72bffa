"""The words of each notification, in the reader's language at the time of reading."""

from django.utils.translation import gettext as _

from games import results
from games.disciplines import discipline_title


def notification_text(n) -> str:
    p = dict(n.params or {})
    if "discipline" in p:
        p["discipline"] = discipline_title(p["discipline"])
    if n.kind == "challenge" and "accepted_by" in p:
        return _("%(member)s accepted your challenge: your %(discipline)s game has begun") % {
            "member": p["accepted_by"],
            "discipline": p.get("discipline", "?"),
        }
    if n.kind == "challenge":
        return _("%(challenger)s challenges you to a game of %(discipline)s") % {
            "challenger": p.get("challenger", "?"),
            "discipline": p.get("discipline", "?"),
        }
    if n.kind == "move":
        return _("%(opponent)s played %(move)s in your %(discipline)s game: your move") % {
            "opponent": p.get("opponent", "?"),
            "move": p.get("move", ""),
            "discipline": p.get("discipline", "?"),
        }
    if n.kind == "reminder":
        return _("Your time for a move runs out at %(deadline)s (%(discipline)s, opponent: %(opponent)s)") % {
            "opponent": p.get("opponent", "?"),
            "discipline": p.get("discipline", "?"),
            "deadline": p.get("deadline", "?"),
        }
    if n.kind == "result":
        return _("Your game is over: %(result)s (%(discipline)s, opponent: %(opponent)s)") % {
            "opponent": p.get("opponent", "?"),
            "discipline": p.get("discipline", "?"),
            "result": result_for_reader(p.get("result", "?"), p.get("colour")),
        }
    if n.kind == "event" and "games" in p:
        return _("%(event)s has begun: your %(games)s games have all started") % {
            "event": p.get("event", "?"),
            "games": p["games"],
        }
    return n.kind


def result_for_reader(result: str, colour: str | None) -> str:
    """``result`` and what it was for the reader who played ``colour`` (games/results.py:
    a forfeit win is a win, -/- a loss for both), as the game lists show it: "+/- · won".
    Notices stored before the colour was recorded show the result alone."""
    outcome = results.outcome(result, colour) if colour else None
    if outcome is None:
        return result
    return f"{result} · " + {"win": _("won"), "loss": _("lost"), "draw": _("drawn")}[outcome]


def email_subject(n) -> str:
    return {
        "challenge": _("Challenge accepted") if "accepted_by" in (n.params or {}) else _("New challenge"),
        "move": _("Your move"),
        "reminder": _("Your time for a move is running out"),
        "result": _("Game over"),
        "event": _("Championship news"),
    }.get(n.kind, _("Notification"))
