"""How late a game's spectators see it: the broadcast delay of an event's game.

An event may show its games' moves to spectators only some minutes after they
are made (against help from outside during play); its players and officials
see them at once. Games does not know events, so it asks the app that does:
the competition layer registers its look-up in its ``AppConfig.ready``
(``provide_spectator_delays``): one look-up for any number of games (a list
of them, the lobby's live games, asks once). A club game, or no look-up, has none.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from games.models import Game

# (games, viewer: a member, anonymous or None) → how late that viewer sees each, by game id
# (a game left out has no delay).
DelaysLookup = Callable[[list[Game], object], dict[int, timedelta]]
_lookups: list[DelaysLookup] = []

NONE = timedelta(0)
# The longest delay an event may set (its organiser's choice is refused beyond it): a game
# ended this long ago may still be going for its spectators (selectors.live_games).
LONGEST = timedelta(minutes=30)


def provide_spectator_delays(lookup: DelaysLookup) -> DelaysLookup:
    _lookups[:] = [lookup]
    return lookup


def spectator_delays(games: list[Game], viewer) -> dict[int, timedelta]:
    """How late ``viewer`` (not one of their players) sees each of ``games``, by id: its
    event's delay, or none; one look-up for the events' games among them."""
    events = [game for game in games if game.competition]
    found = _lookups[0](events, viewer) if events and _lookups else {}
    return {game.pk: found.get(game.pk, NONE) for game in games}


def spectator_delay(game: Game, viewer) -> timedelta:
    """How late ``viewer`` (not one of the game's players) sees ``game``: its event's delay, or none."""
    return spectator_delays([game], viewer)[game.pk]
