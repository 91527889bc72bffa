"""Figures as the club prints them: points, coefficients, board points.

One function for every page, print and export that shows a figure (and the
``figure`` template filter, ``club.site.templatetags.club_format``), so the
same value reads the same everywhere: 7, 6.5, −1.5 — no trailing .0, a true
minus sign, and the reader's decimal separator (6,5 in Russian)."""

from __future__ import annotations

from django.utils import formats


def figure(value) -> str:
    """7, 6.5 (Russian: 6,5), −1.5; "" for no value."""
    if value is None or value == "":
        return ""
    if isinstance(value, float):
        value = round(value, 4)
        if value.is_integer():
            value = int(value)
    text = str(value)
    if isinstance(value, float):
        text = text.replace(".", formats.get_format("DECIMAL_SEPARATOR"))
    return text.replace("-", "−") if text.startswith("-") else text
