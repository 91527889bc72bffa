"""SQLite's LOWER and UPPER change ASCII letters only, so a search lowered on both
sides still told "орлова" from "Орлова". On SQLite the two functions are replaced,
on each new connection, by Python's, which know every alphabet; PostgreSQL's already
do. Connected in ``members.apps`` (the foundation is no app of its own)."""

from __future__ import annotations


def _lower(value):
    return value.lower() if isinstance(value, str) else value


def _upper(value):
    return value.upper() if isinstance(value, str) else value


def unicode_case_on_sqlite(sender, connection, **kwargs) -> None:
    if connection.vendor == "sqlite" and connection.connection is not None:
        connection.connection.create_function("LOWER", 1, _lower, deterministic=True)
        connection.connection.create_function("UPPER", 1, _upper, deterministic=True)
