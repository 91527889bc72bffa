"""Black's fouls in renju, case by case (002 9.2–9.3, 000 9.2.4.2, rules-notes "Renju").

Each case is a position (black's and white's stones), a point, the verdict
for a black stone there, the clause, the source of the case, and why.
Sources:
  [RIF]  the RIF rule text (seed 002) and its definitions (§3: four, straight
         four, three; 9.2; 9.3 a/b), read clause by clause;
  [000]  the federation's chapter (seed 000 9.2.3, 9.2.4.2);
  [notes] shared/docs/rules-notes.md, Renju section;
  [gogui] GoGui's renju pattern unit test (Remi-Coulom/gogui,
         test/junit/.../gomoku/RenjuPatternTest.java, testIsDoubleFour*);
  [mintaka] the strict-rule examples of the mintaka engine
         (junghyun397/mintaka, documents/renju.md), redrawn in
         test_renju_foul_diagrams.py.
Everything else is constructed here from the definitions; the comment on each
case walks through the verdict.
"""

import pytest

from games.rules import variant

RENJU = variant("renju")


def position(black: str, white: str = "", to_move: str = "B"):
    return RENJU.from_fen(f"{to_move}:B{black}:W{white}")


def case(black, white, point, verdict, clause, why):
    return pytest.param(black, white, point, verdict, id=f"{clause} | {why}")


CASES = [
    # ---- plain double-three, 9.2 c ------------------------------------------------
    case(
        "g8,h8,i9,i10",
        "",
        "i8",
        "double-three",
        "002 9.2 c",
        "[RIF] g8-h8-i8 open and i8-i9-i10 open: two straight-four threats at once",
    ),
    case(
        "f8,g8,h9,h10",
        "",
        "h8",
        "double-three",
        "002 9.2 c",
        "[RIF] horizontal f8-g8-h8 and vertical h8-h9-h10, all ends free",
    ),
    case(
        "g7,f6,i9,j10", "", "h8", None, "002 9.2 c", "[RIF] f6-g7-h8-i9-j10 is one line: a five, not two threes — wins"
    ),
    case("g7,f6,i8,j8", "", "h8", "double-three", "002 9.2 c", "[RIF] diagonal f6-g7-h8 and horizontal h8-i8-j8"),
    case(
        "g9,f10,i9,j10", "", "h8", "double-three", "002 9.2 c", "[RIF] anti-diagonal f10-g9-h8 and diagonal h8-i9-j10"
    ),
    case(
        "f8,g8,h9,h10,i9,j10",
        "",
        "h8",
        "double-three",
        "002 9.2 c",
        "[RIF] three threes (horizontal, vertical, diagonal): 'two or more' (000 9.2.4.2 a)",
    ),
    case(
        "f8,g8,h10,h11",
        "",
        "h8",
        "double-three",
        "002 9.2 c",
        "[RIF] broken vertical three h8-.-h10-h11 (X.XX) plus f8-g8-h8",
    ),
    case("f8,e8,h10,h11", "", "h8", "double-three", "002 9.2 c", "[RIF] two broken threes e8-f8-.-h8 and h8-.-h10-h11"),
    case("g8,j8,h10,h11", "", "h8", "double-three", "002 9.2 c", "[RIF] g8-h8-.-j8 (XX.X) and h8-.-h10-h11 (X.XX)"),
    case("f6,g7,g9,f10", "", "h8", "double-three", "002 9.2 c", "[RIF] both diagonals through h8"),
    case(
        "g8,h8,i9,i10",
        "",
        "e8",
        None,
        "002 9.2 c",
        "[RIF] e8 is far from both lines: e8-.-g8-h8 is a broken three only, one three",
    ),
    # ---- not threes: blocked by white or by the edge ------------------------------
    case(
        "f8,g8,h9,h10",
        "e8",
        "h8",
        None,
        "002 §3 three",
        "[RIF] white e8 caps f8-g8-h8: it can only become a four with one end shut, never a straight four",
    ),
    case("f8,g8,h9,h10", "i8", "h8", None, "002 §3 three", "[RIF] white i8 right against f8-g8-h8: one three left"),
    case(
        "f8,g8,h9,h10",
        "d8,j8",
        "h8",
        None,
        "002 §3 three",
        "[RIF] O.XXX.O — adding either end makes a four with the other end on white",
    ),
    case(
        "f8,g8,h9,h10",
        "d8",
        "h8",
        "double-three",
        "002 §3 three",
        "[RIF] O.XXX.. is still a three: i8 makes .XXXX. (e8 and j8 free)",
    ),
    case("b8,c8,h9", "", "d8", None, "002 §3 three", "[RIF] lone three b8-c8-d8 near the edge: a three, but only one"),
    case(
        "b8,c8,d9,d10",
        "",
        "d8",
        "double-three",
        "002 §3 three",
        "[RIF] .XXX. touching the edge at a8 is a three (e8 gives a8…f8 ends free) plus d8-d9-d10",
    ),
    case(
        "a8,b8,d9,d10",
        "",
        "c8",
        None,
        "002 §3 three",
        "[RIF] a8-b8-c8 against the edge: adding d8 leaves a8…d8 shut on the left — not a three",
    ),
    case(
        "h2,h3,i1,j1",
        "",
        "h1",
        None,
        "002 §3 three",
        "[RIF] h1-h2-h3 and h1-i1-j1 both start on the edge row/column: no straight four possible",
    ),
    case(
        "h3,h4,i2,j2",
        "",
        "h2",
        "double-three",
        "002 §3 three",
        "[RIF] one row up, both threes have a free cell on the edge side: h1 and g2 keep them open",
    ),
    case("a2,a3,b1,c1", "", "a1", None, "002 §3 three", "[RIF] the corner: both lines run into the edge"),
    case(
        "f8,g8,h9,h10",
        "h12",
        "h8",
        "double-three",
        "002 §3 three",
        "[RIF] white h12 two cells away: h7 still makes h7…h10 with h6 and h11 free",
    ),
    case(
        "f8,g8,h9,h10",
        "h11,h6",
        "h8",
        None,
        "002 §3 three",
        "[RIF] O.XXX.O vertically (h6, h11 white): vertical is not a three",
    ),
    case(
        "f8,g8,h9,h10",
        "h11",
        "h8",
        None,
        "002 §3 three",
        "[RIF] h8-h9-h10 capped by white h11: h7 makes h7…h10 whose upper end is white — not a straight "
        "four, and no other stone makes one; only the horizontal three remains",
    ),
    # ---- broken threes X.XX --------------------------------------------------------
    case(
        "f8,i8,h10,h11",
        "",
        "h8",
        "double-three",
        "002 §3 three",
        "[RIF] f8-.-h8-i8 (X.XX): g8 makes f8…i8 with e8, j8 free; h8-.-h10-h11 likewise via h9",
    ),
    case(
        "e8,g8,h10,h11",
        "",
        "h8",
        "double-three",
        "002 §3 three",
        "[RIF] e8-.-g8-h8 (X.XX): f8 makes e8…h8 with d8, i8 free — a three; the vertical X.XX another",
    ),
    case(
        "f8,g8,h10,h11",
        "j8",
        "h8",
        "double-three",
        "002 §3 three",
        "[RIF] white j8 spoils i8 (f8…i8 would end on white), but e8 still makes e8…h8 with d8 and i8 "
        "free: the horizontal is a three, and so is the vertical X.XX",
    ),
    case(
        "f8,g8,h10,h11",
        "j8,d8",
        "h8",
        None,
        "002 §3 three",
        "[RIF] with d8 white as well, neither e8 (d8 end) nor i8 (j8 end) gives a straight four",
    ),
    case(
        "g8,j8,h10,h11",
        "k8",
        "h8",
        None,
        "002 §3 three",
        "[RIF] XX.X capped: g8-h8-.-j8-O — filling i8 gives g8…j8 against white k8",
    ),
    case(
        "g8,j8,h10,h11",
        "l8",
        "h8",
        "double-three",
        "002 §3 three",
        "[RIF] XX.X with white one further (l8): i8 gives .XXXX. (f8, k8 free)",
    ),
    case(
        "f8,i8,h10,h12",
        "",
        "h8",
        None,
        "002 §3 three",
        "[RIF] h8-.-h10-.-h12 (X.X.X) is not a three: one stone never gives an unbroken four",
    ),
    case(
        "d8,e8,h10,h11",
        "",
        "h8",
        None,
        "002 §3 three",
        "[RIF] d8-e8-.-.-h8 (XX..X) is not a three: no single stone gives four in a row through h8; "
        "only the vertical X.XX counts",
    ),
    case(
        "e8,f8,h10,h11",
        "",
        "h8",
        "double-three",
        "002 §3 three",
        "[RIF] e8-f8-.-h8 (XX.X): g8 makes e8…h8 with d8, i8 free — with the vertical, two threes",
    ),
    # ---- double-four, 9.2 b --------------------------------------------------------
    case(
        "e8,f8,g8,h9,h10,h11",
        "d8,h12",
        "h8",
        "double-four",
        "002 9.2 b",
        "[RIF] two closed fours: OXXXX. and vertical XXXX capped by h12 — each one move from five",
    ),
    case(
        "g7,g6,g4,f5,e5,h5",
        "",
        "g5",
        "double-four",
        "002 9.2 b",
        "[gogui] testIsDoubleFourTrue: g4…g7 and e5…h5 cross at g5",
    ),
    case(
        "g7,g6,g4,f5,e5,h5",
        "g3,g8,d5,i5",
        "g5",
        None,
        "002 §3 four",
        "[gogui] testIsDoubleFourFalse: both rows shut at both ends by white — no four at all",
    ),
    case("g7,g6,g4", "g3", "g5", None, "002 9.2 b", "[gogui] one four (g4…g7, g8 completes) is allowed"),
    case(
        "d8,f8,h8,j8",
        "",
        "g8",
        "double-four",
        "002 9.2 b",
        "[notes] X.XXX.X: e8 and i8 each make five — two fours on one line",
    ),
    case(
        "c8,d8,e8,i8,j8,k8",
        "",
        "g8",
        "double-four",
        "002 9.2 b",
        "[notes] XXX.X.XXX: f8 makes c8…g8 and h8 makes g8…k8, each exactly five — two fours on one line",
    ),
    case(
        "d8,e8,g8,j8,k8",
        "",
        "h8",
        "double-four",
        "002 9.2 b",
        "[notes] XX.XX.XX: f8 makes d8…h8 and i8 makes g8…k8 — two fours on one line",
    ),
    case(
        "e8,f8,h8,j8,k8",
        "",
        "g8",
        None,
        "002 9.2 b",
        "[RIF] XX.X.XX → e8 f8 g8 h8 . j8 k8: i8 makes seven, not five; d8 makes d8…h8 five: one four",
    ),
    case(
        "f8,g8,i8,j8",
        "",
        "h8",
        None,
        "002 9.2 b",
        "[RIF] XX.XX filled in the middle is exactly five — a win, not a foul",
    ),
    case(
        "e8,f8,i8,j8",
        "",
        "g8",
        None,
        "002 9.2 b",
        "[RIF] XXX.XX: the gap h8 would make six, not five, so this is no four (and d8 gives d8…g8 whose "
        "h8 end makes seven: no straight four either) — nothing at all",
    ),
    case(
        "e8,f8,g8,h10,h11,h12",
        "",
        "h8",
        "double-four",
        "002 9.2 b",
        "[RIF] e8…h8 open four (one four) and h8-.-h10-h11-h12, which h9 makes five: two fours",
    ),
    case(
        "e8,f8,g8,h9,h10,h11",
        "d8",
        "h8",
        "double-four",
        "002 9.2 b",
        "[RIF] closed four O e8…h8 (i8 completes) and the open four h8…h11: two fours",
    ),
    case(
        "f8,g8,h9,h10,h11",
        "e8",
        "h8",
        None,
        "002 9.2 b",
        "[RIF] O f8-g8-h8 is a dead three (never a straight four) beside the four h8…h11: one four only",
    ),
    case(
        "e8,f8,g8",
        "",
        "h8",
        None,
        "002 §3 open four",
        "[RIF] .XXXX. is one (open) four, not two, though two points complete it",
    ),
    case(
        "e8,f8,g8,h9,h10,h11",
        "",
        "h8",
        "double-four",
        "002 9.2 b",
        "[RIF] two open fours crossing (the 'four-four' in its plainest form)",
    ),
    case(
        "e8,f8,g8,i9,j10,k11",
        "",
        "h8",
        "double-four",
        "002 9.2 b",
        "[RIF] open four horizontally and h8-i9-j10-k11 diagonally",
    ),
    # ---- four-three is allowed -----------------------------------------------------
    case("e8,f8,g8,h9,h10", "", "h8", None, "002 9.2", "[RIF] a four and a three (4×3) is not a foul"),
    case("e8,f8,g8,h9,h10", "d8", "h8", None, "002 9.2", "[RIF] closed four and open three: still 4×3"),
    # ---- overline, 9.2 a -----------------------------------------------------------
    case("c8,d8,e8,g8,i8", "", "f8", None, "002 9.2 a", "[RIF] c8…g8 five with i8 apart: exactly five wins"),
    case("c8,d8,e8,g8,h8", "", "f8", "overline", "002 9.2 a", "[RIF] c8…h8 six in a row"),
    case("b8,c8,d8,e8,g8,h8", "", "f8", "overline", "002 9.2 a", "[RIF] seven in a row"),
    case("h2,h3,h4,h5,h7", "", "h6", "overline", "002 9.2 a", "[RIF] vertical h2…h7 six"),
    case("d4,e5,f6,g7,i9", "", "h8", "overline", "002 9.2 a", "[RIF] diagonal d4…i9 six"),
    case("c8,d8,e8,g8,h8,f9,f10", "", "f8", "overline", "002 9.2 a", "[RIF] overline plus a three: still an overline"),
    # ---- five with a foul at the same time: legal (000 9.2.4.2) --------------------
    case(
        "d8,e8,f8,g8,h9,h10,i9,j10",
        "",
        "h8",
        None,
        "000 9.2.4.2",
        "[000] d8…h8 exactly five together with two threes: the five wins",
    ),
    case(
        "d8,e8,f8,g8,h9,h10,h11,i9,j10,k11",
        "h12",
        "h8",
        None,
        "000 9.2.4.2",
        "[000] five together with two fours: the five wins",
    ),
    case(
        "d8,e8,f8,g8,h9,h10,h11,h6,h5",
        "",
        "h8",
        None,
        "000 9.2.4.2",
        "[000] an exact five and an overline (h5…h11) at once: 'a foul is forbidden unless a five is made'",
    ),
    case("d8,e8,f8,g8,i8", "", "h8", "overline", "002 9.2 a", "[RIF] d8…i8 is six, not five: no five to excuse it"),
    # ---- 9.3: a three counts only if its straight four is reachable by an allowed move
    case(
        "g8,i8,h9,h11,f10,g10,i10",
        "",
        "h8",
        None,
        "002 9.3 a",
        "[RIF 9.3 a] vertical h8-h9-.-h11 can only become a straight four at h10, where the stone "
        "would also make f10…i10 a four — a double four — so it is no three: one three, allowed",
    ),
    case(
        "g8,i8,h9,h11,f10,g10",
        "",
        "h8",
        "double-three",
        "002 9.3 a",
        "[RIF 9.3 a] control: without i10, h10 makes a straight four and a three (4×3, allowed) — real double three",
    ),
    case(
        "g8,i8,h9,h11,e10,f10,g10,i10,j10",
        "",
        "h8",
        None,
        "002 9.3 a",
        "[RIF 9.3 a] the vertical's only completion h10 would be an overline e10…j10: no three",
    ),
    case(
        "g8,i8,h9,h11,h13",
        "",
        "h8",
        None,
        "002 §3 three",
        "[RIF] h8-h9-.-h11 with h13 black: h10 gives h8…h11 but h12 would make h8…h13 six — not straight",
    ),
    case(
        "g8,i8,h9,h11,h14",
        "",
        "h8",
        "double-three",
        "002 §3 three",
        "[RIF] with the black stone one further (h14), h12 makes exactly five: straight four, real three",
    ),
    case(
        "g8,i8,h9,h11,g10,i10,i11,k13,j13,j14,j15",
        "",
        "h8",
        "double-three",
        "002 9.3 b",
        "[RIF 9.3 b] second level: h10 (the vertical's completion) makes threes g10-h10-i10 and "
        "h10-i11-.-k13, but the latter's completion j12 is a double four (j12…j15 and the diagonal), so "
        "h10 is 4×3, allowed — the vertical is a real three and h8 a real double three",
    ),
    case(
        "g8,i8,h9,h11,g10,i10,i11,k13,j13,j14",
        "",
        "h8",
        None,
        "002 9.3 b",
        "[RIF 9.3 b] control: without j15, j12 is allowed, h10 is a real double three, so the vertical "
        "is no three and h8 makes one three only",
    ),
    case(
        "g8,i8,h9,h11,d10,e10,f10,g10",
        "",
        "h8",
        None,
        "002 9.3",
        "[notes] the vertical's only straight-four point h10 would also make d10…h10 five: it does not "
        "count as the three's completion, so h8 makes one three",
    ),
    # ---- white and occupied points --------------------------------------------------
    case("g8,h8,i9,i10", "i8", "i8", None, "002 9.2", "[RIF] an occupied point has no verdict"),
    case(
        "", "g8,h8,i9,i10", "i8", None, "002 9.1", "[RIF] white's stones make no threes for black: white has no fouls"
    ),
]


@pytest.mark.parametrize("black,white,point,verdict", CASES)
def test_the_foul_verdict_for_black_matches_the_rules(black, white, point, verdict):
    assert RENJU.foul(position(black, white), point) == verdict


@pytest.mark.parametrize("black,white,point,verdict", CASES)
def test_the_verdict_does_not_depend_on_the_side_to_move(black, white, point, verdict):
    assert RENJU.foul(position(black, white, to_move="W"), point) == verdict


@pytest.mark.parametrize("black,white,point,verdict", CASES)
def test_the_foul_map_agrees_with_the_single_verdict(black, white, point, verdict):
    assert RENJU.fouls(position(black, white)).get(point) == verdict


def test_the_suite_has_at_least_sixty_cases():
    assert len(CASES) >= 60
