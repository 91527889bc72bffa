"""A team event's results pages: the standings after each round, a
card per team with every match board by board, and their JSON twins."""

import pytest
from django.test import Client
from rest_framework.test import APIClient

from club.championships import services
from club.teams.models import Match
from tests.championships.conftest import T0

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(make_event, staff):
    """Four teams; in round 1 match 1's away team is short of players and loses it by forfeit (1.14.4)."""
    event = make_event(4)
    services.round_pair(by=staff["arbiter"], championship_id=event.pk, now=T0)
    match = Match.objects.get(round__number=1, number=1)
    away = list(match.away.players.order_by("order").values_list("member_id", flat=True))
    services.round_publish(by=staff["arbiter"], championship_id=event.pk, round_number=1, absent=away[1:4], now=T0)
    match.refresh_from_db()
    return event, match


def test_the_standings_after_a_round_and_a_team_card_board_by_board(played):
    event, match = played
    html = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/teams/{event.pk}/standings/after/1/").content.decode()
    assert "Standings after round 1" in html and match.home.name in html
    card = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/teams/{event.pk}/teams/{match.away_id}/").content.decode()
    assert match.home.name in card and '<span class="match-score">0 : 4</span>' in card  # lost by forfeit (1.14.4)
    data = APIClient().get(f"/api/teams/{event.pk}/teams/{match.away_id}/card/").json()
    (first,) = data["matches"]
    assert first["round"] == 1 and first["opponent"]["id"] == match.home_id and first["result"] == "+/-"
    assert first["points"] == "0" and not first["home"]
    after = APIClient().get(f"/api/teams/{event.pk}/standings/after/1/").json()
    assert after["after_round"] == 1 and {r["id"] for r in after["rows"]} == set(
        event.teams.values_list("pk", flat=True)
    )
    assert Client().get(f"/teams/{event.pk}/standings/after/5/").status_code == 404
