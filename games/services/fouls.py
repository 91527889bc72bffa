"""White's claim of a renju foul under the "foul-claim" policy (002 9.8).

The foul stone stands and play goes on. White may point out:

* a double three or double four only right away, before he plays on — once
  he has moved, he can no longer claim the win those stones gave him;
* an overline at any later point, as long as the game goes on (black has not
  made five — the game would be over).

A justified claim ends the game: white wins (``foul:<kind>``, 002 9.8). An
unjustified one changes nothing.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.models import Game, GameEvent, Move
from games.positions import game_start_position, rules_of
from games.rules import IllegalMove
from members.models import Member

from .errors import Forbidden, RuleRefusal
from .finish import Ending, flag_if_fallen, game_finish
from .guards import game_locked, ongoing_required, player_colour


def claimable_foul(game: Game, notations: list[str]) -> tuple[int, str, str] | None:
    """(ply, point, kind) of a foul white may still claim after ``notations``, or None."""
    v = rules_of(game)
    p = game_start_position(game)
    found = None
    for ply, text in enumerate(notations, start=1):
        if p.to_move == "black" and getattr(p, "phase", "play") == "play" and text not in ("pass",):
            try:
                kind = v.foul(p, text)
            except (IllegalMove, ValueError, KeyError):  # a protocol action, not a stone
                kind = None
            if kind == "overline" and found is None:
                found = (ply, text, kind)  # claimable for the rest of the game
            elif kind and ply == len(notations):
                found = found or (ply, text, kind)  # claimable only before white plays on
        p = v.play(p, text)
    return found


def game_foul_claim(*, game_id: int, member: Member, now: datetime | None = None) -> Game:
    """White points out black's foul (002 9.8); see the module docstring."""
    now = now or timezone.now()
    with transaction.atomic():
        game = game_locked(game_id)
        colour = player_colour(game, member)
        ongoing_required(game)
        if game.foul_policy != "foul-claim":
            raise RuleRefusal("no-foul-claims", _("In this game a foul is refused or loses at once (002 9.2)."))
        if colour != "white":
            raise Forbidden("not-white", _("Only white points out black's fouls (002 9.8)."))
        if flag_if_fallen(game, now):
            return game
        notations = list(
            Move.objects.filter(game=game, ply__lte=game.ply).order_by("ply").values_list("notation", flat=True)
        )
        foul = claimable_foul(game, notations)
        if foul is None:
            raise RuleRefusal("claim-refused", _("There is no foul white may still point out (002 9.8)."))
        ply, point, kind = foul
        GameEvent.objects.create(
            game=game, kind="foul-claimed", ply=game.ply, data={"foul_ply": ply, "point": point, "foul": kind}
        )
        game_finish(game=game, ending=Ending("white", f"foul:{kind}", "002 9.8"), now=now)
        return game
