"""The sweep ends overdue games a batch at a time (games/services/finish.py):
one transaction locks a batch of due rows, re-checks each, ends them with one
conditional UPDATE per kind of ending and one INSERT of their events, and a
message per hundred games hands their follow-ups to a worker. Each game still ends as
``game_adjudicate`` would end it alone, once."""

import os
from datetime import timedelta

import psycopg
import pytest
from celery import shared_task
from django.db import connection
from django.test.utils import CaptureQueriesContext

from foundation.task_registry import task_register
from games.models import Game, GameEvent, Vacation
from games.services import finish, game_check_in, game_create, games_sweep
from games.services.finish import games_followups_dispatch

from .conftest import T0, at

DAY = 86_400
FOLLOWED_UP: list[int] = []


@task_register  # the outbox sends work only to a registered task (foundation.task_registry)
@shared_task
def record_followup(game_id: int) -> None:
    FOLLOWED_UP.append(game_id)


def _ended(game):
    game.refresh_from_db()
    return game.status, game.result, game.termination, game.ended_at


def test_one_sweep_ends_each_kind_of_overdue_game_at_its_own_moment(new_game, anna, boris, chiara):
    flag = new_game(starts_at=T0)  # white's flag falls at 300 s
    later_flag = new_game(starts_at=at(10))  # the same ending, another moment
    no_first_move = new_game(time_control="180+2")  # a challenge's game: aborted after the 60 s grace

    def round_game(**options):
        return game_create(
            discipline="russian",
            white=anna,
            black=boris,
            time_control="2700",
            starts_at=T0,
            lateness_ms=600_000,
            now=at(-3600),
            **options,
        )

    white_absent = round_game()
    game_check_in(game_id=white_absent.pk, member=boris, now=T0)  # black is at the board, white never comes
    both_absent = round_game()
    correspondence = game_create(discipline="russian", white=chiara, black=boris, time_control="d1", now=T0)
    # Anna's vacation, recorded without the game's deadline being moved: the
    # sweep finds it due by the index, re-checks, and moves the deadline instead.
    on_vacation = new_game(time_control="d1")
    Vacation.objects.create(member=anna, starts_at=at(0), ends_at=at(5 * DAY))
    Game.objects.filter(pk=flag.pk).update(draw_offer_by="black")

    assert games_sweep(now=at(2 * DAY)) == 6

    assert _ended(flag) == ("finished", "0-1", "time", at(300))
    assert flag.draw_offer_by == ""
    assert _ended(later_flag) == ("finished", "0-1", "time", at(310))
    assert _ended(no_first_move) == ("aborted", "", "no-first-move", at(60))
    assert _ended(white_absent) == ("finished", "-/+", "forfeit", at(600))
    assert _ended(both_absent) == ("finished", "-/-", "forfeit", at(600))
    assert _ended(correspondence) == ("finished", "0-1", "time", at(DAY))
    assert _ended(on_vacation) == ("active", "", "", None)
    assert on_vacation.deadline == at(6 * DAY)
    events = {e.game_id: e.data for e in GameEvent.objects.filter(kind="finished")}
    assert sorted(events) == sorted(
        [flag.pk, later_flag.pk, no_first_move.pk, white_absent.pk, both_absent.pk, correspondence.pk]
    )
    assert events[flag.pk] == {
        "result": "0-1",
        "reason": "time",
        "clause": flag.termination_clause,
        "draw_offer_by": "black",
    }
    assert games_sweep(now=at(2 * DAY)) == 0


def test_a_sweep_takes_the_earliest_deadlines_a_batch_at_a_time_up_to_its_limit(new_game, monkeypatch):
    monkeypatch.setattr(finish, "SWEEP_BATCH", 2)
    games = [new_game(starts_at=at(i)) for i in (4, 0, 3, 1, 2)]
    assert games_sweep(now=at(400), limit=4) == 4  # two batches of two
    assert [g.pk for g in games if _ended(g)[0] == "active"] == [games[0].pk]  # the latest deadline waits
    assert games_sweep(now=at(400), limit=4) == 1


def test_a_batch_costs_the_same_queries_whatever_its_size(new_game, anna):
    def sweep_of(count: int, at_seconds: int) -> int:
        """Queries of a sweep over ``count`` live and ``count`` correspondence games (a vacation among them)."""
        games = [new_game(starts_at=at(at_seconds), time_control=tc) for tc in ("300", "d1") for _ in range(count)]
        Vacation.objects.create(member=anna, starts_at=at(at_seconds), ends_at=at(at_seconds + 60))
        with CaptureQueriesContext(connection) as queries:
            assert games_sweep(now=at(at_seconds + 3 * DAY)) == len(games)
        return len(queries)

    assert sweep_of(1, 0) == sweep_of(5, 10 * DAY)


def test_the_batch_s_follow_ups_go_out_once_after_commit(
    new_game, settings, eager_celery, django_capture_on_commit_callbacks, monkeypatch
):
    settings.GAME_FINISHED_TASKS = ["tests.games.test_sweep_batch.record_followup"]
    monkeypatch.setattr(finish, "FOLLOWUPS_PER_MESSAGE", 2)  # three games: two messages
    FOLLOWED_UP.clear()
    ids = [new_game(starts_at=at(i)).pk for i in range(3)]
    with django_capture_on_commit_callbacks(execute=True):
        games_sweep(now=at(400))
        assert FOLLOWED_UP == []  # nothing before the commit
    assert sorted(FOLLOWED_UP) == sorted(ids)
    assert not GameEvent.objects.filter(kind="finished", dispatched_at__isnull=True).exists()
    # The batch's message delivered again (acks_late after a lost worker): nothing is sent twice.
    assert games_followups_dispatch(ids) == 0
    assert sorted(FOLLOWED_UP) == sorted(ids)


@pytest.fixture
def broker_unreachable():
    """This process's Celery app publishes to a port nobody listens on (not eager)."""
    from club.site.celery import app

    def point_to(url: str) -> None:
        app.conf.broker_url = url
        app._pool = None  # as Celery does after a fork: the next publish connects anew
        app.amqp._producer_pool = None

    before, eager = app.conf.broker_url, app.conf.task_always_eager
    app.conf.task_always_eager = False
    point_to("redis://127.0.0.1:1/0")
    yield
    app.conf.task_always_eager = eager
    point_to(before)


def test_a_batch_whose_message_the_broker_refused_is_sent_again_by_a_later_sweep(
    new_game, settings, broker_unreachable, django_capture_on_commit_callbacks
):
    from club.site.celery import app
    from games.events import followups_redispatch

    settings.GAME_FINISHED_TASKS = ["tests.games.test_sweep_batch.record_followup"]
    FOLLOWED_UP.clear()
    ids = [new_game(starts_at=at(i)).pk for i in range(3)]
    with django_capture_on_commit_callbacks(execute=True):
        assert games_sweep(now=at(400)) == 3  # the games end regardless
    assert GameEvent.objects.filter(kind="finished", dispatched_at__isnull=True).count() == 3  # the outbox waits

    app.conf.task_always_eager = True  # a broker again
    assert followups_redispatch(older_than=timedelta(0)) == 3
    assert sorted(FOLLOWED_UP) == sorted(ids)
    assert not GameEvent.objects.filter(kind="finished", dispatched_at__isnull=True).exists()


def test_the_sweep_task_has_a_queue_of_its_own():
    from club.site.celery import app

    assert app.amqp.router.route({}, "games.tasks.games_sweep_task")["queue"].name == "sweep"
    assert app.amqp.router.route({}, "games.tasks.games_followups_task")["queue"].name == "celery"


@pytest.mark.services
@pytest.mark.skipif(not os.environ.get("DATABASE_URL", "").startswith("postgres"), reason="needs PostgreSQL")
@pytest.mark.django_db(transaction=True)
def test_a_game_another_sweeper_holds_is_skipped_not_waited_for_nor_ended_twice(new_game):
    from tests.conftest import database_url_for_other_processes

    held, free = new_game(starts_at=T0), new_game(starts_at=at(1))
    with psycopg.connect(database_url_for_other_processes()) as other:
        other.execute("SELECT 1 FROM games_game WHERE id = %s FOR UPDATE", (held.pk,))
        assert games_sweep(now=at(400)) == 1
        assert (_ended(held)[0], _ended(free)[0]) == ("active", "finished")
        other.rollback()
    assert games_sweep(now=at(400)) == 1
    assert _ended(held)[0] == "finished"
    assert GameEvent.objects.filter(kind="finished").count() == 2
