"""``{% next_championship_game %}``: the member's next championship game (for "My games")."""

from django import template
from django.urls import reverse

from club.championships import calendar, decisions, selectors
from club.championships.selectors import results
from games import disciplines, time_words
from games import results as vocabulary
from games.clock import TimeControl
from games.models import Game

register = template.Library()


@register.inclusion_tag("championships/_next_game.html", takes_context=True)
def next_championship_game(context):
    member = context.get("user")
    board = selectors.next_game_of(member)
    if board is None:
        return {"board": None}
    # A micro-match (1.11): the game going on now, with its colours (they alternate).
    current = (
        board.match_games.filter(game__status=Game.Status.ONGOING).select_related("game").order_by("number").first()
    )
    game = current.game if current else board.game
    return {
        "board": board,
        "game": game,
        "championship": board.round.championship,
        "opponent": board.black if board.white_id == member.pk else board.white,
        "colour": "white" if game.white_id == member.pk else "black",
    }


@register.filter
def decision_action(action: str) -> str:
    """A logged action in words (``club.championships.decisions.ACTION_WORDS``)."""
    return decisions.action_words(action)


@register.filter
def decision_actor(by) -> str:
    """Who did it; nobody recorded: the club, automatically."""
    return decisions.actor_words(by)


@register.filter
def discipline_words(name: str) -> str:
    return disciplines.discipline_title(name)


@register.filter
def time_control_words(tc: TimeControl | None) -> str:
    return time_words.words(tc)


@register.filter
def board_result(result: str) -> str:
    """A board's result as the crosstable marks read it: 1 – 0, ½ – ½, + – − (1.12.2); a bye: +; a round known to be missed: − (1.15.2)."""
    if result == vocabulary.BYE:
        return "+"
    if result == vocabulary.ABSENT:
        return "−"
    if not vocabulary.is_result(result):
        return ""
    return vocabulary.shown(result)


@register.filter
def board_result_for(result: str, colour: str) -> str:
    """One player's mark of a board's result, as a wall chart's cell reads it: 1, ½, 0, + or −."""
    if result == vocabulary.BYE:
        return "+"
    if result == vocabulary.ABSENT:
        return "−"
    return vocabulary.mark(result, colour) if vocabulary.is_result(result) else ""


@register.simple_tag(takes_context=True)
def member_calendar_url(context) -> str:
    """The private address of the member's iCalendar feed (club.championships.calendar)."""
    request, member = context.get("request"), context.get("user")
    if request is None or not getattr(member, "is_authenticated", False):
        return ""
    path = reverse("championships:member-calendar", args=[calendar.member_feed_token(member)])
    return request.build_absolute_uri(path)


@register.filter
def criterion_words(name: str) -> str:
    """A tie criterion (1.13.3, 1.14.6) in words."""
    return str(results.CRITERION_LABELS.get(name, name))


@register.simple_tag
def game_places(*game_lists) -> dict:
    """``{% game_places ongoing finished as places %}``: the event, round and board of each
    event game of the lists (``selectors.game_places``), read once for the whole page."""
    return selectors.game_places(game.pk for games in game_lists for game in games)


@register.filter
def place_of(places: dict, game_id: int):
    """``places|place_of:game.id``: that game's place in its event, or None for a club game."""
    return places.get(game_id)


@register.inclusion_tag("championships/_game_place.html")
def game_place(game):
    """The game page's fact of the event and round the game is played in (none for a club game)."""
    return {"place": selectors.game_places([game.pk]).get(game.pk), "with_title": True}


@register.inclusion_tag("championships/_events_played.html")
def events_played(member):
    """A profile's list of the events the member played in, with his place and points."""
    return {"events": selectors.events_played(member)}
