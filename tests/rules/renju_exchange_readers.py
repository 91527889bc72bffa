"""Readers of the RIF database XML and of RenLib libraries, written from the formats'
public descriptions (docs/exports.md) and apart from the writers: nothing here imports
games.rules.renju_exchange, so a writer's mistake is not repeated by its reader."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field


@dataclass
class RifGame:
    black: str
    white: str
    bresult: str
    moves: list[str]
    alt: list[str]
    swap: str
    opening: str  # the opening's abbreviation, "" when none
    round: str
    info: str


def read_rif(data: bytes) -> tuple[str, list[RifGame]]:
    """The tournament's name and its games, their ids resolved through the database's tables."""
    database = ET.fromstring(data)
    assert database.tag == "database"
    players = {}
    for player in database.find("players"):
        players[player.get("id")] = " ".join(filter(None, (player.get("name"), player.get("surname"))))
    openings = {o.get("id"): o.get("abbr") for o in database.find("openings")}
    tournament = database.find("tournaments")[0].get("name")
    games = []
    for game in database.find("games"):
        games.append(
            RifGame(
                black=players[game.get("black")],
                white=players[game.get("white")],
                bresult=game.get("bresult"),
                moves=(game.findtext("move") or "").split(),
                alt=(game.get("alt") or "").split(),
                swap=game.get("swap") or "",
                opening=openings.get(game.get("opening"), ""),
                round=game.get("round") or "",
                info=game.findtext("info") or "",
            )
        )
    return tournament, games


@dataclass
class LibNode:
    point: str  # "h8"; "" for the root
    comment: str = ""
    children: list[LibNode] = field(default_factory=list)


def _point(byte: int) -> str:
    x, y = byte % 16, byte // 16 + 1  # RenLib: y counts rows from the top of the 15×15 board
    assert 1 <= x <= 15 and 1 <= y <= 15, f"byte {byte:#x} is no point"
    return f"{chr(ord('a') + x - 1)}{16 - y}"


def read_renlib(data: bytes) -> LibNode:
    """The move tree of a RenLib library, under a root with no point."""
    assert data[:8] == b"\xffRenLib\xff" and len(data) >= 20, "no RenLib header"
    assert 100 * data[8] + data[9] <= 304, "a RenLib version newer than 3.4"
    root = LibNode("")
    path = [root]  # the current line: root, then each node read on it
    branch_points: list[int] = []  # places in `path` of nodes flagged "a sibling follows"
    pos = 20
    while pos < len(data):
        byte, flags = data[pos], data[pos + 1]
        pos += 2
        assert not flags & 0x01, "extension bytes are not expected here"
        node = LibNode(_point(byte))
        if flags & 0x08:  # comment: pairs of bytes up to a pair holding a zero
            start = pos
            while True:
                pair = data[pos : pos + 2]
                pos += 2
                if 0 in pair:
                    break
            node.comment = data[start:pos].split(b"\0")[0].decode("cp1251")
        path[-1].children.append(node)
        path.append(node)
        if flags & 0x80:
            branch_points.append(len(path) - 1)
        if flags & 0x40:  # a leaf: back to the parent of the last node with a sibling to come
            del path[branch_points.pop() if branch_points else 1 :]
    return root


def renlib_games(root: LibNode) -> list[tuple[list[str], str]]:
    """Every path from the root to a commented node: (its moves, each line of the comment)."""
    found = []
    stack = [(root, [])]
    while stack:
        node, moves = stack.pop()
        line = moves + [node.point] if node.point else moves
        for text in filter(None, node.comment.split("\r\n")):
            found.append((line, text))
        stack += [(child, line) for child in reversed(node.children)]
    return found
