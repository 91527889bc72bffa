"""The operations the API lacked while only the pages offered them: starting a correspondence section
played all at once (ICCF 0.3), adjudicating after the closing date, the organiser entering a member or a
guest and merging a guest into an account. Each is refused, changing nothing, to whoever may not."""

import pytest

from club.championships import services
from club.championships.models import Board, Entry, Round
from games.models import Game
from tests.conftest import make_member
from tests.snapshots import club_snapshot

from .conftest import T0, at

pytestmark = pytest.mark.django_db
DAY = 24 * 60
WATCHED = {"championships.Round": ("status",), "championships.Entry": ("status", "member_id")}


def test_the_chief_arbiter_starts_a_section_all_at_once_through_the_api(make_championship, players, staff, api):
    championship = make_championship(players[:4], play_mode="all-at-once", time_control="d3")
    url = f"/api/championships/{championship.pk}/start/"
    before = club_snapshot(WATCHED)
    refused = api(staff["arbiter"]).post(url)
    assert refused.status_code == 403 and refused.json()["error"] == "not-chief-arbiter"
    assert club_snapshot(WATCHED) == before

    started = api(staff["chief"]).post(url)
    assert started.status_code == 201 and [r["number"] for r in started.json()] == [1, 2, 3]
    games = Game.objects.filter(championship_board__round__championship=championship)
    assert games.count() == 6 and len({g.started_at for g in games}) == 1
    again = api(staff["chief"]).post(url)
    assert again.status_code == 409 and Round.objects.filter(championship=championship).count() == 3


def test_after_the_closing_date_the_chief_arbiter_adjudicates_through_the_api(make_championship, players, staff, api):
    championship = make_championship(players[:4], play_mode="all-at-once", time_control="d3", closes_at=at(2 * DAY))
    services.section_start(by=staff["chief"], championship_id=championship.pk, now=T0)
    board = Board.objects.filter(round__championship=championship).order_by("round__number", "number").first()
    url = f"/api/championships/{championship.pk}/adjudications/"
    # No move was made: the game did not take place, so its result is a forfeit sign (1.12.2).
    body = {"game_id": board.game_id, "result": "+/-", "reason": "black never moved"}
    services.play_close_due(now=at(2 * DAY + 1))
    before = club_snapshot({"games.Game": ("status", "result", "termination")})
    assert api(staff["arbiter"]).post(url, body).status_code == 403
    assert api(staff["chief"]).post(url, {**body, "result": "0-0"}).status_code == 400
    assert club_snapshot({"games.Game": ("status", "result", "termination")}) == before
    done = api(staff["chief"]).post(url, body)
    assert done.status_code == 200 and done.json()["game_id"] == board.game_id
    game = Game.objects.get(pk=board.game_id)
    assert (game.result, game.termination) == ("+/-", "forfeit")


def test_the_organiser_enters_a_member_and_a_guest_and_merges_the_guest(make_championship, players, staff, api):
    championship = make_championship(players[:2], close=False)
    late_comer, stranger = make_member("late"), make_member("stranger")
    base = f"/api/championships/{championship.pk}"

    before = club_snapshot(WATCHED)
    assert api(stranger).post(f"{base}/entries/", {"member_id": late_comer.pk}).status_code == 403
    assert api(stranger).post(f"{base}/guests/", {"name": "Ilya Gost"}).status_code == 403
    assert api(staff["organiser"]).post(f"{base}/guests/", {"city": "Tver"}).status_code == 400
    assert club_snapshot(WATCHED) == before

    entered = api(staff["organiser"]).post(f"{base}/entries/", {"member_id": late_comer.pk})
    assert entered.status_code == 201 and entered.json()["member"]["username"] == "late"
    guest = api(staff["organiser"]).post(f"{base}/guests/", {"name": "Ilya Gost", "federation_rating": 1500})
    assert guest.status_code == 201
    guest_id = guest.json()["member"]["id"]
    assert Entry.objects.filter(championship=championship, member_id=guest_id).exists()

    merge = f"{base}/guests/{guest_id}/merge/"
    assert api(stranger).post(merge, {"member_id": stranger.pk}).status_code == 403
    merged = api(staff["organiser"]).post(merge, {"member_id": stranger.pk})
    assert merged.status_code == 200
    assert Entry.objects.filter(championship=championship, member=stranger).exists()
    assert not Entry.objects.filter(championship=championship, member_id=guest_id).exists()
