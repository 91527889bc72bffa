"""Time zones as members choose them and pages name them.

Every time the club stores is UTC; a page shows it in the viewer's zone
(``club.site.middleware.ViewerTimeZone`` activates it) and says which zone
that is, and a form reads a typed time in the zone its label names — the
zone active for the request, so what is shown and what is read agree.
"""

from __future__ import annotations

import functools
import zoneinfo
from datetime import UTC, date, datetime, timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils import formats, timezone
from django.utils.translation import gettext as _

# Files of the zone database that name no place: offered to nobody.
NOT_PLACES = frozenset({"Factory", "localtime", "posixrules"})


@functools.cache
def zone_names() -> tuple[str, ...]:
    """Every IANA zone this machine knows that names a place, sorted ("Europe/Moscow", "UTC", …)."""
    return tuple(sorted(zoneinfo.available_timezones() - NOT_PLACES))


def is_zone(name: str) -> bool:
    return bool(name) and name in zone_names()


def validate_zone(name: str) -> None:
    if not is_zone(name):
        raise ValidationError(_("%(zone)s is not a time zone.") % {"zone": name}, code="bad-zone")


def default_zone() -> str:
    """The club's zone (``settings.TIME_ZONE``): a new member's until he chooses his."""
    return settings.TIME_ZONE


def zone_of(name: str | None) -> zoneinfo.ZoneInfo:
    return zoneinfo.ZoneInfo(name if name and is_zone(name) else default_zone())


def offset_text(offset: timedelta | None) -> str:
    """UTC+03:00, UTC−05:30, UTC."""
    if not offset:
        return "UTC"
    minutes = int(offset.total_seconds() // 60)
    sign = "+" if minutes >= 0 else "−"
    hours, minutes = divmod(abs(minutes), 60)
    return f"UTC{sign}{hours:02d}:{minutes:02d}"


def abbreviation(moment: datetime) -> str:
    """The zone's short name at ``moment`` as people write it: MSK, CET, UTC; a zone without one (+05): UTC+05:00."""
    name = moment.tzname() or ""
    if name.isalpha() and name.isupper():
        return name
    return offset_text(moment.utcoffset())


def current_label(now: datetime | None = None) -> str:
    """The active zone as a form's label names it: "Europe/Moscow, UTC+03:00"."""
    zone = timezone.get_current_timezone()
    moment = (now or timezone.now()).astimezone(zone)
    name = getattr(zone, "key", None) or str(zone)
    offset = offset_text(moment.utcoffset())
    return name if name == offset else f"{name}, {offset}"


def shown(moment: datetime | None, *, seconds: bool = False) -> str:
    """A stored instant in the viewer's zone, with the zone: "2026-03-01 15:00 MSK"; "" for none."""
    if moment is None:
        return ""
    try:
        local = timezone.localtime(moment) if timezone.is_aware(moment) else moment
    except OverflowError:  # the calendar's last instants have no later local time: show them in UTC
        local = moment.astimezone(UTC)
    written = formats.date_format(local, "SHORT_DATETIME_FORMAT") + (local.strftime(":%S") if seconds else "")
    return f"{written} {abbreviation(local)}"


def day_shown(value: date | datetime | None) -> str:
    """A day as every page writes it in the active language ("2026-03-01"); an instant's
    day in the viewer's zone; "" for none."""
    if value is None:
        return ""
    if isinstance(value, datetime) and timezone.is_aware(value):
        value = timezone.localtime(value)
    return formats.date_format(value, "SHORT_DATE_FORMAT")
