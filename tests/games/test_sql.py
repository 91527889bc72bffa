"""The games layer's hand-written SQL (games/sql.py) gives what the ORM expression it stands for gives.

The statements differ per database (FOR UPDATE, a CTE on PostgreSQL, two
statements on SQLite), so these run on SQLite by default and on PostgreSQL
with DATABASE_URL set (CI runs both).
"""

from datetime import timedelta

import pytest
from django.db import connection, transaction

from games import sql
from games.models import Game, Move, Vacation

from .conftest import T0, at


def columns(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


class TestTheGameLock:
    def test_it_reads_the_game_row_as_select_for_update_reads_it(self, new_game):
        game = new_game(time_control="d3", starts_at=T0 + timedelta(hours=1), lateness_ms=60_000)
        with transaction.atomic():
            assert columns(sql.game_row_for_update(game.pk)) == columns(
                Game.objects.select_for_update().get(pk=game.pk)
            )

    def test_an_unknown_game_is_none(self, db):
        with transaction.atomic():
            assert sql.game_row_for_update(10**9) is None


class TestTheMoveLockWithVacations:
    """A move reads the game's lock and the players' vacations in one round trip."""

    def test_it_reads_the_game_and_the_vacations_the_separate_look_up_reads(self, new_game, anna, boris, chiara):
        game = new_game(time_control="d3")
        Game.objects.filter(pk=game.pk).update(turn_started_at=T0)
        for member, start in [(anna, -10), (anna, -1), (anna, 3), (boris, -1), (chiara, -1)]:
            Vacation.objects.create(member=member, starts_at=at(days(start)), ends_at=at(days(start + 2)))
        with transaction.atomic():
            locked, vacations = sql.game_row_for_update_with_vacations(game.pk)
            assert columns(locked) == columns(Game.objects.select_for_update().get(pk=game.pk))
            if connection.vendor != "postgresql":
                assert vacations is None  # SQLite: the move reads them with a second statement
                return
            separate = sql.vacations_ending_after((locked.white_id, locked.black_id), T0)
            assert sorted(vacations) == sorted(separate) and len(vacations) == 3

    def test_before_a_turn_has_started_there_are_none_and_an_unknown_game_is_none(self, new_game, anna):
        game = new_game(time_control="d3")
        Game.objects.filter(pk=game.pk).update(turn_started_at=None)
        Vacation.objects.create(member=anna, starts_at=at(days(-1)), ends_at=at(days(1)))
        with transaction.atomic():
            _, vacations = sql.game_row_for_update_with_vacations(game.pk)
            assert vacations in ([], None)
            assert sql.game_row_for_update_with_vacations(10**9) == (None, None)


def test_the_vacations_ending_after_an_instant_are_those_the_orm_filters(anna, boris, chiara):
    for member, start in [(anna, -10), (anna, -1), (anna, 3), (boris, -1), (chiara, -1)]:
        Vacation.objects.create(member=member, starts_at=at(days(start)), ends_at=at(days(start + 2)))
    hand = sql.vacations_ending_after((anna.pk, boris.pk), T0)
    orm = Vacation.objects.filter(member_id__in=(anna.pk, boris.pk), ends_at__gt=T0).values_list(
        "member_id", "starts_at", "ends_at"
    )
    assert len(hand) == 3 and sorted(hand) == sorted(orm)


def days(n: int) -> float:
    return n * 86_400


class TestTheMoveStore:
    def new_state(self, game: Game, anna) -> Move:
        """The game after white's first move, as ``game_move_make`` leaves it; the move."""
        game.ply, game.to_move, game.fen = 1, "black", "B:W21,22,23:B9,10,11"
        game.white_ms, game.white_moves, game.turn_started_at = 295_000, 1, at(5)
        game.draw_offer_by, game.draw_offer_ply, game.started_at = "white", 1, at(0)
        game.deadline, game.turn_unannounced, game.white_checked_in_at = at(305), True, at(1)
        return Move(
            game=game,
            ply=1,
            notation="c3-d4",
            colour="white",
            member=anna,
            played_at=at(5),
            elapsed_ms=5_000,
            clock_ms=295_000,
            idempotency_key="k1",
        )

    def test_it_writes_the_move_and_the_game_as_save_and_update_write_them(self, new_game, anna):
        by_hand, by_orm = new_game(), new_game()
        move = self.new_state(by_hand, anna)
        with transaction.atomic(), connection.cursor() as cursor:
            assert sql.move_store(cursor, move, by_hand)
        other = self.new_state(by_orm, anna)
        with transaction.atomic():
            other.save(force_insert=True)
            Game.objects.filter(pk=by_orm.pk).update(**{name: getattr(by_orm, name) for name in sql.MOVE_GAME_FIELDS})

        def stored(game_id: int) -> tuple[dict, list[dict]]:
            game = columns(Game.objects.get(pk=game_id))
            moves = [columns(m) for m in Move.objects.filter(game_id=game_id)]
            for row in [game, *moves]:  # all but the rows' own ids and creation instants
                for name in ("id", "game_id", "created_at"):
                    row.pop(name, None)
            return game, moves

        assert move.pk == Move.objects.get(game_id=by_hand.pk).pk and not move._state.adding
        assert stored(by_hand.pk) == stored(by_orm.pk)
        assert stored(by_hand.pk)[0]["ply"] == 1 and len(stored(by_hand.pk)[1]) == 1

    def test_a_second_move_at_the_same_ply_is_refused_by_the_constraint(self, new_game, anna):
        from django.db import IntegrityError

        game = new_game()
        with transaction.atomic(), connection.cursor() as cursor:
            sql.move_store(cursor, self.new_state(game, anna), game)
        again = self.new_state(game, anna)
        again.idempotency_key = "k2"
        with pytest.raises(IntegrityError), transaction.atomic(), connection.cursor() as cursor:
            sql.move_store(cursor, again, game)
        assert Move.objects.filter(game=game).count() == 1


class TestAGameAsItIsShown:
    """Every view of a game (its page, the API, the spectators' frame) reads it with its
    players and its moves' notations: in one round trip on PostgreSQL."""

    def test_it_reads_the_game_and_both_players_as_select_related_reads_them(self, new_game, anna, boris):
        game = new_game(time_control="d3")
        shown = sql.game_with_players(game.pk)
        by_orm = Game.objects.select_related("white", "black").get(pk=game.pk)
        assert columns(shown) == columns(by_orm)
        assert columns(shown.white) == columns(by_orm.white) and columns(shown.black) == columns(by_orm.black)
        assert (shown.white.pk, shown.black.pk) == (anna.pk, boris.pk)

    def test_the_players_come_with_the_game_and_the_notations_in_the_same_round_trip_on_postgresql(
        self, new_game, anna, boris, django_assert_max_num_queries
    ):
        game = new_game(time_control="d3")
        # Stored out of order: the notations come in the order of their plies.
        for ply, member, text in [(3, anna, "b2-c3"), (1, anna, "c3-d4"), (2, boris, "f6-g5")]:
            colour = "white" if ply % 2 else "black"
            Move.objects.create(game=game, ply=ply, notation=text, colour=colour, member=member, played_at=T0)
        queries = 1 if connection.vendor == "postgresql" else 2
        with django_assert_max_num_queries(queries):
            shown, notations = sql.game_with_players_and_notations(game.pk)
            assert (shown.white.username, shown.black.username) == ("anna", "boris")  # no query of their own
        assert notations == tuple(game.moves.order_by("ply").values_list("notation", flat=True))
        assert notations == ("c3-d4", "f6-g5", "b2-c3")

    def test_a_game_without_moves_has_no_notations_and_an_unknown_game_is_none(self, new_game):
        game = new_game(time_control="d3")
        assert sql.game_with_players_and_notations(game.pk)[1] == ()
        assert sql.game_with_players_and_notations(10**9) is None
        assert sql.game_with_players(10**9) is None
