"""One engine at the edges too (1.14: a team event is a championship whose entrants are teams).

The team event's page offers each viewer exactly the actions the authority lets him take in the
event's state now, as the championship's page does: what each viewer sees is asked of the rows'
verdicts here, never listed. And the team API's addresses whose rule is the championship's answer
through the championship's own views, with the team event's serializers as their parameter."""

import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import resolve, reverse
from django.utils import timezone

from club.championships import services
from club.championships.api import teams as team_api
from club.championships.api import views as championship_api
from club.championships.views import events
from club.championships.views.actions import TEAM_ACTIONS

pytestmark = pytest.mark.django_db


def viewers(staff, rosters) -> dict:
    return {
        "organiser": staff["organiser"],
        "chief arbiter": staff["chief"],
        "arbiter": staff["arbiter"],
        "captain": rosters[0][0],
        "player": rosters[0][1],
        "visitor": AnonymousUser(),
    }


def forms_on(url: str, member, event) -> set[str]:
    """The team actions whose forms the page at ``url`` shows ``member``."""
    client = Client()
    if member.is_authenticated:
        client.force_login(member)
    page = client.get(url).content.decode()
    return set(re.findall(rf'action="/teams/{event.pk}/([a-z-]+)/"', page)) & set(TEAM_ACTIONS)


def allowed(member, event, in_play: set[str]) -> set[str]:
    """Of the actions the event's state calls for, those the authority lets ``member`` take."""
    return {name for name in in_play if TEAM_ACTIONS[name].may(member, event).allowed}


def test_the_team_page_offers_each_viewer_exactly_what_the_authority_allows(make_event, staff, rosters):
    event = make_event(4)
    now = timezone.now()
    # Round 1 paired, starting in an hour: it waits for publication (1.15), so no next round is
    # paired; its line-ups are not yet due (1.14.2); a team may withdraw once the lot is drawn (1.14.5).
    services.round_pair(by=staff["arbiter"], championship_id=event.pk, starts_at=now + timedelta(hours=1), now=now)
    in_play = {"publish", "lineup", "lineup-decision", "withdraw"}
    detail = f"/teams/{event.pk}/"
    shown = {who: forms_on(detail, member, event) for who, member in viewers(staff, rosters).items()}
    for who, member in viewers(staff, rosters).items():
        assert shown[who] == allowed(member, event, in_play), who
    # The rules behind the verdicts: a visitor takes nothing; the chief arbiter decides what an
    # arbiter may not (1.14.2 a line-up handed to him, 1.14.5 a withdrawal); a captain hands in his own.
    assert shown["visitor"] == set() and shown["arbiter"] < shown["chief arbiter"]
    assert shown["captain"] - shown["player"] == {"lineup"}

    # Round 1 published: the next is paired from the page, and a board is voided from the round's (1.14.4).
    services.round_publish(by=staff["chief"], championship_id=event.pk, round_number=1)
    round_page = f"/teams/{event.pk}/rounds/1/"
    for who, member in viewers(staff, rosters).items():
        assert forms_on(detail, member, event) == allowed(
            member, event, {"pair", "lineup", "lineup-decision", "withdraw"}
        )
        assert forms_on(round_page, member, event) == allowed(member, event, {"ineligible"}), who
    assert forms_on(round_page, staff["chief"], event) == {"ineligible"}


def test_the_team_api_answers_through_the_championships_views(make_event):
    event = make_event(4, close=False)
    one_kind = {
        # the team event's address: the championship's
        ("api-team-event-list", ()): ("api-championship-list", ()),
        ("api-team-event-detail", (event.pk,)): ("api-championship-detail", (event.pk,)),
        ("api-team-event-appoint", (event.pk,)): ("api-championship-appoint", (event.pk,)),
        ("api-team-event-close", (event.pk,)): ("api-championship-close", (event.pk,)),
        ("api-team-round-pair", (event.pk,)): ("api-championship-pair", (event.pk,)),
        ("api-team-round", (event.pk, 1)): ("api-championship-round", (event.pk, 1)),
        ("api-team-round-publish", (event.pk, 1)): ("api-championship-publish", (event.pk, 1)),
        ("api-team-playoffs", (event.pk,)): ("api-championship-playoff", (event.pk,)),
    }
    for (team_name, team_args), (name, args) in one_kind.items():
        team_view = resolve(reverse(team_name, args=team_args)).func.cls
        view = resolve(reverse(name, args=args)).func.cls
        # the same code, answering with the team event's serializers and selectors
        assert issubclass(team_view, view) and issubclass(team_view, team_api.ForTeams), team_name
        assert not issubclass(view, team_api.ForTeams) and issubclass(view, championship_api.ForPlayers), name
    # the pages' actions too: one view, the team event's address naming its kind of entrant
    assert resolve(f"/teams/{event.pk}/pair/").func is resolve(f"/championships/{event.pk}/pair/").func
    assert resolve(f"/teams/{event.pk}/pair/").func is events.championship_action


def test_the_desk_of_a_team_event_offers_its_next_step_from_the_team_events_rows(make_event, staff):
    # The lot drawn, the next step is pairing round 1 (1.15): the desk shows its form to whom the
    # authority lets pair, posting to the team event's address and coming back to the desk.
    event = make_event(4)
    desk = reverse("championship-desk", args=[event.pk])
    pair_form = f'action="/teams/{event.pk}/pair/"'
    # the organiser is told the step, an appointed arbiter takes it (1.15)
    assert not TEAM_ACTIONS["pair"].may(staff["organiser"], event).allowed
    assert TEAM_ACTIONS["pair"].may(staff["arbiter"], event).allowed
    for member in (staff["organiser"], staff["arbiter"]):
        client = Client()
        client.force_login(member)
        offered = TEAM_ACTIONS["pair"].may(member, event).allowed
        assert (pair_form in client.get(desk).content.decode()) is offered
    client = Client()
    client.force_login(staff["arbiter"])
    answer = client.post(f"/teams/{event.pk}/pair/", {"from": "desk"})
    assert answer.status_code == 302 and answer.url == desk
    assert event.rounds.get(number=1).status == "paired"
