"""The rebuild's COPY text (ratings/sql.py) carries every value exactly (pure: no database)."""

from ratings import sql
from ratings.recompute import GameChange


def _fields(line: str) -> list[str]:
    return line.split("\t")


def test_a_game_s_two_lines_carry_both_players_values_and_floats_bit_for_bit():
    before = 1500 + 1 / 7  # a float whose shortest text is long
    change = GameChange(7, 11, 12, 0.5, 0.5, before, before - 0.3, 31, 1490.0, 1490.3, 3, 0.51234567890123, 20.0, 40.0)
    white, black = sql.history_lines(change, "russian\tblitz", "2026-01-01T12:00:00+00:00").splitlines()
    w, b = _fields(white), _fields(black)
    # _HISTORY_FIELDS order: game, member, opponent, discipline, speed, ended_at, colour, score,
    # expected, k, rating_before, rating_after, opponent_rating, games
    assert w[:7] == ["7", "11", "12", "russian", "blitz", "2026-01-01T12:00:00+00:00", "white"]
    assert b[:7] == ["7", "12", "11", "russian", "blitz", "2026-01-01T12:00:00+00:00", "black"]
    assert [float(v) for v in w[7:13]] == [0.5, 0.51234567890123, 20.0, before, before - 0.3, 1490.0]
    assert [float(v) for v in b[7:13]] == [0.5, 1.0 - 0.51234567890123, 40.0, 1490.0, 1490.3, before]
    assert (w[13], b[13]) == ("31", "3")


def test_text_that_would_break_a_copy_line_is_escaped():
    assert sql.copy_text("a\tb\nc\\d\re") == "a\\tb\\nc\\\\d\\re"
    assert sql.copy_text("russian") == "russian"


def test_a_pool_s_rating_rows_carry_the_rating_and_its_last_change_bit_for_bit():
    rating, delta = 1500 + 1 / 3, -(1 / 7)
    text = sql.rating_lines([(11, rating, 31, delta, 7, "2026-01-01T12:00:00+00:00")], "renju\tblitz")
    (line,) = text.splitlines()
    # _RATING_FIELDS order: member, discipline, speed, rating, games, last_change, last_game, last_played_at
    m, d, s, r, g, c, last, ended = _fields(line)
    assert (m, d, s, g, last, ended) == ("11", "renju", "blitz", "31", "7", "2026-01-01T12:00:00+00:00")
    assert (float(r), float(c)) == (rating, delta)
