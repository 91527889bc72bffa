"""Free text that names someone or something — a member's display name and city,
a championship's or a team's name: one line of visible characters.

Such text goes where a line break or an invisible character does harm: a
TRF16 ``001`` line and a PDN tag end at a line break, a CSV cell or a page
can be made to read differently by a bidi override. So it is refused where
it is typed (forms, the API, the services behind them), with a message that
names the character, and nothing is stored.
"""

from __future__ import annotations

import unicodedata

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from foundation.refusals import Invalid

# Controls (Cc: line feed, carriage return, tab, NUL, …), format characters (Cf:
# bidi overrides, zero-width joiners, soft hyphen), lone surrogates (Cs), and the
# line and paragraph separators (Zl, Zp).
REFUSED_CATEGORIES = ("Cc", "Cf", "Cs", "Zl", "Zp")


# Letters that draw nothing (the Hangul fillers, the blank Braille pattern): a name of them alone
# shows blank, and one looks like another's name with them added.
INVISIBLE = frozenset("\u115f\u1160\u3164\uffa0\u2800")


def refused_character(value: str) -> str | None:
    """The first character of ``value`` that may not stand in a one-line name, or None;
    a name of spaces alone is refused by its first."""
    found = next((ch for ch in value if unicodedata.category(ch) in REFUSED_CATEGORIES or ch in INVISIBLE), None)
    if found is None and value and value.isspace():
        return value[0]
    return found


def _message(found: str) -> str:
    return _(
        "Use one line of visible characters: line breaks, tabs and other control or "
        "invisible characters are not allowed (found U+%(code)04X)."
    ) % {"code": ord(found)}


def validate_one_line(value) -> None:
    """A Django validator (forms, models): ``value`` holds no control, format or line-separator character."""
    found = refused_character(str(value or ""))
    if found is not None:
        raise ValidationError(_message(found), code="control-character")


def one_line_required(value: str, *, what: str) -> str:
    """For services: ``value``, or the refusal ``Invalid`` (400) that names ``what`` was typed wrong."""
    found = refused_character(value or "")
    if found is not None:
        raise Invalid("control-character", _("%(what)s: %(why)s") % {"what": what, "why": _message(found)})
    return value
