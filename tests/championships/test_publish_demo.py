"""The demo club's championships ("the demo club includes a finished
round robin and a Swiss in progress, so a newcomer sees a crosstable at once")."""

import pytest
from django.urls import reverse

from club.championships import demo
from club.championships.models import Board, Championship, Round, Standings
from club.site import demo as club_demo

pytestmark = pytest.mark.django_db


@pytest.fixture
def loaded(db):
    return club_demo.load_demo()


def test_the_demo_has_a_finished_round_robin_and_a_swiss_in_progress(loaded, client):
    finished = Championship.objects.get(name=demo.ROUND_ROBIN_NAME)
    assert finished.status == Championship.Status.FINISHED
    assert finished.rounds.count() == 5 and not finished.rounds.exclude(status=Round.Status.CLOSED).exists()
    # Every game was played through the game services: moves, then a resignation or an agreed draw.
    games = [b.game for b in Board.objects.filter(round__championship=finished, game__isnull=False)]
    assert len(games) == 15 and all(g.status == "finished" and g.moves.count() >= 4 for g in games)

    running = Championship.objects.get(name=demo.SWISS_NAME)
    assert running.status == Championship.Status.RUNNING
    assert list(running.rounds.values_list("status", flat=True)) == ["closed", "closed", "closed", "published"]
    going = Board.objects.filter(round__championship=running, round__number=4, black__isnull=False, result="")
    assert going.count() == 1 and going.get().game.status != "finished"

    # The standings are the computed ones, the results page shows them; loading twice changes nothing.
    stored = Standings.objects.get(championship=finished).rows
    assert sum(row["points"] for row in stored) == 15  # 15 games, one point each (1.12.1)
    page = client.get(reverse("championships:results", args=[finished.pk]))
    assert page.status_code == 200 and b'id="crosstable"' in page.content
    club_demo.load_demo()
    assert Championship.objects.filter(name__in=(demo.ROUND_ROBIN_NAME, demo.SWISS_NAME)).count() == 2


# "The demo club includes a correspondence section in progress, with all its games started at once".
def test_the_demo_has_a_correspondence_section_all_at_once_in_progress(loaded, client):
    section = Championship.objects.get(name=demo.SECTION_NAME)
    assert section.status == Championship.Status.RUNNING and section.all_at_once
    games = [b.game for b in Board.objects.filter(round__championship=section, game__isnull=False)]
    assert len(games) == 15 and len({g.started_at for g in games}) == 1
    assert sum(g.status == "finished" for g in games) == 5
    page = client.get(reverse("championships:results", args=[section.pk]))
    assert page.status_code == 200 and b'class="in-progress"' in page.content


def test_the_demo_has_a_club_night_at_the_board_in_progress(loaded, client):
    night = Championship.objects.get(name=demo.CLUB_NIGHT_NAME)
    assert night.venue == "board" and night.status == Championship.Status.RUNNING
    assert list(night.rounds.values_list("status", flat=True)) == ["closed", "published"]
    first = Board.objects.filter(round__championship=night, round__number=1, game__isnull=False)
    terminations = sorted(b.game.termination for b in first)
    assert terminations == ["arbiter", "reported", "reported"]  # the players' reports, one board the arbiter's
    assert sum(b.game.moves.count() > 0 for b in first) == 2  # two score sheets typed in
    waiting = Board.objects.filter(round__championship=night, round__number=2, game__isnull=False)
    assert waiting.count() == 3 and {b.game.status for b in waiting} == {"active"} and not waiting.exclude(result="")
    page = client.get(reverse("championships:detail", args=[night.pk]), HTTP_ACCEPT_LANGUAGE="en")
    assert b"at the board" in page.content
