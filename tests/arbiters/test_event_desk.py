"""The event's desk: one page per championship for its organiser and
arbiters that names the next step and who takes it (002 §17: appointments give
the power; 003 1.15: the arbiters pair and publish), with the step's own form for
those who may take it; a player's own part of it; protests filed and ruled
through the pages (003 1.3.1)."""

import pytest
from django.urls import reverse
from django.utils import translation

from club.arbiters import services as arbiters
from club.arbiters.models import Protest, Sanction
from club.championships import services
from club.championships.models import Board
from club.championships.selectors.desk import next_step
from games.services import game_resign
from tests.conftest import make_member

from .conftest import T0, at

pytestmark = pytest.mark.django_db


def _step(championship):
    championship.refresh_from_db()
    with translation.override("en"):
        return next_step(championship)


def test_the_desk_names_each_next_step_and_who_takes_it(make_championship, players, staff):
    championship = services.championship_create(
        organiser=staff["organiser"], name="Cup", discipline="russian", time_control="d3", now=T0
    )
    assert _step(championship).text == "The organiser (Grigory Organiser) appoints the chief arbiter."  # 002 §17

    championship = make_championship(players[:4], close=False)
    assert _step(championship).action == "close"
    services.entries_close(by=staff["organiser"], championship_id=championship.pk, now=T0)
    step = _step(championship)
    # 1.15: the appointed arbiters pair — named, so the organiser knows whose move it is.
    assert step.action == "pair" and "pairs round 1" in step.text
    assert {m.pk for m in step.by} == {staff["chief"].pk, staff["arbiter"].pk}

    services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=T0)
    assert _step(championship).action == "publish" and "publishes round 1" in _step(championship).text
    services.round_publish(by=staff["arbiter"], championship_id=championship.pk, round_number=1, now=T0)
    assert _step(championship).action == "" and "Round 1 is being played" in _step(championship).text

    for board in Board.objects.filter(round__championship=championship, game__isnull=False):
        game_resign(game_id=board.game_id, member=board.black, now=at(30))
    # every game has ended (their follow-ups still queued): the next round may be paired at once
    assert _step(championship).action == "pair" and "pairs round 2" in _step(championship).text


def test_the_desk_is_for_the_event_s_officials_and_players_only(client, make_championship, players, staff):
    championship = make_championship(players[:4])
    url = reverse("championship-desk", args=[championship.pk])
    client.force_login(make_member("fyodor"))
    assert client.get(url).status_code == 403

    client.force_login(staff["organiser"])
    organiser_page = client.get(url).content.decode()
    client.force_login(staff["chief"])
    chief_page = client.get(url).content.decode()

    assert 'data-action="pair"' in organiser_page and 'name="pair"' not in organiser_page  # told, not offered
    assert 'name="pair"' in chief_page
    client.force_login(players[0])
    player_page = client.get(url)
    assert player_page.status_code == 200 and 'class="next-step"' not in player_page.content.decode()


def test_a_protest_against_a_sanction_is_filed_and_ruled_through_the_desk(client, make_championship, players, staff):
    # 1.3.1: the sanctioned player protests in writing; the chief arbiter rules with reasons; upheld, it is reversed.
    championship = make_championship(players[:4])
    (sanction,) = arbiters.sanction_issue(
        by=staff["chief"],
        member_id=players[0].pk,
        kind=Sanction.Kind.WARNING,
        reason="late for the round",
        championship_id=championship.pk,
    )
    desk = reverse("championship-desk", args=[championship.pk])
    client.force_login(players[0])
    assert 'class="form inline-form protest-form"' in client.get(desk).content.decode()

    client.post(
        reverse("championship-desk-protest", args=[championship.pk]),
        {"sanction": sanction.pk, "text": "The clock was broken."},
    )

    protest = Protest.objects.get()
    assert (protest.member, protest.sanction, protest.status) == (players[0], sanction, "pending")
    client.force_login(staff["arbiter"])  # a plain arbiter may not rule (1.3.1)
    client.post(
        reverse("championship-desk-ruling", args=[championship.pk, protest.pk]), {"upheld": "yes", "ruling": "Agreed."}
    )
    protest.refresh_from_db()
    assert protest.status == "pending"
    client.force_login(staff["chief"])
    assert 'class="form inline-form ruling"' in client.get(desk).content.decode()
    client.post(
        reverse("championship-desk-ruling", args=[championship.pk, protest.pk]),
        {"upheld": "yes", "ruling": "The clock was indeed broken."},
    )

    protest.refresh_from_db()
    sanction.refresh_from_db()
    assert protest.status == "upheld" and sanction.status != Sanction.Status.IN_FORCE
    client.force_login(players[0])
    mine = client.get(desk).content.decode()
    assert "The clock was indeed broken." in mine and "protest-form" not in mine


def test_a_ruling_without_a_decision_is_refused_and_changes_nothing(client, make_championship, players, staff):
    championship = make_championship(players[:4])
    (sanction,) = arbiters.sanction_issue(
        by=staff["chief"], member_id=players[0].pk, kind="warning", reason="noise", championship_id=championship.pk
    )
    protest = arbiters.protest_file(member=players[0], sanction_id=sanction.pk, text="It was not me.")
    client.force_login(staff["chief"])

    response = client.post(
        reverse("championship-desk-ruling", args=[championship.pk, protest.pk]), {"ruling": "?"}, follow=True
    )

    protest.refresh_from_db()
    assert protest.status == "pending"
    assert "upheld or rejected" in response.content.decode() or "отклон" in response.content.decode()


def test_publishing_round_1_is_said_to_start_the_championship(client, make_championship, players, staff):
    # 1.15: the arbiters publish a checked pairing; round 1's publication creates the first games,
    # so the desk and the round's Publish say the event starts with it — and only for round 1.
    championship = make_championship(players[:4])
    services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=T0)
    client.force_login(staff["arbiter"])
    desk = reverse("championship-desk", args=[championship.pk])
    detail = reverse("championships:detail", args=[championship.pk])
    for url in (desk, detail):
        assert "data-starts-event" in client.get(url).content.decode()

    services.round_publish(by=staff["arbiter"], championship_id=championship.pk, round_number=1, now=T0)
    for board in Board.objects.filter(round__championship=championship, game__isnull=False):
        game_resign(game_id=board.game_id, member=board.black, now=at(30))
    services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=at(40))
    assert "#round-2" in client.get(desk).content.decode()  # the desk's publish step, now for round 2
    publish = reverse("championships:action", args=[championship.pk, "publish"])
    assert publish in client.get(detail).content.decode()
    for url in (desk, detail):
        assert "data-starts-event" not in client.get(url).content.decode()


def test_a_draft_s_desk_does_not_exist_for_an_outsider_like_every_other_address_of_the_draft(client, staff):
    draft = services.championship_create(
        organiser=staff["organiser"], name="Secret cup", discipline="russian", time_control="d3", now=T0
    )
    client.force_login(make_member("fyodor"))
    assert client.get(reverse("championship-desk", args=[draft.pk])).status_code == 404
    assert client.get(reverse("championships:detail", args=[draft.pk])).status_code == 404
    client.force_login(staff["organiser"])
    assert client.get(reverse("championship-desk", args=[draft.pk])).status_code == 200
