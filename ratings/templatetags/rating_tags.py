from django import template
from django.utils.translation import gettext_lazy as _

from games.disciplines import discipline_title as title
from ratings.models import Rating
from ratings.selectors import game_rating_changes as changes_of

register = template.Library()

SPEED_LABELS = {
    "correspondence": _("correspondence"),
    "classical": _("classical"),
    "rapid": _("rapid"),
    "blitz": _("blitz"),
}


@register.filter
def signed(value) -> str:
    """A rating change with its sign and one decimal: +7.2, −14.4, 0.0."""
    if value is None or value == "":
        return ""
    value = float(value)
    if round(value, 1) == 0:
        return "0.0"
    return f"+{value:.1f}" if value > 0 else f"−{-value:.1f}"


@register.filter
def score(value) -> str:
    return {1.0: "1", 0.5: "½", 0.0: "0"}.get(float(value), f"{value:g}")


@register.filter
def speed_label(value: str) -> str:
    return SPEED_LABELS.get(value, value)


@register.filter
def discipline_title(value: str) -> str:
    """A discipline's name in the reader's language (games.disciplines holds the one list)."""
    return title(value)


@register.simple_tag
def club_ratings_of(members) -> dict:
    """{member id: [Rating, ...]} for a page of members, in one query (the members list)."""
    found = {}
    for rating in Rating.objects.filter(member__in=list(members)).order_by("discipline", "speed"):
        found.setdefault(rating.member_id, []).append(rating)
    return found


@register.filter
def ratings_for(found: dict, member) -> list:
    return found.get(member.pk, [])


@register.inclusion_tag("ratings/_game_changes.html")
def game_rating_changes(game) -> dict:
    """Both players' rating changes, for the game page (games stays unaware of ratings)."""
    return {"changes": changes_of(game)}
