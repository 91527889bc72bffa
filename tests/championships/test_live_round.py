"""A round's live page (issue 27): while the round is played the page shows
every board and its socket sends the boards again when a move is made or a
game ends, and the standings when the stored table changes — through the
existing push (games.events' game groups), at a fixed cost per update
whatever the number of boards."""

import pytest
from asgiref.sync import async_to_sync
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from club.championships import demo, live, services
from club.championships.models import Board
from club.site.routing import websocket_urlpatterns
from games.services import game_move_make, game_resign
from tests.conftest import make_member

APP = URLRouter(websocket_urlpatterns)


def live_swiss(staff, count: int, name: str):
    """A Swiss of ``count`` players whose first round is published and not played yet."""
    members = [make_member(f"{name}{i}", display_name=f"{name.title()} {i}") for i in range(count)]
    championship = demo.create(
        **staff,
        players=members,
        now=timezone.now(),
        name=name,
        system="swiss",
        rounds_planned=3,
        discipline="russian",
        time_control="d3",
        swiss_system="buchholz",
    )
    services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=timezone.now())
    services.round_publish(by=staff["arbiter"], championship_id=championship.pk, round_number=1, now=timezone.now())
    return championship


def queries_of_an_update(championship) -> int:
    with CaptureQueriesContext(connection) as seen:
        live.round_fragments_of(championship.pk, 1)
    return len(seen)


@pytest.mark.django_db
def test_an_update_costs_the_same_queries_for_four_boards_as_for_twelve(staff):
    small, large = live_swiss(staff, 8, "small"), live_swiss(staff, 24, "large")
    assert Board.objects.filter(round__championship=large).count() == 12
    assert queries_of_an_update(small) == queries_of_an_update(large)


@pytest.mark.django_db
def test_the_round_page_shows_every_board_and_follows_them_while_they_are_played(staff):
    championship = live_swiss(staff, 6, "page")
    html = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/championships/{championship.pk}/rounds/1/").content.decode()
    assert html.count('<tr data-board="') == 3 and "data-socket=" in html
    polled = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/championships/{championship.pk}/rounds/1/live/").json()
    assert polled["live"] and polled["boards_html"].count('<tr data-board="') == 3


@pytest.mark.django_db(transaction=True)
def test_the_socket_sends_the_boards_after_a_move_and_the_standings_after_a_result(staff, eager_celery):
    championship = live_swiss(staff, 4, "socket")
    board = Board.objects.filter(round__championship=championship).select_related("game", "white", "black").first()

    async def main():
        ws = WebsocketCommunicator(APP, f"/ws/championships/{championship.pk}/rounds/1/?lang=en")
        ws.scope["user"] = AnonymousUser()
        connected, _ = await ws.connect()
        assert connected
        first = await ws.receive_json_from(timeout=10)
        assert "playing, 0 moves" in first["boards_html"]
        from channels.db import database_sync_to_async

        await database_sync_to_async(game_move_make)(
            game_id=board.game_id, member=board.white, text="c3-d4", expected_ply=0, now=timezone.now()
        )
        after_move = await ws.receive_json_from(timeout=10)
        assert "playing, 1 move" in after_move["boards_html"]
        await database_sync_to_async(game_resign)(game_id=board.game_id, member=board.black, now=timezone.now())
        seen = []
        for _ in range(6):  # the game's end, then the result recorded, then the table stored
            try:
                seen.append(await ws.receive_json_from(timeout=10))
            except Exception:
                break
            if "1 – 0" in seen[-1]["boards_html"] and seen[-1]["standings_html"]:
                break
        await ws.disconnect()
        return seen

    seen = async_to_sync(main)()
    last = seen[-1]
    assert "1 – 0" in last["boards_html"]
    assert board.white.name in last["standings_html"] and 'id="live-standings"' in last["standings_html"]
