"""``{% arbiter_link game %}``: the link to the game's arbiter page, for its
arbiters only. It lives here, not in games, because games is the lower layer:
only the game page's template refers to it."""

from django import template
from django.urls import reverse
from django.utils.translation import gettext as _

from club.arbiters.selectors import may_arbitrate

register = template.Library()


@register.inclusion_tag("arbiters/_game_link.html", takes_context=True)
def arbiter_link(context, game):
    user = context.get("user") or getattr(context.get("request"), "user", None)
    if user is None or not may_arbitrate(user, game):
        return {"url": None}
    return {"url": reverse("arbiters:game", args=[game.pk]), "label": _("Arbiter")}
