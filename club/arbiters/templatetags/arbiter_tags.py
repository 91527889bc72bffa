"""The arbiters' part of pages owned by other apps. It lives here, not in
games or championships, because those are lower layers: only their templates
refer to these tags."""

from django import template
from django.urls import reverse

from club.arbiters.selectors import (
    five_moves_claim_open,
    may_arbitrate,
    may_see_log,
    open_adjournment,
    sanctions_visible,
    seal_choices,
)

register = template.Library()


def _user(context):
    return context.get("user") or getattr(context.get("request"), "user", None)


@register.inclusion_tag("arbiters/_game_box.html", takes_context=True)
def arbiter_link(context, game):
    """On the game page: the link to the game's arbiter page, for its arbiters;
    and an adjournment (5.3.3.2–5.3.3.3): the player to move's form to seal his
    move, and for everyone the resumption time — the sealed move itself only
    for the player who sealed it and the arbiters; for a player of a draughts
    game, his draw claim by the five-move rule (2.1.9.1.6)."""
    user = _user(context)
    arbiter = user is not None and may_arbitrate(user, game)
    adjournment = open_adjournment(game)
    sealer = adjournment is not None and getattr(user, "pk", None) == adjournment.sealed_by_id
    may_seal = (
        adjournment is not None
        and adjournment.status == adjournment.Status.ORDERED
        and game.colour_of(getattr(user, "pk", None)) == game.to_move
    )
    return {
        "game": game,
        "arbiter_url": reverse("arbiters:game", args=[game.pk]) if arbiter else None,
        "adjournment": adjournment,
        "sealed_move": adjournment.sealed_move if adjournment and (arbiter or sealer) else "",
        "may_seal": may_seal,
        "seal_choices": seal_choices(game) if may_seal else [],
        "may_claim_five_moves": user is not None and five_moves_claim_open(game, user),
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag("arbiters/_log_link.html", takes_context=True)
def arbiters_log_link(context, championship):
    """The championship's arbiters' log, for those who may read it (its arbiters, organiser, the club's
    administrators), and its desk: theirs, and a player's own part of it."""
    user = _user(context)
    official = user is not None and may_see_log(user, championship)
    playing = getattr(user, "is_authenticated", False) and championship.entries.filter(member=user).exists()
    return {
        "url": reverse("arbiters:championship-log", args=[championship.pk]) if official else None,
        "desk_url": reverse("championship-desk", args=[championship.pk]) if official or playing else None,
    }


@register.inclusion_tag("club/_profile_sanctions.html", takes_context=True)
def member_sanctions(context, member):
    """On a member's profile: the sanctions against him that the viewer may read (``sanctions_visible``)."""
    return {"sanctions": list(sanctions_visible(_user(context), member=member))}
