"""Vacations: a correspondence player's clocks stop while he is away.

Each member has ``GAMES_VACATION_DAYS_PER_YEAR`` days (default 30) per
calendar year. Taking a vacation moves out the indexed deadline of every
correspondence game where he is to move (``timing.game_deadline`` excludes
vacation time); live games are not affected.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import events
from games.models import Game, Vacation
from games.timing import game_deadline
from members.models import Member

from .errors import Invalid, RuleRefusal
from .guards import games_locked

FURTHEST_AHEAD = timedelta(days=366)  # a vacation is booked at most a year ahead


def vacation_allowance_days() -> int:
    return settings.GAMES_VACATION_DAYS_PER_YEAR


def _year_bounds(year: int) -> tuple[datetime, datetime]:
    """The calendar year in the club's time zone."""
    zone = timezone.get_default_timezone()
    return datetime(year, 1, 1, tzinfo=zone), datetime(year + 1, 1, 1, tzinfo=zone)


def _days_within(starts_at: datetime, ends_at: datetime, year: int) -> float:
    first, after = _year_bounds(year)
    overlap = min(ends_at, after) - max(starts_at, first)
    return max(overlap, timedelta()) / timedelta(days=1)


def vacation_days_used(*, member: Member, year: int) -> float:
    """Vacation days ``member`` has in ``year``: a vacation across New Year
    counts to each year by its days in it."""
    first, after = _year_bounds(year)
    return sum(
        _days_within(v.starts_at, v.ends_at, year)
        for v in Vacation.objects.filter(member=member, starts_at__lt=after, ends_at__gt=first)
    )


def vacation_take(
    *, member: Member, days: int, starts_at: datetime | None = None, now: datetime | None = None
) -> Vacation:
    """Book ``days`` of vacation from ``starts_at`` (now by default).

    Holds the member's row lock (SELECT … FOR UPDATE) while it counts and
    books, so concurrent requests of one member are counted one after the
    other; then his correspondence games' deadlines move out.
    """
    now = now or timezone.now()
    starts_at = starts_at or now
    allowance = vacation_allowance_days()
    if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= allowance:
        raise Invalid("bad-vacation", _("A vacation lasts 1 to %(allowance)s days.") % {"allowance": allowance})
    if starts_at < now - timedelta(minutes=1):
        raise Invalid("bad-vacation", _("A vacation cannot start in the past."))
    if starts_at > now + FURTHEST_AHEAD:
        raise Invalid("bad-vacation", _("A vacation is booked at most a year ahead."))
    ends_at = starts_at + timedelta(days=days)
    with transaction.atomic():
        get_user_model().objects.select_for_update().filter(pk=member.pk).first()
        games = games_locked(Game.objects.of(member).ongoing().filter(speed="correspondence").order_by("pk"))
        zone = timezone.get_default_timezone()
        for year in range(timezone.localtime(starts_at, zone).year, timezone.localtime(ends_at, zone).year + 1):
            used = vacation_days_used(member=member, year=year)
            if used + _days_within(starts_at, ends_at, year) > allowance + 1e-9:
                raise RuleRefusal(
                    "vacation-allowance",
                    _("%(allowance)s vacation days a year; %(used)s used in %(year)s.")
                    % {"allowance": allowance, "used": format(used, "g"), "year": year},
                )
        if Vacation.objects.filter(member=member, starts_at__lt=ends_at, ends_at__gt=starts_at).exists():
            raise Invalid("bad-vacation", _("This vacation overlaps another one."))
        events.vacation_checks_run(member, starts_at, ends_at)  # an event's cap (its rules)
        vacation = Vacation.objects.create(member=member, starts_at=starts_at, ends_at=ends_at)
        for game in games:
            if game.member_of(game.to_move) == member.pk:
                game.deadline = game_deadline(game)
                game.save(update_fields=["deadline"])
        return vacation
