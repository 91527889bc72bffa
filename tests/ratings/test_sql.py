"""The ratings' bulk load (ratings/sql.py) writes the rows ``bulk_create`` writes.

It takes a different path per database and size — multi-row INSERTs of up to
400 rows, COPY on PostgreSQL beyond 50 — so this runs on SQLite by default
and on PostgreSQL with DATABASE_URL set (CI runs both).
"""

import pytest
from django.db import connection

from games.models import Game
from ratings import sql
from ratings.models import RatingChange
from ratings.services import _HISTORY_FIELDS

from .conftest import T0, game_row, make_member

NAMES = [RatingChange._meta.get_field(name).attname for name in _HISTORY_FIELDS]


def stored() -> list[tuple]:
    return list(RatingChange.objects.order_by("game_id", "member_id").values_list(*NAMES))


@pytest.mark.parametrize("games", [1, 60, 450], ids=["2 rows", "120 rows", "900 rows"])
def test_it_writes_the_rows_bulk_create_writes(db, games):
    anna, boris = make_member("anna"), make_member("boris")
    made = Game.objects.bulk_create([game_row(anna, boris, minute=i) for i in range(games)])
    rows = []  # Python values; rows_insert takes them as the database stores them
    for i, game in enumerate(made):
        before = 1500 + i / 7  # floats whose shortest text is long
        rows.append(
            (
                game.pk,
                anna.pk,
                boris.pk,
                "russian",
                "blitz",
                T0,
                "white",
                1.0,
                0.51,
                20.0,
                before,
                before + 9.8,
                1490.0,
                i + 1,
            )
        )
        rows.append(
            (
                game.pk,
                boris.pk,
                anna.pk,
                "russian",
                "blitz",
                T0,
                "black",
                0.0,
                0.49,
                20.0,
                1490.0,
                1480.2,
                before,
                i + 1,
            )
        )

    adapt = connection.ops.adapt_datetimefield_value
    sql.rows_insert(RatingChange, _HISTORY_FIELDS, [(*row[:5], adapt(row[5]), *row[6:]) for row in rows])
    by_hand = stored()
    RatingChange.objects.all().delete()
    RatingChange.objects.bulk_create([RatingChange(**dict(zip(NAMES, row, strict=True))) for row in rows])

    assert len(by_hand) == 2 * games and by_hand == stored()


def test_no_rows_write_nothing(db):
    sql.rows_insert(RatingChange, _HISTORY_FIELDS, [])
    assert not RatingChange.objects.exists()
