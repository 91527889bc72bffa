"""Changing a pair on the page (1.15): the chief arbiter picks the players from the
event's entrants by name, a guest among them — a guest has no username anyone knows —
and a player who is not entered is refused, nothing changed."""

import pytest
from django.test import Client

from club.championships import services
from club.championships.models import Board

from .conftest import T0

pytestmark = pytest.mark.django_db


@pytest.fixture
def paired_with_guest(make_championship, players, staff):
    championship = make_championship(players[:3], close=False)
    guest = services.guest_enter(
        by=staff["organiser"], championship_id=championship.pk, name="Ilya Gost", now=T0
    ).member
    services.entries_close(by=staff["organiser"], championship_id=championship.pk, now=T0)
    services.round_pair(by=staff["chief"], championship_id=championship.pk, now=T0)
    return championship, guest


def chief_client(staff):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(staff["chief"])
    return client


def test_the_pair_is_changed_by_picking_players_by_name_a_guest_too(paired_with_guest, players, staff):
    championship, guest = paired_with_guest
    client = chief_client(staff)
    page = client.get(f"/championships/{championship.pk}/").content.decode()
    assert f'<option value="{guest.username}">Ilya Gost</option>' in page
    board = Board.objects.filter(round__championship=championship).order_by("number").first()
    others = [m for m in (players[0], players[1], players[2]) if m.pk not in (board.white_id, board.black_id)]
    response = client.post(
        f"/championships/{championship.pk}/override/",
        {"round": 1, "board": board.number, "white": guest.username, "black": others[0].username, "reason": "lot"},
    )
    assert response.status_code == 302
    board.refresh_from_db()
    assert (board.white_id, board.black_id) == (guest.pk, others[0].pk)


def test_a_player_who_is_not_entered_cannot_be_paired(paired_with_guest, staff):
    championship, _guest = paired_with_guest
    board = Board.objects.filter(round__championship=championship).order_by("number").first()
    before = (board.white_id, board.black_id)
    response = chief_client(staff).post(
        f"/championships/{championship.pk}/override/",
        {"round": 1, "board": board.number, "white": staff["organiser"].username, "reason": "x"},
    )
    assert response.status_code == 400
    board.refresh_from_db()
    assert (board.white_id, board.black_id) == before
