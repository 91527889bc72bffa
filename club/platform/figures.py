"""Figures as the club prints them: points, coefficients, board points.

One function for every page, print and export that shows a figure, so the
same value reads the same everywhere: 7, 6.5, −1.5 (no trailing .0, a true
minus sign)."""

from __future__ import annotations


def figure(value) -> str:
    """7, 6.5, −1.5; "" for no value."""
    if value is None or value == "":
        return ""
    if isinstance(value, float):
        value = round(value, 4)
        if value.is_integer():
            value = int(value)
    text = str(value)
    return text.replace("-", "−") if text.startswith("-") else text
