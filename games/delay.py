"""How late a game's spectators see it: the broadcast delay of an event's game.

An event may show its games' moves to spectators only some minutes after they
are made (against help from outside during play); its players and officials
see them at once. Games does not know events, so it asks the app that does:
the competition layer registers its look-up in its ``AppConfig.ready``
(``provide_spectator_delay``). A club game, or no look-up, has none.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from games.models import Game

# (game, viewer: a member, anonymous or None) → how late that viewer sees it.
DelayLookup = Callable[[Game, object], timedelta]
_lookups: list[DelayLookup] = []

NONE = timedelta(0)
# The longest delay an event may set (its organiser's choice is refused beyond it): a game
# ended this long ago may still be going for its spectators (selectors.live_games).
LONGEST = timedelta(minutes=30)


def provide_spectator_delay(lookup: DelayLookup) -> DelayLookup:
    _lookups[:] = [lookup]
    return lookup


def spectator_delay(game: Game, viewer) -> timedelta:
    """How late ``viewer`` (not one of the game's players) sees ``game``: its event's delay, or none."""
    if not game.competition or not _lookups:
        return NONE
    return _lookups[0](game, viewer)
