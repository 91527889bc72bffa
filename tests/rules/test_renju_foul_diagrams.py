"""Published foul diagrams, whole board at a time (002 9.2–9.3).

The diagrams are the strict-rule examples of the mintaka renju engine
(junghyun397/mintaka, documents/renju.md), redrawn here: ``4`` marks a
double-four point, ``3`` a double-three point; every unmarked empty point is
allowed.  Columns are a…o left to right, row 15 on top.
"""

import pytest

from games.rules import variant
from games.rules.base import BLACK
from games.rules.fiverow import format_fen, read_diagram

RENJU = variant("renju")
KIND = {"3": "double-three", "4": "double-four", "6": "overline"}

SINGLE_LINE = """
15 . . . . . . . . . . . . . . .
14 . . . . X . X 4 X . X . . . .
13 . . . . . . . . . . . . . . .
12 . . . . O O O O O O O . . . .
11 . . . . . . . . . . . . . . .
10 . . . . X . X X 4 . X . . . .
 9 . . . . . . . . . . . . . . .
 8 . . . . O O O O O O O . . . .
 7 . . . . . . . . . . . . . . .
 6 . . . . X X . X 4 . X X . . .
 5 . . . . . . . . . . . . . . .
 4 . . . . O O O O O O O . . . .
 3 . . . . . . . . . . . . . . .
 2 . . X . X . X X . . X X . X .
 1 . . . . . . . . . . . . . . .
"""
# Row 14 X.X?X.X, row 10 X.XX?.X and row 6 XX.X?.XX: two fours on one line each
# (002 9.2 b).  Row 2 looks similar but every gap there makes six or nothing.

PSEUDO_DOUBLE_FOUR = """
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . . . . . . . . . .
11 . . . . . . . O . . . . . . .
10 . . . . . O . . . . . . . . .
 9 . . . . . X X . . . . . . . .
 8 . . . . . . O X O . . . . . .
 7 . . . . . . O X O . . . . . .
 6 . . . . . . . . X X X O . . .
 5 . . . . . . . . . . . . . . .
 4 . . . . . . . . . . . . . . .
 3 . . . . . . . . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
"""
# Points that seem to make two fours make a five or a dead line instead: no fouls.

NESTED = """
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . . . . . . . . . .
11 . . . O . . O . . . . . . . .
10 . . . . X . . X . O . . . . .
 9 . . . . O X O X X . . . . . .
 8 . . . . . . X X 3 . . . . . .
 7 . . . . . . O O X X . . . . .
 6 . . . . . X . . . . . . . . .
 5 . . . . O X . . . . . . . . .
 4 . . . . . O . . . . . . . . .
 3 . . . . . . . . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
"""
# 9.3: the threes' completions are judged recursively; only i8 stays a real 3×3.

MULTIPLE_NESTED = """
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . . X . . . . . . .
11 . . . . . . . . . . . . X . .
10 . . . . . O . . . 3 . . O X .
 9 . . O X . . X O X X X O X . .
 8 . . . X O O . X O 3 . . . . .
 7 . O . . X X 3 . . X 3 . . . .
 6 . . . . . . X . . . X X O . .
 5 . . . . O . . . . . . . . . .
 4 . . . . . . . . . . . . . . .
 3 . . . . . . . . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
"""

RECURSIVE = """
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . . . . . . . . . .
11 . . . . . . . . . . . . . . .
10 . . . . . . O O . . . . . . .
 9 . . . . . 3 X X 3 . . . . . .
 8 . . . . O X X X X O . . . . .
 7 . . . . O X X X X O . . . . .
 6 . . . . . 3 X X 3 . . . . . .
 5 . . . . . . O O . . . . . . .
 4 . . . . . . . . . . . . . . .
 3 . . . . . . . . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .
"""
# The four corner points each make two threes whose completions are
# themselves judged (9.3 b), all the way round the block.


@pytest.mark.parametrize(
    "picture",
    [SINGLE_LINE, PSEUDO_DOUBLE_FOUR, NESTED, MULTIPLE_NESTED, RECURSIVE],
    ids=["single-line 4x4", "pseudo 4x4", "nested 3x3", "multiple nested 3x3", "recursive 3x3"],
)
def test_the_foul_map_is_exactly_the_marked_points(picture):
    board, marks = read_diagram(picture, RENJU.geometry)
    p = RENJU.from_fen(format_fen(board, BLACK, RENJU.geometry))
    assert RENJU.fouls(p) == {point: KIND[mark] for point, mark in marks.items()}
