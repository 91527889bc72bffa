"""The demo club's members (``manage.py up --demo``): the staff with their
roles and the players, all with the password ``DEMO_PASSWORD``. Idempotent:
loading twice leaves one copy."""

from __future__ import annotations

from django.contrib.auth.models import Group

from members.models import Member
from members.roles import Role

DEMO_PASSWORD = "demo-club-2024"

DEMO_MEMBERS = [
    # username, display name, city, federation title, federation rating, extra roles
    ("irina", "Ирина Соколова", "Москва", "МС", 2310, [Role.CHIEF_ARBITER]),
    ("pavel", "Павел Кузнецов", "Санкт-Петербург", "КМС", 2120, [Role.ARBITER]),
    ("olga", "Ольга Миронова", "Казань", "", None, [Role.ORGANISER]),
    ("sergey", "Сергей Васильев", "Тверь", "МГ", 2480, []),
    ("natalia", "Наталья Белова", "Самара", "1 разряд", 1850, []),
    ("timur", "Тимур Ахметов", "Уфа", "", 1620, []),
    ("anna", "Анна Орлова", "Ярославль", "", 2050, []),
    ("boris", "Борис Лебедев", "Пермь", "", 1980, []),
    ("vera", "Вера Зайцева", "Омск", "", 1760, []),
    ("gleb", "Глеб Никитин", "Тула", "", 1540, []),
]


def load_demo() -> dict[str, Member]:
    """Create (or refresh) the demo members with their roles: username → Member."""
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
    return members
