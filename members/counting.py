"""The home page's "the club has N members": a count of every active member, kept a few
minutes (a club's size does not change from one page to the next) and forgotten at
each sign-up, so a new member sees himself counted."""

from __future__ import annotations

from django.core.cache import cache

from members.models import Member

MEMBER_COUNT_SECONDS = 300
MEMBER_COUNT_KEY = "club-member-count"


def member_count() -> int:
    """How many active members the club has, counted at most once per ``MEMBER_COUNT_SECONDS``."""
    return cache.get_or_set(
        MEMBER_COUNT_KEY, lambda: Member.objects.filter(is_active=True).count(), MEMBER_COUNT_SECONDS
    )


def member_count_forget() -> None:
    cache.delete(MEMBER_COUNT_KEY)
