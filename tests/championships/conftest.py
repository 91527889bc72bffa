"""Personas and helpers for the championship tests.

Grigory organises, Valentin is the appointed chief arbiter, Yelena an
appointed arbiter; the players are plain members. Instants are explicit
(``T0`` plus offsets) wherever a service takes ``now``.
"""

from datetime import UTC, datetime, timedelta

import pytest
from rest_framework.test import APIClient

from club.championships import services
from tests.conftest import make_member

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def at(minutes: float = 0) -> datetime:
    return T0 + timedelta(minutes=minutes)


@pytest.fixture
def players(db):
    """Six members who play: players[0] … players[5]."""
    names = ["pyotr", "olga", "ivan", "marina", "sergei", "tatiana"]
    return [
        make_member(name, display_name=name.title(), federation_rating=2000 - 50 * i) for i, name in enumerate(names)
    ]


@pytest.fixture
def staff(organiser, chief_arbiter, arbiter):
    return {"organiser": organiser, "chief": chief_arbiter, "arbiter": arbiter}


@pytest.fixture
def make_championship(staff):
    """``make_championship(entrants, **options)``: created, arbiters appointed,
    the entrants entered and the entries closed (the server draws the lot); returns it."""

    def make(entrants=(), *, close=True, **options):
        options.setdefault("name", "Club championship")
        options.setdefault("discipline", "russian")
        options.setdefault("time_control", "d3")
        championship = services.championship_create(organiser=staff["organiser"], now=T0, **options)
        services.arbiter_appoint(
            by=staff["organiser"], championship_id=championship.pk, member=staff["chief"], role="chief"
        )
        services.arbiter_appoint(
            by=staff["organiser"], championship_id=championship.pk, member=staff["arbiter"], role="arbiter"
        )
        services.entries_open(by=staff["organiser"], championship_id=championship.pk, now=T0)
        for member in entrants:
            services.entry_create(championship_id=championship.pk, member=member, now=T0)
        if close:
            services.entries_close(by=staff["organiser"], championship_id=championship.pk, now=T0)
        championship.refresh_from_db()
        return championship

    return make


@pytest.fixture
def on_commit(django_capture_on_commit_callbacks, eager_celery):
    """``with on_commit(): …`` runs the block's on-commit hooks (game follow-ups, standings) at once."""

    def run():
        return django_capture_on_commit_callbacks(execute=True)

    return run


@pytest.fixture
def api(on_commit):
    """``api(member).post(url, data)``: the member's API client; every call runs its on-commit hooks."""

    class Caller:
        def __init__(self, member):
            self.client = APIClient()
            if member is not None:
                self.client.force_authenticate(member)

        def _call(self, method, url, data=None):
            with on_commit():
                return getattr(self.client, method)(url, data or {}, format="json")

        def get(self, url):
            return self.client.get(url)

        def post(self, url, data=None):
            return self._call("post", url, data)

        def delete(self, url):
            return self._call("delete", url)

    return Caller
