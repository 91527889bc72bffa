"""Personal-team events (003 1.1: «лично-командные соревнования»): an event that ranks
teams and individuals also ranks each board's players, from their games on that board
in the team matches, with the event's coefficients (ratings.standings)."""

import pytest

from club.championships import services
from club.teams.models import BoardGame, Match
from games.services import game_resign

pytestmark = pytest.mark.django_db


def play_round_one(staff, event, capture):
    """Round 1: in each match the home team wins boards 1 and 2, the away team boards 3 and 4."""
    services.round_pair(by=staff["arbiter"], championship_id=event.pk)
    services.round_publish(by=staff["arbiter"], championship_id=event.pk, round_number=1)
    for board in BoardGame.objects.filter(match__round__championship=event).exclude(game=None):
        home_is_white = board.board % 2 == 1
        home, away = (board.white, board.black) if home_is_white else (board.black, board.white)
        with capture(execute=True):
            game_resign(game_id=board.game_id, member=away if board.board <= 2 else home)


def test_each_boards_players_are_ranked_from_their_games_on_that_board(
    api, make_event, staff, django_capture_on_commit_callbacks, eager_celery
):
    # 1.1: the board's own table, with the event's coefficients: the winners on board 1 lead it.
    event = make_event(4, ranks_boards=True)
    play_round_one(staff, event, django_capture_on_commit_callbacks)
    response = api(None).get(f"/api/teams/{event.pk}/boards/")
    assert response.status_code == 200, response.content
    boards = {b["board"]: b["rows"] for b in response.json()["boards"]}
    assert sorted(boards) == [1, 2, 3, 4]
    matches = list(Match.objects.filter(round__championship=event, away__isnull=False))
    first_board = {bg.match_id: bg for bg in BoardGame.objects.filter(match__in=matches, board=1)}
    winners = {bg.white_id for bg in first_board.values()}  # the home team has white on board 1 (1.14.3)
    rows = boards[1]
    assert {r["id"] for r in rows if r["points"] == 1.0} == winners
    assert all(r["place"].startswith("1") for r in rows if r["id"] in winners)
    assert all(r["place"].startswith("3") for r in rows if r["id"] not in winners)
    assert all("coefficients" in r for r in rows)


def test_an_event_that_ranks_only_teams_has_no_board_rankings(api, make_event):
    # 1.1: only a personal-team event ranks individuals.
    event = make_event(4)
    assert api(None).get(f"/api/teams/{event.pk}/boards/").status_code == 404
