"""An arbiter for every game (003 1.16.9): «В официальных соревнованиях на каждую партию
должен назначаться судья». The chief arbiter assigns the event's arbiters to a round's boards
(or groups of boards); a board's arbiter is the one who judges its game, and the authority
(``club.championships.authority``) follows from that assignment: another arbiter of the event
no longer judges that board, the chief arbiter and deputy still judge every one.
"""

import pytest
from django.test import Client

from club.arbiters import services as arbiters
from club.championships import services
from club.championships.authority import Action, verdict
from club.championships.models import BoardArbiter, Decision, Round
from foundation.refusals import Conflict, Forbidden, Invalid, NotFound
from games.models import Game
from tests.conftest import make_member

from .conftest import at

pytestmark = pytest.mark.django_db


@pytest.fixture
def kirill(db):
    return make_member("kirill", "arbiter", display_name="Kirill Arbiter")


@pytest.fixture
def event(make_championship, players, staff, kirill):
    """Four players, round 1 published: two games, on boards 1 and 2; two arbiters besides the chief."""
    championship = make_championship(players[:4], close=False)
    services.arbiter_appoint(by=staff["organiser"], championship_id=championship.pk, member=kirill, role="arbiter")
    services.entries_close(by=staff["organiser"], championship_id=championship.pk, now=at(0))
    services.round_pair(by=staff["chief"], championship_id=championship.pk, now=at(1))
    services.round_publish(by=staff["chief"], championship_id=championship.pk, round_number=1, now=at(2))
    return championship


def game_on(championship, number) -> Game:
    return Game.objects.get(championship_board__round__championship=championship, championship_board__number=number)


def assign(by, championship, groups, round_number=1):
    return services.board_arbiters_assign(
        by=by,
        championship_id=championship.pk,
        round_number=round_number,
        groups=[services.BoardGroup(arbiter_id=m.pk, first=f, last=last) for m, f, last in groups],
        now=at(3),
    )


def may_judge(member, game) -> bool:
    return verdict(member, Action.GAME_CLOCKS, game).allowed


def test_a_boards_arbiter_judges_its_game_and_another_arbiter_no_longer_does(event, staff, kirill):
    # 1.16.9: before any assignment every arbiter of the event may judge every game …
    first, second = game_on(event, 1), game_on(event, 2)
    assert all(may_judge(a, g) for a in (staff["arbiter"], kirill) for g in (first, second))
    assign(staff["chief"], event, [(staff["arbiter"], 1, 1), (kirill, 2, 2)])
    # … then each judges his own board, and the chief (and deputy) every board.
    assert may_judge(staff["arbiter"], first) and not may_judge(staff["arbiter"], second)
    assert may_judge(kirill, second) and not may_judge(kirill, first)
    assert may_judge(staff["chief"], first) and may_judge(staff["chief"], second)
    refused = verdict(kirill, Action.GAME_DESK, first)
    assert refused.code == "not-board-arbiter" and "1.16.9" in refused.reason


def test_the_assignment_decides_what_the_arbiters_desk_does_and_a_refusal_changes_nothing(event, staff, kirill):
    # 1.16.9: the arbiter of board 2 does not answer the question of board 1's player; its arbiter does.
    assign(staff["chief"], event, [(staff["arbiter"], 1, 1), (kirill, 2, 2)])
    first = game_on(event, 1)
    question = arbiters.question_ask(member=first.white, game_id=first.pk, text="May I leave the hall?")
    with pytest.raises(Forbidden) as refusal:
        arbiters.question_answer(by=kirill, question_id=question.pk, answer="Yes")
    assert refusal.value.code == "not-board-arbiter"
    question.refresh_from_db()
    assert question.answered_at is None and question.answered_by is None
    arbiters.question_answer(by=staff["arbiter"], question_id=question.pk, answer="Yes")
    question.refresh_from_db()
    assert question.answered_by == staff["arbiter"]


def test_a_board_the_assignment_leaves_out_is_the_chief_arbiters(event, staff, kirill):
    # 1.16.9: every game has its arbiter; one the chief gave to nobody he judges himself.
    assign(staff["chief"], event, [(kirill, 1, 1)])
    second = game_on(event, 2)
    assert not may_judge(staff["arbiter"], second) and not may_judge(kirill, second)
    assert may_judge(staff["chief"], second)


def test_a_group_of_boards_and_an_empty_assignment_that_gives_every_board_back(event, staff, kirill):
    assign(staff["chief"], event, [(kirill, 1, 2)])
    assert may_judge(kirill, game_on(event, 2)) and not may_judge(staff["arbiter"], game_on(event, 1))
    assign(staff["chief"], event, [])
    assert may_judge(staff["arbiter"], game_on(event, 1)) and may_judge(kirill, game_on(event, 1))
    logged = Decision.objects.filter(championship=event, action="board-arbiters").order_by("id")
    assert [(d.clause, d.data["boards"]) for d in logged] == [("1.16.9", [[kirill.pk, 1, 2]]), ("1.16.9", [])]


def test_only_the_chief_arbiter_assigns(event, staff, kirill, players):
    # 1.16.9 with 002 §17: the chief arbiter (or deputy) directs the event's arbiters.
    for who in (staff["arbiter"], staff["organiser"], players[0]):
        with pytest.raises(Forbidden):
            assign(who, event, [(kirill, 1, 2)])
    assert not BoardArbiter.objects.exists()


@pytest.mark.parametrize(
    "groups, refusal, code",
    [
        (lambda s, k, p: [(p[0], 1, 1)], Invalid, "not-an-arbiter"),  # a player, not an appointed arbiter
        (lambda s, k, p: [(k, 1, 3)], Invalid, "no-such-board"),  # round 1 has two boards
        (lambda s, k, p: [(k, 0, 1)], Invalid, "no-such-board"),
        (lambda s, k, p: [(k, 2, 1)], Invalid, "no-such-board"),
        (lambda s, k, p: [(k, 1, 2), (s["arbiter"], 2, 2)], Invalid, "board-twice"),  # one arbiter a board
    ],
)
def test_a_wrong_assignment_is_refused_and_keeps_the_one_before(event, staff, kirill, players, groups, refusal, code):
    assign(staff["chief"], event, [(staff["arbiter"], 1, 2)])
    kept = list(BoardArbiter.objects.values_list("arbiter_id", "first_board", "last_board"))
    with pytest.raises(refusal) as refused:
        assign(staff["chief"], event, groups(staff, kirill, players))
    assert refused.value.code == code
    assert list(BoardArbiter.objects.values_list("arbiter_id", "first_board", "last_board")) == kept
    assert Decision.objects.filter(action="board-arbiters").count() == 1


def test_a_closed_round_and_a_round_not_paired_are_refused(event, staff, kirill):
    with pytest.raises(NotFound):
        assign(staff["chief"], event, [(kirill, 1, 1)], round_number=2)
    Round.objects.filter(championship=event, number=1).update(status=Round.Status.CLOSED)
    with pytest.raises(Conflict) as refused:
        assign(staff["chief"], event, [(kirill, 1, 1)])
    assert refused.value.code == "round-closed" and not BoardArbiter.objects.exists()


def test_the_api_assigns_and_shows_a_rounds_arbiters(event, staff, kirill, api):
    url = f"/api/championships/{event.pk}/rounds/1/arbiters/"
    body = {"groups": [{"member_id": kirill.pk, "first_board": 1, "last_board": 2}]}
    assert api(staff["arbiter"]).client.put(url, body, format="json").status_code == 403
    response = api(staff["chief"]).client.put(url, body, format="json")
    assert response.status_code == 200, response.content
    shown = Client().get(url).json()
    assert shown == [{"member_id": kirill.pk, "name": str(kirill), "first_board": 1, "last_board": 2}]
    assert api(staff["chief"]).client.put(url, {"groups": [{"member_id": kirill.pk, "first_board": 1, "last_board": 5}]},
                                   format="json").status_code == 400  # fmt: skip
    assert Client().get(url).json() == shown


def test_the_chief_assigns_on_the_championship_page_and_everyone_sees_who_judges(event, staff, kirill):
    browser = Client()
    browser.force_login(staff["chief"])
    url = f"/championships/{event.pk}/board-arbiters/"
    response = browser.post(url, {"round": "1", "assignments": "kirill 1-1\nyelena 2"})
    assert response.status_code == 302
    assert list(BoardArbiter.objects.values_list("arbiter__username", "first_board", "last_board")) == [
        ("kirill", 1, 1),
        ("yelena", 2, 2),
    ]
    page = Client().get(f"/championships/{event.pk}/").content.decode()
    shown = page[page.index('<p class="board-arbiters">') :].split("</p>")[0]
    assert "1–1: Kirill Arbiter" in shown and "2–2: Yelena Arbiter" in shown
    refused = browser.post(url, {"round": "1", "assignments": "kirill one to four"})
    assert refused.status_code == 400 and BoardArbiter.objects.count() == 2
