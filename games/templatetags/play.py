"""Template filters of the play pages: the words of the presentation module (games/presentation.py), the disciplines and the time controls; no view."""

from django import template

from games import disciplines, presentation, time_words

register = template.Library()


@register.filter
def time_control(tc) -> str:
    """A time control (``clock.TimeControl``) as players write it, in words on hover: 3+2 (3 min each, plus 2 s a move)."""
    return time_words.abbr(tc)


@register.filter
def opening_rule(rule: str) -> str:
    """A renju opening rule's name in the reader's language."""
    return disciplines.opening_rule_title(rule)


@register.filter
def challenge_colours(challenge) -> str:
    """Who plays which colour in a challenge: "Anna plays white", or "colours by lot"."""
    return presentation.challenge_colours(challenge)
