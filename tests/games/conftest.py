"""Personas and helpers for the game layer's tests.

Anna and Boris play; Chiara is a third member who is not in their games.
Instants are explicit (``T0`` plus offsets): no test waits on a real clock.
"""

from datetime import UTC, datetime, timedelta

import pytest

from games.services import game_create
from members.models import Member

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def at(seconds: float = 0, *, ms: int = 0) -> datetime:
    return T0 + timedelta(seconds=seconds, milliseconds=ms)


@pytest.fixture(autouse=True)
def _fresh_position_cache():
    from games.positions import forget_all

    forget_all()
    yield
    forget_all()


@pytest.fixture
def anna(db):
    return Member.objects.create_user("anna", password="x", display_name="Anna Ivanova")


@pytest.fixture
def boris(db):
    return Member.objects.create_user("boris", password="x", display_name="Boris Petrov")


@pytest.fixture
def chiara(db):
    return Member.objects.create_user("chiara", password="x", display_name="Chiara Rossi")


@pytest.fixture
def api_game_id(anna, boris):
    """A correspondence game, Anna white, made and accepted through the API: its id."""
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(anna)
    created = client.post(
        "/api/challenges/",
        {"discipline": "russian", "time_control": "d3", "opponent_id": boris.pk, "colour": "white"},
        format="json",
    )
    client.force_authenticate(boris)
    return client.post(f"/api/challenges/{created.json()['id']}/accept/").json()["id"]


@pytest.fixture
def new_game(anna, boris):
    """``new_game(time_control="300", discipline="russian", ...)``: Anna white, Boris black, started at T0."""

    def make(**options):
        options.setdefault("discipline", "russian")
        options.setdefault("time_control", "300")
        return game_create(white=anna, black=boris, now=T0, **options)

    return make


def play(game, member, text, seconds, **extra):
    """Member plays ``text`` at T0 + seconds; returns the refreshed game."""
    from games.services import game_move_make

    game.refresh_from_db()
    game_move_make(game_id=game.pk, member=member, text=text, expected_ply=game.ply, now=at(seconds), **extra)
    game.refresh_from_db()
    return game
