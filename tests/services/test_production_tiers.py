"""README's production layout for real, on PostgreSQL and Redis: the HTTP tier
(granian serving club.site.wsgi) and the live tier (uvicorn serving club.site.asgi) are
separate processes, and a move posted to the first reaches a WebSocket held
by the second through the Redis channel layer."""

import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from websockets.sync.client import connect

from club.members.tokens import api_token_issue
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


@pytest.fixture
def tiers():
    from tests.club.test_up_command import free_port

    http_port, live_port = free_port(), free_port()
    servers = [
        _serve(
            [
                str(BIN / "granian"),
                "--interface",
                "wsgi",
                "--host",
                "127.0.0.1",
                "--port",
                str(http_port),
                "--workers",
                "1",
                "--blocking-threads",
                "2",
                "club.site.wsgi:application",
            ],
            http_port,
        ),
        _serve(
            [
                sys.executable,
                "-m",
                "uvicorn",
                "club.site.asgi:application",
                "--host",
                "127.0.0.1",
                "--port",
                str(live_port),
            ],
            live_port,
        ),
    ]
    yield http_port, live_port
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


def test_a_move_posted_to_the_http_tier_reaches_a_socket_on_the_live_tier(tiers, anna, boris):
    http_port, live_port = tiers
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
