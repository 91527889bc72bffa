"""``{% next_championship_game %}``: the member's next championship game (for "My games")."""

from django import template

from club.championships import selectors
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
