"""Each Swiss round shows the working it was paired from, on its page, in
the API and on the desk beside the Publish button: the score groups and
the order inside them, who floated, whether the text's steps decided the round — as
stored when it was paired (``Round.working``), with the chief arbiter's changes
(003 1.15); and publishing round 1, which starts the event, is confirmed first."""

import re

import pytest
from django.db.models import Q
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from club.championships import demo, pairing, services
from club.championships.models import Board, Championship, Round
from club.championships.selectors.working import Named, working_shown

from .conftest import T0, at

pytestmark = pytest.mark.django_db

# E1 of test_pairing_swiss_text.py by start number: who won each pair of rounds 1 and 2 (None: drawn).
E1_WINNERS = {
    frozenset({1, 4}): 1,
    frozenset({2, 5}): 5,
    frozenset({3, 6}): 3,
    frozenset({3, 5}): None,
    frozenset({1, 6}): 1,
    frozenset({2, 4}): 2,
}


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


@pytest.fixture
def e1(make_championship, players, staff):
    """A coefficients Swiss of six played as E1 for two rounds, round 3 paired, not published."""
    championship = make_championship(players, system="swiss", swiss_system="coefficients", rounds_planned=3)
    number = {e.member_id: e.start_number for e in championship.entries.all()}

    def decide(white, black):
        winner = E1_WINNERS[frozenset({number[white.pk], number[black.pk]})]
        return "draw" if winner is None else "white" if winner == number[white.pk] else "black"

    for n, pairs in ((1, list(E1_WINNERS)[:3]), (2, list(E1_WINNERS)[3:])):
        played = demo.play_round(championship, arbiter=staff["arbiter"], decide=decide, now=at(60 * 24 * n))
        assert {frozenset({number[b.white_id], number[b.black_id]}) for b in played.boards.all()} == set(pairs)
    services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=at(60 * 24 * 3))
    championship.refresh_from_db()
    championship.by_number = {n: m for m, n in number.items()}
    return championship


def name_of(championship, start_number):
    return championship.entries.get(start_number=start_number).member.name


def groups_shown(html: str) -> list[list[str]]:
    """The working's score groups on a page, as the names in each, in order."""
    groups: dict[str, list[str]] = {}
    for group, row in re.findall(r'<tr data-group="(\d+)">(.*?)</tr>', html, re.S):
        groups.setdefault(group, []).append(re.search(r'<td class="name">(.*?)</td>', row).group(1))
    return list(groups.values())


def floats_shown(html: str) -> list[str]:
    listed = re.search(r'<ul class="working-floats">(.*?)</ul>', html, re.S)
    return [" ".join(li.split()) for li in re.findall(r"<li>(.*?)</li>", listed.group(1), re.S)] if listed else []


def e1_round_3_expected(championship):
    """1.15.5.3, round 3 odd, by number upwards: {1}, {3, 5}, {2}, {4, 6}. 1.15.5.4: No. 1
    floats to {3, 5} and meets No. 3, then No. 5 would float to No. 2, whom he has met:
    1.15.5.5 / 1.15.8 break the last pair formed, No. 1 meets No. 5 and No. 3 floats to No. 2."""
    n = lambda k: name_of(championship, k)  # noqa: E731
    return [[n(1)], [n(3), n(5)], [n(2)], [n(4), n(6)]], [(n(1), n(5)), (n(3), n(2))]


def test_the_desk_shows_the_stored_classification_beside_publish_and_the_round_page_after(e1, staff):
    # 1.15.5.4, 1.15.5.5, 1.15.8: the classification round 3 was paired from, E1 of test_pairing_swiss_text.py.
    groups, floats = e1_round_3_expected(e1)
    the_round = Round.objects.get(championship=e1, number=3)
    assert the_round.working["by_the_text"] and the_round.status == Round.Status.PAIRED

    arbiter = Client(HTTP_ACCEPT_LANGUAGE="en")
    arbiter.force_login(staff["arbiter"])
    desk = arbiter.get(reverse("championship-desk", args=[e1.pk])).content.decode()
    check = desk[desk.index('class="publish-check"') :]
    assert groups_shown(check) == groups
    assert [tuple(n for n in names if n in line) for line, names in zip(floats_shown(check), floats)] == floats
    assert 'data-by-the-text="yes"' in check and "1.15.5.4–1.15.5.5, 1.15.8" in check
    assert check.index("pairing-working") < check.index('name="publish"')  # beside the Publish button
    assert 'name="confirm_start"' not in check  # round 3 does not start the event

    services.round_publish(by=staff["arbiter"], championship_id=e1.pk, round_number=3, now=at(60 * 24 * 3 + 60))
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/championships/{e1.pk}/rounds/3/").content.decode()
    assert '<details class="pairing-working"' in page  # on demand, as the standings' arithmetic
    assert groups_shown(page) == groups
    assert len(floats_shown(page)) == 2 and "Paired by the text's own steps" in page


def test_the_page_shows_the_working_stored_when_paired_not_one_recomputed_from_corrected_results(e1, staff):
    groups, _floats = e1_round_3_expected(e1)
    services.round_publish(by=staff["arbiter"], championship_id=e1.pk, round_number=3, now=at(60 * 24 * 3 + 60))
    # The chief arbiter corrects round 2's draw 3–5 into a win of No. 3 (1.10.4) after round 3 was paired:
    # pairing round 3 now would put 1 and 3 together at 2 points; the published boards came from the other.
    board = Board.objects.get(
        round__championship=e1,
        round__number=2,
        white_id__in=[e1.by_number[3], e1.by_number[5]],
        black_id__in=[e1.by_number[3], e1.by_number[5]],
    )
    won = "1-0" if board.white_id == e1.by_number[3] else "0-1"
    services.board_result_set(
        by=staff["chief"], championship_id=e1.pk, game_id=board.game_id, result=won, reason="scoresheet misread"
    )
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/championships/{e1.pk}/rounds/3/").content.decode()
    assert groups_shown(page) == groups


def test_the_api_gives_the_round_s_working_and_the_chief_arbiter_s_override_with_its_reason(e1, staff):
    # 1.15 preamble: the chief arbiter changes a pair before publishing, with his reason.
    stored = Round.objects.get(championship=e1, number=3).working
    one, two = e1.by_number[1], e1.by_number[2]
    board = Board.objects.get(Q(white_id=one) | Q(black_id=one), round__championship=e1, round__number=3)
    services.board_override(
        by=staff["chief"],
        championship_id=e1.pk,
        round_number=3,
        board_number=board.number,
        white_id=one,
        black_id=two,
        reason="No. 2 leaves early: a shorter walk to the hall",
    )
    services.round_publish(by=staff["arbiter"], championship_id=e1.pk, round_number=3, now=at(60 * 24 * 3 + 60))

    data = APIClient().get(f"/api/championships/{e1.pk}/rounds/3/pairings/").json()
    working = data["working"]
    assert {k: v for k, v in working.items() if k != "overridden"} == stored  # the boards as the pairing gave them
    assert [g["players"] for g in working["groups"]] == [
        [e1.by_number[k] for k in g] for g in ([1], [3, 5], [2], [4, 6])
    ]
    changed = {
        b.number for b in Board.objects.filter(round__championship=e1, round__number=3).exclude(override_reason="")
    }
    assert {o["board"] for o in working["overridden"]} == changed and len(changed) == 2
    assert {o["reason"] for o in working["overridden"]} == {"No. 2 leaves early: a shorter walk to the hall"}

    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/championships/{e1.pk}/rounds/3/").content.decode()
    overrides = page[page.index('class="working-overrides"') :]
    assert "No. 2 leaves early: a shorter walk to the hall" in overrides
    # What the pairing had given: No. 1 met No. 5, in the colours the server's lot led to.
    ((white, black),) = (pair for pair in stored["boards"] if set(pair) == {e1.by_number[1], e1.by_number[5]})
    named = {e1.by_number[k]: name_of(e1, k) for k in (1, 5)}
    assert f"{named[white]} – {named[black]}" in overrides
    assert APIClient().get(f"/api/championships/{e1.pk}/rounds/1/pairings/").json()["working"]["round"] == 1


def test_a_round_the_text_does_not_decide_says_so_with_the_extension_s_steps():
    # Two leaders who have met (1.15.5.5 cannot pair them): the extension floats No. 2 out of group 1.
    rounds = [
        [{"white": w, "black": b, "result": r} for w, b, r in boards]
        for boards in (
            [(1, 2, "1/2-1/2"), (3, 4, "1-0"), (5, 6, "1-0")],
            [(1, 3, "1-0"), (2, 5, "1-0"), (6, 4, "1-0")],
        )
    ]
    entrants = [{"id": i, "rating": None, "withdrawn": False} for i in range(1, 7)]
    working = pairing.swiss_working("coefficients", entrants, rounds, seed=1)
    shown = working_shown(working, {i: Named(f"Player{i}", i) for i in range(1, 7)})
    assert not shown["by_the_text"]
    assert shown["deviations"] == ["Player2 floats out of group 1, whose rest cannot be paired inside it"]
    html = render_to_string("championships/pages/_working.html", {"working": shown})
    assert 'data-by-the-text="no"' in html and "Swiss rounds the text does not decide" in html
    assert '<ol class="working-deviations">' in html


def test_publishing_round_1_without_the_confirmation_is_refused_and_changes_nothing(make_championship, players, staff):
    # Round 1's publication starts the championship; the page asks and the server checks.
    championship = make_championship(players[:4], system="swiss", swiss_system="buchholz", rounds_planned=3)
    services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=T0)
    arbiter = Client(HTTP_ACCEPT_LANGUAGE="en")
    arbiter.force_login(staff["arbiter"])
    desk = arbiter.get(reverse("championship-desk", args=[championship.pk])).content.decode()
    assert 'name="confirm_start"' in desk and "data-starts-event" in desk
    # 1.15.7.2: round 1 is one group in the first round's order, shown before publishing too.
    assert len(groups_shown(desk)) == 1 and len(groups_shown(desk)[0]) == 4

    publish = reverse("championships:action", args=[championship.pk, "publish"])
    response = arbiter.post(publish, {"round": 1})
    assert response.status_code == 400 and "Tick the confirmation" in response.content.decode()
    championship.refresh_from_db()
    assert championship.status == Championship.Status.ENTRIES_CLOSED and championship.started_at is None
    assert Round.objects.get(championship=championship, number=1).status == Round.Status.PAIRED
    assert not Board.objects.filter(round__championship=championship, game__isnull=False).exists()
    assert not championship.decisions.filter(action="publish").exists()

    arbiter.post(publish, {"round": 1, "confirm_start": "yes"})
    championship.refresh_from_db()
    assert championship.status == Championship.Status.RUNNING
    assert Round.objects.get(championship=championship, number=1).status == Round.Status.PUBLISHED
