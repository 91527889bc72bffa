"""A small demo club, so a newcomer sees something real at once (``manage.py up --demo``).

Idempotent: loading twice leaves one copy. The members first
(``members.demo``), then each app's demo data, given them.
"""

from __future__ import annotations

from django.db import transaction

from club.championships import demo as championships_demo
from games import demo as games_demo
from members import demo as members_demo
from members.demo import DEMO_PASSWORD
from members.models import Member

__all__ = ["DEMO_PASSWORD", "load_demo"]


@transaction.atomic
def load_demo() -> dict[str, Member]:
    """The demo members, then the games and championships of the demo club (their ratings follow from the games)."""
    members = members_demo.load_demo()
    for app in (games_demo, championships_demo):
        app.load_demo(members)
    return members
