"""Time controls as players write and read them: ``3+2`` on the page, and in
words (on hover) "3 minutes each, plus 2 seconds a move"."""

from __future__ import annotations

from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.clock import TimeControl


def _minutes(seconds: int) -> str:
    return f"{seconds / 60:g}"


def _parsed(text: str) -> TimeControl | None:
    if not text or text == "-":
        return None
    try:
        return TimeControl.parse(text)
    except ValueError:
        return None


def _days(days: int) -> str:
    return ngettext("%(days)d day per move", "%(days)d days per move", days) % {"days": days}


def short(text: str) -> str:
    """``3+2`` (minutes + seconds a move), ``120/50, 60/25`` (minutes for moves), "3 days per move"."""
    tc = _parsed(text)
    if tc is None:
        return _("untimed") if not text or text == "-" else text
    if tc.days:
        return _days(tc.days)
    periods = ", ".join(_minutes(p.seconds) + (f"/{p.moves}" if p.moves else "") for p in tc.periods)
    if len(tc.periods) == 1 and not tc.periods[0].moves:
        return f"{periods}+{tc.increment}"
    return periods + (f" +{tc.increment}" if tc.increment else "")


def words(text: str) -> str:
    """The control in words, for the hover text and the game page."""
    tc = _parsed(text)
    if tc is None:
        return short(text)
    if tc.days:
        return _days(tc.days)
    parts = []
    for i, period in enumerate(tc.periods):
        minutes = _minutes(period.seconds)
        if not period.moves:
            parts.append(
                _("then %(minutes)s min to the end of the game") % {"minutes": minutes}
                if i
                else _("%(minutes)s min each for the game") % {"minutes": minutes}
            )
        elif i == len(tc.periods) - 1 and i:
            parts.append(
                _("then %(minutes)s min for every %(moves)d moves") % {"minutes": minutes, "moves": period.moves}
            )
        else:
            parts.append(_("%(minutes)s min for %(moves)d moves") % {"minutes": minutes, "moves": period.moves})
    text = ", ".join(parts)
    if tc.increment:
        text += ", " + _("plus %(seconds)d s a move") % {"seconds": tc.increment}
    return text


def abbr(text: str) -> str:
    """``<abbr title="3 min each for the game, plus 2 s a move">3+2</abbr>``."""
    return format_html('<abbr class="time-control" title="{}">{}</abbr>', words(text), short(text))
