"""Template filters of the play pages."""

from django import template

register = template.Library()


@register.filter
def time_control(text: str) -> str:
    """A time control as players write it, in words on hover: "180+2" → 3+2 (3 min each, plus 2 s a move)."""
    from games.time_words import abbr

    return abbr(text)


@register.filter
def opening_rule(rule: str) -> str:
    """A renju opening rule's name in the reader's language."""
    from games.disciplines import opening_rule_title

    return opening_rule_title(rule)
