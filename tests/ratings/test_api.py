"""Ratings API: ratings of a pool, a member's ratings and history (for charts and
other tools), leaderboards, a game's changes; errors in the club's JSON shape."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from ratings import tasks
from tests.ratings.conftest import make_game, make_member

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def club(settings):
    settings.RATINGS = {**settings.RATINGS, "PROVISIONAL_GAMES": 2}
    alice, boris, vera = make_member("alice"), make_member("boris"), make_member("vera")
    games = [make_game(alice, boris, "1-0"), make_game(boris, alice, "0-1"), make_game(vera, boris, "1/2-1/2")]
    for game in games:
        tasks.rating_apply_game(game.pk)
    return alice, boris, vera, games


def test_the_ratings_of_a_pool_best_first_with_provisional_flags(api, club):
    body = api.get(reverse("api-rating-list"), {"discipline": "russian", "speed": "blitz"}).json()
    names = [(r["member"]["username"], r["games"], r["provisional"]) for r in body["results"]]
    assert names == [("alice", 2, False), ("vera", 1, True), ("boris", 3, False)]


def test_a_pool_must_be_named(api, db):
    response = api.get(reverse("api-rating-list"))
    assert response.status_code == 400
    assert response.json()["error"] == "pool-required"


def test_the_history_of_a_member_for_charts(api, club):
    alice = club[0]
    body = api.get(reverse("api-rating-history", args=[alice.pk]), {"discipline": "russian", "speed": "blitz"}).json()
    assert [(h["rating_before"], h["rating_after"], h["score"], h["opponent"]["username"]) for h in body] == [
        (1500, 1520, 1.0, "boris"),
        (1520, body[1]["rating_after"], 1.0, "boris"),
    ]
    assert body[1]["delta"] == pytest.approx(body[1]["rating_after"] - 1520)


def test_a_members_ratings(api, club):
    alice = club[0]
    body = api.get(reverse("api-rating-member", args=[alice.pk])).json()
    assert [(r["discipline"], r["speed"], r["games"]) for r in body] == [("russian", "blitz", 2)]


def test_leaderboards_show_established_players_of_every_pool(api, club):
    body = api.get(reverse("api-rating-leaderboards")).json()
    assert body == [{"discipline": "russian", "speed": "blitz", "leaders": body[0]["leaders"]}]
    assert [r["member"]["username"] for r in body[0]["leaders"]] == ["alice", "boris"]  # vera is provisional


def test_a_games_rating_changes(api, club):
    game = club[3][0]
    body = api.get(reverse("api-rating-game", args=[game.pk])).json()
    assert body["white"]["delta"] == 20 and body["black"]["delta"] == -20


def test_an_unknown_member_is_a_json_404(api, db):
    response = api.get(reverse("api-rating-member", args=[999999]))
    assert response.status_code == 404
    assert "error" in response.json()
