"""Helpers of the tests that count how often a service reads or locks a game's row."""

from __future__ import annotations

import re


def game_row_reads(queries, game_id: int) -> list[str]:
    """The statements of ``queries`` (CaptureQueriesContext's) that read the game's own row
    by its id: its lock, or a read beside it."""
    from django.db import connection

    from games.models import Game

    table = re.escape(connection.ops.quote_name(Game._meta.db_table))
    pk = re.escape(connection.ops.quote_name(Game._meta.pk.column))
    by_id = re.compile(rf"FROM {table}(?: g)? WHERE (?:{table}\.|g\.)?{pk} = {game_id}\b")
    return [q["sql"] for q in queries if by_id.search(q["sql"])]
