"""``manage.py ratings recompute`` rebuilds exactly what the incremental path built.

The requirement: "a test that the full recompute equals the incremental history, game
by game, on a generated club of a few thousand games", in one transaction per
discipline, with --discipline and --since.
"""

import io
import random
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import IntegrityError, transaction

from games.models import Game
from ratings import tasks
from ratings.eligibility import RepeatLimit
from ratings.elo import EloConfig, PlayerState
from ratings.models import Rating, RatingChange
from ratings.recompute import RatedGame, replay
from tests.ratings.conftest import T0, game_row, make_game, make_member

pytestmark = pytest.mark.django_db

HISTORY_FIELDS = (
    "game_id",
    "member_id",
    "opponent_id",
    "discipline",
    "speed",
    "ended_at",
    "colour",
    "score",
    "expected",
    "k",
    "rating_before",
    "rating_after",
    "opponent_rating",
    "games",
)
RATING_FIELDS = ("member_id", "discipline", "speed", "rating", "games", "last_change", "last_game_id", "last_played_at")


def history():
    return list(RatingChange.objects.order_by("game_id", "member_id").values_list(*HISTORY_FIELDS))


def standings():
    return list(Rating.objects.order_by("member_id", "discipline", "speed").values_list(*RATING_FIELDS))


def generated_club(n_games: int, n_members: int = 60, seed: int = 6):
    """Members of hidden strengths playing a mix of rated, casual, forfeited and aborted games."""
    rng = random.Random(seed)
    members = [make_member(f"m{i:03d}") for i in range(n_members)]
    strength = {m.pk: rng.gauss(1500, 300) for m in members}
    games = []
    minute = 0
    for _ in range(n_games):
        minute += rng.choice((0, 1, 1, 2, 5))  # some games end in the same minute: the id breaks the tie
        white, black = rng.sample(members, 2)
        p = 1 / (1 + 10 ** ((strength[black.pk] - strength[white.pk]) / 400))
        r = rng.random()
        result = "1/2-1/2" if abs(r - p) < 0.12 else "1-0" if r < p else "0-1"
        kind = rng.random()
        extra = {}
        if kind < 0.03:
            result, extra = rng.choice(["+/-", "-/+", "-/-"]), {"termination": "forfeit"}
        elif kind < 0.05:
            result, extra = "", {"status": "aborted"}
        elif kind < 0.08:
            extra = {"rated": False}
        games.append(
            game_row(
                white,
                black,
                result,
                discipline=rng.choice(("russian", "renju")),
                speed=rng.choice(("blitz", "rapid")),
                ended_at=T0 + timedelta(minutes=minute),
                **extra,
            )
        )
    return members, Game.objects.bulk_create(games)


def test_the_full_recompute_equals_the_incremental_history_game_by_game(monkeypatch):
    from ratings import services

    # Games are read, and written through one COPY, a chunk at a time: cross many chunks' edges.
    monkeypatch.setattr(services, "_CHUNK", 97)
    members, games = generated_club(2000)
    for game in games:  # the game server enqueues one task per finished game, in end order
        tasks.rating_apply_game(game.pk)
    incremental_history, incremental_standings = history(), standings()
    assert len(incremental_history) > 3000

    RatingChange.objects.all().delete()
    Rating.objects.all().delete()
    call_command("ratings", "recompute", "--no-progress", stdout=io.StringIO())

    assert history() == incremental_history
    assert standings() == incremental_standings


def test_tasks_arriving_out_of_order_end_in_the_same_history_as_the_recompute():
    members, games = generated_club(600, n_members=20, seed=7)
    order = list(games)
    random.Random(8).shuffle(order)
    for game in order:
        tasks.rating_apply_game(game.pk)
    for game in order[:50]:  # and a few duplicated deliveries
        tasks.rating_apply_game(game.pk)
    shuffled = history()

    call_command("ratings", "recompute", "--no-progress", stdout=io.StringIO())
    assert history() == shuffled


def test_the_recompute_matches_the_pure_replay_of_the_rated_games():
    members, games = generated_club(400, n_members=15, seed=9)
    call_command("ratings", "recompute", "--no-progress", stdout=io.StringIO())
    scores = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}
    pool = sorted(
        (
            g
            for g in games
            if g.discipline == "russian"
            and g.speed == "blitz"
            and g.rated
            and g.status == "finished"
            and g.result in scores
        ),
        key=lambda g: (g.ended_at, g.pk),
    )
    states: dict[int, PlayerState] = {}
    repeats = RepeatLimit()  # ratings/eligibility.py: a pair counts two games a day
    counted = [g for g in pool if repeats.admits(g.white_id, g.black_id, g.ended_at)]
    assert len(counted) < len(pool)  # the generated club repeats pairings within a day
    for change in replay(
        [RatedGame(g.pk, g.white_id, g.black_id, scores[g.result]) for g in counted], states, EloConfig()
    ):
        row = RatingChange.objects.get(game_id=change.game_id, member_id=change.white_id)
        assert (row.rating_before, row.rating_after) == (change.white_before, change.white_after)
    for member_id, state in states.items():
        rating = Rating.objects.get(member_id=member_id, discipline="russian", speed="blitz")
        assert (rating.rating, rating.games) == (state.rating, state.games)


def test_recompute_of_one_discipline_leaves_the_others_alone():
    alice, boris = make_member("alice"), make_member("boris")
    tasks.rating_apply_game(make_game(alice, boris, "1-0", discipline="renju").pk)
    draughts = make_game(alice, boris, "1-0", discipline="russian")
    # Simulate a renju rating that was tampered with: only a renju recompute may fix it.
    Rating.objects.filter(discipline="renju").update(rating=1000)
    out = io.StringIO()
    call_command("ratings", "recompute", "--discipline", "russian", "--no-progress", stdout=out)
    assert "russian: 1 games replayed" in out.getvalue()
    assert RatingChange.objects.filter(game=draughts).count() == 2
    assert Rating.objects.get(member=alice, discipline="renju").rating == 1000
    call_command("ratings", "recompute", "--discipline", "renju", "--no-progress", stdout=io.StringIO())
    assert Rating.objects.get(member=alice, discipline="renju").rating == 1520


def test_recompute_since_a_date_rebuilds_only_from_that_date_and_agrees_with_the_full_one():
    members, games = generated_club(300, n_members=12, seed=10)
    call_command("ratings", "recompute", "--no-progress", stdout=io.StringIO())
    full = history()
    middle = games[150].ended_at
    kept = set(RatingChange.objects.filter(ended_at__lt=middle).values_list("pk", flat=True))
    RatingChange.objects.filter(ended_at__gte=middle).update(rating_after=0)  # damage the later part
    call_command("ratings", "recompute", "--since", middle.isoformat(), "--no-progress", stdout=io.StringIO())
    assert history() == full
    assert kept <= set(RatingChange.objects.values_list("pk", flat=True))  # earlier rows untouched


def test_the_progress_bar_reports_each_pool():
    alice, boris = make_member("alice"), make_member("boris")
    make_game(alice, boris, "1-0", discipline="russian", speed="blitz")
    make_game(alice, boris, "0-1", discipline="russian", speed="rapid")
    err = io.StringIO()
    call_command("ratings", "recompute", stdout=io.StringIO(), stderr=err)
    assert "russian/blitz [##############################] 1/1" in err.getvalue()
    assert "russian/rapid [##############################] 1/1" in err.getvalue()


def test_a_bad_since_date_is_refused(db):
    with pytest.raises(CommandError):
        call_command("ratings", "recompute", "--since", "yesterday")


def test_a_discipline_is_rebuilt_in_one_transaction_all_or_nothing(monkeypatch):
    from ratings import services

    alice, boris = make_member("alice"), make_member("boris")
    blitz = make_game(alice, boris, "1-0", speed="blitz")
    make_game(alice, boris, "1-0", speed="rapid")
    tasks.rating_apply_game(blitz.pk)
    RatingChange.objects.update(rating_after=0)  # wrong: a successful rebuild of blitz would repair it
    before = history()

    real = services._pool_replay_from

    def fail_on_rapid(**kwargs):
        if kwargs["speed"] == "rapid":
            raise RuntimeError("disk full")
        return real(**kwargs)

    monkeypatch.setattr(services, "_pool_replay_from", fail_on_rapid)
    with pytest.raises(RuntimeError):
        call_command("ratings", "recompute", "--no-progress", stdout=io.StringIO())
    assert history() == before  # the blitz pool's rebuild was rolled back with the rapid one
    monkeypatch.setattr(services, "_pool_replay_from", real)
    call_command("ratings", "recompute", "--no-progress", stdout=io.StringIO())
    assert history() != before


def _indexes():
    """The history's and the ratings' indexes and constraints."""
    from django.db import connection

    with connection.cursor() as cursor:
        found = {
            (model.__name__, name): c
            for model in (RatingChange, Rating)
            for name, c in connection.introspection.get_constraints(cursor, model._meta.db_table).items()
        }
    return {name: (c["columns"], c["unique"], c["index"], c["foreign_key"]) for name, c in found.items()}


def test_the_full_rebuild_leaves_the_indexes_and_constraints_as_they_were():
    # On PostgreSQL it drops them for the load and builds them again (ratings/sql.py, table_reloaded).
    generated_club(120, n_members=10, seed=11)
    before = _indexes()
    call_command("ratings", "recompute", "--no-progress", stdout=io.StringIO())
    assert _indexes() == before
    assert RatingChange.objects.exists()
    game, member = RatingChange.objects.values_list("game_id", "member_id").first()
    with pytest.raises(IntegrityError), transaction.atomic():  # once per (game, member) still holds
        RatingChange.objects.create(
            **{**RatingChange.objects.filter(game_id=game, member_id=member).values()[0], "id": None}
        )
    rating = Rating.objects.values().first()
    with pytest.raises(IntegrityError), transaction.atomic():  # one rating per member and pool
        Rating.objects.create(**{**rating, "id": None})


def test_a_full_rebuild_dying_half_way_leaves_the_old_history_and_its_indexes(monkeypatch):
    from ratings import services

    members, games = generated_club(120, n_members=10, seed=12)
    call_command("ratings", "recompute", "--no-progress", stdout=io.StringIO())
    before, ratings, indexes = history(), standings(), _indexes()
    real, calls = services._pool_replay_from, []

    def die_in_the_second_pool(**kwargs):
        calls.append(kwargs["speed"])
        if len(calls) == 2:
            raise RuntimeError("worker killed")
        return real(**kwargs)

    monkeypatch.setattr(services, "_pool_replay_from", die_in_the_second_pool)
    with pytest.raises(RuntimeError):
        call_command("ratings", "recompute", "--no-progress", stdout=io.StringIO())
    assert history() == before and standings() == ratings and _indexes() == indexes
