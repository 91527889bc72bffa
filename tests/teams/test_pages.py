"""The team event page's forms: the captain hands in a line-up and a protest,
an arbiter pairs and publishes with the absent players, the chief arbiter voids
a board and records a withdrawal (003 1.14.2, 1.14.4, 1.14.5, 1.14.7).
A refusal is shown on the page and changes nothing."""

import pytest
from django.test import Client

from club.arbiters.models import Protest
from club.championships import services
from club.championships.models import Round
from club.teams.models import BoardGame, Lineup, Match

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
    # As for individual events: publishing round 1 starts the event.
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


def published(event, staff):
    services.round_pair(by=staff["chief"], championship_id=event.pk)
    services.round_publish(by=staff["chief"], championship_id=event.pk, round_number=1)
    return BoardGame.objects.filter(match__round__championship=event, game__isnull=False).order_by("pk").first()


def test_the_chief_arbiter_voids_a_board_played_without_the_right_from_the_round_page(make_event, staff):
    # 1.14.4: the game does not count and the player's team loses the board.
    event = make_event(4)
    board = published(event, staff)
    chief, arbiter = logged_in(staff["chief"]), logged_in(staff["arbiter"])
    form_tag = f'action="/teams/{event.pk}/ineligible/"'
    assert form_tag in chief.get(f"/teams/{event.pk}/rounds/1/").content.decode()
    assert form_tag not in arbiter.get(f"/teams/{event.pk}/rounds/1/").content.decode()
    form = {"board_id": board.pk, "member_id": board.white_id, "reason": "Не заявлен в составе"}
    # An arbiter who is not the chief, and the chief without a reason: refused, nothing changed.
    assert arbiter.post(f"/teams/{event.pk}/ineligible/", form).status_code == 403
    refused = chief.post(f"/teams/{event.pk}/ineligible/", {**form, "reason": ""})
    assert refused.status_code == 400 and 'class="error"' in refused.content.decode()
    board.refresh_from_db()
    assert board.result == "" and board.ineligible_reason == ""
    chief.post(f"/teams/{event.pk}/ineligible/", form)
    board.refresh_from_db()
    assert board.result == "-/+" and board.ineligible_reason == "Не заявлен в составе"


def test_the_chief_arbiter_records_a_teams_withdrawal_from_the_event_page(make_event, staff):
    # 1.14.5: the team leaves after a published round; its matches are lost or annulled.
    event = make_event(4)
    published(event, staff)
    team = event.teams.order_by("pk").first()
    chief, arbiter = logged_in(staff["chief"]), logged_in(staff["arbiter"])
    form_tag = f'action="/teams/{event.pk}/withdraw/"'
    assert form_tag in chief.get(f"/teams/{event.pk}/").content.decode()
    assert form_tag not in arbiter.get(f"/teams/{event.pk}/").content.decode()
    form = {"team_id": team.pk, "after_round": 1, "treatment": "annul", "reason": "Команда не явилась"}
    assert arbiter.post(f"/teams/{event.pk}/withdraw/", form).status_code == 403
    refused = chief.post(f"/teams/{event.pk}/withdraw/", {**form, "treatment": "vanish"})
    assert refused.status_code == 400 and 'class="error"' in refused.content.decode()
    refused = chief.post(f"/teams/{event.pk}/withdraw/", {**form, "after_round": 2})
    assert refused.status_code == 400
    team.refresh_from_db()
    assert team.status == "active"
    chief.post(f"/teams/{event.pk}/withdraw/", form)
    team.refresh_from_db()
    assert (team.status, team.left_after_round, team.withdrawal) == ("withdrawn", 1, "annul")
    assert team.withdrawal_reason == "Команда не явилась"


def test_a_team_events_actions_read_their_input_through_forms_and_share_the_rounds_rows(make_event, staff):
    """One engine (1.14): a team event's rounds are paired and published by the championship's own
    rows; its own actions read the POST through forms, so malformed input is a 400 that changes nothing."""
    from club.championships.views.actions import ACTIONS, TEAM_ACTIONS

    assert TEAM_ACTIONS["pair"] is ACTIONS["pair"] and TEAM_ACTIONS["publish"] is ACTIONS["publish"]
    event = make_event(4)
    published(event, staff)
    team = event.teams.order_by("pk").first()
    chief = logged_in(staff["chief"])
    form = {"team_id": "first", "after_round": 1, "treatment": "annul", "reason": "Команда не явилась"}
    refused = chief.post(f"/teams/{event.pk}/withdraw/", form)
    assert refused.status_code == 400 and 'class="error"' in refused.content.decode()
    # 1.14.2: a board names a player by his number; anything else is refused before the service
    lineup = {"team_id": team.pk, "round": 2, "board1": "captain", "reason": "Решение судьи"}
    assert chief.post(f"/teams/{event.pk}/lineup-decision/", lineup).status_code == 400
    team.refresh_from_db()
    assert team.status == "active" and not Lineup.objects.filter(team=team, round_number=2).exists()
    assert chief.post(f"/teams/{event.pk}/explode/").status_code == 404
