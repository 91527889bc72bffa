"""Personas and helpers for the team competition tests.

Grigory organises, Valentin is the appointed chief arbiter, Yelena an
appointed arbiter. Each team has four players and one reserve; its first
player is its captain. ``api(member)`` is that member's API client; every
call runs its on-commit hooks (game follow-ups, standings) at once.
"""

import pytest
from rest_framework.test import APIClient

from club.championships import services
from tests.conftest import make_member

TEAM_NAMES = ["Ладья", "Дамка", "Шашист", "Вертушка", "Отыгрыш", "Фланг"]


@pytest.fixture
def staff(organiser, chief_arbiter, arbiter):
    return {"organiser": organiser, "chief": chief_arbiter, "arbiter": arbiter}


@pytest.fixture
def rosters(db):
    """Six rosters of five members (four boards and a reserve), ``rosters[t][i]``."""
    return [
        [make_member(f"t{t}p{i}", display_name=f"{TEAM_NAMES[t]} {i + 1}") for i in range(5)]
        for t in range(len(TEAM_NAMES))
    ]


@pytest.fixture
def make_event(staff, rosters):
    """``make_event(teams, **options)``: 4 boards and a reserve, arbiters appointed,
    the first ``teams`` rosters registered by their captains and accepted by
    their players, registration closed."""

    def make(teams=4, *, close=True, **options):
        options.setdefault("name", "Командный кубок клуба")
        options.setdefault("discipline", "russian")
        options.setdefault("time_control", "d3")
        options.setdefault("boards", 4)
        options.setdefault("reserves", 1)
        event = services.championship_create(organiser=staff["organiser"], entrants="teams", **options)
        services.arbiter_appoint(by=staff["organiser"], championship_id=event.pk, member=staff["chief"], role="chief")
        services.arbiter_appoint(
            by=staff["organiser"], championship_id=event.pk, member=staff["arbiter"], role="arbiter"
        )
        for t in range(teams):
            roster = rosters[t]
            team = services.team_register(
                by=roster[0], championship_id=event.pk, name=TEAM_NAMES[t], captain=roster[0], players=roster
            )
            for player in roster[1:]:  # 1.14.2: each plays once he accepts his place (issue 24)
                services.team_invitation_answer(member=player, team_id=team.pk, accept=True)
        if close:
            services.entries_close(by=staff["organiser"], championship_id=event.pk, seed="lot")
        event.refresh_from_db()
        return event

    return make


@pytest.fixture
def api(django_capture_on_commit_callbacks, eager_celery):
    class Caller:
        def __init__(self, member):
            self.client = APIClient()
            if member is not None:
                self.client.force_authenticate(member)

        def get(self, url):
            return self.client.get(url)

        def post(self, url, data=None):
            with django_capture_on_commit_callbacks(execute=True):
                return self.client.post(url, data or {}, format="json")

    return Caller


def ok(response, status=200):
    assert response.status_code == status, response.content
    return response.json()
