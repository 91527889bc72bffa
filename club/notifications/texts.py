"""The words of each notification, in the reader's language at the time of reading."""

from datetime import datetime

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from foundation import zones
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
        text = _("Your game is over: %(result)s (%(discipline)s, opponent: %(opponent)s)") % {
            "opponent": p.get("opponent", "?"),
            "discipline": p.get("discipline", "?"),
            "result": result_for_reader(p.get("result", "?"), p.get("colour")),
        }
        return text + event_place(p.get("event", ""), p.get("round", ""))
    if n.kind == "decision":
        return decision_text(p)
    if n.kind == "arbiter":
        return arbiter_text(p)
    if n.kind == "event" and "games" in p:
        return _("%(event)s has begun: your %(games)s games have all started") % {
            "event": p.get("event", "?"),
            "games": p["games"],
        }
    return n.kind


def event_place(event: str, label: str) -> str:
    """ " — the event, round N" for an event's game ("" for a club game). ``label`` is the
    game's PDN round label, "round.board[.game]" (a play-off's: "play-off …", no round)."""
    if not event:
        return ""
    number = label.split(".", 1)[0]
    if number.isdigit():
        return _(" — %(event)s, round %(round)s") % {"event": event, "round": number}
    return _(" — %(event)s") % {"event": event}


def _when(iso: str | None) -> str:
    """A stored instant in the reader's zone, with the zone; "" for none."""
    return zones.shown(datetime.fromisoformat(iso)) if iso else ""


def decision_text(p: dict) -> str:
    """A decision that concerns the reader (``services.decision_notify``), in his language and zone."""
    what, event = p.get("what"), p.get("event", "?")
    if what == "pairing":
        colour = _("white") if p.get("colour") == "white" else _("black")
        text = _("%(event)s, round %(round)s is published: you play %(colour)s against %(opponent)s") % {
            "event": event,
            "round": p.get("round", "?"),
            "colour": colour,
            "opponent": p.get("opponent", "?"),
        }
        start = _when(p.get("starts_at"))
        return text + (_(", starting at %(time)s") % {"time": start} if start else "") + "."
    if what == "sanction":
        return _("%(event)s: the arbiter gave you a sanction, %(kind)s (%(clause)s): %(reason)s") % {
            "event": event,
            "kind": p.get("kind", "?"),
            "clause": p.get("clause", ""),
            "reason": p.get("reason", ""),
        }
    if what == "ruling":
        upheld = p.get("upheld")
        return (_("Your protest is upheld: %(ruling)s") if upheld else _("Your protest is rejected: %(ruling)s")) % {
            "ruling": p.get("ruling", "")
        }
    if what == "adjournment":
        return _("Your game is adjourned until %(time)s: the player to move seals his move.") % {
            "time": _when(p.get("resume_at"))
        }
    if what == "resumption":
        return _("Your adjourned game has resumed with the sealed move.")
    if what == "result":
        return _("The chief arbiter set the result of your game: %(result)s (%(reason)s)") % {
            "result": result_for_reader(p.get("result", "?"), p.get("colour")),
            "reason": p.get("reason", ""),
        }
    return _("A decision concerns you.")


def arbiter_text(p: dict) -> str:
    """What waits for the reader as an arbiter (``services.arbiter_notify``), in his language."""
    what, event = p.get("what"), p.get("event") or _("a club game")
    game = p.get("game", "?")
    if what == "claim":
        return _("%(event)s: %(player)s claims a draw in %(game)s (%(kind)s); it waits for your decision.") % {
            "event": event,
            "player": p.get("player", "?"),
            "game": game,
            "kind": _("the clocks are stopped") if p.get("kind") == "stop-clocks" else _("the five-move rule"),
        }
    if what == "protest":
        return _("%(event)s: %(player)s protests; the protest waits for your ruling.") % {
            "event": event,
            "player": p.get("player", "?"),
        }
    if what == "question":
        return _("%(event)s: %(player)s asks the arbiter about %(game)s.") % {
            "event": event,
            "player": p.get("player", "?"),
            "game": game,
        }
    if what == "adjudication":
        games = int(p.get("games") or 0)
        return ngettext(
            "%(event)s: play has closed; %(games)d unfinished game waits for your adjudication.",
            "%(event)s: play has closed; %(games)d unfinished games wait for your adjudication.",
            games,
        ) % {"event": event, "games": games}
    if what == "disputed":
        return _("%(event)s: the players of %(game)s report different results; an arbiter decides.") % {
            "event": event,
            "game": game,
        }
    if what == "appointment":
        roles = {"chief": _("chief arbiter"), "deputy": _("deputy chief arbiter"), "arbiter": _("arbiter")}
        return _("You are appointed %(role)s of %(event)s.") % {
            "role": roles.get(p.get("role"), p.get("role", "?")),
            "event": event,
        }
    return _("Something waits for your decision as an arbiter.")


def result_for_reader(result: str, colour: str | None) -> str:
    """``result`` and what it was for the reader who played ``colour`` (games/results.py:
    a forfeit win is a win, -/- a loss for both), as the game lists show it: "+ – − · won".
    Notices stored before the colour was recorded show the result alone."""
    outcome = results.outcome(result, colour) if colour else None
    if outcome is None:
        return results.shown(result)
    return f"{results.shown(result)} · " + {"win": _("won"), "loss": _("lost"), "draw": _("drawn")}[outcome]


def email_subject(n) -> str:
    return {
        "challenge": _("Challenge accepted") if "accepted_by" in (n.params or {}) else _("New challenge"),
        "move": _("Your move"),
        "reminder": _("Your time for a move is running out"),
        "result": _("Game over"),
        "event": _("Championship news"),
        "decision": _("A decision that concerns you"),
        "arbiter": _("For your decision as an arbiter"),
    }.get(n.kind, _("Notification"))
