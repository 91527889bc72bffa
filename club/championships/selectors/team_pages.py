"""A team event's public pages as a viewer may see them: the broadcast delay
(``broadcast.boards_withheld``, the rule of every event's public surfaces) holds
back a match board's result, and the match it decides, from the event's spectators."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone

from ..models import Championship, Round
from . import teams
from .broadcast import boards_withheld


def withheld_from(championship: Championship, viewer, now: datetime | None = None) -> teams.Withheld:
    """The match boards whose results ``viewer`` may not know yet, and their matches."""
    boards = boards_withheld(championship, viewer, now or timezone.now())
    return teams.withheld_of(boards) if boards else teams.Withheld()


def rounds_seen(championship: Championship, number: int | None = None, viewer=None) -> list[Round]:
    return teams.rounds_with_matches(championship, number, withheld_from(championship, viewer), viewer=viewer)


def standings_seen(championship: Championship, viewer=None) -> list[dict]:
    return teams.standings_rows(championship, withheld_from(championship, viewer))


def standings_after_seen(championship: Championship, number: int, viewer=None) -> list[dict]:
    return teams.standings_after(championship, number, withheld_from(championship, viewer))


def crosstable_seen(championship: Championship, viewer=None) -> dict:
    return teams.crosstable(championship, withheld_from(championship, viewer))


def team_card_seen(championship: Championship, team_id: int, viewer=None) -> dict | None:
    return teams.team_card(championship, team_id, withheld_from(championship, viewer))


def team_card_plain_seen(championship: Championship, team_id: int, viewer=None) -> dict | None:
    return teams.team_card_plain(championship, team_id, withheld_from(championship, viewer))
