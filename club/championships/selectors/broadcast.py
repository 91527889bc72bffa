"""How late a viewer sees an event's game (the organiser's broadcast delay, services.broadcast)."""

from __future__ import annotations

from datetime import timedelta

from games.models import Game

from ..authority import is_official, is_organiser
from .events import championship_of_game

LIVE = timedelta(0)


def spectator_delay(game: Game, viewer) -> timedelta:
    """The delay of ``game``'s event for ``viewer``, who is not one of its players:
    none for the event's organiser and officials, who see it at once."""
    championship = championship_of_game(game)
    if championship is None or not championship.broadcast_delay:
        return LIVE
    if getattr(viewer, "is_authenticated", False) and (
        is_official(championship, viewer) or is_organiser(championship, viewer)
    ):
        return LIVE
    return timedelta(minutes=championship.broadcast_delay)
