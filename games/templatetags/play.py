"""Template filters of the play pages: the words of the presentation module (games/presentation.py), the disciplines and the time controls; no view."""

from django import template

from games import disciplines, presentation, results, time_words

register = template.Library()


@register.filter
def time_control(tc) -> str:
    """A time control (``clock.TimeControl``) as players write it, in words on hover: 3+2 (3 min each, plus 2 s a move)."""
    return time_words.abbr(tc)


@register.filter
def result_shown(result: str) -> str:
    """A game's result as every page writes it (``games.results.shown``): ½ – ½, 1 – 0."""
    return results.shown(result) if result else ""


@register.filter
def opening_rule(rule: str) -> str:
    """A renju opening rule's name in the reader's language."""
    return disciplines.opening_rule_title(rule)


@register.filter
def challenge_colours(challenge) -> str:
    """Who plays which colour in a challenge: "Anna plays white", or "colours by lot"."""
    return presentation.challenge_colours(challenge)
