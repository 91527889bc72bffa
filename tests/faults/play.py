"""Play under fire: players posting moves to a real server while a test breaks
its database or Redis, and the checks that nothing was half-written.

``python -m tests.faults.play DATABASE_URL PAIRS GAMES`` migrates that database
and seeds GAMES games for each of PAIRS pairs of members (the PostgreSQL restart test's own cluster, in a process that
knows no other database); it prints the games and tokens as JSON.
"""

from __future__ import annotations

import json
import os
import random
import sys
import threading
import time
import urllib.error
import urllib.request

from games.rules import IllegalMove, variant

OK, CONFLICT, UNAVAILABLE = {200, 201}, 409, 503


def http(base: str, method: str, path: str, token: str, body: dict | None = None) -> tuple[int, dict]:
    """(status, JSON body); status 0 when no HTTP answer came at all."""
    request = urllib.request.Request(
        base + path,
        method=method,
        data=json.dumps(body).encode() if body is not None else None,
        headers={"Authorization": f"Token {token}", "Content-Type": "application/json", "Accept": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=15) as response:
            return response.status, json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as error:
        raw = error.read()
        try:
            return error.code, json.loads(raw or b"{}")
        except ValueError:
            return error.code, {"raw": raw[:200].decode(errors="replace")}
    except OSError:
        return 0, {}


class Player(threading.Thread):
    """Plays its games one after another through the API, both sides, random
    legal moves, each with its expected ply and an idempotency key. After an
    answer other than 201 it reads the game back (the move may or may not have
    been stored)."""

    def __init__(self, base: str, games: list[dict], stop: threading.Event):
        super().__init__(daemon=True)
        self.base, self.games, self.stop_event = base, games, stop
        self.answers: list[tuple[float, int, str]] = []  # (monotonic time, status, error code)
        self.accepted: dict[tuple[int, int], str] = {}  # (game id, ply) -> notation, the moves answered 201
        self.rules, self.rng = variant("russian"), random.Random(games[0]["id"])
        self.error = ""

    def run(self) -> None:
        try:
            for game in self.games:
                if self.stop_event.is_set():
                    return
                self._play(game)
        except Exception as error:  # reported by the test, which asserts there is none
            self.error = repr(error)

    def _play(self, game: dict) -> None:
        position, ply = self.rules.start(), 0
        while not self.stop_event.is_set():
            moves = self.rules.legal_moves(position)
            if not moves:
                return
            text = self.rng.choice(moves).notation
            token = game["tokens"][self.rules.turn(position)]
            status, body = http(
                self.base,
                "POST",
                f"/api/games/{game['id']}/moves/",
                token,
                {"text": text, "expected_ply": ply, "idempotency_key": f"{game['id']}-{ply}"},
            )
            self.answers.append((time.monotonic(), status, str(body.get("error", ""))))
            if status == 201:
                ply += 1
                self.accepted[game["id"], ply] = text
                position = self.rules.play(position, text)
                if body["game"]["status"] != "active":
                    return
            else:
                position, ply = self._read_back(game)
            time.sleep(0.05)

    def _read_back(self, game: dict):
        while not self.stop_event.is_set():
            status, body = http(self.base, "GET", f"/api/games/{game['id']}/", game["tokens"]["white"])
            if status == 200:
                position = self.rules.start()
                for move in body["moves"]:
                    position = self.rules.play(position, move["notation"])
                return position, body["ply"]
            time.sleep(0.2)
        return self.rules.start(), 0


def half_written(stored: dict[int, tuple[int, list[str]]], players: list[Player]) -> list[str]:
    """What is wrong with the stored games ({id: (game row's ply, moves in ply
    order)}): a gap or duplicate ply, a ply that disagrees with the game row, a
    move that does not replay legally, or a move answered 201 that is not stored."""
    problems = []
    rules = variant("russian")
    accepted = {key: text for player in players for key, text in player.accepted.items()}
    for game_id, (row_ply, notations) in stored.items():
        if row_ply != len(notations):
            problems.append(f"game {game_id}: row says ply {row_ply}, {len(notations)} moves stored")
        position = rules.start()
        try:
            for text in notations:
                position = rules.play(position, text)
        except IllegalMove as error:
            problems.append(f"game {game_id}: stored moves do not replay: {error}")
    for (game_id, ply), text in accepted.items():
        notations = stored[game_id][1]
        if ply > len(notations) or notations[ply - 1] != text:
            problems.append(f"game {game_id}: move {ply} {text} was answered 201 but is not stored")
    return problems


def seed_games(pairs: int, games: int, tag: str) -> list[list[dict]]:
    """For each of ``pairs`` pairs of fresh members, ``games`` live games between
    them with both players' API tokens: one list of games per pair."""
    from members.tokens import api_token_issue
    from tests.conftest import make_member
    from tests.games_web.helpers import start_game

    seeded = []
    for i in range(pairs):
        white, black = make_member(f"{tag}w{i}"), make_member(f"{tag}b{i}")
        tokens = {"white": api_token_issue(member=white)[1], "black": api_token_issue(member=black)[1]}
        seeded.append(
            [
                {"id": start_game(white=white, black=black, time_control="600+5").pk, "tokens": tokens}
                for _ in range(games)
            ]
        )
    return seeded


if __name__ == "__main__":
    os.environ["DATABASE_URL"] = sys.argv[1]
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.site.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)
    print(json.dumps(seed_games(int(sys.argv[2]), int(sys.argv[3]), "pg")))
