"""Numbers from query strings and posted forms, checked at the edge.

``str.isdigit()`` accepts "²" and "١", which ``int()`` refuses, and a number of
any size, which the database refuses: both were 500s.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework import serializers
from rest_framework.exceptions import ValidationError

from foundation.refusals import Invalid

# The largest value of the database's 64-bit integer columns (ids, plies).
MAX_ID = 2**63 - 1


class IdField(serializers.IntegerField):
    """A posted id: a whole number the id columns can hold (a larger one was a 500)."""

    def __init__(self, **options):
        options.setdefault("min_value", 0)
        options.setdefault("max_value", MAX_ID)
        super().__init__(**options)


def whole_number(value: str | None, *, maximum: int = MAX_ID) -> int | None:
    """``value`` as an int from 0 to ``maximum``, or None if it is not one."""
    if value is None or not (value.isascii() and value.isdigit()) or int(value) > maximum:
        return None
    return int(value)


def query_int(request, name: str, *, default: int | None = None, maximum: int = MAX_ID) -> int | None:
    """The query parameter ``name`` as an int from 0 to ``maximum``; ``default`` when absent or
    empty; a 400 naming the parameter for anything else."""
    value = request.query_params.get(name)
    if value is None or value == "":
        return default
    number = whole_number(value, maximum=maximum)
    if number is None:
        raise ValidationError({name: [_("A whole number from 0 to %(max)d.") % {"max": maximum}]})
    return number


def posted_int(data, name: str, *, default: int | None = None) -> int | None:
    """The posted field ``name`` as an int from 0 to ``MAX_ID``; ``default`` when absent
    or empty; for anything else a refusal (400) naming the field, never a 500."""
    value = data.get(name)
    if value is None or value == "":
        return default
    number = whole_number(str(value).strip())
    if number is None:
        raise Invalid("not-a-number", _("%(field)s: a whole number, please.") % {"field": name})
    return number


def posted_ints(values, name: str) -> list[int]:
    """Every non-empty value of a posted list (``getlist``) as an int, as ``posted_int``."""
    return [posted_int({name: v}, name) for v in values if v]
