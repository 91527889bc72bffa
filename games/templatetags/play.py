"""Template filters of the play pages."""
from django import template

register = template.Library()


@register.filter
def time_control(text: str) -> str:
    """A time control in words: "d3" → "3 days per move", "1800+30" → "30′ + 30″ per move"."""
    from games.views import time_control_text

    return time_control_text(text)


@register.filter
def opening_rule(rule: str) -> str:
    """A renju opening rule's name in the reader's language."""
    from games.disciplines import opening_rule_title

    return opening_rule_title(rule)
