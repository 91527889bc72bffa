"""Demo games for ``club.site.demo.load_demo``: a few finished and ongoing games,
played through the same services as real ones (so they are legal by
construction). Idempotent: games tagged ``event="Demo"`` are made once."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from games.models import Game
from games.services import challenge_create, game_create, game_draw_answer, game_draw_offer, game_move_make, game_resign

DEMO_EVENT = "Demo"

RUSSIAN_OPENING = ["c3-d4", "f6-g5", "g3-f4", "b6-c5", "d4:b6", "a7:c5"]
RENJU_OPENING = ["h8", "h9", "j10", "stay", "g7", "i9,k10", "k10", "f6"]


def _play(game, moves, start, step=timedelta(seconds=20)):
    for n, text in enumerate(moves):
        game.refresh_from_db()
        mover = game.white if game.to_move == "white" else game.black
        game_move_make(game_id=game.pk, member=mover, text=text, expected_ply=game.ply, now=start + step * (n + 1))
    game.refresh_from_db()
    return game


def load_demo(members: dict) -> None:
    if Game.objects.filter(event=DEMO_EVENT).exists():
        return
    m = members
    now = timezone.now()
    start = now - timedelta(days=2)

    # A finished rapid game: Sergey resigns to Irina.
    game = game_create(
        discipline="russian",
        white=m["irina"],
        black=m["sergey"],
        time_control="480+4",
        now=start,
        event=DEMO_EVENT,
        site="Club",
    )
    game = _play(game, RUSSIAN_OPENING, start)
    game_resign(game_id=game.pk, member=m["sergey"], now=start + timedelta(minutes=5))

    # A finished classical game drawn by agreement (2.1.9.1.1).
    start2 = now - timedelta(days=1)
    game = game_create(
        discipline="russian",
        white=m["natalia"],
        black=m["pavel"],
        time_control="2700",
        now=start2,
        event=DEMO_EVENT,
        site="Club",
    )
    game = _play(game, RUSSIAN_OPENING[:4], start2)
    game_draw_offer(game_id=game.pk, member=m["pavel"], now=start2 + timedelta(minutes=3))
    game_draw_answer(game_id=game.pk, member=m["natalia"], accept=True, now=start2 + timedelta(minutes=4))

    # An ongoing correspondence game, Timur to move.
    game = game_create(
        discipline="russian",
        white=m["timur"],
        black=m["natalia"],
        time_control="d3",
        now=now - timedelta(hours=5),
        event=DEMO_EVENT,
    )
    _play(game, RUSSIAN_OPENING[:3], now - timedelta(hours=5), step=timedelta(hours=1))

    # An ongoing renju correspondence game past the RIF opening.
    game = game_create(
        discipline="renju",
        white=m["sergey"],
        black=m["irina"],
        time_control="d5",
        opening_rule="rif",
        now=now - timedelta(hours=10),
        event=DEMO_EVENT,
    )
    _play(game, RENJU_OPENING, now - timedelta(hours=10), step=timedelta(hours=1))

    # An open challenge anyone may accept.
    challenge_create(challenger=m["pavel"], discipline="international", time_control="7200/50,3600/25")
