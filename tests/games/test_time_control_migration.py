"""games 0013 on an existing club: every stored time control is rewritten as its
canonical text, the text the typed field writes and a query by value looks for."""

from datetime import UTC, datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from games.clock import TimeControl
from games.models import Challenge
from members.models import Member

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE, AFTER = [("games", "0012_game_competition")], [("games", "0013_time_control_typed")]
NOW = datetime(2026, 12, 1, tzinfo=UTC)


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor


@pytest.fixture
def club_before_0013():
    executor = migrate(BEFORE)
    apps = executor.loader.project_state(BEFORE).apps
    member = Member.objects.create(username="olga", email="olga@club.test")  # the members' tables are today's
    old = apps.get_model("games", "Challenge")
    for text in ("D135 max21", "d3", "1800 + 30"):  # as a hand-made row or an old import could hold it
        old.objects.create(challenger_id=member.pk, discipline="renju", time_control=text, expires_at=NOW)
    yield
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())  # every app as the other tests expect it


def test_stored_texts_become_canonical_and_read_typed(club_before_0013):
    migrate(AFTER)
    with connection.cursor() as cursor:
        cursor.execute("SELECT time_control FROM games_challenge ORDER BY id")
        assert [row[0] for row in cursor.fetchall()] == ["d135max21", "d3", "1800+30"]
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
    assert Challenge.objects.filter(time_control=TimeControl.parse("1800+30")).count() == 1
