"""A player known in advance to miss one Swiss round (003 1.15.2 •5):
«Игроки, о которых известно заранее, что они не смогут (не будут) играть в
очередном туре …, не участвуют в образовании пар и им присуждается поражение
в этом туре». The organiser or the chief arbiter marks it before the pairing,
with a reason; it is not a withdrawal, and nobody gets a win without play.
"""

import pytest
from django.test import Client

from club.championships import demo, services
from club.championships.models import Absence, Board, Decision, Entry, Standings
from club.championships.pairing.records import opponent_scores, player_records
from foundation.refusals import Conflict, Forbidden, Invalid, NotFound
from games import results

from .conftest import at

pytestmark = pytest.mark.django_db


def white_wins(white, black):
    return "white"


@pytest.fixture
def swiss(make_championship, players):
    """Four players, a coefficients Swiss of three rounds: nobody has the bye."""
    return make_championship(players[:4], system="swiss", swiss_system="coefficients", rounds_planned=3)


def mark(by, championship, member, round_number=2, reason="his university exam", now=None):
    return services.absence_mark(
        by=by,
        championship_id=championship.pk,
        member_id=member.pk,
        round_number=round_number,
        reason=reason,
        now=now or at(30),
    )


def test_the_absentee_is_not_paired_in_that_round_and_nobody_wins_without_play(swiss, players, staff, on_commit):
    # 1.15.2 •5: not paired, a loss for him; not a withdrawal; his would-be opponent plays another.
    with on_commit():
        demo.play_round(swiss, arbiter=staff["arbiter"], decide=white_wins, now=at(0))
    mark(staff["chief"], swiss, players[0])
    absent = players[0].pk
    with on_commit():
        demo.play_round(swiss, arbiter=staff["arbiter"], decide=white_wins, now=at(60))
    boards = list(Board.objects.filter(round__championship=swiss, round__number=2))
    assert [(b.result, b.game_id) for b in boards if b.white_id == absent] == [(results.ABSENT, None)]
    assert all(b.black_id != absent for b in boards)
    # The three others: one game, and the odd one out's "+" (1.15.2, the last clause).
    assert sorted(b.result for b in boards if b.white_id != absent) == [results.WHITE_WINS, results.BYE]
    assert Entry.objects.get(championship=swiss, member_id=absent).status == Entry.Status.ACTIVE
    # Round 3: he is paired again.
    with on_commit():
        demo.play_round(swiss, arbiter=staff["arbiter"], decide=white_wins, now=at(120))
    third = Board.objects.filter(round__championship=swiss, round__number=3, black__isnull=False)
    assert third.filter(white_id=absent).exists() or third.filter(black_id=absent).exists()


def test_with_an_even_field_left_no_game_of_the_round_is_won_without_play(make_championship, players, staff, on_commit):
    # 1.15.2 •5: five players, one absent: the other four are paired, no "+" for anyone in that round.
    championship = make_championship(players[:5], system="swiss", swiss_system="buchholz", rounds_planned=3)
    with on_commit():
        demo.play_round(championship, arbiter=staff["arbiter"], decide=white_wins, now=at(0))
    mark(staff["organiser"], championship, players[4])
    with on_commit():
        demo.play_round(championship, arbiter=staff["arbiter"], decide=white_wins, now=at(60))
    second = Board.objects.filter(round__championship=championship, round__number=2)
    assert sorted(b.result for b in second) == [results.WHITE_WINS, results.WHITE_WINS, results.ABSENT]
    assert not second.filter(result__in=(results.BYE, *results.FORFEITS)).exists()


def test_he_scores_a_loss_for_that_round_in_the_standings(swiss, players, staff, on_commit):
    # 1.15.2 •5: «им присуждается поражение в этом туре» — a "−", no opponent; counted like a bye's
    # lowest score in the coefficients (1.13.11).
    with on_commit():
        demo.play_round(swiss, arbiter=staff["arbiter"], decide=white_wins, now=at(0))
    mark(staff["chief"], swiss, players[1])
    with on_commit():
        demo.play_round(swiss, arbiter=staff["arbiter"], decide=white_wins, now=at(60))
    row = next(r for r in Standings.objects.get(championship=swiss).rows if r["id"] == players[1].pk)
    second = [o for o in row["opponents"] if o["round"] == 2]
    assert [(o["opponent"], o["mark"], o["score"]) for o in second] == [(None, "−", 0.0)]
    assert row["losses"] >= 1 and row["wins"] + row["draws"] + row["losses"] == 2


def test_the_mark_is_recorded_in_the_decision_log_with_its_reason(swiss, players, staff):
    # 1.15.2 •5: marked by the organiser or chief arbiter, with a reason.
    absence = mark(staff["organiser"], swiss, players[2], round_number=1)
    decision = Decision.objects.get(championship=swiss, action="absence")
    assert (decision.by, decision.reason, decision.clause) == (staff["organiser"], "his university exam", "1.15.2")
    assert decision.data == {"member": players[2].pk, "round": 1}
    assert (absence.member, absence.round_number, absence.marked_by) == (players[2], 1, staff["organiser"])


@pytest.mark.parametrize("who", ["arbiter", "player"])
def test_only_the_organiser_or_chief_arbiter_may_mark_it(swiss, players, staff, who):
    # 1.15.2 •5 (the organiser or chief arbiter); a plain arbiter or a player may not.
    member = staff["arbiter"] if who == "arbiter" else players[3]
    with pytest.raises(Forbidden):
        mark(member, swiss, players[0])
    assert not Absence.objects.exists() and not Decision.objects.filter(action="absence").exists()


def test_it_is_refused_once_the_round_is_paired(swiss, players, staff):
    # 1.15.2 •5: known in advance — before the pairing.
    services.round_pair(by=staff["arbiter"], championship_id=swiss.pk, now=at(10))
    with pytest.raises(Conflict) as refused:
        mark(staff["chief"], swiss, players[0], round_number=1)
    assert refused.value.code == "round-paired"
    assert not Absence.objects.exists()


def test_bad_marks_are_refused_with_a_reason_and_change_nothing(swiss, players, staff, make_championship):
    # 1.15.2 •5: with a reason; a round the event has; a player entered; once per round; a Swiss only.
    with pytest.raises(Invalid):
        mark(staff["chief"], swiss, players[0], reason="  ")
    with pytest.raises(Invalid):
        mark(staff["chief"], swiss, players[0], round_number=4)
    with pytest.raises(NotFound):
        mark(staff["chief"], swiss, players[5])
    mark(staff["chief"], swiss, players[0])
    with pytest.raises(Conflict):
        mark(staff["chief"], swiss, players[0])
    round_robin = make_championship(players[:4], name="Round robin")
    with pytest.raises(Conflict) as refused:
        mark(staff["chief"], round_robin, players[0])
    assert refused.value.code == "not-swiss"
    assert Absence.objects.count() == 1


def test_a_round_missed_is_a_loss_against_nobody_and_no_win_without_play_for_pairing():
    # 1.15.2: a loss; he met nobody, and may still have the "+" (which goes to one without a win
    # without play); the current coefficient counts it as a bye's lowest score (1.13.11).
    rounds = [
        [{"white": 1, "black": 2, "result": "1-0"}, {"white": 3, "black": None, "result": results.ABSENT}],
        [{"white": 3, "black": 1, "result": "1-0"}, {"white": 2, "black": None, "result": results.BYE}],
    ]
    records = player_records([{"id": pid} for pid in (1, 2, 3)], rounds)
    absentee = records[3]
    assert (absentee.points, absentee.opponents, absentee.byes, absentee.free_win) == (1.0, [1], 0, False)
    assert absentee.absences == 1
    assert opponent_scores(records)[3] == [1.0, 1.0]  # his opponent's 1, and the lowest score, 1


def test_the_api_marks_it_and_refuses_others_with_403(api, swiss, players, staff):
    # 1.15.2 •5 through the API.
    url = f"/api/championships/{swiss.pk}/absences/"
    body = {"member_id": players[0].pk, "round": 2, "reason": "a family wedding"}
    assert api(staff["arbiter"]).post(url, body).status_code == 403
    response = api(staff["chief"]).post(url, body)
    assert response.status_code == 201, response.content
    assert response.json()["round_number"] == 2
    assert api(staff["chief"]).post(url, body).status_code == 409
    assert api(staff["chief"]).post(url, {**body, "reason": ""}).status_code == 400
    assert Absence.objects.count() == 1


def test_the_page_action_marks_it(swiss, players, staff):
    # 1.15.2 •5 from the championship page.
    client = Client()
    client.force_login(staff["chief"])
    page = client.get(f"/championships/{swiss.pk}/").content.decode()
    assert "/absence/" in page
    response = client.post(
        f"/championships/{swiss.pk}/absence/",
        {"username": players[1].username, "round": 1, "reason": "ill"},
        follow=True,
    )
    assert response.status_code == 200
    assert Absence.objects.filter(championship=swiss, member=players[1], round_number=1, reason="ill").exists()
