"""A refusal the pure decision gives (``games.decide.Refusal``), worded for the
reader: in his language, a time in his zone. The decision names the facts it
cites (``params``); the words are here, because the pure module has no Django to
translate them. An illegal move's reason is the rules module's own."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club.platform import zones
from games.decide import Refusal
from games.pure_words import worded

from .errors import RuleRefusal

COLOUR_NAMES = {"white": gettext_lazy("white"), "black": gettext_lazy("black")}

REFUSAL_TEXTS = {
    "not-your-turn": gettext_lazy("It is %(colour)s's turn to act."),
    "awaiting-adjudication": gettext_lazy(
        "Play in this event has closed: the chief arbiter adjudicates this game. "
        "You may still resign or agree a draw until he rules."
    ),
    "clocks-stopped": gettext_lazy("The arbiter has stopped the clocks; play resumes when the arbiter restarts them."),
    "play-closed": gettext_lazy(
        "Play in this event has closed: the chief arbiter adjudicates this game. "
        "You may still resign, or accept a draw offered before the close, until he rules."
    ),
    "not-started": gettext_lazy("The game starts at %(start)s; no move before then (003 1.6.3)."),
    "opponent-absent": gettext_lazy(
        "Your opponent (%(awaited)s) has not come yet: his clock runs, and you make no move "
        "until he checks in (003 1.6.3)."
    ),
    "illegal-move": gettext_lazy("%(reason)s"),
    "flag-fell": gettext_lazy("Your time ran out before the move arrived; the game ended on time (003 1.7.9)."),
    "game-aborted": gettext_lazy("The first move did not come within %(seconds)s seconds; the game was aborted."),
    "forfeit": gettext_lazy(
        "The allowed lateness passed before you came to the game: it ended by forfeit (%(clause)s)."
    ),
    "draw-already-offered": gettext_lazy("A draw offer is already on the table."),
    "draw-offer-not-now": gettext_lazy("A player may offer a draw only right after making his move (003 2.1.9.3)."),
    "draw-offer-used": gettext_lazy(
        "Your offer was declined: you may offer again only after your opponent has used "
        "his right to offer (003 2.1.9.4)."
    ),
}


def refused(refusal: Refusal) -> RuleRefusal:
    """The refusal to raise, in the reader's words."""
    params = dict(refusal.params)
    if "start" in params:
        params["start"] = zones.shown(params["start"])
    if isinstance(params.get("reason"), Exception):
        params["reason"] = worded(params["reason"])
    if "colour" in params:
        params["colour"] = _(COLOUR_NAMES[params["colour"]])
    return RuleRefusal(refusal.code, REFUSAL_TEXTS[refusal.code] % params)
