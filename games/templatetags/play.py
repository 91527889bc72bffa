"""Template filters of the play pages: the presentation module's words (games/presentation.py), no view."""

from django import template

from games import presentation

register = template.Library()


@register.filter
def time_control(tc) -> str:
    """A time control (``clock.TimeControl``) as players write it, in words on hover: 3+2 (3 min each, plus 2 s a move)."""
    return presentation.time_control_html(tc)


@register.filter
def opening_rule(rule: str) -> str:
    """A renju opening rule's name in the reader's language."""
    return presentation.opening_rule_title(rule)


@register.filter
def challenge_colours(challenge) -> str:
    """Who plays which colour in a challenge: "Anna plays white", or "colours by lot"."""
    return presentation.challenge_colours(challenge)
