"""A whole round's results in one form (003 1.10.4): the chief arbiter
enters a round played on real boards row by row — 1 – 0, ½ – ½, 0 – 1, + – −, − – +, − – − —
saved all together or not at all, each result through the same service and
decision log as one at a time; the next round is then paired at once."""

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from club.arbiters import services as arbiters
from club.championships import services
from club.championships.models import Board, Decision, Round
from games.models import Game
from games.services.errors import Conflict, Invalid
from tests.snapshots import club_snapshot

from .conftest import T0, at
from .test_pages import client_for
from .test_services import pair_and_publish, refused

pytestmark = pytest.mark.django_db


WATCHED = {"games.Game": ("status", "result", "ply"), "games.Move": ("notation",), "championships.Board": ("result",)}


def form_version(client, url) -> str:
    """The version of the round's results the form was read at, as a browser posts it back."""
    return re.search(r'name="version" value="([^"]+)"', client.get(url).content.decode()).group(1)


def _round_one(make_championship, players, staff, on_commit):
    """Round 1 of its players, played on real boards: the chief arbiter stopped its games' clocks on the
    server, so their results are his to record (a game still played on the server is not, 1.10.4)."""
    championship = make_championship(players, time_control="2700")
    with on_commit():
        pair_and_publish(championship, staff, now=T0, starts_at=at(10))
    boards = list(Board.objects.filter(round__championship=championship).order_by("number"))
    for board in boards:
        arbiters.clocks_stop(by=staff["chief"], game_id=board.game_id, reason="played on real boards", now=at(11))
    return championship, boards


def test_the_chief_arbiter_enters_a_whole_round_in_one_form_and_pairs_the_next_at_once(
    make_championship, players, staff, on_commit
):
    championship, boards = _round_one(make_championship, players, staff, on_commit)
    url = reverse("championships:round-results", args=[championship.pk, 1])
    page = client_for(staff["chief"])
    form = page.get(url).content.decode()
    for label in ("1 – 0", "½ – ½", "0 – 1", "+ – −", "− – +", "− – −"):  # every result a scoresheet may carry
        assert f">{label}</option>" in form

    with on_commit():
        answer = page.post(
            url,
            {
                "board_1": "1-0",
                "board_2": "1/2-1/2",
                "board_3": "-/+",
                "reason": "scoresheets of the club night",
                "version": form_version(page, url),
            },
        )

    assert answer.status_code == 302
    assert [Game.objects.get(pk=b.game_id).result for b in boards] == ["1-0", "1/2-1/2", "-/+"]
    # one decision per result, as when they are entered one at a time (1.10.4)
    assert Decision.objects.filter(championship=championship, action="result").count() == 3
    assert Round.objects.get(championship=championship, number=1).status == Round.Status.CLOSED
    assert services.round_pair(by=staff["chief"], championship_id=championship.pk).number == 2


def test_a_round_s_results_are_saved_all_together_or_not_at_all(make_championship, players, staff, on_commit):
    championship, boards = _round_one(make_championship, players, staff, on_commit)

    with refused(Invalid, "bad-result"):  # board 3's result is refused after board 1's was set
        services.round_results_set(
            by=staff["chief"],
            championship_id=championship.pk,
            round_number=1,
            results={1: "1-0", 3: "2-0"},
            reason="scoresheets",
            now=T0,
        )
    with refused(Invalid, "no-such-board"):
        services.round_results_set(
            by=staff["chief"], championship_id=championship.pk, round_number=1, results={9: "1-0"}, reason="x"
        )

    assert {Game.objects.get(pk=b.game_id).status for b in boards} == {Game.Status.ONGOING}
    assert not Decision.objects.filter(championship=championship, action="result").exists()


def test_only_the_chief_arbiter_opens_the_round_s_results_form(make_championship, players, staff, on_commit):
    # 1.10.4: the chief arbiter (or deputy) sets results; an arbiter or a player may not.
    championship, _boards = _round_one(make_championship, players, staff, on_commit)
    url = reverse("championships:round-results", args=[championship.pk, 1])
    for someone in (staff["arbiter"], players[0]):
        assert client_for(someone).post(url, {"board_1": "1-0", "reason": "x"}).status_code == 403
    assert client_for(staff["chief"]).post(url, {"board_1": "3-0", "reason": "x"}).status_code == 400
    assert not Decision.objects.filter(championship=championship, action="result").exists()


PDN = """[Event "Club championship"]
[Round "1.1"]
[White "?"]
[Black "?"]
[Result "1-0"]
[GameType "25"]

1. c3-d4 f6-g5 2. g3-h4 1-0

[Event "Club championship"]
[Round "1.2"]
[Result "1/2-1/2"]
[GameType "25"]

1. c3-b4 b6-a5 1/2-1/2
"""


def test_the_same_form_takes_a_pdn_file_of_the_round_and_attaches_each_game_to_its_board(
    make_championship, players, staff, on_commit
):
    # 1.10.4: the games played on real boards are kept with their results; Round "1.2" is round 1, board 2.
    championship, boards = _round_one(make_championship, players, staff, on_commit)
    upload = SimpleUploadedFile("round-1.pdn", PDN.encode(), content_type="application/x-draughts-pdn")

    url, page = reverse("championships:round-results", args=[championship.pk, 1]), client_for(staff["chief"])
    with on_commit():
        answer = page.post(
            url,
            {
                "board_1": "1-0",
                "board_2": "1/2-1/2",
                "reason": "scoresheets",
                "records": upload,
                "version": form_version(page, url),
            },
        )

    assert answer.status_code == 302
    first, second = (Game.objects.get(pk=b.game_id) for b in boards[:2])
    assert list(first.moves.values_list("notation", flat=True)) == ["c3-d4", "f6-g5", "g3-h4"]
    assert (first.ply, first.result, second.ply, second.result) == (3, "1-0", 2, "1/2-1/2")
    assert Decision.objects.filter(championship=championship, action="record").count() == 2


def test_a_pdn_game_of_no_board_refuses_the_whole_form(make_championship, players, staff, on_commit):
    championship, boards = _round_one(make_championship, players, staff, on_commit)
    stray = PDN.replace('[Round "1.2"]', '[Round "7.4"]')
    upload = SimpleUploadedFile("round-1.pdn", stray.encode())

    url, page = reverse("championships:round-results", args=[championship.pk, 1]), client_for(staff["chief"])
    answer = page.post(
        url, {"board_1": "1-0", "reason": "scoresheets", "records": upload, "version": form_version(page, url)}
    )

    assert answer.status_code == 409
    assert {Game.objects.get(pk=b.game_id).status for b in boards} == {Game.Status.ONGOING}
    assert not Game.objects.get(pk=boards[0].game_id).moves.exists()


def test_a_record_whose_result_contradicts_the_game_s_refuses_the_whole_form(
    make_championship, players, staff, on_commit
):
    # 2.1.10.4: the result stands; a record that says otherwise is not this game's.
    championship, boards = _round_one(make_championship, players, staff, on_commit)
    contradicting = PDN.replace('[Result "1-0"]', '[Result "0-1"]').replace("g3-h4 1-0", "g3-h4 0-1")
    before = club_snapshot(WATCHED)
    with refused(Invalid, "record-contradicts-result"):
        services.round_results_set(
            by=staff["chief"], championship_id=championship.pk, round_number=1,
            results={1: "1-0", 2: "1/2-1/2"}, reason="scoresheets", records=contradicting,
        )  # fmt: skip
    assert club_snapshot(WATCHED) == before


def test_no_record_is_attached_once_the_results_are_final(make_championship, players, staff, on_commit):
    # 2.1.10.4: once the championship's results are final, its games take no new record.
    championship, boards = _round_one(make_championship, players[:2], staff, on_commit)
    with on_commit():
        services.round_results_set(
            by=staff["chief"], championship_id=championship.pk, round_number=1, results={1: "1-0"}, reason="scoresheet"
        )
    championship.refresh_from_db()
    assert championship.status == championship.Status.FINISHED
    before = club_snapshot(WATCHED)
    with refused(Conflict, "results-final"):
        services.round_results_set(
            by=staff["chief"], championship_id=championship.pk, round_number=1, results={}, reason="late",
            records=PDN.split("\n\n[Event")[0],
        )  # fmt: skip
    assert club_snapshot(WATCHED) == before
