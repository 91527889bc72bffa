"""``{% member_home %}``: what a logged-in member comes back for on the home page —
games waiting for his move, challenges he can accept, championships being played, and for
an official what waits for his decision (his arbiter's inbox)."""

from django import template
from django.db.models import Q

from club.arbiters import inbox
from club.championships import selectors as championship_selectors
from games import disciplines
from games import selectors as game_selectors
from games.models import Challenge

register = template.Library()

SHOWN = 10


@register.inclusion_tag("_member_home.html", takes_context=True)
def member_home(context):
    me = context["user"]
    waiting = list(game_selectors.waiting_for(me)[:SHOWN])
    adjudicated = game_selectors.awaiting_adjudication(waiting)  # they wait for nobody's move
    waiting = [game for game in waiting if game.pk not in adjudicated]
    for game in waiting:
        game.discipline_title = disciplines.discipline_title(game.discipline)
        game.my_colour = game.colour_of(me.id)
        game.opponent = game.black if game.my_colour == "white" else game.white
    challenges = list(
        Challenge.objects.filter(Q(opponent=me) | Q(opponent__isnull=True), status=Challenge.Status.OPEN)
        .exclude(challenger=me)
        .select_related("challenger")
        .order_by("-created_at")[:SHOWN]
    )
    for challenge in challenges:
        challenge.discipline_title = disciplines.discipline_title(challenge.discipline)
    waiting_for_decision = inbox.inbox_of(me) if inbox.is_official(me) else None
    return {
        "user": me,
        "csrf_token": context.get("csrf_token"),  # the challenges' Accept forms
        "inbox": waiting_for_decision[:SHOWN] if waiting_for_decision is not None else None,
        "inbox_count": len(waiting_for_decision or ()),
        "waiting": waiting,
        "challenges": challenges,
        "championships": championship_selectors.championship_list()["running"][:SHOWN],
    }
