"""Builders for rating tests: members and finished games as the game server records them."""

import itertools
from datetime import UTC, datetime, timedelta

import pytest
from django.contrib.auth import get_user_model

from games.models import Game

T0 = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
_serial = itertools.count(1)


def make_member(name: str):
    return get_user_model().objects.create(username=name, display_name=name.capitalize())


def make_game(white, black, result: str = "1-0", **options) -> Game:
    """A game as games.services.game_finish leaves it (docs/contracts.md), saved."""
    game = game_row(white, black, result, **options)
    game.save()
    return game


def game_row(
    white,
    black,
    result: str = "1-0",
    *,
    minute: int | None = None,
    discipline: str = "russian",
    speed: str = "blitz",
    rated: bool = True,
    status: str = "finished",
    termination: str = "resign",
    ended_at: datetime | None | str = "auto",
    moves: int = 20,
) -> Game:
    """An unsaved finished game (for bulk_create)."""
    if ended_at == "auto":
        ended_at = T0 + timedelta(minutes=next(_serial) if minute is None else minute)
    fields = dict(
        discipline=discipline,
        speed=speed,
        white=white,
        black=black,
        rated=rated,
        status=status,
        result=result,
        termination=termination,
        ended_at=ended_at,
        white_moves=moves,
        black_moves=moves,
    )
    known = {f.name for f in Game._meta.get_fields()}
    return Game(**{k: v for k, v in fields.items() if k in known})


@pytest.fixture
def alice(db):
    return make_member("alice")


@pytest.fixture
def boris(db):
    return make_member("boris")


@pytest.fixture
def vera(db):
    return make_member("vera")
