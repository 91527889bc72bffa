"""The team event page's forms: the captain hands in a line-up and a protest,
an arbiter pairs and publishes with the absent players (003 1.14.2, 1.14.4, 1.14.7).
A refusal is shown on the page and changes nothing."""

import pytest
from django.test import Client

from club.arbiters.models import Protest
from club.championships.models import Round
from club.teams.models import Lineup, Match

pytestmark = pytest.mark.django_db


def logged_in(member):
    client = Client()
    client.force_login(member)
    return client


def test_a_captain_hands_in_a_line_up_and_a_protest_from_the_event_page(make_event, rosters):
    event = make_event(4)
    captain, r = logged_in(rosters[0][0]), rosters[0]
    page = captain.get(f"/teams/{event.pk}/").content.decode()
    assert 'name="board4"' in page and "1.14.7" in page
    team = event.teams.get(captain=r[0])
    form = {"team_id": team.pk, "round": 1, "board1": r[0].pk, "board2": r[1].pk, "board3": r[2].pk, "board4": r[4].pk}
    page = captain.post(f"/teams/{event.pk}/lineup/", form, follow=True).content.decode()
    assert Lineup.objects.get(team=team, round_number=1).members == [r[0].pk, r[1].pk, r[2].pk, r[4].pk]
    # Another team's player: refused, shown, nothing changed (1.14.2).
    form["board4"] = rosters[1][3].pk
    page = captain.post(f"/teams/{event.pk}/lineup/", form, follow=True).content.decode()
    assert str(rosters[1][3]) in page and 'class="error"' in page
    assert Lineup.objects.get(team=team, round_number=1).members[3] == r[4].pk
    # Not the captain: refused.
    logged_in(r[1]).post(f"/teams/{event.pk}/protest/", {"team_id": team.pk, "text": "Протест"})
    assert not Protest.objects.exists()
    captain.post(f"/teams/{event.pk}/protest/", {"team_id": team.pk, "text": "Протест капитана"})
    assert Protest.objects.get().text == "Протест капитана"


def test_an_arbiter_pairs_and_publishes_from_the_event_page_with_the_absent_players(make_event, staff, rosters):
    event = make_event(4)
    arbiter = logged_in(staff["arbiter"])
    pair_form = f'action="/teams/{event.pk}/pair/"'
    assert pair_form in arbiter.get(f"/teams/{event.pk}/").content.decode()
    assert pair_form not in logged_in(rosters[0][1]).get(f"/teams/{event.pk}/").content.decode()
    arbiter.post(f"/teams/{event.pk}/pair/")
    match = Match.objects.get(round__number=1, number=1)
    away = list(match.away.players.order_by("order").values_list("member_id", flat=True))
    page = arbiter.get(f"/teams/{event.pk}/").content.decode()
    assert f'name="absent" value="{away[3]}"' in page
    arbiter.post(f"/teams/{event.pk}/publish/", {"round": 1, "absent": away[1:4], "confirm_start": "yes"})
    assert Round.objects.get(championship=event, number=1).status == "published"
    match.refresh_from_db()
    assert match.result == "+/-" and "1.14.4" in match.forfeit_reason


def test_publishing_the_round_that_starts_a_team_event_asks_for_confirmation(make_event, staff):
    # issue 28, as for individual events: publishing round 1 starts the event.
    event = make_event(4)
    arbiter = logged_in(staff["arbiter"])
    arbiter.post(f"/teams/{event.pk}/pair/")
    page = arbiter.get(f"/teams/{event.pk}/").content.decode()
    assert "data-starts-event" in page and 'name="confirm_start"' in page
    # Without the box: refused on the page, the event not started, no game created.
    refused = arbiter.post(f"/teams/{event.pk}/publish/", {"round": 1})
    assert refused.status_code == 400 and 'class="error"' in refused.content.decode()
    event.refresh_from_db()
    assert event.status == "entries-closed"
    assert Round.objects.get(championship=event, number=1).status == "paired"
    assert not Match.objects.filter(round__championship=event, board_games__game__isnull=False).exists()
    # With it: published, the event runs.
    arbiter.post(f"/teams/{event.pk}/publish/", {"round": 1, "confirm_start": "yes"})
    event.refresh_from_db()
    assert event.status == "running"
    assert Round.objects.get(championship=event, number=1).status == "published"
    assert Match.objects.filter(round__championship=event, board_games__game__isnull=False).exists()
