"""A draft does not leak through the API's reads, and a number the
database cannot hold, or a word where a number belongs, is a clear refusal,
never a 500. Each test failed on main before the fix."""

import pytest
from django.test import Client

from club.championships import services
from club.championships.models import Championship, Decision
from tests.conftest import make_member

from .conftest import T0

pytestmark = pytest.mark.django_db

TOO_BIG = 2**63  # one more than a 64-bit id column holds


@pytest.fixture
def draft(staff):
    championship = services.championship_create(
        organiser=staff["organiser"], name="Secret draft", discipline="russian", time_control="d3", now=T0
    )
    services.arbiter_appoint(
        by=staff["organiser"], championship_id=championship.pk, member=staff["chief"], role="chief"
    )
    return championship


@pytest.mark.parametrize("read", ["decisions/", "standings/", "crosstable/", "rounds/1/"])
def test_a_draft_s_reads_are_not_found_for_a_visitor_or_a_member(api, draft, read):
    url = f"/api/championships/{draft.pk}/{read}"
    assert api(None).get(url).status_code == 404
    assert api(make_member("outsider")).get(url).status_code == 404


def test_the_draft_s_organiser_and_arbiter_read_its_decisions(api, draft, staff):
    for official in (staff["organiser"], staff["chief"]):
        decisions = api(official).get(f"/api/championships/{draft.pk}/decisions/")
        assert decisions.status_code == 200 and decisions.json()


def test_a_team_event_draft_is_not_found_either(api, staff):
    event = services.championship_create(
        organiser=staff["organiser"], name="Teams", discipline="russian", time_control="d3", entrants="teams", boards=4
    )
    Championship.objects.filter(pk=event.pk).update(status=Championship.Status.DRAFT)
    assert api(None).get(f"/api/teams/{event.pk}/").status_code == 404
    assert api(staff["organiser"]).get(f"/api/teams/{event.pk}/").status_code == 200


@pytest.mark.parametrize(
    "url",
    [
        f"/api/arbiters/games/{TOO_BIG}/adjournment/",
        f"/api/games/{TOO_BIG}/",
        f"/api/championships/{TOO_BIG}/",
        f"/championships/{TOO_BIG}/",
        f"/games/{TOO_BIG}/",
    ],
)
def test_an_id_larger_than_any_id_is_not_found(api, staff, url):
    response = api(staff["chief"]).client.post(url) if "adjournment" in url else api(staff["chief"]).get(url)
    assert response.status_code == 404


@pytest.mark.parametrize("game_id", [0, TOO_BIG])
def test_the_adjournments_of_a_game_that_does_not_exist_are_not_found(api, staff, game_id):
    # A missing game used to answer [] (and, for the API schema, a list where an object was described).
    assert api(staff["chief"]).get(f"/api/arbiters/games/{game_id}/adjournment/").status_code == 404


def test_a_posted_id_larger_than_any_id_is_refused_with_a_reason(api, make_championship, players, staff):
    championship = make_championship(players[:4])
    before = Decision.objects.count()
    response = api(staff["organiser"]).post(
        f"/api/championships/{championship.pk}/arbiters/", {"member_id": TOO_BIG, "role": "arbiter"}
    )
    assert response.status_code == 400 and "member_id" in response.json()["fields"]
    response = api(staff["organiser"]).post(
        "/api/championships/", {"name": "X", "discipline": "russian", "time_control": "d3", "rounds_planned": 10**6}
    )
    assert response.status_code == 400 and "rounds_planned" in response.json()["fields"]
    assert Decision.objects.count() == before


@pytest.mark.parametrize(
    "action, fields",
    [
        ("publish", {"round": "one"}),
        ("discard", {"round": "1e3", "reason": "x"}),
        ("override", {"round": "²", "board": "1", "white": "a", "reason": "x"}),
        ("stage", {"next_stage": "next", "qualifiers": "2"}),
    ],
)
def test_a_word_where_a_page_wants_a_number_is_a_400_with_a_message_not_a_500(
    make_championship, players, staff, action, fields
):
    championship = make_championship(players[:4])
    browser = Client()
    browser.force_login(staff["chief"] if action != "stage" else staff["organiser"])
    before = Decision.objects.count()
    response = browser.post(f"/championships/{championship.pk}/{action}/", fields)
    assert response.status_code == 400  # the championship's page with the reason
    assert any(m.level_tag == "error" for m in response.context["messages"])
    assert Decision.objects.count() == before


def test_a_word_where_the_team_pages_want_a_number_is_a_400_with_a_message_not_a_500(staff):
    event = services.championship_create(
        organiser=staff["organiser"], name="Teams", discipline="russian", time_control="d3", entrants="teams", boards=4
    )
    browser = Client()
    browser.force_login(staff["organiser"])
    for action, fields in [
        ("lineup", {"team_id": "ours", "round": "1"}),
        ("publish", {"round": "first", "absent": ["x"]}),
    ]:
        response = browser.post(f"/teams/{event.pk}/{action}/", fields)
        assert response.status_code == 400, action
        assert any(m.level_tag == "error" for m in response.context["messages"]), action
