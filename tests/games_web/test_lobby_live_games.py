"""The lobby's live games follow their games through the spectators' frames.

One state per change: the lobby's socket is one more spectator of each live game
it lists. It sends the very frame text the game's spectators get, built once for
all of them (games.frames), on the process's one subscription to the game
(foundation.fanout); an event's game with a broadcast delay reaches it only the
delay later, as it reaches any spectator; a visitor may watch, and no member's
challenge reaches his socket. Real ASGI sockets through Channels' communicator, on
the layer the settings choose (the Redis pub/sub layer with REDIS_URL, the
in-memory one without), moves through the services and the REST API, committed data.
"""

import asyncio
import json
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone, translation

from club.championships import demo
from club.championships import services as championships
from club.championships.models import Board
from club.site.routing import websocket_urlpatterns
from games import events, selectors, services, tasks
from tests.conftest import make_member
from tests.games_web.helpers import start_game
from tests.games_web.test_fanout import subscriptions

pytestmark = pytest.mark.django_db(transaction=True)
APP = URLRouter(websocket_urlpatterns)


@pytest.fixture
def blitz(anna, boris):
    """A live game on now (not by correspondence, so the lobby lists it)."""
    return start_game(white=anna, black=boris, discipline="russian", time_control="300+3")


@pytest.fixture
def builds(monkeypatch):
    """Every read of a game for a viewer (selectors.game_view): None for the public one."""
    seen = []
    real = selectors.game_view

    def counted(game_id, member=None, **kwargs):
        seen.append(getattr(member, "username", None) if member is not None and member.is_authenticated else None)
        return real(game_id, member, **kwargs)

    monkeypatch.setattr(selectors, "game_view", counted)
    return seen


@pytest.fixture
def staff(organiser, chief_arbiter, arbiter):
    return {"organiser": organiser, "chief": chief_arbiter, "arbiter": arbiter}


def delayed_board(staff, name="late", started=timedelta(0)):
    """The first board of a Swiss of four played live (not by correspondence), broadcast 15
    minutes late, whose first round started ``started`` ago; both its players came."""
    players = [make_member(f"{name}{i}", display_name=f"{name.title()} {i}") for i in range(4)]
    starts = timezone.now() - started
    now = starts - timedelta(minutes=1)  # a live round is published before its start (1.6.3)
    championship = demo.create(
        **staff, players=players, now=now, name=name, system="swiss", rounds_planned=3, discipline="russian",
        time_control="300+3", swiss_system="buchholz",
    )  # fmt: skip
    championships.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=now)
    championships.round_publish(
        by=staff["arbiter"], championship_id=championship.pk, round_number=1, now=now, starts_at=starts
    )
    championships.broadcast_delay_set(by=staff["organiser"], championship_id=championship.pk, minutes=15)
    board = Board.objects.filter(round__championship=championship).select_related("white", "black").first()
    for player in (board.white, board.black):  # both have come: the game is on (1.6.3)
        services.game_check_in(game_id=board.game_id, member=player, now=starts)
    return board


@pytest.fixture
def delayed_event(staff):
    return delayed_board(staff)


def lobby(user, lang="en"):
    communicator = WebsocketCommunicator(APP, f"/ws/lobby/?lang={lang}")
    communicator.scope["user"] = user
    return communicator


def spectator(game_id, lang="en"):
    communicator = WebsocketCommunicator(APP, f"/ws/games/{game_id}/?lang={lang}")
    communicator.scope["user"] = AnonymousUser()
    return communicator


def api_move(member, game_id, text, ply):
    client = Client()
    client.force_login(member)
    response = client.post(
        reverse("api-game-moves", args=[game_id]),
        {"text": text, "expected_ply": ply, "idempotency_key": f"k{ply}"},
        content_type="application/json",
    )
    assert response.status_code in (200, 201), response.content


def test_a_move_reaches_the_lobby_as_the_very_frame_its_spectators_get_built_once(blitz, anna, organiser, builds):
    async def main():
        lobbies = [lobby(AnonymousUser()), lobby(organiser), lobby(AnonymousUser()), lobby(AnonymousUser(), "ru")]
        watchers = [spectator(blitz.id), spectator(blitz.id, "ru")]
        for ws in lobbies:
            assert (await ws.connect())[0]
        for ws in watchers:
            assert (await ws.connect())[0]
            await ws.receive_from(timeout=10)  # the game page's state on connect; the lobby sends none
        listening = subscriptions(events.game_group(blitz.id))
        builds.clear()
        await sync_to_async(api_move)(anna, blitz.id, "c3-d4", 0)
        sent = [await ws.receive_from(timeout=10) for ws in [*watchers, *lobbies]]
        for ws in [*watchers, *lobbies]:
            assert await ws.receive_nothing(timeout=0.1)
            await ws.disconnect()
        return listening, sent, list(builds)

    listening, (watched, watched_ru, *english, russian), built = async_to_sync(main)()
    assert english == [watched] * 3  # the spectators' text, byte for byte, the member's lobby too
    assert russian == watched_ru  # and in the lobby's language
    frame = json.loads(watched)
    assert frame["id"] == blitz.id and frame["ply"] == 1 and frame["moves"][-1]["notation"] == "c3-d4"
    assert frame["my_color"] is None and frame["legal_moves"] == []
    assert built == [None]  # one public build for the change, whatever the number of lobbies
    assert listening == 1  # the lobbies and the game's page share the process's one subscription


def test_a_game_s_end_reaches_the_lobby_with_its_result(blitz, anna, boris):
    async def main():
        ws = lobby(AnonymousUser())
        assert (await ws.connect())[0]
        await sync_to_async(services.game_resign)(game_id=blitz.id, member=boris)
        state = await ws.receive_json_from(timeout=10)
        await ws.disconnect()
        return state

    state = async_to_sync(main)()
    with translation.override("en"):
        assert state["ongoing"] is False and state["result"] == "1-0" and state["status_text"]


def test_a_delayed_event_game_s_move_reaches_the_lobby_only_the_delay_later(delayed_event, staff, monkeypatch):
    # The lobby is a spectator's view for every reader, an official of the event included: the
    # move is withheld for the event's delay (the broadcast delay, against help from outside).
    board = delayed_event
    monkeypatch.setattr(tasks.game_delayed_frame_task, "apply_async", lambda args, countdown: None)

    async def main():
        lobbies = [lobby(AnonymousUser()), lobby(staff["arbiter"])]
        watcher = spectator(board.game_id)
        for ws in lobbies:
            assert (await ws.connect())[0]
        assert (await watcher.connect())[0]
        await watcher.receive_from(timeout=10)
        moved = timezone.now()
        await database_sync_to_async(services.game_move_make)(
            game_id=board.game_id, member=board.white, text="c3-d4", expected_ply=0, now=moved
        )
        nothing_yet = [await ws.receive_nothing(timeout=0.5) for ws in [watcher, *lobbies]]
        # The task's countdown has run out: the spectators' frame of that instant.
        await database_sync_to_async(events.game_delayed_send)(board.game_id, moved)
        later = [await ws.receive_from(timeout=10) for ws in [watcher, *lobbies]]
        for ws in [watcher, *lobbies]:
            await ws.disconnect()
        return nothing_yet, later

    nothing_yet, (watched, *seen_in_lobbies) = async_to_sync(main)()
    assert nothing_yet == [True, True, True]
    assert seen_in_lobbies == [watched, watched]
    assert json.loads(watched)["ply"] == 1 and json.loads(watched)["moves"][-1]["notation"] == "c3-d4"


def test_a_visitor_s_lobby_socket_watches_the_games_and_hears_no_challenge(anna, boris):
    challenge = services.challenge_create(challenger=anna, discipline="russian", time_control="180+2")

    async def main():
        visitor, challenger = lobby(AnonymousUser()), lobby(anna)
        assert (await visitor.connect())[0]  # a visitor may watch the live games
        assert (await challenger.connect())[0]
        game = await sync_to_async(services.challenge_accept)(challenge_id=challenge.pk, member=boris)
        told = [await challenger.receive_json_from(timeout=10) for _ in range(2)]
        visitor_heard = await visitor.receive_json_from(timeout=10)
        visitor_heard_more = not await visitor.receive_nothing(timeout=0.5)
        for ws in (visitor, challenger):
            await ws.disconnect()
        return game, told, visitor_heard, visitor_heard_more

    game, told, visitor_heard, visitor_heard_more = async_to_sync(main)()
    # Every lobby lists the live game the acceptance started; only the challenger's is told it is his.
    assert [message["type"] for message in told] == ["game-listed", "challenge-accepted"]
    assert told[1]["game_id"] == game.pk
    assert visitor_heard["type"] == "game-listed" and visitor_heard["id"] == game.pk
    assert not visitor_heard_more  # his socket is in no member's group


def test_a_live_game_that_starts_while_the_lobby_is_open_is_listed_with_the_page_s_own_row_and_followed(anna, boris):
    async def main():
        english, russian = lobby(AnonymousUser()), lobby(AnonymousUser(), "ru")
        for ws in (english, russian):
            assert (await ws.connect())[0]
        game = await sync_to_async(start_game)(white=anna, black=boris, discipline="russian", time_control="300+3")
        listed = [await ws.receive_json_from(timeout=10) for ws in (english, russian)]
        pages = [await sync_to_async(lobby_page)(language) for language in ("en", "ru")]
        await until_subscribed(events.game_group(game.id))
        await sync_to_async(api_move)(anna, game.id, "c3-d4", 0)
        frame, _russian_frame = [await ws.receive_json_from(timeout=10) for ws in (english, russian)]
        # A correspondence game is not a live one: the lobby does not list it.
        await sync_to_async(start_game)(white=anna, black=boris, discipline="russian", time_control="d3")
        quiet = [await ws.receive_nothing(timeout=0.5) for ws in (english, russian)]
        for ws in (english, russian):
            await ws.disconnect()
        return game, listed, pages, frame, quiet

    game, (english, russian), pages, frame, quiet = async_to_sync(main)()
    assert english["type"] == russian["type"] == "game-listed" and english["id"] == russian["id"] == game.id
    for listed, page in zip((english, russian), pages, strict=True):
        assert listed["row"] in page  # the very row the page lists it with, in the socket's language
    assert english["row"].startswith(f'<li data-game="{game.id}" data-ply="0"><a href="/play/games/{game.id}/">')
    assert english["row"] != russian["row"]  # the time control in words of each language
    assert frame["type"] == "state" and frame["id"] == game.id and frame["ply"] == 1
    assert quiet == [True, True]


def test_a_lobby_socket_follows_no_more_games_listed_since_it_opened_than_the_page_lists(anna, boris, monkeypatch):
    monkeypatch.setattr(selectors, "LIVE_GAMES_LISTED", 2)

    async def main():
        ws = lobby(AnonymousUser())
        assert (await ws.connect())[0]
        games = []
        for _ in range(3):
            games.append(
                await sync_to_async(start_game)(white=anna, black=boris, discipline="russian", time_control="300+3")
            )
            await ws.receive_json_from(timeout=10)
        await until_subscribed(events.game_group(games[-1].id))
        await sync_to_async(api_move)(anna, games[0].id, "c3-d4", 0)  # the oldest: off the page's list
        dropped = await ws.receive_nothing(timeout=0.5)
        await sync_to_async(api_move)(anna, games[2].id, "c3-d4", 0)
        newest = await ws.receive_json_from(timeout=10)
        await ws.disconnect()
        return games, dropped, newest

    games, dropped, newest = async_to_sync(main)()
    assert dropped
    assert newest["id"] == games[2].id and newest["ply"] == 1


def test_the_lobby_page_without_live_games_has_the_list_hidden_and_its_script_to_fill_it():
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(reverse("games:lobby")).content.decode()
    assert '<section id="live-games" hidden>' in page and 'data-listed="20"' in page
    assert "games/lobby.js" in page


def lobby_page(language: str) -> str:
    return Client(HTTP_ACCEPT_LANGUAGE=language).get(reverse("games:lobby")).content.decode()


async def until_subscribed(group: str) -> None:
    """This process listens to ``group`` (a lobby socket joins a listed game's group after sending its row)."""
    for _ in range(200):
        if await sync_to_async(subscriptions)(group):
            return
        await asyncio.sleep(0.02)
    raise AssertionError(f"nobody subscribed to {group}")


def test_the_lobby_page_shows_each_live_game_as_a_spectator_sees_it(blitz, delayed_event, anna):
    board = delayed_event
    services.game_move_make(game_id=blitz.id, member=anna, text="c3-d4", expected_ply=0)
    services.game_move_make(game_id=board.game_id, member=board.white, text="c3-d4", expected_ply=0)
    visitor, player = Client(HTTP_ACCEPT_LANGUAGE="en"), Client(HTTP_ACCEPT_LANGUAGE="en")
    player.force_login(board.black)  # the lobby is a spectator's view for its players too, as its socket is
    for reader in (visitor, player):
        page = reader.get(reverse("games:lobby")).content.decode()
        assert f'<li data-game="{blitz.id}" data-ply="1">' in page and "ply 1: c3-d4" in page
        # the event's move reaches its spectators 15 minutes late: its row shows no move yet
        assert f'<li data-game="{board.game_id}" data-ply="0">' in page
        assert "games/lobby.js" in page


def test_an_event_s_game_is_listed_until_its_spectators_see_it_end(staff, blitz, boris):
    # Its spectators see the ending the event's delay late: the lobby dropping the game sooner
    # would tell them that it ended.
    ended_now = delayed_board(staff, "now")
    services.game_resign(game_id=ended_now.game_id, member=ended_now.black)
    long_ago = delayed_board(staff, "ago", started=timedelta(minutes=20))
    services.game_resign(game_id=long_ago.game_id, member=long_ago.black, now=timezone.now() - timedelta(minutes=18))
    services.game_resign(game_id=blitz.id, member=boris)  # a club game has no delay
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(reverse("games:lobby")).content.decode()
    assert f'<li data-game="{ended_now.game_id}" data-ply="0">' in page
    assert f'data-game="{long_ago.game_id}"' not in page and f'data-game="{blitz.id}"' not in page


def test_the_lobby_page_reads_its_club_games_in_the_same_queries_for_two_as_for_six(anna, boris):
    # The moves of all the listed games are read in one query (selectors.games_seen), not one a game.
    def queries_with(count: int) -> int:
        while len(selectors.live_games()) < count:
            game = start_game(white=anna, black=boris, discipline="russian", time_control="300+3")
            services.game_move_make(game_id=game.id, member=anna, text="c3-d4", expected_ply=0)
        with CaptureQueriesContext(connection) as seen:
            page = Client(HTTP_ACCEPT_LANGUAGE="en").get(reverse("games:lobby")).content.decode()
        assert page.count("ply 1: c3-d4") == count
        return len(seen)

    assert queries_with(2) == queries_with(6)


def test_the_lobby_asks_its_event_games_delays_in_the_same_queries_for_one_event_as_for_three(staff):
    # Each event game's delay comes from its event: one look-up for all the listed games, not one a game.
    def queries_after_events(events: int) -> tuple[int, int]:
        for i in range(events):
            delayed_board(staff, f"ev{events}x{i}")
        with CaptureQueriesContext(connection) as seen:
            games = [game for game in selectors.live_games() if game.competition]
        assert games and {game.spectator_late for game in games} == {timedelta(minutes=15)}
        return len(seen), len(games)

    (one, games_of_one), (three, games_of_three) = queries_after_events(1), queries_after_events(2)
    assert games_of_three > games_of_one and one == three
