"""The championship page's actions come from one table (``club.championships.views.actions``):
each action is a form, a service and who may (``authority.verdict``). Posted, an action reads its
form (400), then asks who may (403), then calls the service, whose refusal of the event's state is
a 409; a refusal is shown on the page and changes nothing. The page shows the actions the viewer
may take in the event's state now, and its template only loops over them."""

import re
from pathlib import Path

import pytest
from django.test import Client

from club.championships import services
from club.championships.views.actions import ACTIONS
from tests.conftest import make_member
from tests.snapshots import club_snapshot

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
WATCHED = {
    "championships.Championship": ("status", "next_stage_id", "qualifiers"),
    "championships.Entry": ("status", "member_id", "group"),
    "championships.Round": ("status",),
    "championships.Appointment": ("member_id", "role"),
}


def client_for(member) -> Client:
    client = Client()
    client.force_login(member)
    return client


def posting(page: str) -> set[str]:
    """The actions the page's forms post to."""
    return set(re.findall(r'action="/championships/\d+/([a-z-]+)/"', page))


def refused(client, url, data, status):
    """Post, and check the refusal: its status, the reason on the page, nothing changed."""
    before = club_snapshot(WATCHED)
    response = client.post(url, data)
    assert response.status_code == status, response.status_code
    assert [m.level_tag for m in response.context["messages"]] == ["error"]
    assert club_snapshot(WATCHED) == before
    return response


def test_a_forbidden_action_answers_403_and_changes_nothing(make_championship, players, staff):
    championship = make_championship(players[:2], close=False)
    url = f"/championships/{championship.pk}/"
    stranger = client_for(make_member("stranger"))
    # 002 §17: only the organiser sets up the event
    refused(stranger, url + "stage/", {"next_stage": championship.pk, "qualifiers": "2"}, 403)
    refused(stranger, url + "close/", {}, 403)
    refused(stranger, url + "appoint/", {"username": "stranger", "role": "arbiter"}, 403)
    # a player of the event is none of its officials (1.10.4: the chief arbiter sets a result)
    refused(client_for(players[0]), url + "result/", {"game_id": "1", "result": "1-0", "reason": "mine"}, 403)


def test_invalid_input_answers_400_and_names_the_field(make_championship, players, staff):
    championship = make_championship(players[:2], close=False)
    url = f"/championships/{championship.pk}/"
    organiser = client_for(staff["organiser"])
    response = refused(organiser, url + "stage/", {"next_stage": "", "qualifiers": "4"}, 400)
    assert str(list(response.context["messages"])[0]).startswith("Следующий этап (номер чемпионата): ")
    refused(organiser, url + "add/", {"username": "nobody-of-that-name"}, 400)
    refused(organiser, url + "group/", {"username": players[0].username, "group": "C"}, 400)
    refused(organiser, url + "merge-guest/", {"guest": "many", "username": players[0].username}, 400)


def test_an_action_the_event_no_longer_allows_answers_409(make_championship, players, staff):
    championship = make_championship(players[:4])
    url = f"/championships/{championship.pk}/"
    organiser = client_for(staff["organiser"])
    # the entries are closed: opening them again, or closing them twice, conflicts with the state
    refused(organiser, url + "open/", {}, 409)
    refused(organiser, url + "close/", {}, 409)
    # 1.15: the next round is paired once the paired one is published
    services.round_pair(by=staff["chief"], championship_id=championship.pk)
    refused(client_for(staff["chief"]), url + "pair/", {}, 409)


def test_an_action_outside_the_table_does_not_exist(make_championship, players, staff):
    championship = make_championship(players[:2])
    response = client_for(staff["organiser"]).post(f"/championships/{championship.pk}/explode/")
    assert response.status_code == 404


def test_the_page_offers_what_the_viewer_may_do_in_the_events_state(make_championship, players, staff):
    championship = make_championship(players[:4], close=False, system="scheveningen")
    url = f"/championships/{championship.pk}/"
    page = lambda member: client_for(member).get(url).content.decode()  # noqa: E731

    assert posting(page(staff["organiser"])) == {"appoint", "add", "guest", "stage", "group", "close"}
    assert posting(page(players[0])) == {"leave-entry"}
    assert posting(page(make_member("newcomer"))) == {"enter"}
    # an official never plays (002 §17): no Enter button for the chief arbiter
    assert posting(page(staff["chief"])) == set()

    services.entries_close(by=staff["organiser"], championship_id=championship.pk)
    services.round_pair(by=staff["chief"], championship_id=championship.pk)
    # the appointments are now the club chief arbiter's to change (002 §17), no longer the organiser's
    # and no stage is chained once a round is paired
    assert posting(page(staff["organiser"])) == set()
    # 1.15: any arbiter publishes the paired round; the chief arbiter alone changes or withdraws it,
    # and assigns the boards' arbiters (1.16.9)
    assert posting(page(staff["arbiter"])) == {"publish"}
    # he is the club's chief arbiter too: the reappointment is his (002 §17)
    assert posting(page(staff["chief"])) == {
        *("appoint", "result", "withdraw", "board-arbiters", "publish", "override", "discard")
    }


def test_every_action_of_the_table_has_its_form_and_the_template_decides_nothing():
    """Each page action is one partial; the page only loops over what the view offers, so no
    status name in the template chooses an action (the authority and the table do)."""
    partials = ROOT / "templates" / "championships" / "actions"
    for name, action in ACTIONS.items():
        if action.section == "desk":
            continue
        text = (partials / f"{name}.html").read_text()
        assert f"'{name}'" in text or name in ("appoint", "publish"), name
        assert "status" not in text, name
    detail = (ROOT / "templates" / "championships" / "detail.html").read_text()
    assert "championships:action" not in detail and "<form" not in detail
