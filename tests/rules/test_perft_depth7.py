"""Russian perft(7) from the start position against the published table
(Rein Halbersma's dctl, cross-checked by several engines; the same table as
bench/rules_perft.py). Both counting conventions — distinct moves and every
capture path — agree up to depth 7 and part at depth 8 (929,899 against
929,905). About a second on the 2-core machine, so it runs in every pass."""

import pytest

from games.rules import variant

RUSSIAN_PERFT_7 = 190_146


@pytest.mark.parametrize("distinct", [True, False], ids=["distinct-moves", "every-capture-path"])
def test_russian_perft_7_from_the_start_is_190146(distinct):
    v = variant("russian")
    assert v.perft(v.start(), 7, distinct=distinct) == RUSSIAN_PERFT_7
