"""Every parser of outside text runs in linear time, so no upload can hold a worker.

A 40 kB SGF ``(;AAAA…)`` took 31 s and an 80 kB PDN of unclosed ``{`` 6.6 s:
backtracking regexes re-read the rest of the text from every position. Each
guard times the same hostile input at sizes n, 2n and 4n in one run and
checks the ratios, never an absolute time: a linear parser about doubles per
doubling, a quadratic one quadruples (so 4n costs ~16× n, far over the bound).
"""

import contextlib
import gc
import time

import pytest

from games.clock import TimeControl
from games.rules import IllegalMove, pdn, renju_records, variant


def _sample(parse, text: str) -> float:
    """CPU seconds per call of ``parse(text)``, repeated until the sample has used 20 ms.
    CPU time, not wall time: other processes on a busy machine do not count."""
    runs, started = 0, time.process_time()
    while True:
        with contextlib.suppress(IllegalMove, ValueError):
            parse(text)
        runs += 1
        elapsed = time.process_time() - started
        if elapsed > 0.02:
            return elapsed / runs


def assert_linear(parse, make, n: int) -> None:
    """The best of seven samples per size, taken in turn (n, 2n, 4n, n, …) so that a
    busy machine slows every size alike. The collector is off while timing, as in
    ``timeit``: its pauses depend on what else the process holds, not on the parser."""
    texts = [make(size) for size in (n, 2 * n, 4 * n)]
    best = [float("inf")] * 3
    gc.collect()
    gc.disable()
    try:
        for _ in range(7):
            for i, text in enumerate(texts):
                best[i] = min(best[i], _sample(parse, text))
    finally:
        gc.enable()
    t1, t2, t4 = best
    assert t2 / t1 < 4 and t4 / t1 < 8, f"n: {t1:.2e}s, 2n: {t2:.2e}s, 4n: {t4:.2e}s"


def _replay_pdn(text: str):
    for game in pdn.read_games(text):
        pdn.replay_game(game)


HOSTILE = {
    # the two payloads of the docstring
    "sgf property without a value": (renju_records.read_records, lambda n: "(;" + "A" * n + ")"),
    "pdn unclosed comments": (pdn.read_games, lambda n: "{" * n),
    # their siblings: every place a scan could restart from each character
    "pdn unclosed tag values": (pdn.read_games, lambda n: '[Event "' * (n // 8)),
    "pdn tags without a closing bracket": (pdn.read_games, lambda n: '[Event "x"' * (n // 10)),
    "pdn many small comments": (pdn.read_games, lambda n: "{}" * (n // 2)),
    "pdn nested variations": (pdn.read_games, lambda n: "(" * (n // 2) + ")" * (n // 2)),
    "pdn long move list": (_replay_pdn, lambda n: "1. c3-d4 f6-g5 " + "{c} " * (n // 4)),
    "pdn move numbers only": (pdn.read_games, lambda n: "1. " * (n // 3)),
    "renju text unclosed header": (renju_records.read_records, lambda n: '[Black "' + "x" * n),
    "renju text headers": (renju_records.read_records, lambda n: '[Black "x"]\n' * (n // 12)),
    "renju text bad header": (renju_records.read_records, lambda n: "[" * n),
    "renju text actions": (renju_records.read_records, lambda n: "h8 " * (n // 3)),
    "sgf unclosed value": (renju_records.read_records, lambda n: "(;B[" + "h" * n),
    "sgf unclosed tree": (renju_records.read_records, lambda n: "(;B[hh]" * (n // 7)),
    "sgf escapes": (renju_records.read_records, lambda n: "(;C[" + "\\]" * (n // 2) + "])"),
    "sgf variations": (renju_records.read_records, lambda n: "(;" + "(;B[hh])" * (n // 8) + ")"),
    "sgf many values": (renju_records.read_records, lambda n: "(;GM[4]C" + "[x]" * (n // 3) + ")"),
    "draughts FEN": (variant("international").from_fen, lambda n: "W:W" + "31," * (n // 3) + ":B1"),
    "draughts move text": (
        lambda t: variant("russian").play(variant("russian").start(), t),
        lambda n: "c3" + "-d4" * (n // 3),
    ),
    "renju move text": (lambda t: variant("renju").play(variant("renju").start(), t), lambda n: "h8," * (n // 3)),
    "time control": (TimeControl.parse, lambda n: "300/40," * (n // 7) + "60"),
}


@pytest.mark.parametrize("case", HOSTILE, ids=list(HOSTILE))
def test_a_parser_of_outside_text_stays_linear(case):
    parse, make = HOSTILE[case]
    assert_linear(parse, make, 4000)


def test_the_readers_refuse_text_over_their_bound_before_reading_it():
    with pytest.raises(IllegalMove, match="at most"):
        pdn.read_games(" " * (pdn.MAX_TEXT + 1))
    with pytest.raises(IllegalMove, match="at most"):
        renju_records.read_records(" " * (renju_records.MAX_TEXT + 1))
