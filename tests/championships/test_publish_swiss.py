"""Published results of a Swiss (003 1.13.11, 1.15.2): the
crosstable per round (opponent, colour, result), the bye as "+", the
arithmetic of every coefficient adding up, and the Swiss in the exports."""

from datetime import timedelta

import pytest
from django.utils import translation

from club.championships import demo, exports, trf
from club.championships.models import Board
from club.championships.selectors import results as publish

from .conftest import T0

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english():
    """Figures as an English reader sees them (6.5; Russian: 6,5, tests/championships/test_words.py)."""
    with translation.override("en"):
        yield


def white_wins(white, black):
    return "white"


@pytest.fixture
def swiss(players, staff, on_commit):
    with on_commit():  # five players: a bye every round (1.15.2)
        return demo.swiss(
            **staff,
            players=players[:5],
            start=T0,
            rounds_planned=3,
            rounds_played=3,
            decide=white_wins,
            name="Autumn Swiss",
            swiss_system="blind",
        )


def test_the_swiss_crosstable_gives_opponent_colour_and_result_per_round(swiss):
    table = publish.results(swiss)["crosstable"]
    assert table["kind"] == "rounds" and table["columns"] == [1, 2, 3]
    row_of = {row["player"].id: row for row in table["rows"]}
    for board in Board.objects.filter(round__championship=swiss).select_related("round"):
        white_cell = row_of[board.white_id]["cells"][board.round.number - 1]
        if board.black_id is None:  # the bye: a win without play, no colour (1.15.2)
            assert (white_cell["opponent"], white_cell["colour"], white_cell["mark"]) == (None, "", "+")
            continue
        black_cell = row_of[board.black_id]["cells"][board.round.number - 1]
        assert (white_cell["opponent"], white_cell["colour"], white_cell["mark"]) == (
            row_of[board.black_id]["number"],
            "w",
            "1",
        )
        assert (black_cell["opponent"], black_cell["colour"], black_cell["mark"]) == (
            row_of[board.white_id]["number"],
            "b",
            "0",
        )


def test_every_figure_is_the_sum_of_its_arithmetic(swiss):
    for row in publish.results(swiss)["standings"]:
        for f in row["figures"]:
            raw = row["raw"]["coefficients"][f["name"]]
            if f["name"] == "truncated-solkoff":
                # Each cut removes the next-worst opponent from Buchholz (1.13.8).
                assert [float(line["product"].replace("−", "-")) for line in f["lines"]] == raw
            else:
                assert sum(float(line["product"].replace("−", "-")) for line in f["lines"]) == pytest.approx(raw)


def test_a_bye_counts_as_the_lowest_score_in_the_arithmetic(swiss):
    rows = publish.results(swiss)["standings"]
    lowest = min(row["raw"]["points"] for row in rows)
    had_bye = [row for row in rows if any(g["opponent"] is None for g in row["raw"]["opponents"])]
    assert len(had_bye) == 3  # one bye per round, never twice (1.15.2)
    for row in had_bye:
        buchholz = next(f for f in row["figures"] if f["name"] == "buchholz")
        bye_lines = [line for line in buchholz["lines"] if "1.13.11" in line["note"]]
        assert len(bye_lines) == 1 and float(bye_lines[0]["points"]) == lowest


def test_the_swiss_trf_marks_each_bye_as_a_pairing_allocated_bye(swiss):
    read = trf.loads(exports.trf_text(swiss).content.decode())
    byes = [cell for p in read["players"] for cell in p["cells"] if cell[0] is None]
    assert byes == [(None, "-", "U")] * 3
    assert sum(1 for games in read["rounds"] for g in games if g["result"] == "bye") == 3


def test_a_withdrawn_opponent_counts_his_score_groups_average_in_the_arithmetic(players, staff, on_commit):
    from club.championships import services
    from ratings import standings

    with on_commit():
        championship = demo.swiss(
            **staff,
            players=players[:6],
            start=T0,
            rounds_planned=3,
            rounds_played=1,
            decide=white_wins,
            name="Winter Swiss",
            swiss_system="blind",
        )
        # Round 2 is in play: one game still going; finish it, then the loser of round 1 board 1 leaves.
        going = Board.objects.get(round__championship=championship, round__number=2, black__isnull=False, result="")
        demo.play_game(going.game, "white", start=T0 + timedelta(days=2, hours=1))
        services.board_result_record(game_id=going.game_id, now=T0 + timedelta(days=2, hours=2))
        # He leaves from a score group he shares with others (1.13.11 averages that group).
        score = dict.fromkeys(championship.entries.values_list("member_id", flat=True), 0.0)
        for board in Board.objects.filter(round__championship=championship, round__number__lte=2):
            if board.black_id is None or board.result == "1-0":
                score[board.white_id] += 1
            elif board.result == "0-1":
                score[board.black_id] += 1
        leaver = next(pid for pid, points in score.items() if sum(1 for other in score.values() if other == points) > 1)
        services.player_leave(
            by=staff["chief"],
            championship_id=championship.pk,
            member_id=leaver,
            reason="called away",
            now=T0 + timedelta(days=2, hours=3),
        )
        demo.play_round(championship, arbiter=staff["arbiter"], decide=white_wins, now=T0 + timedelta(days=3))
    assert not Board.objects.filter(round__number=3, round__championship=championship, white_id=leaver).exists()
    assert not Board.objects.filter(round__number=3, round__championship=championship, black_id=leaver).exists()
    rows = publish.results(championship)["standings"]
    met_him = [row for row in rows if any(g["opponent"] == leaver for g in row["raw"]["opponents"])]
    assert len(met_him) == 2  # his opponents of rounds 1 and 2 (1.10.5: his results stand)
    for row in met_him:
        buchholz = next(f for f in row["figures"] if f["name"] == "buchholz")
        his = [
            line
            for line in buchholz["lines"]
            if line["opponent"] == next(r["player"].name for r in rows if r["player"].id == leaver)
        ]
        assert [line["note"] for line in his] == [str(publish.COUNTED_AS[standings.WITHDRAWN_AS])]
        counted = next(g["opponent_points"] for g in row["raw"]["opponents"] if g["opponent"] == leaver)
        assert float(his[0]["points"]) == pytest.approx(counted, abs=1e-4)  # shown to 4 decimals
