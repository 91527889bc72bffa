"""The games layer's hand-written SQL: the statements every move runs.

Each is here because bench/hand_sql.py measured it against its ORM
equivalent on PostgreSQL, both as psycopg prepared statements, and the ORM
cost more (its saved runs are in bench/results/). tests/games/test_sql.py checks each against the ORM on
SQLite and PostgreSQL. The statements are built once per vendor from the
models' metadata (foundation/sql.py), so a model change reaches them.
"""

from __future__ import annotations

from datetime import datetime

from django.db import connection

from foundation import sql
from games.models import Game, Move, Vacation

# The game's columns a move writes (``move_store``).
MOVE_GAME_FIELDS = [
    "ply",
    "white_id",
    "black_id",
    "white_ms",
    "black_ms",
    "white_moves",
    "black_moves",
    "to_move",
    "fen",
    "turn_started_at",
    "draw_barred",
    "draw_offer_by",
    "draw_offer_ply",
    "started_at",
    "deadline",
    "turn_unannounced",
    "white_checked_in_at",
    "black_checked_in_at",
]


# Game lock: taken by every move and every decision on a game.
@sql.per_vendor
def _lock_statement() -> tuple[str, sql.Columns]:
    qn = connection.ops.quote_name
    columns = sql.Columns(Game)
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    return (f"SELECT {columns.sql} FROM {qn(Game._meta.db_table)} WHERE {qn(Game._meta.pk.column)} = %s{lock}", columns)


def game_row_for_update(game_id: int, cursor=None) -> Game | None:
    """``Game.objects.select_for_update().filter(pk=game_id).first()``: SELECT
    … FOR UPDATE of the game row (a plain SELECT inside SQLite's IMMEDIATE
    transaction, which already holds the write lock)."""
    statement, columns = _lock_statement()
    row = sql.fetch_one(statement, [game_id], cursor)
    return None if row is None else columns.instance(row)


# Vacations: read by every move of a correspondence game, to stop its clock while away.
@sql.per_vendor
def _pauses_statement() -> tuple[str, sql.Columns]:
    qn, meta = connection.ops.quote_name, Vacation._meta
    columns = sql.Columns(Vacation, [meta.get_field("member"), meta.get_field("starts_at"), meta.get_field("ends_at")])
    member, ends = qn(meta.get_field("member").column), qn(meta.get_field("ends_at").column)
    return (f"SELECT {columns.sql} FROM {qn(meta.db_table)} WHERE {member} IN (%s, %s) AND {ends} > %s", columns)


def vacations_ending_after(
    member_ids: tuple[int, int], after: datetime, cursor=None
) -> list[tuple[int, datetime, datetime]]:
    """``Vacation.objects.filter(member_id__in=member_ids, ends_at__gt=after)
    .values_list("member_id", "starts_at", "ends_at")``, in no order."""
    statement, columns = _pauses_statement()
    rows = sql.fetch_all(statement, [*member_ids, connection.ops.adapt_datetimefield_value(after)], cursor)
    return [tuple(columns.values(row)) for row in rows]


# A move's lock and its vacations in one round trip: the look-up rides
# on the lock's SELECT as three correlated subqueries (PostgreSQL; SQLite, without
# network round trips, keeps the second statement). In the select list they are
# evaluated for the row as locked, also when FOR UPDATE waited for another move.
# Unlocked, the same read also returns the row version's xmin, for the move
# that writes only if nothing has changed the row since (``move_store_if_unchanged``).
def _with_vacations_statement(*, lock: bool) -> tuple[str, sql.Columns] | None:
    if connection.vendor != "postgresql":
        return None
    qn, game_meta, meta = connection.ops.quote_name, Game._meta, Vacation._meta
    columns = sql.Columns(Game, alias="g")
    member, ends = qn(meta.get_field("member").column), qn(meta.get_field("ends_at").column)
    white, black = qn(game_meta.get_field("white").column), qn(game_meta.get_field("black").column)
    turn = qn(game_meta.get_field("turn_started_at").column)
    where = f"FROM {qn(meta.db_table)} v WHERE v.{member} IN (g.{white}, g.{black}) AND v.{ends} > g.{turn}"
    pk = qn(meta.pk.column)
    arrays = ", ".join(
        f"ARRAY(SELECT v.{qn(meta.get_field(name).column)} {where} ORDER BY v.{pk})"
        for name in ("member", "starts_at", "ends_at")
    )
    tail = " FOR UPDATE OF g" if lock else ""
    version = "" if lock else ", g.xmin::text"
    return (
        f"SELECT {columns.sql}, {arrays}{version} FROM {qn(game_meta.db_table)} g "
        f"WHERE g.{qn(game_meta.pk.column)} = %s{tail}",
        columns,
    )


_lock_with_vacations_statement = sql.per_vendor(lambda: _with_vacations_statement(lock=True))
_read_with_vacations_statement = sql.per_vendor(lambda: _with_vacations_statement(lock=False))


def game_row_for_update_with_vacations(game_id: int, cursor=None) -> tuple[Game | None, list | None]:
    """``game_row_for_update`` and, on PostgreSQL in the same statement, the players'
    ``vacations_ending_after(game.turn_started_at)`` (none before a turn has
    started); None for the vacations where they are not folded in."""
    built = _lock_with_vacations_statement()
    if built is None:
        return game_row_for_update(game_id, cursor), None
    statement, columns = built
    row = sql.fetch_one(statement, [game_id], cursor)
    if row is None:
        return None, None
    members, starts, ends = row[len(columns.fields) :]
    return columns.instance(row), list(zip(members, starts, ends, strict=True))


def reads_unlocked() -> bool:
    """Whether a move may read its game without the lock and write only if the
    row is unchanged: PostgreSQL, which has the row version (xmin) to compare."""
    return _read_with_vacations_statement() is not None


def game_with_vacations(game_id: int, cursor=None) -> tuple[Game | None, list, str | None]:
    """As ``game_row_for_update_with_vacations`` without the lock, and the row's version
    (its xmin) as read; (None, [], None) for no such game. PostgreSQL only."""
    statement, columns = _read_with_vacations_statement()
    row = sql.fetch_one(statement, [game_id], cursor)
    if row is None:
        return None, [], None
    members, starts, ends, version = row[len(columns.fields) :]
    return columns.instance(row), list(zip(members, starts, ends, strict=True)), version


# Move store: the ORM needs two round trips (save, then update) where this takes one.
@sql.per_vendor
def _store_statement() -> tuple[str, str, list, list]:
    """(INSERT of the move, UPDATE of the game, their fields); on PostgreSQL the
    two are one statement, the INSERT a data-modifying CTE of the UPDATE."""
    qn, move_meta, game_meta = connection.ops.quote_name, Move._meta, Game._meta
    move_fields = [f for f in move_meta.concrete_fields if f is not move_meta.pk]
    game_fields = [game_meta.get_field(name) for name in MOVE_GAME_FIELDS]
    insert = (
        f"INSERT INTO {qn(move_meta.db_table)} ({', '.join(qn(f.column) for f in move_fields)}) "
        f"VALUES ({', '.join(['%s'] * len(move_fields))}) RETURNING {qn(move_meta.pk.column)}"
    )
    update = (
        f"UPDATE {qn(game_meta.db_table)} SET "
        + ", ".join(f"{qn(f.column)} = %s" for f in game_fields)
        + f" WHERE {qn(game_meta.pk.column)} = %s"
    )
    if connection.vendor == "postgresql":
        return f"WITH new_move AS ({insert}) {update} RETURNING (SELECT * FROM new_move)", "", move_fields, game_fields
    return insert, update, move_fields, game_fields


def _values(instance, fields, *, adding: bool) -> list:
    """The fields' values as ``save`` would write them (``adding``: a new row, whose pre_save defaults apply)."""
    db = sql.database()
    return [f.get_db_prep_save(f.pre_save(instance, adding), db) for f in fields]


def _stored(move: Move, row) -> bool:
    """Mark ``move`` saved under the id its INSERT returned; False if it returned no row."""
    if row is None:
        return False
    move.pk = row[0]
    # Django has no public way to mark an instance saved but save() and from_db(); the move
    # is the caller's own object, so its saved state is set as save() would set it.
    move._state.adding, move._state.db = False, connection.alias
    return True


def move_store(cursor, move: Move, game: Game) -> bool:
    """``move.save(force_insert=True)`` and ``Game.objects.filter(pk=game.pk)
    .update(...)`` of ``MOVE_GAME_FIELDS``, in one round trip on PostgreSQL.
    False if there is no such game (the caller then rolls back). The unique
    (game, ply) and (game, idempotency_key) constraints refuse a duplicate
    move with IntegrityError."""
    insert, update, move_fields, game_fields = _store_statement()
    move_values = _values(move, move_fields, adding=True)
    game_values = _values(game, game_fields, adding=False) + [game.pk]
    if not update:
        cursor.execute(insert, move_values + game_values)
        return _stored(move, cursor.fetchone())
    if connection.features.can_return_columns_from_insert:
        cursor.execute(insert, move_values)
        _stored(move, cursor.fetchone())
    else:  # SQLite before 3.35 has no RETURNING
        move.save(force_insert=True)
    cursor.execute(update, game_values)
    return cursor.rowcount == 1


# The unlocked move's store: one statement in autocommit, so no BEGIN, no
# FOR UPDATE and no COMMIT round trips. The game is updated only if
# its row is still the version the move read, and the move inserted only then.
@sql.per_vendor
def _store_if_unchanged_statement() -> tuple[str, list, list]:
    qn, move_meta, game_meta = connection.ops.quote_name, Move._meta, Game._meta
    move_fields = [f for f in move_meta.concrete_fields if f is not move_meta.pk]
    game_fields = [game_meta.get_field(name) for name in MOVE_GAME_FIELDS]
    update = (
        f"UPDATE {qn(game_meta.db_table)} SET "
        + ", ".join(f"{qn(f.column)} = %s" for f in game_fields)
        + f" WHERE {qn(game_meta.pk.column)} = %s AND xmin = %s::xid RETURNING {qn(game_meta.pk.column)}"
    )
    insert = (
        f"INSERT INTO {qn(move_meta.db_table)} ({', '.join(qn(f.column) for f in move_fields)}) "
        f"SELECT {', '.join(['%s'] * len(move_fields))} FROM changed RETURNING {qn(move_meta.pk.column)}"
    )
    return f"WITH changed AS ({update}) {insert}", move_fields, game_fields


def move_store_if_unchanged(cursor, move: Move, game: Game, version: str) -> bool:
    """``move_store``, done only if the game row is still at ``version`` (its
    xmin when read, ``game_with_vacations``): False, with nothing written, if
    another write has changed it (or it is gone). PostgreSQL only."""
    statement, move_fields, game_fields = _store_if_unchanged_statement()
    cursor.execute(
        statement,
        _values(game, game_fields, adding=False) + [game.pk, version] + _values(move, move_fields, adding=True),
    )
    return _stored(move, cursor.fetchone())


# A game as it is shown (every page, API answer and spectators' frame of it): its row
# with both players, as ``select_related("white", "black")`` reads it, and its moves'
# notations, in one round trip on PostgreSQL (the notations an ARRAY subquery;
# SQLite keeps the second statement). The ORM compiling these two queries afresh was
# most of a frame's CPU (bench/hand_sql.py).
@sql.per_vendor
def _shown_statements() -> tuple[str, str, str, sql.Columns, sql.Columns, sql.Columns]:
    """(the game with its players, the same with its notations, the notations alone where
    they are not folded in; the three tables' columns)."""
    qn, game_meta, move_meta = connection.ops.quote_name, Game._meta, Move._meta
    member_model = game_meta.get_field("white").related_model
    game, white, black = (
        sql.Columns(Game, alias="g"),
        sql.Columns(member_model, alias="w"),
        sql.Columns(member_model, alias="b"),
    )
    members, member_pk = qn(member_model._meta.db_table), qn(member_model._meta.pk.column)
    game_pk = qn(game_meta.pk.column)
    notation, of_game, ply = (qn(move_meta.get_field(name).column) for name in ("notation", "game", "ply"))
    moves = f"SELECT m.{notation} FROM {qn(move_meta.db_table)} m WHERE m.{of_game} = {{game}} ORDER BY m.{ply}"
    joined = (
        f"FROM {qn(game_meta.db_table)} g "
        f"JOIN {members} w ON w.{member_pk} = g.{qn(game_meta.get_field('white').column)} "
        f"JOIN {members} b ON b.{member_pk} = g.{qn(game_meta.get_field('black').column)} "
        f"WHERE g.{game_pk} = %s"
    )
    select = f"SELECT {game.sql}, {white.sql}, {black.sql}"
    plain = f"{select} {joined}"
    if connection.vendor == "postgresql":
        return plain, f"{select}, ARRAY({moves.format(game=f'g.{game_pk}')}) {joined}", "", game, white, black
    return plain, plain, moves.format(game="%s"), game, white, black


def game_with_players(game_id: int) -> Game | None:
    """``Game.objects.select_related("white", "black").filter(pk=game_id).first()``."""
    shown = _game_shown(game_id, with_notations=False)
    return None if shown is None else shown[0]


def game_with_players_and_notations(game_id: int) -> tuple[Game, tuple[str, ...]] | None:
    """``game_with_players`` and its moves' notations in order
    (``game.moves.order_by("ply").values_list("notation", flat=True)``); None for no such game."""
    return _game_shown(game_id, with_notations=True)


def _game_shown(game_id: int, *, with_notations: bool) -> tuple[Game, tuple[str, ...]] | None:
    plain, with_notations_folded, moves, game, white, black = _shown_statements()
    row = sql.fetch_one(with_notations_folded if with_notations else plain, [game_id])
    if row is None:
        return None
    shown = game.instance(row)
    at = len(game.fields)
    # Assigned as select_related caches them: the players' foreign keys already hold these ids.
    shown.white = white.instance(row[at:])
    shown.black = black.instance(row[at + len(white.fields) :])
    if not with_notations:
        return shown, ()
    if moves:
        return shown, tuple(notation for (notation,) in sql.fetch_all(moves, [game_id]))
    return shown, tuple(row[-1])
