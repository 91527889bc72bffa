"""The import path under fuzzing: whatever the text,
reading, checking and replaying it for the archive raises only ``IllegalMove``
(which the API answers as a 400 naming the game), never anything that would be a 500."""

import contextlib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import records
from games.rules import IllegalMove
from tests.rules.test_parser_fuzzing import PDN_PIECES, RENJU_PIECES, fragments

DRAUGHTS_TAGS = [
    '[Variant "russian"]',
    '[Variant "giveaway"]',
    '[Variant "international"]',
    '[Variant "bogus"]',
    '[GameType "25"]',
    '[GameType "20"]',
    '[Ballot "x"]',
    '[Ballot "idf:2-III"]',
    '[FEN "W:W21,22:B11"]',
    '[FEN "B:W:Bb8"]',
    '[Result "2-0"]',
    '[Termination "forfeit"]',
]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(DRAUGHTS_TAGS), max_size=4).map("".join), fragments(PDN_PIECES))
def test_draughts_import_checks_raise_nothing_but_illegal_move(tags, movetext):
    with contextlib.suppress(IllegalMove):
        records._read_pdn(tags + "\n" + movetext, 200)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fragments(RENJU_PIECES))
def test_renju_import_checks_raise_nothing_but_illegal_move(text):
    with contextlib.suppress(IllegalMove):
        records._read_renju(text, 200)
