"""The ``<id:…>`` path converter: a database id, 1 … 2**63 − 1.

Django's ``<int:…>`` takes any run of digits, so ``/api/arbiters/games/
9223372036854775808/adjournment/`` reached the query and overflowed the id
column: a 500 on PostgreSQL and on SQLite. A larger number is no id of ours;
the converter declines it and the URL answers 404. Every URL module imports
this one before its patterns, which registers the converter.
"""

from __future__ import annotations

from django.urls import register_converter

from foundation.api.params import MAX_ID


class DatabaseId:
    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > MAX_ID:
            raise ValueError("not an id")  # Django then tries the next pattern: 404 in the end
        return number

    def to_url(self, value) -> str:
        return str(int(value))


register_converter(DatabaseId, "id")
