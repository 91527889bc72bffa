"""README's production layout for real, on PostgreSQL and Redis: the HTTP tier
(granian serving club.site.wsgi) and the live tier (uvicorn serving club.site.asgi) are
separate processes, and a move posted to the first reaches a WebSocket held
by the second through the Redis channel layer; with two live-tier processes
(scaled out), it reaches the spectators of both."""

import json
import os
import subprocess
import sys
import time
import urllib.request
from contextlib import ExitStack
from pathlib import Path

import pytest
from websockets.sync.client import connect

from club.site.management.commands.up import LIVE_SERVER_OPTIONS
from members.tokens import api_token_issue
from tests.conftest import database_url_for_other_processes
from tests.games_web.helpers import start_game

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def _serve(command: list[str], port: int):
    env = dict(os.environ, DATABASE_URL=database_url_for_other_processes(), DEBUG="0")
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60  # a readiness wait, not a timed assertion
    while time.monotonic() < deadline and process.poll() is None:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health/", timeout=2):
                return process
        except OSError:
            time.sleep(0.3)
    process.kill()
    pytest.fail(f"{command[0]} did not serve /health/ on port {port}")


def _http_tier(port: int):
    command = [str(BIN / "granian"), "--interface", "wsgi", "--host", "127.0.0.1", "--port", str(port)]
    return _serve(command + ["--workers", "1", "--blocking-threads", "2", "club.site.wsgi:application"], port)


def _live_tier(port: int):
    return _serve(
        [sys.executable, "-m", "uvicorn", "club.site.asgi:application", "--host", "127.0.0.1", "--port", str(port)]
        + list(LIVE_SERVER_OPTIONS),
        port,
    )


@pytest.fixture
def tiers():
    """The HTTP tier and two live-tier processes, each on its own port, one Redis channel layer."""
    from tests.club.test_up_command import free_port

    http_port, live_ports = free_port(), (free_port(), free_port())
    servers = [_http_tier(http_port), *(_live_tier(port) for port in live_ports)]
    yield http_port, live_ports
    for server in servers:
        server.terminate()
        server.wait(timeout=20)


def _post_move(port: int, game_id: int, token: str, text: str, ply: int) -> int:
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/games/{game_id}/moves/",
        method="POST",
        data=json.dumps({"text": text, "expected_ply": ply}).encode(),
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status


def _watch(port: int, game_id: int):
    return connect(
        f"ws://127.0.0.1:{port}/ws/games/{game_id}/?since=0&lang=en",
        additional_headers={"Origin": f"http://127.0.0.1:{port}"},
    )


def test_a_move_posted_to_the_http_tier_reaches_a_socket_on_the_live_tier(tiers, anna, boris):
    http_port, (live_port, _other) = tiers
    game = start_game(white=anna, black=boris, time_control="600+5")
    token = api_token_issue(member=anna)[1]
    with connect(
        f"ws://127.0.0.1:{live_port}/ws/games/{game.id}/?since=0",
        additional_headers={"Origin": f"http://127.0.0.1:{live_port}"},
    ) as socket:
        first = json.loads(socket.recv(timeout=10))
        assert (first["type"], first["ply"], first["moves"]) == ("state", 0, [])
        assert _post_move(http_port, game.id, token, "c3-d4", 0) == 201
        pushed = json.loads(socket.recv(timeout=10))
    assert pushed["ply"] == 1
    assert [m["notation"] for m in pushed["moves"]] == ["c3-d4"]


def test_spectators_on_two_live_tier_processes_all_get_the_move_in_one_frame(tiers, anna, boris):
    http_port, live_ports = tiers
    game = start_game(white=anna, black=boris, time_control="600+5")
    token = api_token_issue(member=anna)[1]
    with ExitStack() as open_sockets:
        sockets = [open_sockets.enter_context(_watch(port, game.id)) for port in live_ports for _ in range(3)]
        for socket in sockets:
            assert json.loads(socket.recv(timeout=10))["ply"] == 0
        assert _post_move(http_port, game.id, token, "c3-d4", 0) == 201
        pushed = [socket.recv(timeout=10) for socket in sockets]
    # Built once by the HTTP tier, sent on by both live processes: one text for all six.
    assert len(set(pushed)) == 1
    frame = json.loads(pushed[0])
    assert frame["ply"] == 1 and [m["notation"] for m in frame["moves"]] == ["c3-d4"]
