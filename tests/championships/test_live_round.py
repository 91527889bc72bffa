"""A round's live page: while the round is played the page shows
every board and its socket sends the boards again when a move is made or a
game ends, and the standings when the stored table changes — through the
existing push (games.events' game groups), at a fixed cost per update
whatever the number of boards."""

import json
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


class Counted:
    """Counts the calls of ``function`` and makes them (a spy: the real function runs)."""

    def __init__(self, function):
        self.function, self.calls = function, 0

    def __call__(self, *args, **kwargs):
        self.calls += 1
        return self.function(*args, **kwargs)


def round_sockets(championship, users):
    sockets = []
    for user in users:
        ws = WebsocketCommunicator(APP, f"/ws/championships/{championship.pk}/rounds/1/?lang=en")
        ws.scope["user"] = user
        sockets.append(ws)
    return sockets


async def connected(sockets):
    for ws in sockets:
        assert (await ws.connect(timeout=10))[0]
        assert (await ws.receive_json_from(timeout=10))["type"] == "round"


async def everything_sent(ws) -> list[str]:
    texts = []
    while not await ws.receive_nothing(timeout=1):
        texts.append(await ws.receive_from(timeout=10))
    return texts


@pytest.mark.parametrize("watchers", [1, 6])
@pytest.mark.django_db(transaction=True)
def test_a_move_is_built_once_into_the_one_text_every_watcher_of_the_round_gets(staff, watchers):
    # The spectators' state of a change is built once where it commits (games.frames), whatever
    # the number of sockets watching: a round page's socket sends that text as it is.
    from channels.db import database_sync_to_async

    from games import events, frames

    championship = live_swiss(staff, 4, f"once{watchers}")
    board = Board.objects.filter(round__championship=championship).select_related("white").first()
    built = Counted(frames.public_frame)
    events.build_frames_with(built)

    async def main():
        sockets = round_sockets(championship, [AnonymousUser()] * watchers)
        await connected(sockets)
        await database_sync_to_async(game_move_make)(
            game_id=board.game_id, member=board.white, text="c3-d4", expected_ply=0, now=timezone.now()
        )
        sent = [await everything_sent(ws) for ws in sockets]
        for ws in sockets:
            await ws.disconnect()
        return sent

    try:
        sent = async_to_sync(main)()
    finally:
        events.build_frames_with(frames.public_frame)
    assert built.calls == 1
    assert all(texts == sent[0] for texts in sent) and len(sent[0]) == 1
    (state,) = [json.loads(text) for text in sent[0]]
    assert (state["type"], state["id"], state["ply"]) == ("state", board.game_id, 1)


@pytest.mark.django_db(transaction=True)
def test_a_change_of_the_table_is_rendered_once_for_all_the_spectators_sockets(staff, eager_celery, monkeypatch):
    # A game's end stores a new table: the round is drawn again with it, once for every
    # spectator's socket of the process (they all see the same round), not once a socket.
    from channels.db import database_sync_to_async

    championship = live_swiss(staff, 4, "table")
    board = Board.objects.filter(round__championship=championship).select_related("white", "black").first()
    spectators = [AnonymousUser()] * 4 + [make_member("onlooker")]
    renders = Counted(live.round_fragments_of)

    async def main():
        sockets = round_sockets(championship, spectators)
        await connected(sockets)
        monkeypatch.setattr(live, "round_fragments_of", renders)
        await database_sync_to_async(game_move_make)(
            game_id=board.game_id, member=board.white, text="c3-d4", expected_ply=0, now=timezone.now()
        )
        await database_sync_to_async(game_resign)(game_id=board.game_id, member=board.black, now=timezone.now())
        sent = [await everything_sent(ws) for ws in sockets]
        for ws in sockets:
            await ws.disconnect()
        return sent

    sent = async_to_sync(main)()
    rounds = [text for text in sent[0] if json.loads(text)["type"] == "round"]
    assert rounds and "1 – 0" in json.loads(rounds[-1])["boards_html"]
    assert all(texts == sent[0] for texts in sent)  # the same texts, in the same order, to every spectator
    assert renders.calls == len(rounds)  # one render a change, not one a socket


@pytest.mark.django_db(transaction=True)
def test_under_a_broadcast_delay_the_round_s_spectators_get_a_move_the_delay_later_its_player_at_once(
    staff, monkeypatch
):
    # The event's broadcast delay holds in the round view as on the game's page: its spectators
    # get the frame of the move when the delay has passed (game.delayed), the board's player at once.
    from channels.db import database_sync_to_async

    from games import events, tasks

    championship = live_swiss(staff, 4, "latemove")
    services.broadcast_delay_set(by=staff["organiser"], championship_id=championship.pk, minutes=10)
    board = Board.objects.filter(round__championship=championship).select_related("white", "black").first()
    scheduled = []
    monkeypatch.setattr(
        tasks.game_delayed_frame_task, "apply_async", lambda args, countdown: scheduled.append(countdown)
    )

    viewers = [AnonymousUser(), make_member("late"), board.black]

    async def main():
        spectator, onlooker, player = round_sockets(championship, viewers)
        await connected([spectator, onlooker, player])
        moved = timezone.now()
        await database_sync_to_async(game_move_make)(
            game_id=board.game_id, member=board.white, text="c3-d4", expected_ply=0, now=moved
        )
        at_once = [await everything_sent(ws) for ws in (spectator, onlooker, player)]
        await database_sync_to_async(events.game_delayed_send)(board.game_id, moved)  # the countdown has run out
        later = [await everything_sent(ws) for ws in (spectator, onlooker, player)]
        for ws in (spectator, onlooker, player):
            await ws.disconnect()
        return at_once, later

    at_once, later = async_to_sync(main)()
    assert scheduled == [10 * 60]
    assert at_once[0] == at_once[1] == []  # the spectators: nothing yet
    assert [json.loads(text)["ply"] for text in at_once[2]] == [1]  # the player: the move at once
    assert later[0] == later[1] and [json.loads(text)["ply"] for text in later[0]] == [1]
    assert later[2] == []  # the player had it already


@pytest.mark.django_db
def test_who_shares_the_spectators_round_everyone_without_a_delay_and_with_one_only_those_outside_the_event(
    staff,
):
    # With a broadcast delay the event's officials and organiser see at once, its players their
    # own boards at once: each of them is sent his own round, never the spectators' one.
    championship = live_swiss(staff, 4, "shares")
    board = Board.objects.filter(round__championship=championship).select_related("white").first()
    outside = [None, AnonymousUser(), make_member("outsider")]
    inside = [staff["organiser"], staff["chief"], staff["arbiter"], board.white]
    assert all(live.sees_what_spectators_see(championship.pk, viewer) for viewer in outside + inside)
    services.broadcast_delay_set(by=staff["organiser"], championship_id=championship.pk, minutes=5)
    assert all(live.sees_what_spectators_see(championship.pk, viewer) for viewer in outside)
    assert not any(live.sees_what_spectators_see(championship.pk, viewer) for viewer in inside)
