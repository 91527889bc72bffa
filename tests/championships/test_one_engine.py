"""A championship of players and a team event are one engine: the
same service, the same guard and the same decision log for each rule, so a
rule holds — or is fixed — for both at once."""

import pytest

from club.championships import services
from club.championships.models import Championship, Decision
from foundation.refusals import Conflict, Forbidden
from tests.conftest import make_member

from .conftest import T0

pytestmark = pytest.mark.django_db

KINDS = {
    "players": {},
    "teams": {"entrants": "teams", "boards": 2},
}


@pytest.fixture(params=sorted(KINDS))
def event(request, staff):
    """A new event of each kind, its entries open, its chief arbiter appointed."""
    event = services.championship_create(
        organiser=staff["organiser"],
        name="Кубок",
        discipline="russian",
        time_control="d3",
        now=T0,
        **KINDS[request.param],
    )
    services.arbiter_appoint(by=staff["organiser"], championship_id=event.pk, member=staff["chief"], role="chief")
    if not event.for_teams:
        services.entries_open(by=staff["organiser"], championship_id=event.pk, now=T0)
    event.refresh_from_db()
    assert event.status == Championship.Status.ENTRIES_OPEN
    return event


def test_a_club_administrator_stands_in_for_the_organiser_of_either_kind(event, staff, club_admin):
    # The override championships had and team events had lost: one guard (authority.organiser_required).
    services.arbiter_appoint(by=club_admin, championship_id=event.pk, member=staff["arbiter"], role="arbiter")
    assert Decision.objects.filter(championship=event, action="appoint", by=club_admin).exists()


def test_a_plain_member_may_not_act_for_the_organiser_of_either_kind(event, staff):
    stranger = make_member("stranger")
    with pytest.raises(Forbidden) as refused:
        services.arbiter_appoint(by=stranger, championship_id=event.pk, member=staff["arbiter"], role="arbiter")
    assert refused.value.code == "not-organiser"
    assert not event.appointments.filter(member=staff["arbiter"]).exists()


def test_the_lot_of_either_kind_needs_two_entrants(event, staff):
    with pytest.raises(Conflict) as refused:
        services.entries_close(by=staff["organiser"], championship_id=event.pk, now=T0)
    assert refused.value.code in ("too-few-entries", "too-few-teams")
    event.refresh_from_db()
    assert event.status == Championship.Status.ENTRIES_OPEN
