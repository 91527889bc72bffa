"""A player's rights (003 1.3.1): «обращаться … в организационный комитет» — a question to the
event's organising committee, answered by its organiser — and «опротестовывать любые решения
или санкции»: a protest against any decision of the event that touches him (an absence mark,
a withdrawal, a pairing changed, a late entry), ruled as every protest is."""

import pytest
from django.test import Client
from rest_framework.test import APIClient

from club.arbiters import services as arbiters
from club.arbiters.models import Protest, Question
from club.championships import services
from club.championships.models import Board, Decision
from foundation.refusals import Conflict, Forbidden
from tests.conftest import make_member

from .conftest import at

pytestmark = pytest.mark.django_db


@pytest.fixture
def swiss(make_championship, players):
    return make_championship(players[:4], system="swiss", swiss_system="coefficients", rounds_planned=3)


def decision(championship, action) -> Decision:
    return Decision.objects.filter(championship=championship, action=action).latest("id")


def protest(member, decision_id, text="This decision is wrong"):
    return arbiters.protest_file(member=member, decision_id=decision_id, text=text, now=at(40))


def test_a_player_marked_absent_protests_the_mark_and_the_chief_rules_on_it(swiss, players, staff):
    # 1.3.1 «опротестовывать любые решения»: here the absence mark of 1.15.2.
    services.absence_mark(
        by=staff["chief"], championship_id=swiss.pk, member_id=players[0].pk, round_number=2, reason="exam", now=at(30)
    )
    mark = decision(swiss, "absence")
    filed = protest(players[0], mark.pk)
    assert (filed.championship_id, filed.decision_id, filed.status) == (swiss.pk, mark.pk, "pending")
    with pytest.raises(Conflict):  # one protest of his at a time
        protest(players[0], mark.pk)
    ruled = arbiters.protest_rule(by=staff["chief"], protest_id=filed.pk, upheld=True, ruling="he has no exam")
    assert ruled.status == Protest.Status.UPHELD


def test_a_decision_that_does_not_touch_him_is_not_his_to_protest_and_nothing_is_filed(swiss, players, staff):
    services.absence_mark(
        by=staff["chief"], championship_id=swiss.pk, member_id=players[0].pk, round_number=2, reason="exam", now=at(30)
    )
    for stranger in (players[1], make_member("outsider")):
        with pytest.raises(Forbidden) as refused:
            protest(stranger, decision(swiss, "absence").pk)
        assert refused.value.code == "not-concerned"
    assert not Protest.objects.exists()


def test_a_withdrawn_player_protests_his_withdrawal_through_the_api(swiss, players, staff):
    services.player_leave(by=staff["chief"], championship_id=swiss.pk, member_id=players[1].pk, reason="ill")
    client = APIClient()
    client.force_authenticate(players[1])
    body = {"decision": decision(swiss, "withdraw").pk, "text": "I am well and will play"}
    response = client.post("/api/arbiters/protests/", body, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["decision"] == body["decision"]


def test_the_players_of_a_changed_pairing_may_protest_it_and_nobody_else(swiss, players, staff):
    # 1.15 preamble: the chief arbiter overrides a pairing; 1.3.1: those it moved may protest.
    services.round_pair(by=staff["arbiter"], championship_id=swiss.pk, now=at(1))
    boards = list(Board.objects.filter(round__championship=swiss, round__number=1).order_by("number"))
    first, second = boards
    services.board_override(
        by=staff["chief"],
        championship_id=swiss.pk,
        round_number=1,
        board_number=1,
        white_id=first.white_id,
        black_id=second.white_id,
        reason="a family tie",
    )
    override = decision(swiss, "override")
    moved = {first.white_id, first.black_id, second.white_id, second.black_id}
    for member in players[:4]:
        if member.pk in moved:
            protest(member, override.pk)
    assert Protest.objects.filter(decision=override).count() == len(moved)
    with pytest.raises(Forbidden):
        protest(players[5], override.pk)


def test_the_players_of_the_event_may_protest_a_late_entry(make_championship, players, staff):
    event = make_championship(players[:3], close=False, entries_close_at=at(10))
    services.entry_add(by=staff["organiser"], championship_id=event.pk, member=players[3], reason="a late train",
                       now=at(20))  # fmt: skip
    late = decision(event, "entry-late")
    protest(players[0], late.pk)
    for member in (players[3], players[5]):  # the late entrant himself, a member not entered
        with pytest.raises(Forbidden):
            protest(member, late.pk)


def test_a_player_asks_the_organising_committee_and_its_organiser_answers(swiss, players, staff):
    # 1.3.1 «обращаться … в организационный комитет».
    question = arbiters.question_to_organisers(member=players[0], championship_id=swiss.pk, text="Is there lunch?")
    assert (question.championship_id, question.game_id) == (swiss.pk, None)
    with pytest.raises(Forbidden):
        arbiters.question_to_organisers(member=players[5], championship_id=swiss.pk, text="Me too?")
    with pytest.raises(Forbidden):  # the arbiters answer about games; the organiser about the event
        arbiters.question_answer(by=staff["arbiter"], question_id=question.pk, answer="Yes")
    question.refresh_from_db()
    assert question.answered_at is None
    arbiters.question_answer(by=staff["organiser"], question_id=question.pk, answer="At one o'clock")
    own = APIClient()
    own.force_authenticate(players[0])
    shown = own.get(f"/api/arbiters/championships/{swiss.pk}/questions/").json()
    assert [(q["text"], q["answer"]) for q in shown] == [("Is there lunch?", "At one o'clock")]
    other = APIClient()
    other.force_authenticate(players[1])
    assert other.get(f"/api/arbiters/championships/{swiss.pk}/questions/").json() == []
    assert Question.objects.count() == 1


def test_the_desk_offers_the_player_his_decisions_and_the_organisers_questions(swiss, players, staff):
    services.absence_mark(
        by=staff["chief"], championship_id=swiss.pk, member_id=players[0].pk, round_number=2, reason="exam", now=at(30)
    )
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    browser.force_login(players[0])
    page = browser.get(f"/championships/{swiss.pk}/desk/").content.decode()
    assert f'data-decision="{decision(swiss, "absence").pk}"' in page and "organisers-form" in page
    response = browser.post(
        f"/championships/{swiss.pk}/desk/protest/", {"decision": decision(swiss, "absence").pk, "text": "wrong"}
    )
    assert response.status_code == 302 and Protest.objects.filter(member=players[0]).count() == 1
    browser.post(f"/championships/{swiss.pk}/desk/organisers/", {"text": "Where is the hall?"})
    organiser = Client(HTTP_ACCEPT_LANGUAGE="en")
    organiser.force_login(staff["organiser"])
    assert "Where is the hall?" in organiser.get(f"/championships/{swiss.pk}/desk/").content.decode()
