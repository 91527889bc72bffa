"""Reads for members. Sanctions are read through club.arbiters.selectors."""

from __future__ import annotations

from django.core.cache import cache
from django.db.models import Q, QuerySet

from club.members.models import Member


def member_list(*, query: str = "") -> QuerySet[Member]:
    """Active members, by name; ``query`` matches the username, display name or city."""
    members = Member.objects.filter(is_active=True).prefetch_related("groups")
    query = query.strip()
    if query:
        members = members.filter(
            Q(username__icontains=query) | Q(display_name__icontains=query) | Q(city__icontains=query)
        )
    return members.order_by("display_name", "username")


def member_get(*, username: str) -> Member:
    return Member.objects.get(username=username, is_active=True)


# The home page's "the club has N members": a count of every member, kept a few
# minutes (a club's size does not change from one page to the next).
MEMBER_COUNT_SECONDS = 300


def member_count() -> int:
    """How many active members the club has, counted at most once per ``MEMBER_COUNT_SECONDS``."""
    return cache.get_or_set(
        "club-member-count", lambda: Member.objects.filter(is_active=True).count(), MEMBER_COUNT_SECONDS
    )
