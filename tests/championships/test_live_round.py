"""A round's live page (issue 27): while the round is played the page shows
every board and its socket sends the boards again when a move is made or a
game ends, and the standings when the stored table changes — through the
existing push (games.events' game groups), at a fixed cost per update
whatever the number of boards."""

from datetime import timedelta

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
        connected, _ = await ws.connect(timeout=10)
        assert connected
        first = await ws.receive_json_from(timeout=10)
        assert "playing, move 1" in first["boards_html"]  # no move made: the first move is being played
        from channels.db import database_sync_to_async

        await database_sync_to_async(game_move_make)(
            game_id=board.game_id, member=board.white, text="c3-d4", expected_ply=0, now=timezone.now()
        )
        # The move: the game's own spectators' frame, built once for every page watching it.
        after_move = await ws.receive_json_from(timeout=10)
        assert (after_move["type"], after_move["id"], after_move["ply"]) == ("state", board.game_id, 1)
        assert after_move["moves"][-1]["path"] == ["c3", "d4"] and after_move["ongoing"]
        await database_sync_to_async(game_resign)(game_id=board.game_id, member=board.black, now=timezone.now())
        seen = []
        for _ in range(6):  # the game's end; the result recorded and the table stored
            try:
                seen.append(await ws.receive_json_from(timeout=10))
            except Exception:
                break
            ended = any(m["type"] == "state" and m["status"] == "finished" for m in seen)
            if ended and any(
                m["type"] == "round" and "1 – 0" in m["boards_html"] and m["standings_html"] for m in seen
            ):
                break
        await ws.disconnect(timeout=10)
        return seen

    seen = async_to_sync(main)()
    (ended,) = [m for m in seen if m["type"] == "state"]
    assert ended["status"] == "finished" and "White wins" in ended["status_text"]
    last = [m for m in seen if m["type"] == "round"][-1]
    assert "1 – 0" in last["boards_html"]
    assert board.white.name in last["standings_html"] and 'id="live-standings"' in last["standings_html"]


@pytest.mark.django_db
def test_each_board_being_played_is_a_small_live_board_linked_to_its_game(staff):
    championship = live_swiss(staff, 4, "small")
    board = Board.objects.filter(round__championship=championship).select_related("white").first()
    game_move_make(game_id=board.game_id, member=board.white, text="c3-d4", expected_ply=0, now=timezone.now())
    board.game.refresh_from_db()
    html = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/championships/{championship.pk}/rounds/1/").content.decode()
    assert html.count('class="mini-board"') == 2
    assert f'data-game="{board.game_id}"' in html and f'href="/play/games/{board.game_id}/"' in html
    assert f'data-fen="{board.game.fen}"' in html and 'data-last="c3 d4"' in html
    assert '<noscript><meta http-equiv="refresh" content="30"></noscript>' in html  # without scripts too


@pytest.mark.django_db
def test_with_a_broadcast_delay_the_round_shows_each_board_as_it_stood_the_delay_ago(staff):
    from club.championships.selectors import result_pages

    championship = live_swiss(staff, 4, "late")
    services.broadcast_delay_set(by=staff["organiser"], championship_id=championship.pk, minutes=10)
    championship.refresh_from_db()
    board = Board.objects.filter(round__championship=championship).select_related("white", "black").first()
    moved = timezone.now()
    game_move_make(game_id=board.game_id, member=board.white, text="c3-d4", expected_ply=0, now=moved)
    game_resign(game_id=board.game_id, member=board.black, now=moved)
    Board.objects.filter(pk=board.pk).update(result="1-0")  # as the event's follow-up records it

    def shown(minutes):
        boards = result_pages.rounds(championship, result_pages.players(championship), number=1)[0]["boards"]
        result_pages.boards_as_seen(championship, boards, now=moved + timedelta(minutes=minutes))
        (mine,) = [b for b in boards if b["game_id"] == board.game_id]
        return mine["result"], mine["move"], mine.get("position", {}).get("last")

    assert shown(9) == ("", 1, "")  # 9 minutes on: not even the move yet (the first move is being played)
    assert shown(11)[0] == "1-0"  # 11 minutes on: the move and the result
