"""Time controls as players write and read them: ``3+2`` on the page, and in
words (on hover) "3 minutes each, plus 2 seconds a move"; correspondence
"135 days, ≤21 a move", in words "135 days for the game, at most 21 days a move"."""

from __future__ import annotations

from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.clock import DAY_S, Period, TimeControl


def _minutes(seconds: int) -> str:
    return f"{seconds / 60:g}"


def _days(days: int) -> str:
    return ngettext("%(days)d day per move", "%(days)d days per move", days) % {"days": days}


def _day_count(days: int) -> str:
    return ngettext("%(days)d day", "%(days)d days", days) % {"days": days}


def _bank_days(tc: TimeControl) -> tuple[int, int, int]:
    """A bank's initial days, days added a move and cap per move (0: none)."""
    return tc.periods[0].seconds // DAY_S, tc.increment // DAY_S, tc.cap // DAY_S


def _bank_short(tc: TimeControl) -> str:
    bank, added, cap = _bank_days(tc)
    parts = [_day_count(bank)]
    if added:
        parts.append(_("+%(days)d a move") % {"days": added})
    if cap:
        parts.append(_("≤%(days)d a move") % {"days": cap})
    return ", ".join(parts)


def _bank_words(tc: TimeControl) -> str:
    bank, added, cap = _bank_days(tc)
    if added:
        parts = [
            _day_count(bank),
            ngettext("plus %(days)d day a move", "plus %(days)d days a move", added) % {"days": added},
        ]
    else:  # nothing is added: the bank is all the game gets
        parts = [ngettext("%(days)d day for the game", "%(days)d days for the game", bank) % {"days": bank}]
    if cap:
        parts.append(ngettext("at most %(days)d day a move", "at most %(days)d days a move", cap) % {"days": cap})
    return ", ".join(parts)


def _moves_in_days(period: Period) -> str:
    return _("%(moves)s in %(days)s") % {
        "moves": ngettext("%(moves)d move", "%(moves)d moves", period.moves) % {"moves": period.moves},
        "days": _day_count(period.seconds // DAY_S),
    }


def _day_periods(tc: TimeControl) -> list[str]:
    """ "10 moves in 50 days", "then 10 moves in 30 days", "then 30 days to the end of the game"."""
    parts = []
    for i, period in enumerate(tc.periods):
        if period.moves is None:
            parts.append(_("then %(days)s to the end of the game") % {"days": _day_count(period.seconds // DAY_S)})
        else:
            parts.append(_("then %(period)s") % {"period": _moves_in_days(period)} if i else _moves_in_days(period))
    return parts


def short(tc: TimeControl | None) -> str:
    """``3+2`` (minutes + seconds a move), ``120/50, 60/25`` (minutes for moves), "3 days per move",
    "135 days, ≤21 a move", "10 moves in 50 days"."""
    if tc is None or not tc.timed:
        return _("untimed")
    if tc.days:
        return _days(tc.days)
    if tc.kind == "correspondence-bank":
        return _bank_short(tc)
    if tc.kind == "correspondence-periods":
        return ", ".join(_day_periods(tc))
    periods = ", ".join(_minutes(p.seconds) + (f"/{p.moves}" if p.moves else "") for p in tc.periods)
    if len(tc.periods) == 1 and not tc.periods[0].moves:
        return f"{periods}+{tc.increment}"
    return periods + (f" +{tc.increment}" if tc.increment else "")


def words(tc: TimeControl | None) -> str:
    """The control in words, for the hover text and the game page."""
    if tc is None or not tc.timed:
        return short(tc)
    if tc.days:
        return _days(tc.days)
    if tc.kind == "correspondence-bank":
        return _bank_words(tc)
    if tc.kind == "correspondence-periods":
        periods = _day_periods(tc)
        if tc.periods[-1].moves:  # the last period repeats
            periods.append(_("and so on"))
        return _("%(periods)s; unused time carries over") % {"periods": ", ".join(periods)}
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


def abbr(tc: TimeControl | None) -> str:
    """``<abbr title="3 min each for the game, plus 2 s a move">3+2</abbr>``."""
    return format_html('<abbr class="time-control" title="{}">{}</abbr>', words(tc), short(tc))
