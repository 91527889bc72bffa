"""Template filters of micro-matches: the ballot as players read it (003 2.2.2)."""

from django import template

from ..selectors.bracket import describe_ballot

register = template.Library()


@register.filter
def ballot_text(key: str) -> str:
    """``idf:2-III`` → ``idf 2-III: 1. ab4 bc5 2. ba5 cb4`` (the key itself if unknown)."""
    return describe_ballot(key)
