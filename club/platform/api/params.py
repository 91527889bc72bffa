"""Numbers from query strings, checked at the edge.

``str.isdigit()`` accepts "²" and "١", which ``int()`` refuses, and a number of
any size, which the database refuses: both were 500s.
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework.exceptions import ValidationError

# The largest value of the database's 64-bit integer columns (ids, plies).
MAX_ID = 2**63 - 1


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
