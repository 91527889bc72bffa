"""Live updates across a Redis restart: a browser's socket opened before Redis
went down learns of the next move soon after Redis is back, as the page does it
(static/games/game.js): it keeps its socket, and when the server closes
it, reconnects with ``?since=`` the last ply it saw. Either way, not only at the
page's minute-long resync."""

import asyncio
import json
import time

import pytest
import websockets

from tests.conftest import database_url_for_other_processes

from .conftest import asgi_server, http_server, stack_env
from .play import OK, http, seed_games

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

# Far below the page's 60-second resync, far above a push's milliseconds.
PUSH_WITHIN_SECONDS = 10


class Watcher:
    """One page's live view of a game: the highest ply it has been told of."""

    def __init__(self, ws_base: str, game_id: int):
        self.url, self.ply, self.reconnects = f"{ws_base}/ws/games/{game_id}/", 0, 0
        self.socket = None

    async def open(self) -> None:
        # A browser on the club's own page sends its origin; the server refuses sockets from other sites.
        origin = "http://" + self.url.split("/")[2]
        self.socket = await websockets.connect(f"{self.url}?since={self.ply}", origin=origin, open_timeout=10)

    async def wait_for_ply(self, ply: int, seconds: float) -> bool:
        deadline = time.monotonic() + seconds
        while self.ply < ply and time.monotonic() < deadline:
            try:
                frame = await asyncio.wait_for(self.socket.recv(), deadline - time.monotonic())
            except TimeoutError:
                break
            except websockets.ConnectionClosed:
                self.reconnects += 1  # what live.js does on close, after a short pause
                await asyncio.sleep(0.5)
                try:
                    await self.open()
                except OSError:
                    continue
                continue
            state = json.loads(frame)
            if state.get("type") == "state":
                self.ply = max(self.ply, state["ply"])
        return self.ply >= ply


def move(base: str, game: dict, text: str, ply: int, side: str) -> int:
    body = {"text": text, "expected_ply": ply, "idempotency_key": f"live-{game['id']}-{ply}"}
    return http(base, "POST", f"/api/games/{game['id']}/moves/", game["tokens"][side], body)[0]


def test_a_socket_opened_before_a_redis_restart_gets_the_next_move(fault_redis, processes):
    env = stack_env(database_url=database_url_for_other_processes(), redis_url=fault_redis.url)
    server, base = http_server(env)
    sockets, ws_base = asgi_server(env)
    processes += [server, sockets]
    game = seed_games(1, 1, "live")[0][0]

    async def scenario():
        watcher = Watcher(ws_base, game["id"])
        await watcher.open()
        assert move(base, game, "c3-d4", 0, "white") == 201
        assert await watcher.wait_for_ply(1, PUSH_WITHIN_SECONDS), "no push before the restart"

        fault_redis.kill()
        await asyncio.sleep(2)  # the socket's server and the HTTP tier notice Redis is gone
        fault_redis.start()
        # The first request after the restart may find a dead pooled connection: it is
        # refused cleanly and tried again, as the page does.
        deadline = time.monotonic() + 30
        while (status := move(base, game, "f6-g5", 1, "black")) not in OK and time.monotonic() < deadline:
            await asyncio.sleep(0.5)
        assert status in OK
        assert await watcher.wait_for_ply(2, PUSH_WITHIN_SECONDS), (
            f"the socket heard nothing of ply 2 within {PUSH_WITHIN_SECONDS} s of the move"
        )
        await watcher.socket.close()

    asyncio.run(scenario())
