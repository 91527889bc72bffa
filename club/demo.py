"""A small demo club, so a newcomer sees something real at once (``manage.py up --demo``).

Idempotent: loading twice leaves one copy. Other apps add their demo data by
providing ``<app>.demo.load_demo(members)``; it receives the dict returned here
(username → Member) and must be idempotent too.
"""

from __future__ import annotations

import importlib
import importlib.util

from django.contrib.auth.models import Group
from django.db import transaction

from club.models import Member
from club.roles import Role

DEMO_PASSWORD = "demo-club-2024"

DEMO_MEMBERS = [
    # username, display name, city, federation title, federation rating, extra roles
    ("irina", "Ирина Соколова", "Москва", "МС", 2310, [Role.CHIEF_ARBITER]),
    ("pavel", "Павел Кузнецов", "Санкт-Петербург", "КМС", 2120, [Role.ARBITER]),
    ("olga", "Ольга Миронова", "Казань", "", None, [Role.ORGANISER]),
    ("sergey", "Сергей Васильев", "Тверь", "МГ", 2480, []),
    ("natalia", "Наталья Белова", "Самара", "1 разряд", 1850, []),
    ("timur", "Тимур Ахметов", "Уфа", "", 1620, []),
]

# Apps whose ``demo.load_demo(members)`` runs after the club's, in this order.
DEMO_APPS = ["games", "ratings", "club.championships"]


@transaction.atomic
def load_demo() -> dict[str, Member]:
    """Create (or refresh) the demo members with their roles; then every app's demo data."""
    groups = {group.name: group for group in Group.objects.filter(name__in=Role.values)}
    members: dict[str, Member] = {}
    for username, name, city, title, rating, roles in DEMO_MEMBERS:
        member, created = Member.objects.update_or_create(
            username=username,
            defaults={
                "display_name": name,
                "city": city,
                "federation_title": title,
                "federation_rating": rating,
                "email": f"{username}@demo.club",
            },
        )
        if created:
            member.set_password(DEMO_PASSWORD)
            member.save(update_fields=["password"])
        member.groups.add(*(groups[role] for role in [Role.MEMBER, *roles]))
        members[username] = member

    for app in DEMO_APPS:
        # find_spec, not try/except ImportError: a broken demo module must fail loudly.
        if importlib.util.find_spec(app) and importlib.util.find_spec(f"{app}.demo"):
            importlib.import_module(f"{app}.demo").load_demo(members)
    return members
