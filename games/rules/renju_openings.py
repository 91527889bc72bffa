"""The 26 canonical renju openings (002 §11) and how to name a 3-stone position.

Stone 1 is black on h8, stone 2 white on one of the eight points touching
it, stone 3 black inside the central 5×5.  Up to the 8 symmetries of the
board every such position is one of 13 *direct* openings (white orthogonally
next to h8, drawn here with white on h9) or 13 *indirect* ones (white
diagonally next to h8, drawn with white on i9).  The table gives the third
stone in that drawing, numbered as in the usual figure (RIF opening
diagrams; Wikipedia "Renju opening pattern": 1D…13D and 1I…13I with their
Japanese names).  Two published positions pin the numbering: 8D is
1 h8 2 h9 3 h7 and 6I is 1 h8 2 i9 3 i8 (≡ h9), as written by players on
renju.net (K. Lindberg's blog, 2008, on the new opening rules).
"""

from __future__ import annotations

from dataclasses import dataclass

from .fiverow import BLACK_STONE, WHITE_STONE, Geometry


@dataclass(frozen=True)
class Opening:
    code: str  # "1D" … "13D", "1I" … "13I"
    name: str  # romanised Japanese name
    kanji: str
    white: str  # 2nd stone in the canonical drawing
    black: str  # 3rd stone in the canonical drawing


_DIRECT = [  # white h9
    ("Kansei", "寒星", "h10"),
    ("Keigetsu", "溪月", "i10"),
    ("Sosei", "疎星", "j10"),
    ("Kagetsu", "花月", "i9"),
    ("Zangetsu", "残月", "j9"),
    ("Ugetsu", "雨月", "i8"),
    ("Kinsei", "金星", "j8"),
    ("Shogetsu", "松月", "h7"),
    ("Kyugetsu", "丘月", "i7"),
    ("Shingetsu", "新月", "j7"),
    ("Zuisei", "瑞星", "h6"),
    ("Sangetsu", "山月", "i6"),
    ("Yusei", "遊星", "j6"),
]
_INDIRECT = [  # white i9
    ("Chosei", "長星", "j10"),
    ("Kyogetsu", "峡月", "i10"),
    ("Kosei", "恒星", "h10"),
    ("Suigetsu", "水月", "g10"),
    ("Ryusei", "流星", "f10"),
    ("Ungetsu", "雲月", "h9"),
    ("Hogetsu", "浦月", "g9"),
    ("Rangetsu", "嵐月", "f9"),
    ("Gingetsu", "銀月", "g8"),
    ("Myojo", "明星", "f8"),
    ("Shagetsu", "斜月", "g7"),
    ("Meigetsu", "名月", "f7"),
    ("Suisei", "彗星", "f6"),
]

OPENINGS: tuple[Opening, ...] = tuple(
    [Opening(f"{n}D", name, kanji, "h9", black) for n, (name, kanji, black) in enumerate(_DIRECT, 1)]
    + [Opening(f"{n}I", name, kanji, "i9", black) for n, (name, kanji, black) in enumerate(_INDIRECT, 1)]
)


def identify(board: str, geometry: Geometry) -> Opening | None:
    """The canonical opening a board of exactly h8 + one white + one black stone shows, else None."""
    blacks = [i for i in geometry.points if board[i] == BLACK_STONE]
    whites = [i for i in geometry.points if board[i] == WHITE_STONE]
    if len(blacks) != 2 or len(whites) != 1 or geometry.centre not in blacks:
        return None
    third = blacks[0] if blacks[1] == geometry.centre else blacks[1]
    for symmetry in geometry.symmetries:
        white, black = geometry.name(symmetry[whites[0]]), geometry.name(symmetry[third])
        for opening in OPENINGS:
            if opening.white == white and opening.black == black:
                return opening
    return None


def opening_board(opening: Opening, geometry: Geometry) -> str:
    """The canonical drawing of ``opening`` as a board."""
    cells = list(geometry.empty_board)
    cells[geometry.centre] = BLACK_STONE
    cells[geometry.parse(opening.white)] = WHITE_STONE
    cells[geometry.parse(opening.black)] = BLACK_STONE
    return "".join(cells)
