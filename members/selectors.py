"""Reads for members. Sanctions are read through club.arbiters.selectors."""

from __future__ import annotations

from django.db import connection
from django.db.models import Q, QuerySet
from django.db.models.functions import Lower

from members.counting import member_count  # noqa: F401  (the home page reads it here)
from members.models import Member


def member_list(*, query: str = "") -> QuerySet[Member]:
    """Active members, by name; ``query`` matches the username, display name or city."""
    members = Member.objects.filter(is_active=True).prefetch_related("groups")
    query = query.strip().lower()
    if query and connection.vendor == "postgresql":
        # PostgreSQL's icontains folds every alphabet and reads the trigram indexes of UPPER(name).
        members = members.filter(
            Q(username__icontains=query) | Q(display_name__icontains=query) | Q(city__icontains=query)
        )
    elif query:
        # SQLite's LIKE folds ASCII only: lowered on both sides, in every alphabet ("орлова" finds
        # "Орлова"; foundation.unicode_case).
        members = members.annotate(
            username_lower=Lower("username"), name_lower=Lower("display_name"), city_lower=Lower("city")
        ).filter(Q(username_lower__contains=query) | Q(name_lower__contains=query) | Q(city_lower__contains=query))
    return members.order_by("display_name", "username")


def member_get(*, username: str) -> Member:
    return Member.objects.get(username=username, is_active=True)
