"""How late a viewer sees an event's game (the organiser's broadcast delay, services.broadcast)."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import Q

from club.teams.models import BoardGame
from games.models import Game

from ..authority import is_official, is_organiser
from ..models import Board, Championship
from .events import game_places

LIVE = timedelta(0)


def spectator_delays(games: list[Game], viewer) -> dict[int, timedelta]:
    """The delay of each of ``games``' event for ``viewer``, who plays none of them, by game
    id: none for a club game, and for the event's organiser and officials, who see it at
    once. One query for the games' events (``game_places``), one look-up of the viewer's
    appointments an event."""
    delays, by_event = {}, {}
    for game_id, place in game_places([game.pk for game in games]).items():
        championship = place.championship
        if championship.pk not in by_event:
            by_event[championship.pk] = event_delay(championship, viewer)
        delays[game_id] = by_event[championship.pk]
    return delays


def event_delay(championship: Championship, viewer) -> timedelta:
    """How late ``viewer`` sees the games of ``championship`` he does not play: its
    broadcast delay, none for its organiser and officials."""
    if not championship.broadcast_delay:
        return LIVE
    if getattr(viewer, "is_authenticated", False) and (
        is_official(championship, viewer) or is_organiser(championship, viewer)
    ):
        return LIVE
    return timedelta(minutes=championship.broadcast_delay)


def viewer_id(viewer) -> int | None:
    return viewer.pk if getattr(viewer, "is_authenticated", False) else None


def boards_withheld(championship: Championship, viewer, now: datetime) -> set[int]:
    """The boards whose results ``viewer`` may not know yet: a game of theirs (a
    micro-match's, any of them) ended less than his delay ago, and he plays on none of
    them — the standings leave their results out, as the boards show them still going.
    A team event's are its matches' boards (``BoardGame``), an event of players' its ``Board``."""
    late = event_delay(championship, viewer)
    if not late:
        return set()
    as_of = now - late
    if championship.for_teams:
        boards = BoardGame.objects.filter(match__round__championship=championship, game__ended_at__gt=as_of)
    else:
        boards = Board.objects.filter(round__championship=championship).filter(
            Q(game__ended_at__gt=as_of) | Q(match_games__game__ended_at__gt=as_of)
        )
    me = viewer_id(viewer)
    if me is not None:
        boards = boards.exclude(Q(white_id=me) | Q(black_id=me))
    return set(boards.values_list("pk", flat=True))
