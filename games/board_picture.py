"""A position as a picture drawn on the server (an SVG the embed page shows with no script): the
squares or the grid, and where each piece or stone stands, read from the rules' FEN.

Draughts FEN: ``W:Wd4,Ka3,…:Bb8,…`` (side to move, then each side's squares, ``K`` a king; the
10×10 board numbers its dark squares 1-50 from the top, 1 on the top row's second column).
Stones FEN: ``B:Bh8,…:W…`` (to move, then black's and white's points)."""

from __future__ import annotations

from dataclasses import dataclass

CELL = 40  # the picture's unit: one square, or the distance between two lines


@dataclass(frozen=True)
class Piece:
    colour: str  # "white" or "black"
    column: int  # 0 = a, from the left
    row: int  # 0 = the top row
    king: bool = False


@dataclass(frozen=True)
class Picture:
    kind: str  # "draughts" (pieces on squares) or "stones" (stones on intersections)
    size: int
    pieces: tuple[Piece, ...]

    @property
    def width(self) -> int:
        return self.size * CELL

    def dark_squares(self) -> list[tuple[int, int]]:
        """(x, y) of each dark square's top-left corner (a1 is dark)."""
        return [
            (column * CELL, row * CELL)
            for row in range(self.size)
            for column in range(self.size)
            if (row + column) % 2 == 1
        ]

    def lines(self) -> list[tuple[int, int, int, int]]:
        """The grid of a stones board: each line's two ends."""
        half, far = CELL // 2, self.size * CELL - CELL // 2
        return [(half, half + i * CELL, far, half + i * CELL) for i in range(self.size)] + [
            (half + i * CELL, half, half + i * CELL, far) for i in range(self.size)
        ]

    def drawn(self) -> list[dict]:
        """Each piece's centre and look."""
        return [
            {
                "x": p.column * CELL + CELL // 2,
                "y": p.row * CELL + CELL // 2,
                "colour": p.colour,
                "king": p.king,
                "r": CELL * 2 // 5 if self.kind == "draughts" else CELL * 9 // 20,
            }
            for p in self.pieces
        ]


def _numbered(square: int, size: int) -> tuple[int, int]:
    per_row = size // 2
    row, index = divmod(square - 1, per_row)
    return 2 * index + (1 if row % 2 == 0 else 0), row


def _point(name: str, size: int) -> tuple[int, int]:
    return ord(name[0]) - ord("a"), size - int(name[1:])


def picture(fen: str, size: int, kind: str) -> Picture:
    """The picture of ``fen`` on a ``size`` board of ``kind`` ("draughts" or "stones")."""
    pieces = []
    for field in fen.split(":")[1:]:
        if not field or field[0] not in "WB":
            continue
        colour = "white" if field[0] == "W" else "black"
        for token in filter(None, (t.strip() for t in field[1:].split(","))):
            king = token.startswith("K")
            name = token[1:] if king else token
            column, row = _numbered(int(name), size) if name.isdigit() else _point(name, size)
            pieces.append(Piece(colour, column, row, king))
    return Picture(kind, size, tuple(pieces))
