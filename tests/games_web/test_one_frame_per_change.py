"""One state per change: what a move costs the server does not grow with its watchers.

After a change the spectators' state is built once (games.frames.public_frame)
and every spectator's socket sends that same text; only the two players'
sockets read the game for themselves (their legal moves and actions). Real
ASGI sockets through Channels' communicator and the in-memory layer, moves
through the REST API, committed data.
"""

import json

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse

from games import selectors, services
from games.routing import websocket_urlpatterns
from games.rules import variant

pytestmark = pytest.mark.django_db(transaction=True)

APP = URLRouter(websocket_urlpatterns)


@pytest.fixture
def game(anna, boris):
    from tests.games_web.helpers import start_game

    return start_game(white=anna, black=boris, discipline="russian", time_control="d3")


@pytest.fixture
def builds(monkeypatch):
    """Every read of a game for a viewer (selectors.game_view), by viewer: None for the public one."""
    seen = []
    real = selectors.game_view

    def counted(game_id, member=None, **kwargs):
        seen.append(getattr(member, "username", None) if member is not None and member.is_authenticated else None)
        return real(game_id, member, **kwargs)

    monkeypatch.setattr(selectors, "game_view", counted)
    return seen


def socket(game_id, user, *, since=None, lang="en"):
    query = f"?lang={lang}" + (f"&since={since}" if since is not None else "")
    communicator = WebsocketCommunicator(APP, f"/ws/games/{game_id}/{query}")
    communicator.scope["user"] = user
    return communicator


def api_move(client, member, game, text, ply):
    client.force_login(member)
    response = client.post(
        reverse("api-game-moves", args=[game.id]),
        {"text": text, "expected_ply": ply, "idempotency_key": f"k{ply}"},
        content_type="application/json",
    )
    assert response.status_code in (200, 201), response.content


def watch_a_move(game, viewers, move, *, client, builds):
    """Connect ``viewers`` ((user, language) pairs), make ``move`` (member, text, ply) through
    the API, and return what each socket received for it (its raw text) and the builds it cost."""

    async def main():
        sockets = [socket(game.id, user, lang=lang) for user, lang in viewers]
        for ws in sockets:
            assert (await ws.connect())[0]
            await ws.receive_from(timeout=10)  # the state on connect
        builds.clear()
        await sync_to_async(api_move)(client, *move[:1], game, *move[1:])
        received = [await ws.receive_from(timeout=10) for ws in sockets]
        for ws in sockets:
            assert await ws.receive_nothing(timeout=0.1)
            await ws.disconnect()
        return received

    received = async_to_sync(main)()
    return received, list(builds)


class TestOneStatePerChange:
    def test_a_move_is_built_once_for_all_spectators_and_once_for_each_player(
        self, game, anna, boris, organiser, client, builds
    ):
        few = [(anna, "en"), (boris, "en"), (AnonymousUser(), "en")]
        _, built_for_few = watch_a_move(game, few, (anna, "c3-d4", 0), client=client, builds=builds)
        many = [(anna, "en"), (boris, "en"), (organiser, "ru")] + [(AnonymousUser(), "en")] * 6
        _, built_for_many = watch_a_move(game, many, (boris, "f6-g5", 1), client=client, builds=builds)
        # The public state once, then each player's own, whatever the number of spectators.
        assert (
            sorted(built_for_few, key=str)
            == sorted(built_for_many, key=str)
            == sorted([None, "anna", "boris"], key=str)
        )

    def test_every_spectator_gets_the_very_same_frame_in_his_language(
        self, game, anna, boris, organiser, client, builds
    ):
        viewers = [(AnonymousUser(), "en"), (organiser, "en"), (AnonymousUser(), "en"), (AnonymousUser(), "ru")]
        received, _ = watch_a_move(game, viewers, (anna, "c3-d4", 0), client=client, builds=builds)
        english, russian = received[:3], received[3]
        assert english[0] == english[1] == english[2]  # one text, byte for byte
        frame, frame_ru = json.loads(english[0]), json.loads(russian)
        assert frame["type"] == "state" and frame["ply"] == 1
        assert [m["notation"] for m in frame["moves"]] == ["c3-d4"]
        assert frame["my_color"] is None and frame["legal_moves"] == [] and frame["buttons"] == []
        assert {k: v for k, v in frame_ru.items() if k not in ("status_text", "offer_text")} == {
            k: v for k, v in frame.items() if k not in ("status_text", "offer_text")
        }

    def test_a_player_still_gets_his_own_legal_moves_and_actions(self, game, anna, boris, client, builds):
        received, _ = watch_a_move(
            game, [(anna, "en"), (boris, "en")], (anna, "c3-d4", 0), client=client, builds=builds
        )
        mover, opponent = (json.loads(text) for text in received)
        position = variant("russian").play(variant("russian").start(), "c3-d4")
        assert opponent["my_color"] == "black" and opponent["my_turn"] is True
        assert {m["notation"] for m in opponent["legal_moves"]} == {
            m.notation for m in variant("russian").legal_moves(position)
        }
        assert mover["my_turn"] is False and mover["legal_moves"] == []
        assert [b["id"] for b in mover["buttons"]] == ["draw-offer", "abort"]

    def test_spectators_who_missed_a_frame_catch_up_from_the_next_without_reading_the_game(
        self, game, anna, boris, builds, monkeypatch
    ):
        async def main():
            sockets = [socket(game.id, AnonymousUser(), since=0) for _ in range(3)]
            for ws in sockets:
                await ws.connect()
                await ws.receive_json_from(timeout=10)
            with monkeypatch.context() as lost:  # the first move's frame is lost on the way
                lost.setattr("games.events.broadcast.group_send", lambda group, message: None)
                await sync_to_async(services.game_move_make)(game_id=game.id, member=anna, text="c3-d4", expected_ply=0)
            builds.clear()
            await sync_to_async(services.game_move_make)(game_id=game.id, member=boris, text="f6-g5", expected_ply=1)
            states = [await ws.receive_json_from(timeout=10) for ws in sockets]
            for ws in sockets:
                await ws.disconnect()
            return states

        states = async_to_sync(main)()
        assert builds == [None]  # the frame's, for all three
        for state in states:
            assert state["ply"] == 2 and [m["notation"] for m in state["moves"]] == ["c3-d4", "f6-g5"]

    def test_a_spectator_further_behind_than_a_frame_reaches_reads_what_he_missed(self, game, anna, boris, monkeypatch):
        async def main():
            ws = socket(game.id, AnonymousUser(), since=0)
            await ws.connect()
            await ws.receive_json_from(timeout=10)
            with monkeypatch.context() as lost:  # two frames lost: the next one starts after ply 1
                lost.setattr("games.events.broadcast.group_send", lambda group, message: None)
                for member, text, ply in ((anna, "c3-d4", 0), (boris, "f6-g5", 1)):
                    await sync_to_async(services.game_move_make)(
                        game_id=game.id, member=member, text=text, expected_ply=ply
                    )
            await sync_to_async(services.game_move_make)(game_id=game.id, member=anna, text="g3-f4", expected_ply=2)
            state = await ws.receive_json_from(timeout=10)
            await ws.disconnect()
            return state

        state = async_to_sync(main)()
        assert state["ply"] == 3 and [m["notation"] for m in state["moves"]] == ["c3-d4", "f6-g5", "g3-f4"]

    def test_the_frame_is_built_while_someone_watches_and_not_when_nobody_does(self, game, anna, boris, builds):
        async def main():
            ws = socket(game.id, AnonymousUser())
            await ws.connect()
            await ws.receive_from(timeout=10)
            builds.clear()
            await sync_to_async(services.game_move_make)(game_id=game.id, member=anna, text="c3-d4", expected_ply=0)
            await ws.receive_from(timeout=10)
            watched = list(builds)
            await ws.disconnect()
            builds.clear()
            await sync_to_async(services.game_move_make)(game_id=game.id, member=boris, text="f6-g5", expected_ply=1)
            return watched, list(builds)

        watched, unwatched = async_to_sync(main)()
        assert watched == [None] and unwatched == []
