"""Where an event is played (003 §1: the clocks stand on the table, the arbiter
walks between the boards): chosen at creation, shown on its pages, in the API
and the exports; and a game at the board that nothing on the server ends.

``games.venue`` is the one place that decides what a game at the board may do;
these tests go through the paths that ask it: the sweep, the check-in, the
lateness, the player's own moves and resignation, the ratings."""

from datetime import timedelta

import pytest
from django.urls import reverse

from club.championships import services
from club.championships.exports import export
from club.championships.models import Board, Championship
from games.models import Game, GameEvent
from games.records import game_record
from games.services import games_sweep
from games.services.errors import Invalid, RuleRefusal
from games.services.play import game_check_in, game_move_make, game_resign
from games.venue import Venue, rules_of

from .conftest import at
from .test_pages import client_for
from .test_services import pair_and_publish, refused

pytestmark = pytest.mark.django_db

START = at(60)


def _club_night(make_championship, players, **options):
    """A 3+2 Swiss at the board with one minute of allowed lateness."""
    options.setdefault("time_control", "180+2")
    options.setdefault("system", "swiss")
    options.setdefault("swiss_system", "buchholz")
    options.setdefault("rounds_planned", 3)
    options.setdefault("lateness_minutes", 1)
    return make_championship(players, venue="board", **options)


def _published(championship, staff):
    pair_and_publish(championship, staff, starts_at=START)
    return list(Board.objects.filter(round__championship=championship, game__isnull=False).order_by("number"))


# ---- the choice at creation ------------------------------------------------------------------
def test_the_organiser_chooses_where_the_event_is_played(make_championship, players):
    assert _club_night(make_championship, players[:4]).venue == Venue.BOARD
    # Left empty, the time control says it: days per move are correspondence, minutes online.
    assert make_championship(players[:2], time_control="d3").venue == Venue.CORRESPONDENCE
    assert make_championship(players[:2], time_control="180+2").venue == Venue.ONLINE


@pytest.mark.parametrize(
    ("venue", "time_control"), [("board", "d3"), ("correspondence", "180+2"), ("online", "d3"), ("garden", "180+2")]
)
def test_a_venue_its_time_control_cannot_be_played_at_is_refused(staff, venue, time_control):
    with pytest.raises(Invalid) as refusal:
        services.championship_create(
            organiser=staff["organiser"], name="Night", discipline="russian", time_control=time_control, venue=venue
        )
    assert refusal.value.code in ("venue-time-control", "bad-venue")
    assert not Championship.objects.exists()


def test_the_creation_form_and_the_api_take_the_venue(staff, api):
    page = client_for(staff["organiser"])
    form = page.get(reverse("championships:new")).content.decode()
    assert 'name="venue"' in form and 'value="board"' in form
    answer = page.post(
        reverse("championships:new"),
        {
            "name": "Club night",
            "discipline": "russian",
            "time_control": "180+2",
            "venue": "board",
            "system": "swiss",
            "swiss_system": "buchholz",
            "rounds_planned": 3,
            "cycles": 1,
            "scoring": "1-1/2-0",
            "rated": "on",
        },
    )
    assert answer.status_code == 302, answer.content.decode()[:2000]
    assert Championship.objects.get(name="Club night").venue == Venue.BOARD

    created = api(staff["organiser"]).post(
        "/api/championships/",
        {"name": "Cup", "discipline": "russian", "time_control": "180+2", "venue": "board"},
    )
    assert created.status_code == 201, created.content
    assert created.json()["venue"] == "board"
    assert api(staff["organiser"]).get(f"/api/championships/{created.json()['id']}/").json()["venue"] == "board"


def test_every_page_and_export_of_the_event_says_where_it_is_played(make_championship, players, staff):
    championship = _club_night(make_championship, players[:4])
    boards = _published(championship, staff)
    viewer = client_for(players[5])
    for url in (
        reverse("championships:detail", args=[championship.pk]),
        reverse("championships:results", args=[championship.pk]),
    ):
        assert "at the board" in viewer.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode(), url
    assert (
        "за доской"
        in viewer.get(
            reverse("championships:detail", args=[championship.pk]), HTTP_ACCEPT_LANGUAGE="ru"
        ).content.decode()
    )
    record = game_record(game=Game.objects.get(pk=boards[0].game_id), format="pdn")
    assert '[Site "Club, at the board"]' in record and '[Event "Club championship"]' in record
    assert "092 Swiss: current Buchholz (1.15.7), at the board" in export(championship, "trf").content.decode()


# ---- nothing on the server ends a game at the board ------------------------------------------
def test_a_game_at_the_board_never_ends_by_itself_the_sweep_a_day_past_start_and_lateness_changes_nothing(
    make_championship, players, staff
):
    # 1.9.1: the allowed lateness is the arbiter's to apply at the board, not a worker's.
    championship = _club_night(make_championship, players[:4])
    boards = _published(championship, staff)
    before = list(Game.objects.order_by("pk").values())

    assert games_sweep(now=START + timedelta(minutes=1) + timedelta(days=1)) == 0

    assert list(Game.objects.order_by("pk").values()) == before
    for game in Game.objects.filter(pk__in=[b.game_id for b in boards]):
        assert game.status == Game.Status.ONGOING and game.deadline is None and game.turn_started_at is None
    assert not GameEvent.objects.filter(kind="finished").exists()
    championship.refresh_from_db()
    assert championship.status == Championship.Status.RUNNING


def test_the_same_night_online_is_forfeited_by_the_sweep(make_championship, players, staff):
    # The contrast that shows the venue is what keeps the sweep away (1.9.2: both absent, both lose).
    championship = make_championship(
        players[:4], time_control="180+2", system="swiss", swiss_system="buchholz", rounds_planned=3, lateness_minutes=1
    )
    boards = _published(championship, staff)
    assert games_sweep(now=START + timedelta(days=1)) == len(boards)
    assert {Game.objects.get(pk=b.game_id).result for b in boards} == {"-/-"}


def test_a_player_cannot_check_in_move_or_resign_on_the_site_in_a_game_at_the_board(make_championship, players, staff):
    championship = _club_night(make_championship, players[:4])
    board = _published(championship, staff)[0]
    before = Game.objects.filter(pk=board.game_id).values().get()
    for act in (
        lambda: game_check_in(game_id=board.game_id, member=board.white, now=START),
        lambda: game_move_make(game_id=board.game_id, member=board.white, text="c3-d4", expected_ply=0, now=START),
        lambda: game_resign(game_id=board.game_id, member=board.black, now=START),
    ):
        with refused(RuleRefusal, "played-at-the-board"):
            act()
    assert Game.objects.filter(pk=board.game_id).values().get() == before


def test_the_one_place_says_what_a_game_at_the_board_may_do():
    board = rules_of("board")
    assert not (board.server_clock or board.moves_online or board.first_move_period or board.flag_sweep)
    assert not board.worker_forfeit
    assert board.arbiter_result_played and not rules_of("online").arbiter_result_played
    assert rules_of("online").flag_sweep and rules_of("correspondence").flag_sweep


def test_the_game_page_of_a_game_at_the_board_offers_no_move_and_no_action(make_championship, players, staff):
    championship = _club_night(make_championship, players[:4])
    board = _published(championship, staff)[0]
    state = client_for(board.white).get(f"/play/games/{board.game_id}/state/").json()
    assert state["legal_moves"] == [] and state["buttons"] == []  # white to move, yet nothing to click
