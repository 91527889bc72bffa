"""Exports of a championship, read back (issue 14): every game as one PDN file
(draughts) or renju-record file, the standings as CSV, the championship as
TRF16 (FIDE C.04 Annex 2) — read with ``trf.loads`` and column by column."""

import csv
import io

import pytest

from club.championships import demo, exports, trf
from club.championships.models import Board
from club.championships.selectors import results as publish
from games.rules import pdn, renju_records

from .conftest import T0

pytestmark = pytest.mark.django_db

STRENGTH = ["pyotr", "olga", "ivan", "marina", "sergei", "tatiana"]


def stronger_wins_else_draw(white, black):
    """pyotr beats everyone …; olga and ivan draw (a draw to carry in every format)."""
    if {white.username, black.username} == {"olga", "ivan"}:
        return "draw"
    return "white" if STRENGTH.index(white.username) < STRENGTH.index(black.username) else "black"


@pytest.fixture
def russian(players, staff, on_commit):
    with on_commit():
        return demo.round_robin(
            **staff, players=players[:4], start=T0, decide=stronger_wins_else_draw, name="Spring cup"
        )


def boards_with_games(championship):
    return list(
        Board.objects.filter(round__championship=championship, game__isnull=False)
        .select_related("game", "white", "black")
        .order_by("round__number", "number")
    )


def test_every_game_of_a_draughts_championship_is_one_pdn_file_the_pdn_reader_replays(russian):
    done = exports.games_file(russian)
    assert done.filename.endswith(".pdn")
    games = pdn.read_games(done.text)
    boards = boards_with_games(russian)
    assert len(games) == len(boards) == 6
    for game, board in zip(games, boards):
        assert game.tags["Event"] == "Spring cup"
        assert (game.tags["White"], game.tags["Black"]) == (board.white.name, board.black.name)
        assert game.tags["Round"] == f"{board.round.number}.{board.number}"
        assert game.result == board.result
        pdn.replay_game(game, "russian")  # every move legal
        assert len(game.moves) == board.game.moves.count()


def test_a_renju_championship_is_one_renju_record_file(players, staff, on_commit):
    with on_commit():
        championship = demo.round_robin(
            **staff,
            players=players[:3],
            start=T0,
            decide=stronger_wins_else_draw,
            name="Renju cup",
            discipline="renju",
            time_control="d3",
        )
    done = exports.games_file(championship)
    records = renju_records.read_records(done.text)
    boards = boards_with_games(championship)
    assert len(records) == len(boards) == 3
    # Renju records name black first and give the result from black's side (renju_records.py).
    flipped = {"1-0": "0-1", "0-1": "1-0", "1/2-1/2": "1/2-1/2"}
    for record, board in zip(records, boards):
        assert record.tags["Black"] == board.black.name and record.tags["White"] == board.white.name
        assert record.result == flipped[board.result]
        renju_records.replay(record)
        assert record.moves == list(board.game.moves.order_by("ply").values_list("notation", flat=True))


def test_the_standings_csv_reads_back_as_the_published_standings(russian):
    done = exports.standings_csv(russian)
    assert done.content_type.startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(done.text)))
    published = publish.results(russian)["standings"]
    assert [(r["place"], r["username"], float(r["points"])) for r in rows] == [
        (p["place"], p["player"].username, p["raw"]["points"]) for p in published
    ]
    for row, p in zip(rows, published):
        figures = p["raw"]["coefficients"]
        for name in ("shmulyan", "berger", "buchholz", "solkoff", "riga", "opponents-elo"):
            assert float(row[name]) == figures[name]
        assert [float(row[f"truncated-solkoff-{k}"]) for k in (1, 2)] == figures["truncated-solkoff"]
        assert int(row["wins"]) + int(row["draws"]) + int(row["losses"]) == int(row["games"]) == 3
        assert float(row["rating_change"]) == p["rating"]["change"]


def test_the_trf_reads_back_with_the_reader_and_its_players_and_games(russian):
    text = exports.trf_text(russian).text
    read = trf.loads(text)
    assert read["tournament"]["012"] == "Spring cup"
    assert read["tournament"]["102"] == "Valentin Chief"  # the chief arbiter
    entries = list(russian.entries.select_related("member").order_by("start_number"))
    table = {p["player"].id: p for p in publish.results(russian)["standings"]}
    assert [(p["id"], p["name"], p["points"], p["rank"]) for p in read["players"]] == [
        (e.start_number, e.member.name, table[e.member_id]["raw"]["points"], int(table[e.member_id]["place"]))
        for e in entries
    ]
    rank = {e.member_id: e.start_number for e in entries}
    recorded = sorted(
        (b.round.number, rank[b.white_id], rank[b.black_id], b.result)
        for b in Board.objects.filter(round__championship=russian, black__isnull=False)
    )
    read_back = sorted(
        (number, g["white"], g["black"], g["result"])
        for number, games in enumerate(read["rounds"], start=1)
        for g in games
    )
    assert read_back == recorded


def test_the_trf_columns_are_where_the_spec_puts_them(russian):
    """An independent reader: fixed columns of the 001 line (C.04 Annex 2), 1-based inclusive."""
    text = exports.trf_text(russian).text
    lines = [line for line in text.splitlines() if line.startswith("001")]
    entries = list(russian.entries.select_related("member").order_by("start_number"))
    table = {p["player"].id: p for p in publish.results(russian)["standings"]}
    colour = {}
    for b in Board.objects.filter(round__championship=russian, black__isnull=False).select_related("round"):
        colour[(b.round.number, b.white_id)] = ("w", b.black_id, b.result.split("-")[0])
        colour[(b.round.number, b.black_id)] = ("b", b.white_id, b.result.split("-")[-1])
    rank = {e.member_id: e.start_number for e in entries}
    score = {"1": "1", "0": "0", "1/2": "="}
    for line, entry in zip(lines, entries):
        assert line[4:8] == f"{entry.start_number:>4}"  # 5-8 starting rank
        assert line[14:47].rstrip() == entry.member.name  # 15-47 name
        assert line[48:52] == f"{entry.rating:>4}"  # 49-52 rating
        assert line[80:84] == f"{table[entry.member_id]['raw']['points']:>4.1f}"  # 81-84 points
        assert line[85:89] == f"{int(table[entry.member_id]['place']):>4}"  # 86-89 rank
        for number in (1, 2, 3):
            first = 92 + (number - 1) * 10  # 92-95 opponent, 97 colour, 99 result
            cell = line[first - 1 : first + 7]
            side, opponent, result = colour[(number, entry.member_id)]
            assert cell == f"{rank[opponent]:>4} {side} {score[result]}"


def test_exports_are_files_to_download(russian, client):
    from django.urls import reverse

    for kind, extension in (("games", ".pdn"), ("standings.csv", ".csv"), ("trf", ".trf")):
        response = client.get(reverse("championships:export", args=[russian.pk, kind]))
        assert response.status_code == 200
        assert response["Content-Disposition"].startswith("attachment;")
        assert response["Content-Disposition"].rstrip('"').endswith(extension)
        assert response.content.decode() == exports.export(russian, kind).text
    assert client.get(reverse("championships:export", args=[russian.pk, "xls"])).status_code == 404
