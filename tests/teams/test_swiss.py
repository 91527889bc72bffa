"""A Swiss team event (1.2, 1.15 with teams in place of players): five teams,
three rounds, a bye each round, a withdrawn team no longer paired (1.14.5)."""

import pytest

from club.championships import services
from club.championships.models import Standings
from club.teams.models import Match

pytestmark = pytest.mark.django_db


def test_a_swiss_pairs_teams_by_match_points_without_rematches_and_gives_one_bye_each(
    make_event, staff, django_capture_on_commit_callbacks, eager_celery
):
    from games.services import game_resign

    event = make_event(5, system="swiss", swiss_system="buchholz", rounds_planned=3)
    met, byes = set(), []
    for number in (1, 2, 3):
        services.round_pair(by=staff["arbiter"], championship_id=event.pk)
        with django_capture_on_commit_callbacks(execute=True):
            services.round_publish(by=staff["arbiter"], championship_id=event.pk, round_number=number)
        for match in Match.objects.filter(round__championship=event, round__number=number):
            if match.away_id is None:
                # 1.15.2: the odd team out has a win without play, worth every board.
                assert (match.result, match.home_points) == ("bye", 4)
                byes.append(match.home_id)
                continue
            pair = frozenset((match.home_id, match.away_id))
            assert pair not in met, f"rematch in round {number}"
            met.add(pair)
            for board in match.board_games.all():  # the home team wins every board
                loser = board.black if board.board % 2 else board.white
                with django_capture_on_commit_callbacks(execute=True):
                    game_resign(game_id=board.game_id, member=loser)
    assert len(byes) == len(set(byes)) == 3
    event.refresh_from_db()
    assert event.status == "finished"
    rows = Standings.objects.get(championship=event).rows
    assert sum(r["match_points"] for r in rows) == 2 * 3 * 3  # 2 matches and a bye per round, 2 points each
    assert sum(r["board_points"] for r in rows) == 4 * 3 * 3


def test_a_withdrawn_team_is_not_paired_in_a_swiss_1_14_5(make_event, staff, django_capture_on_commit_callbacks):
    event = make_event(5, system="swiss", swiss_system="buchholz", rounds_planned=3)
    leaving = event.teams.get(start_number=2)
    with django_capture_on_commit_callbacks(execute=False):
        services.team_withdraw(
            by=staff["chief"],
            championship_id=event.pk,
            team_id=leaving.pk,
            after_round=0,
            treatment="forfeit",
            reason="Не приехала.",
        )
    services.round_pair(by=staff["arbiter"], championship_id=event.pk)
    teams = {t for m in Match.objects.filter(round__championship=event) for t in (m.home_id, m.away_id)}
    assert leaving.pk not in teams and None not in teams  # four teams left: two matches, no bye
