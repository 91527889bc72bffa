"""Two arbiters submit a whole round's results from the same reading of the form (1.10.4): the
first stands; the second, made from a version of the results that no longer holds, is refused
with 409 and a message saying someone recorded results meanwhile, and nothing of it is written —
never a silent overwrite of results its author did not see."""

from contextlib import nullcontext

import pytest
from django.urls import reverse
from django.utils import translation

from club.arbiters import services as arbiters
from club.championships import services
from club.championships.models import Board, Decision
from club.championships.selectors.versions import round_sheet_version
from games.models import Game
from games.services.errors import Conflict
from tests.concurrency import run_at_once
from tests.snapshots import club_snapshot

from .conftest import T0, at
from .test_pages import client_for
from .test_round_results_form import form_version
from .test_services import pair_and_publish, refused

WATCHED = {"games.Game": ("status", "result", "ply"), "championships.Board": ("result",), "championships.Decision": ()}


def _round_one(make_championship, players, staff, on_commit):
    """Round 1 of six played on real boards: their clocks stopped on the server, so their results
    are the chief arbiter's to record (1.10.4)."""
    championship = make_championship(players, time_control="2700")
    with on_commit():
        pair_and_publish(championship, staff, now=T0, starts_at=at(10))
    boards = list(Board.objects.filter(round__championship=championship).order_by("number"))
    for board in boards:
        arbiters.clocks_stop(by=staff["chief"], game_id=board.game_id, reason="played on real boards", now=at(11))
    return championship, boards


@pytest.mark.django_db
def test_the_second_submission_from_the_same_reading_is_refused_and_writes_nothing(
    make_championship, players, staff, on_commit
):
    championship, boards = _round_one(make_championship, players, staff, on_commit)
    url = reverse("championships:round-results", args=[championship.pk, 1])
    first, second = client_for(staff["chief"]), client_for(staff["chief"])
    read = form_version(first, url)
    assert form_version(second, url) == read  # both opened the form before either saved

    with on_commit():
        stood = first.post(url, {"board_1": "1-0", "board_2": "0-1", "reason": "scoresheets", "version": read})
    assert stood.status_code == 302
    before = club_snapshot(WATCHED)
    with translation.override("en"), on_commit():
        late = second.post(
            url,
            {"board_1": "0-1", "board_3": "1/2-1/2", "reason": "my copy of the scoresheets", "version": read},
            HTTP_ACCEPT_LANGUAGE="en",
        )

    assert late.status_code == 409
    page = late.content.decode()
    assert "Someone recorded results of round 1 after you opened this form" in page
    assert club_snapshot(WATCHED) == before  # board 1 stays 1-0, board 3 unrecorded
    assert [Game.objects.get(pk=b.game_id).result for b in boards] == ["1-0", "0-1", ""]
    assert Decision.objects.filter(championship=championship, action="result").count() == 2
    # The refused form is a fresh one, read at the version that now holds: it can be sent again.
    assert f'name="version" value="{round_sheet_version(services.round_boards_to_record(championship, 1))}"' in page


@pytest.mark.django_db
def test_the_api_refuses_the_second_of_two_submissions_from_one_reading(
    make_championship, players, staff, on_commit, api
):
    championship, boards = _round_one(make_championship, players, staff, on_commit)
    url = f"/api/championships/{championship.pk}/rounds/1/results/"
    chief = api(staff["chief"])
    sheet = chief.client.get(url).json()
    assert [b["number"] for b in sheet["boards"]] == [1, 2, 3] and sheet["version"]

    stood = chief.post(
        url, {"results": [{"board": 2, "result": "1-0"}], "reason": "scoresheet", "version": sheet["version"]}
    )
    assert stood.status_code == 200 and [b["result"] for b in stood.json()] == ["1-0"]
    before = club_snapshot(WATCHED)
    late = chief.post(
        url,
        {"results": [{"board": 2, "result": "0-1"}, {"board": 3, "result": "1-0"}], "reason": "mine",
         "version": sheet["version"]},
    )  # fmt: skip
    assert late.status_code == 409 and late.json()["error"] == "results-changed"
    assert "Someone recorded results of round 1" in late.json()["detail"]
    assert club_snapshot(WATCHED) == before
    assert chief.client.get(url).json()["version"] != sheet["version"]  # read again, then send


@pytest.mark.django_db
def test_only_who_records_the_round_s_results_reads_its_sheet_through_the_api(
    make_championship, players, staff, on_commit, api
):
    # 1.10.4: the chief arbiter (or deputy) sets results; a player may not, nor read the form's sheet.
    championship, _boards = _round_one(make_championship, players, staff, on_commit)
    url = f"/api/championships/{championship.pk}/rounds/1/results/"
    assert api(players[0]).client.get(url).status_code == 403
    assert api(players[0]).post(url, {"results": [], "reason": "x", "version": "x"}).status_code == 403


@pytest.mark.django_db
def test_a_stale_version_is_refused_by_the_service_itself(make_championship, players, staff, on_commit):
    championship, boards = _round_one(make_championship, players, staff, on_commit)
    read = round_sheet_version(services.round_boards_to_record(championship, 1))
    with on_commit():
        services.round_results_set(
            by=staff["chief"], championship_id=championship.pk, round_number=1,
            results={2: "1-0"}, reason="scoresheet", version=read,
        )  # fmt: skip
    before = club_snapshot(WATCHED)
    with refused(Conflict, "results-changed"):
        services.round_results_set(
            by=staff["chief"], championship_id=championship.pk, round_number=1,
            results={1: "1-0"}, reason="scoresheet", version=read,
        )  # fmt: skip
    assert club_snapshot(WATCHED) == before


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_two_submissions_at_once_from_one_reading_one_stands_on_postgresql(make_championship, players, staff):
    # The event's lock and the games' locks make the two run one after the other; the second reads the first.
    championship, boards = _round_one(make_championship, players, staff, nullcontext)
    read = round_sheet_version(services.round_boards_to_record(championship, 1))

    def submit(results):
        def call():
            try:
                services.round_results_set(
                    by=staff["chief"], championship_id=championship.pk, round_number=1,
                    results=results, reason="scoresheets", version=read,
                )  # fmt: skip
            except Conflict as refusal:
                return refusal.code
            return "stood"

        return call

    outcomes = run_at_once(submit({1: "1-0", 2: "1-0"}), submit({1: "0-1", 3: "0-1"}))

    assert sorted(outcomes) == ["results-changed", "stood"]
    results = [Game.objects.get(pk=b.game_id).result for b in boards]
    assert results in (["1-0", "1-0", ""], ["0-1", "", "0-1"])  # one submission whole, nothing of the other
    assert Decision.objects.filter(championship=championship, action="result").count() == 2
