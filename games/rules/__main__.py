"""Command line of the rules module.

    python -m games.rules perft VARIANT DEPTH [--fen FEN] [--all-paths]
    python -m games.rules replay FILE...     # PDN files; other files go to renju_cli
    python -m games.rules fouls TEXT         # renju fouls (renju_cli)

``replay`` prints, per file, the games and plies replayed and, for any
failure, the game, the move and the reason; it exits non-zero on any failure.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from . import renju_cli, variant
from .base import IllegalMove
from .pdn import game_variant, read_games, replay_game


def perft(args, out) -> int:
    v = variant(args.variant)
    p = v.from_fen(args.fen) if args.fen else v.start()
    for depth in range(1, args.depth + 1):
        t = time.perf_counter()
        n = v.perft(p, depth, distinct=not args.all_paths)
        dt = time.perf_counter() - t
        out.write(f"perft({depth}) = {n}  {dt:.3f} s\n")
    return 0


def replay_pdn(path: Path, out) -> int:
    try:
        games = read_games(path.read_text(encoding="utf-8-sig", errors="replace"))
    except (OSError, IllegalMove) as e:  # IllegalMove: text PDN cannot be read (an unclosed comment, …)
        out.write(f"{path}: cannot read: {e}\n")
        return 1
    failures = plies = 0
    for i, game in enumerate(games, start=1):
        try:
            _v, positions = replay_game(game)
            plies += len(positions) - 1
        except IllegalMove as e:
            failures += 1
            who = f"{game.tags.get('White', '?')} - {game.tags.get('Black', '?')}"
            out.write(f"{path}: game {i} ({who}, {game_variant_safe(game, game_variant)}): {e}\n")
    out.write(f"{path}: {len(games)} games, {plies} plies, {failures} failed\n")
    return 1 if failures else 0


def game_variant_safe(game, game_variant) -> str:
    try:
        return game_variant(game)
    except IllegalMove as e:
        return str(e)


def replay(args, out) -> int:
    code = 0
    for name in args.files:
        path = Path(name)
        rc = replay_pdn(path, out) if path.suffix.lower() == ".pdn" else renju_cli.replay(str(path), out)
        code = code or rc
    return code


def fouls(args, out) -> int:
    return renju_cli.fouls(args.text, out)


def main(argv=None, out=None) -> int:
    out = out or sys.stdout
    parser = argparse.ArgumentParser(prog="python -m games.rules")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("perft", help="count leaves of the move tree")
    p.add_argument("variant")
    p.add_argument("depth", type=int)
    p.add_argument("--fen")
    p.add_argument("--all-paths", action="store_true", help="count every capture path")
    p.set_defaults(func=perft)
    r = sub.add_parser("replay", help="replay game records; non-zero exit on any illegal move")
    r.add_argument("files", nargs="+")
    r.set_defaults(func=replay)
    f = sub.add_parser("fouls", help="renju fouls of a position")
    f.add_argument("text")
    f.set_defaults(func=fouls)
    args = parser.parse_args(argv)
    try:
        return args.func(args, out)
    except (IllegalMove, KeyError) as e:
        out.write(f"error: {e}\n")
        return 2


if __name__ == "__main__":
    sys.exit(main())
