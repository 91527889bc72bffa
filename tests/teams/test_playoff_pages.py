"""The team event's pages for the arbiters' decisions and the personal-team tables:
line-ups after the deadline (003 1.14.2), the team play-off (1.13.2, 1.14.6) and each
board's ranking (1.1). A refusal is shown on the page and changes nothing."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from club.championships import services
from club.championships.models import Decision, Playoff
from club.championships.views import teams as team_views
from club.teams.models import Lineup, Team

from .conftest import TIED_AT_THE_TOP
from .test_board_rankings import play_round_one

pytestmark = pytest.mark.django_db


def logged_in(member):
    client = Client()
    client.force_login(member)
    return client


@pytest.fixture
def late(make_event, staff):
    """Round 1 paired to start in ten minutes: the line-ups were due five minutes ago (1.14.2)."""
    event = make_event(4)
    now = timezone.now()
    services.round_pair(by=staff["arbiter"], championship_id=event.pk, starts_at=now + timedelta(minutes=10), now=now)
    return event


def test_after_the_deadline_the_captain_and_the_chief_arbiter_see_what_stands_and_set_nothing(late, staff, rosters):
    # 1.14.2: «не позднее, чем за 15 минут до начала тура»; without a line-up handed in by then,
    # «распределение участников по доскам определяется по первому туру» — nobody sets another.
    r = rosters[0]
    team = Team.objects.get(championship=late, captain=r[0])
    captain_page = logged_in(r[0]).get(f"/teams/{late.pk}/").content.decode()
    assert 'class="lineup-late"' in captain_page and 'class="lineup-due"' in captain_page
    assert f'action="/teams/{late.pk}/lineup/"' not in captain_page  # no form to hand in late
    assert str(r[3]) in captain_page  # the line-up that stands: the roster's first four
    arbiter_page = logged_in(staff["arbiter"]).get(f"/teams/{late.pk}/").content.decode()
    assert arbiter_page.count('class="stands"') == 4  # nobody handed one in: each team's stands
    chief = logged_in(staff["chief"])
    assert "lineup-decision" not in chief.get(f"/teams/{late.pk}/").content.decode()
    form = {"team_id": team.pk, "round": 1, "board1": r[0].pk, "board2": r[1].pk, "board3": r[2].pk, "board4": r[4].pk}
    refused = chief.post(f"/teams/{late.pk}/lineup-decision/", {**form, "reason": "board 4 is ill"})
    assert refused.status_code == 409 and "1.14.2" in refused.content.decode()
    assert not Lineup.objects.exists() and not Decision.objects.filter(action="lineup-decided").exists()


def test_before_the_deadline_the_chief_arbiter_records_a_line_up_handed_to_him(make_event, staff, rosters):
    # 1.14.2: «подать в судейскую коллегию заявку» — on paper, recorded by the chief arbiter.
    event = make_event(4)
    now = timezone.now()
    services.round_pair(by=staff["arbiter"], championship_id=event.pk, starts_at=now + timedelta(hours=1), now=now)
    r = rosters[0]
    team = Team.objects.get(championship=event, captain=r[0])
    assert "lineup-decision" not in logged_in(staff["arbiter"]).get(f"/teams/{event.pk}/").content.decode()
    chief = logged_in(staff["chief"])
    assert f'action="/teams/{event.pk}/lineup-decision/"' in chief.get(f"/teams/{event.pk}/").content.decode()
    form = {"team_id": team.pk, "round": 1, "board1": r[0].pk, "board2": r[1].pk, "board3": r[2].pk, "board4": r[4].pk}
    refused = chief.post(f"/teams/{event.pk}/lineup-decision/", form)  # no note
    assert refused.status_code == 400 and 'class="error"' in refused.content.decode()
    assert (
        logged_in(staff["arbiter"]).post(f"/teams/{event.pk}/lineup-decision/", {**form, "reason": "x"}).status_code
        == 403
    )
    assert not Lineup.objects.exists()
    chief.post(f"/teams/{event.pk}/lineup-decision/", {**form, "reason": "handed in on paper"})
    assert Lineup.objects.get(team=team, round_number=1).members == [r[0].pk, r[1].pk, r[2].pk, r[4].pk]
    assert Decision.objects.get(championship=event, action="lineup-decided").reason == "handed in on paper"
    page = chief.get(f"/teams/{event.pk}/").content.decode()
    assert page.count('class="handed-in"') == 1 and str(r[4]) in page


def test_the_chief_arbiter_creates_a_team_play_off_from_the_event_page_and_the_standings_show_it(
    make_event, play_event, staff
):
    # 1.13.2, 1.14.6 from the pages: only the chief arbiter has the form; the tied teams only.
    event = play_event(make_event(4), TIED_AT_THE_TOP)
    a, b, c = (event.teams.get(name=n).pk for n in ("Ладья", "Дамка", "Шашист"))
    assert "playoff-form" not in logged_in(staff["arbiter"]).get(f"/teams/{event.pk}/").content.decode()
    chief = logged_in(staff["chief"])
    assert "playoff-form" in chief.get(f"/teams/{event.pk}/").content.decode()
    body = {"time_control": "600+5", "matches_per_pair": 1, "reason": "the title"}
    refused = chief.post(f"/teams/{event.pk}/playoff/", {**body, "team_ids": [a, c]})
    assert refused.status_code == 409 and not Playoff.objects.exists()
    chief.post(f"/teams/{event.pk}/playoff/", {**body, "team_ids": [a, b]})
    playoff = Playoff.objects.get()
    assert playoff.games.count() == 4
    for page in (f"/teams/{event.pk}/", f"/teams/{event.pk}/standings/"):
        html = Client().get(page).content.decode()
        assert 'class="playoff playoff-pending"' in html
        assert all(f"/play/games/{g}/" in html for g in playoff.games.values_list("game_id", flat=True))


def test_the_board_rankings_page_ranks_each_board_and_is_linked_from_the_event_and_standings(
    make_event, staff, django_capture_on_commit_callbacks, eager_celery, monkeypatch
):
    # 1.1: a personal-team event's board tables (each board's two winners share 1-2), bounded per
    # board with a link to the rest.
    event = make_event(4, ranks_boards=True)
    play_round_one(staff, event, django_capture_on_commit_callbacks)
    boards = f"/teams/{event.pk}/boards/"
    assert f'href="{boards}"' in Client().get(f"/teams/{event.pk}/").content.decode()
    assert f'href="{boards}"' in Client().get(f"/teams/{event.pk}/standings/").content.decode()
    page = Client().get(boards).content.decode()
    assert all(f'id="board-{n}"' in page for n in (1, 2, 3, 4))
    assert page.count('class="place">1-2<') == 8 and 'data-coefficient="berger"' in page
    monkeypatch.setattr(team_views, "BOARD_ROWS_SHOWN", 1)
    bounded = Client().get(boards).content.decode()
    assert bounded.count('href="?all=1#board-') == 4
    assert 'href="?all=1#board-' not in Client().get(boards + "?all=1").content.decode()


def test_an_event_that_ranks_only_teams_has_no_board_rankings_page(make_event):
    # 1.1: only a personal-team event ranks individuals.
    event = make_event(4)
    assert Client().get(f"/teams/{event.pk}/boards/").status_code == 404
    assert f"/teams/{event.pk}/boards/" not in Client().get(f"/teams/{event.pk}/").content.decode()
