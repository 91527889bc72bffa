"""Every page of the scale benchmark's table costs a fixed number of queries
("a query count that does not grow with the club"): each is asked
on a small club and on one ten times bigger, under the same
``django_assert_max_num_queries`` bound, and shows what that size holds.
bench/club_scale.py times the same pages on a club of 10,000 members and more."""

from datetime import UTC, datetime, timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import translation
from rest_framework.test import APIClient

from club.championships import demo
from club.championships.models import Championship
from games.models import Game, Move
from members.models import Member
from ratings import services as ratings_services
from ratings.models import RatingChange
from tests.conftest import make_member

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


@pytest.fixture(params=[1, 10], ids=["small", "ten-times-bigger"])
def scale(request) -> int:
    return request.param


@pytest.fixture
def club(scale):
    """``5·scale`` members and ``20·scale`` finished rated games (half of them
    the busy member's), ``2·scale`` games of his still going, ratings recomputed
    from them; returns the busy member."""
    busy = make_member("busy", "member", display_name="Busy")
    others = Member.objects.bulk_create(
        [Member(username=f"m{i:03d}", display_name=f"Member {i}") for i in range(5 * scale)]
    )
    games = []
    for i in range(20 * scale):
        white = busy if i % 2 else others[i % len(others)]
        black = others[(i + 1) % len(others)]
        ended = T0 + timedelta(hours=i)
        games.append(
            Game(
                discipline="russian" if i % 4 else "renju",
                speed="blitz",
                time_control="3+2",
                white=white,
                black=black,
                status="finished",
                result=("1-0", "0-1", "1/2-1/2")[i % 3],
                termination="resign",
                white_moves=1,
                black_moves=1,
                ply=2,
                started_at=ended - timedelta(minutes=10),
                ended_at=ended,
            )
        )
    for i in range(2 * scale):
        games.append(Game(discipline="russian", speed="correspondence", time_control="d3", white=busy, black=others[i]))
    Game.objects.bulk_create(games)
    ratings_services.ratings_recompute()
    return busy


def logged_in(member) -> Client:
    client = Client()
    client.force_login(member)
    return client


def get(client, url: str, assert_max: int, django_assert_max_num_queries):
    client.get(url)  # a first visit fills what a page caches (the result sets, the member count)
    with django_assert_max_num_queries(assert_max):
        response = client.get(url)
    assert response.status_code == 200, url
    return response


def test_the_ratings_list_a_pool_a_page_and_a_search(club, scale, django_assert_max_num_queries):
    client = Client()
    page = get(client, "/ratings/?discipline=russian&speed=blitz", 4, django_assert_max_num_queries)
    assert page.content.decode().count('href="/ratings/members/') == min(50, 5 * scale + 1)
    get(client, "/ratings/?discipline=russian&speed=blitz&page=2", 4, django_assert_max_num_queries)
    found = get(client, "/ratings/?discipline=russian&speed=blitz&q=Busy", 4, django_assert_max_num_queries)
    assert "/ratings/members/busy/" in found.content.decode()


@pytest.mark.parametrize("query", ["", "?discipline=renju"])
def test_the_api_game_list(club, scale, query, django_assert_max_num_queries):
    body = get(APIClient(), f"/api/games/{query}", 2, django_assert_max_num_queries).json()
    renju = 5 * scale
    assert body["count"] == (renju if query else 22 * scale)
    assert len(body["results"]) == min(body["count"], 50)


def test_the_api_championship_list(organiser, scale, django_assert_max_num_queries):
    for i in range(2 * scale):
        first = Championship.objects.create(
            name=f"Stage {i}", discipline="russian", time_control="d3", organiser=organiser, status="finished"
        )
        Championship.objects.create(
            name=f"Final {i}", discipline="russian", time_control="d3", organiser=organiser, status="running"
        ).previous_stages.add(first)
    body = get(APIClient(), "/api/championships/", 3, django_assert_max_num_queries).json()
    assert body["count"] == 4 * scale
    assert all(row["previous_stages"] for row in body["results"] if row["status"] == "running")


@pytest.fixture
def swiss(scale, organiser, chief_arbiter, arbiter, django_capture_on_commit_callbacks, eager_celery):
    """A Swiss of ``4·scale`` players, two rounds played through the services (moves and all)."""
    players = [
        make_member(f"p{i:02d}", display_name=f"Player {i}", federation_rating=2000 - i) for i in range(4 * scale)
    ]
    with django_capture_on_commit_callbacks(execute=True):
        return demo.swiss(
            organiser=organiser,
            chief=chief_arbiter,
            arbiter=arbiter,
            players=players,
            start=T0,
            rounds_planned=3,
            rounds_played=2,
            name="Scale Swiss",
        )


def test_the_pdn_export_of_an_event(swiss, scale, django_assert_max_num_queries):
    # The file is kept under the version of the event's results (exports.GAME_FILES): a
    # download reads that version's few queries, whatever the number of games, and no move.
    with CaptureQueriesContext(connection) as first:
        Client().get(f"/championships/{swiss.pk}/export/games/")
    assert sum('"games_move"' in q["sql"] for q in first.captured_queries) == 1  # every game's moves at once
    pdn = get(Client(), f"/championships/{swiss.pk}/export/games/", 10, django_assert_max_num_queries).content.decode()
    games = Game.objects.filter(championship_board__round__championship=swiss, moves__isnull=False).distinct().count()
    assert games >= 4 * scale and pdn.count('[Event "Scale Swiss"]') >= games
    assert Move.objects.filter(game__championship_board__round__championship=swiss).exists()


def test_the_results_page_and_a_player_card_of_an_event(swiss, scale, django_assert_max_num_queries):
    client = Client()
    results = get(client, f"/championships/{swiss.pk}/results/", 10, django_assert_max_num_queries)
    assert results.content.decode().count("<tr data-player=") >= min(4 * scale, 50)
    card = get(client, f"/championships/{swiss.pk}/players/p00/", 11, django_assert_max_num_queries)
    assert "Player 0" in card.content.decode()


def test_home_logged_in(club, django_assert_max_num_queries):
    # One of them asks which of the games waiting for him are stopped for adjudication.
    get(logged_in(club), "/", 10, django_assert_max_num_queries)


def test_a_busy_members_games(club, scale, django_assert_max_num_queries):
    # Two of them: the events of the listed games, and which are stopped for adjudication.
    page = get(logged_in(club), "/play/mine/", 10, django_assert_max_num_queries).content.decode()
    assert page.count('href="/play/games/') >= 2 * scale + min(20, 10 * scale)


def test_a_busy_members_rating_chart(club, scale, django_assert_max_num_queries):
    page = get(Client(), "/ratings/members/busy/?discipline=russian&speed=blitz", 4, django_assert_max_num_queries)
    history = RatingChange.objects.filter(member=club, discipline="russian", speed="blitz").count()
    assert history >= 7 * scale and "<svg" in page.content.decode()
