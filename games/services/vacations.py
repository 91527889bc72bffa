"""Vacations: a correspondence player's clocks stop while he is away.

Each member has ``GAMES_VACATION_DAYS_PER_YEAR`` days (default 30) per
calendar year. Taking a vacation moves out the indexed deadline of every
correspondence game where he is to move (``timing.game_deadline`` excludes
vacation time); live games are not affected.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games.models import Game, Vacation

from .errors import Invalid, RuleRefusal
from .timing import game_deadline


def vacation_allowance_days() -> int:
    return int(getattr(settings, "GAMES_VACATION_DAYS_PER_YEAR", 30))


def vacation_days_used(*, member, year: int) -> float:
    total = timedelta()
    for vacation in Vacation.objects.filter(member=member, starts_at__year=year):
        total += vacation.ends_at - vacation.starts_at
    return total / timedelta(days=1)


def vacation_take(*, member, days: int, starts_at: datetime | None = None, now: datetime | None = None) -> Vacation:
    now = now or timezone.now()
    starts_at = starts_at or now
    if days < 1:
        raise Invalid("bad-vacation", "A vacation lasts at least one day.")
    if starts_at < now - timedelta(minutes=1):
        raise Invalid("bad-vacation", "A vacation cannot start in the past.")
    ends_at = starts_at + timedelta(days=days)
    with transaction.atomic():
        # Lock the member's games first (primary-key order), then count: two
        # concurrent requests of one member cannot both spend the last days.
        games = list(
            Game.objects.select_for_update()
            .filter(Q(white=member) | Q(black=member), status=Game.Status.ONGOING, time_control__startswith="d")
            .order_by("pk")
        )
        used = vacation_days_used(member=member, year=starts_at.year)
        if used + days > vacation_allowance_days():
            raise RuleRefusal("vacation-allowance",
                              f"{vacation_allowance_days()} vacation days a year; {used:g} used in {starts_at.year}.")
        if Vacation.objects.filter(member=member, starts_at__lt=ends_at, ends_at__gt=starts_at).exists():
            raise Invalid("bad-vacation", "This vacation overlaps another one.")
        vacation = Vacation.objects.create(member=member, starts_at=starts_at, ends_at=ends_at)
        for game in sorted(games, key=lambda g: g.pk):
            if game.member_of(game.to_move) == member.pk:
                game.deadline = game_deadline(game)
                game.save(update_fields=["deadline"])
        return vacation
