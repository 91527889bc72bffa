"""How far ahead an organiser may date anything: ten years.

A date at the end of the calendar (year 9999) has no later local time, so every
page showing it in a zone east of UTC, and every feed and sum of durations
built on it, would break; nobody schedules a round a decade ahead."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils.translation import gettext as _

from . import zones
from .refusals import Invalid

HORIZON = timedelta(days=3653)  # ten years, leap days included


def within_horizon(moment: datetime | None, now: datetime, what: str) -> None:
    """Refused (400) if ``moment`` (``what``: its name, translated) is more than ten years after ``now``."""
    if moment is not None and moment - now > HORIZON:
        raise Invalid(
            "beyond-horizon",
            _("%(what)s is more than ten years away: give a date before %(latest)s.")
            % {"what": what, "latest": zones.shown(now + HORIZON)},
        )
