"""Pages and lists that cost what they show: each query shape the
scale benchmark found growing with the club, pinned on a small club and on
one several times bigger — the number of queries does not grow, and the
query itself reads what the page shows."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from psycopg.sql import Literal
from rest_framework.test import APIClient

from club.championships.models import Championship
from club.championships.views import events as event_views
from games.models import Game
from games.selectors import latest_finished, my_games, waiting_for
from members.models import Member
from members.selectors import member_list
from ratings.models import Rating, RatingPool
from ratings.selectors import rating_list, rating_pools
from tests.conftest import make_member

pytestmark = pytest.mark.django_db


def members(n: int, prefix: str) -> list[Member]:
    return Member.objects.bulk_create([Member(username=f"{prefix}{i}") for i in range(n)])


def finished_games(white: Member, black: Member, n: int, **fields) -> list[Game]:
    start = timezone.now() - timedelta(days=1)
    return Game.objects.bulk_create(
        [
            Game(
                discipline=fields.get("discipline", "russian"),
                white=white if i % 2 else black,
                black=black if i % 2 else white,
                status="finished",
                result="1-0",
                termination="resign",
                ended_at=start + timedelta(minutes=i),
            )
            for i in range(n)
        ]
    )


def queries(run) -> list[str]:
    with CaptureQueriesContext(connection) as seen:
        run()
    return [q["sql"] for q in seen]


def test_the_rating_pools_are_one_probe_per_pool_not_a_read_of_every_rating():
    people = members(4, "r")
    # As the services write them: a rating only under its pool's row (ratings.services._pool_lock).
    RatingPool.objects.create(discipline="russian", speed="blitz")
    RatingPool.objects.create(discipline="renju", speed="rapid")  # a pool whose ratings were all removed
    Rating.objects.bulk_create(
        [Rating(member=m, discipline="russian", speed="blitz", rating=1500 + i) for i, m in enumerate(people)]
    )
    sql = queries(rating_pools)
    assert len(sql) == 1 and "DISTINCT" not in sql[0] and "EXISTS" in sql[0]
    assert rating_pools() == [("russian", "blitz")]


@pytest.mark.parametrize("path", ["/api/games/", "/api/games/?discipline=russian"])
def test_the_game_list_costs_the_same_with_ten_times_the_games_and_counts_a_bounded_subquery(path):
    a, b = members(2, "g")
    finished_games(a, b, 5)
    client = APIClient()
    small = queries(lambda: client.get(path))
    finished_games(a, b, 50)
    big = queries(lambda: client.get(path))
    assert len(small) == len(big)
    count = next(q for q in big if "COUNT(" in q)
    assert "LIMIT" in count  # at most CappedCountPagination.count_cap rows are counted
    assert client.get(path).json()["count"] == 55


def test_the_championship_list_is_paged_and_costs_the_same_for_more_championships(organiser):
    def make(n: int):
        for i in range(n):
            first = Championship.objects.create(
                name=f"Stage {i}", discipline="russian", time_control="d3", organiser=organiser, status="finished"
            )
            Championship.objects.create(
                name=f"Final {i}", discipline="russian", time_control="d3", organiser=organiser, status="running"
            ).previous_stages.add(first)

    client = APIClient()
    make(2)
    small = queries(lambda: client.get("/api/championships/"))
    make(8)
    big = queries(lambda: client.get("/api/championships/"))
    assert len(small) == len(big)
    page = client.get("/api/championships/?limit=5").json()
    assert page["count"] == 20 and len(page["results"]) == 5 and page["next"]
    # Running first, each final naming its first stage.
    assert page["results"][0]["status"] == "running" and page["results"][0]["previous_stages"]


def test_the_html_championship_list_pages_the_finished_ones(organiser, monkeypatch):
    monkeypatch.setattr(event_views, "FINISHED_PER_PAGE", 2)
    for i in range(3):
        Championship.objects.create(
            name=f"Old cup {i}", discipline="russian", time_control="d3", organiser=organiser, status="finished"
        )
    first = Client().get("/championships/").content.decode()
    second = Client().get("/championships/?page=2").content.decode()
    assert first.count("Old cup") == 2 and second.count("Old cup") == 1 and "?page=2" in first


def test_the_home_page_counts_the_members_once_in_a_while(db):
    make_member("counted")
    client = Client()
    client.get("/")
    assert not any("COUNT(*)" in q and "club_member" in q for q in queries(lambda: client.get("/")))


def test_a_members_latest_results_read_each_side_down_its_index():
    a, b, c = members(3, "h")
    games = finished_games(a, b, 30) + finished_games(a, c, 7)
    expected = sorted(games, key=lambda g: (g.ended_at, g.pk), reverse=True)[:20]
    assert [g.pk for g in latest_finished(a, 20)] == [g.pk for g in expected]
    sql = queries(lambda: my_games(a))
    finished = [q for q in sql if "LIMIT 20" in q]
    assert len(finished) == 2 and all(" OR " not in q for q in finished)


def prepared_plan(queryset, *, generic: bool) -> str:
    """PostgreSQL's plan for ``queryset`` run as a prepared statement (as
    psycopg runs a statement it has seen a few times): its generic plan, every
    value a parameter, or the custom one made for the values. Sequential scans
    are priced out so that a tiny test table shows the index a big club's would use."""
    sql, params = queryset.query.sql_with_params()
    numbered = sql
    for i in range(1, len(params) + 1):
        numbered = numbered.replace("%s", f"${i}", 1)
    with connection.cursor() as cursor:
        cursor.execute(f"SET LOCAL plan_cache_mode = force_{'generic' if generic else 'custom'}_plan")
        cursor.execute("SET LOCAL enable_seqscan = off")
        types = ["boolean" if isinstance(p, bool) else "bigint" if isinstance(p, int) else "text" for p in params]
        cursor.execute(f"PREPARE shape({', '.join(types)}) AS {numbered}")
        try:
            # EXPLAIN takes no bound parameters: the values are spelled out.
            values = ", ".join(Literal(p).as_string(cursor.connection) for p in params)
            cursor.execute(f"EXPLAIN EXECUTE shape({values})")
            return "\n".join(row[0] for row in cursor.fetchall())
        finally:
            cursor.execute("DEALLOCATE shape")


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's planner")
def test_a_members_ongoing_games_are_read_as_games_without_an_end_even_in_a_generic_plan():
    # A club in miniature, its statistics gathered: many members, most games over.
    club = members(200, "g")
    a, b = club[:2]
    for white, black in zip(club, club[1:] + club[:1]):
        finished_games(white, black, 4)
    Game.objects.create(discipline="russian", white=a, black=b, status="active", to_move="white")
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE games_game")
    assert [g.white_id for g in waiting_for(a)] == [a.pk]
    for queryset in (waiting_for(a), Game.objects.of(a).ongoing()):  # home; my games, vacations, calendar
        plan = prepared_plan(queryset, generic=True).splitlines()
        # The status is a parameter there, so the partial deadline index cannot
        # serve. Whichever index the planner takes, the game's missing end (a
        # game never reopens) bounds it: never a member's whole history.
        conditions = [after for line, after in zip(plan, plan[1:]) if " on games_game" in line]
        assert conditions and all("ended_at IS NULL" in c for c in conditions), "\n".join(plan)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's trigram indexes")
def test_a_search_by_part_of_a_name_reads_the_trigram_indexes_not_every_member():
    # A club in miniature: many rated members, a search matching a few of them.
    people = members(2000, "player ")
    Rating.objects.bulk_create(
        [Rating(member=m, discipline="russian", speed="blitz", rating=1500 + i) for i, m in enumerate(people)]
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE club_member, ratings_rating")
        # A table this small is cheapest read whole, by any index: leave the
        # planner only bitmap scans, so the plan shows which index fits the search.
        cursor.execute("SET LOCAL enable_indexscan = off")
    for queryset in (rating_list(discipline="russian", speed="blitz", query="yer 1234"), member_list(query="yer 1234")):
        # Custom plans: a search's pattern decides whether an index can help
        # (three letters at least), and PostgreSQL plans it for each pattern.
        plan = prepared_plan(queryset, generic=False)
        assert "member_username_trgm" in plan and "member_display_name_trgm" in plan, plan
        assert "Seq Scan on club_member" not in plan, plan
