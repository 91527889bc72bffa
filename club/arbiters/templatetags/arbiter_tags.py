"""``{% arbiter_link game %}``: the link to the game's arbiter page, for its
arbiters only. It lives here, not in games, because games is the lower layer:
only the game page's template refers to it."""

from django import template
from django.urls import reverse
from django.utils.translation import gettext as _

from club.arbiters.selectors import may_arbitrate, may_see_log

register = template.Library()


@register.inclusion_tag("arbiters/_game_link.html", takes_context=True)
def arbiter_link(context, game):
    user = context.get("user") or getattr(context.get("request"), "user", None)
    if user is None or not may_arbitrate(user, game):
        return {"url": None}
    return {"url": reverse("arbiters:game", args=[game.pk]), "label": _("Arbiter")}


@register.inclusion_tag("arbiters/_log_link.html", takes_context=True)
def arbiters_log_link(context, championship):
    """The championship's arbiters' log, for those who may read it (its arbiters, organiser, the club's admins)."""
    user = context.get("user") or getattr(context.get("request"), "user", None)
    if user is None or not may_see_log(user, championship):
        return {"url": None}
    return {"url": reverse("arbiters:championship-log", args=[championship.pk])}
