"""TRF16 (FIDE Handbook C.04 Annex 2): the 001 line's fixed columns, the FIDE exercise read back, our export
read back — by our reader, by an independent one, and by BBP Pairings."""

import csv
import os
from pathlib import Path

import pytest

from club.championships import trf

from .bbp import bbp_read

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
FIDE = SHARED / "reference" / "fide"

TOURNAMENT = {
    "name": "Club championship 2026",
    "city": "Kazan",
    "federation": "RUS",
    "start": "2026/01/10",
    "end": "2026/01/12",
    "chief_arbiter": "Irina Arbiter",
    "system": "swiss",
    "round_dates": ["26/01/10", "26/01/11", "26/01/12"],
}
PLAYERS = [
    {
        "id": 31,
        "name": "Sergeev, Sergey",
        "rating": 2105,
        "sex": "m",
        "title": "f",
        "federation": "RUS",
        "fide_id": 24101234,
        "birth": "1990/05/17",
        "rank": 1,
    },
    {"id": 7, "name": "Natalieva, Natalia", "rating": 1980, "sex": "w", "rank": 4},
    {"id": 12, "name": "Timurov, Timur", "rank": 2},
    {"id": 40, "name": "Olgina, Olga", "rating": 1750, "sex": "w", "rank": 3},
    {"id": 5, "name": "Pavlov, Pavel", "rank": 5},
]
# What the results on each line add up to (1 / ½ / 0; a forfeit win and the pairing bye count 1):
# Sergeev 1 + U + forfeit loss, Natalieva 0 + ½ + (not played yet), Timurov forfeit loss + ½ + forfeit win,
# Olgina forfeit win + forfeit loss + not paired, Pavlov U + forfeit loss + (not played yet).
POINTS = [2.0, 0.5, 1.5, 1.0, 1.0]
ROUNDS = [
    [
        {"white": 31, "black": 7, "result": "1-0"},
        {"white": 12, "black": 40, "result": "-/+"},
        {"white": 5, "black": None, "result": "bye"},
    ],
    [
        {"white": 7, "black": 12, "result": "1/2-1/2"},
        {"white": 40, "black": 5, "result": "-/-"},
        {"white": 31, "black": None, "result": "bye"},
    ],
    [{"white": 12, "black": 31, "result": "+/-"}, {"white": 5, "black": 7, "result": ""}],
]


def columns(line, first, last):
    """Columns as TRF16 numbers them: 1-based, both ends included."""
    return line[first - 1 : last]


def parse_player_line(line):
    """An independent reading of a 001 line, straight from the spec's column table."""
    player = {
        "start": int(columns(line, 5, 8)),
        "sex": columns(line, 10, 10),
        "title": columns(line, 11, 13).strip(),
        "name": columns(line, 15, 47).rstrip(),
        "rating": columns(line, 49, 52).strip(),
        "federation": columns(line, 54, 56).strip(),
        "fide_id": columns(line, 58, 68).strip(),
        "birth": columns(line, 70, 79).strip(),
        "points": float(columns(line, 81, 84)),
        "rank": int(columns(line, 86, 89)),
        "rounds": [],
    }
    for first in range(92, len(line) + 1, 10):
        player["rounds"].append(
            (
                columns(line, first, first + 3).strip(),
                columns(line, first + 5, first + 5),
                columns(line, first + 7, first + 7),
            )
        )
    return player


def exported():
    return trf.dumps(TOURNAMENT, PLAYERS, ROUNDS)


def fide_file(name):
    path = FIDE / name
    if not path.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{path} is missing")
        pytest.skip(f"{path} is missing")
    return path


class TestWriting:
    def test_the_player_line_has_the_specs_fixed_columns(self):
        line = next(line for line in exported().splitlines() if line.startswith("001"))
        assert columns(line, 1, 3) == "001"
        assert columns(line, 5, 8) == "   1"  # starting rank, right-aligned
        assert columns(line, 10, 10) == "m"
        assert columns(line, 11, 13) == "  f"
        assert columns(line, 15, 47) == "Sergeev, Sergey".ljust(33)
        assert columns(line, 49, 52) == "2105"
        assert columns(line, 54, 56) == "RUS"
        assert columns(line, 58, 68) == "   24101234"
        assert columns(line, 70, 79) == "1990/05/17"
        assert columns(line, 81, 84) == " 2.0"
        assert columns(line, 86, 89) == "   1"
        assert columns(line, 92, 99) == "   2 w 1"  # round 1: Natalieva (no. 2), white, won
        assert columns(line, 102, 109) == "0000 - U"  # round 2: the pairing bye
        assert columns(line, 112, 119) == "   3 b -"  # round 3: lost by forfeit to Timurov
        assert [columns(line, c, c) for c in (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91, 96, 98, 100, 101)] == [" "] * 15

    def test_every_result_has_its_code(self):
        lines = {int(columns(line, 5, 8)): line for line in exported().splitlines() if line.startswith("001")}
        timur, olga, pavel, natalia = lines[3], lines[4], lines[5], lines[2]
        assert columns(timur, 92, 99) == "   4 w -" and columns(olga, 92, 99) == "   3 b +"  # -/+
        assert columns(natalia, 102, 109) == "   3 w =" and columns(timur, 102, 109) == "   2 b ="
        assert columns(olga, 102, 109) == "   5 w -" and columns(pavel, 102, 109) == "   4 b -"  # -/-
        assert columns(pavel, 92, 99) == "0000 - U"
        assert columns(olga, 112, 119) == "0000 - Z"  # not paired

    def test_a_pairing_not_played_yet_is_left_out(self):
        """C.04 Annex 2 has no code for "paired, no result yet": a blank result is "equivalent
        to Z", a zero-point bye, which has no opponent. So the pairing is not written: both
        cells are blank (trailing blanks are trimmed) until the result is in."""
        lines = {int(columns(line, 5, 8)): line for line in exported().splitlines() if line.startswith("001")}
        natalia, pavel = lines[2], lines[5]
        assert columns(natalia, 112, 119).strip() == "" and columns(pavel, 112, 119).strip() == ""
        assert len(natalia) == len(pavel) == 109  # each line ends with round 2's result
        middle = trf.dumps({"name": "RR", "system": "round-robin"}, PLAYERS[:2], [[{"white": 31, "black": 7}]] * 2)
        assert [columns(line, 92, 99) for line in middle.splitlines() if line.startswith("001")] == [""] * 2

    def test_the_points_are_what_the_results_on_the_line_add_up_to(self):
        """Columns 81-84: the player's points, which readers check against his results."""
        lines = [line for line in exported().splitlines() if line.startswith("001")]
        assert [float(columns(line, 81, 84)) for line in lines] == POINTS

    def test_another_scoring_is_declared_and_the_points_are_in_its_scale(self):
        """2 / 1 / 0 scoring (003 1.12.1): the JaVaFo/bbpPairings point lines BBW and BBD."""
        text = trf.dumps({**TOURNAMENT, "points": {"win": 2.0, "draw": 1.0}}, PLAYERS, ROUNDS)
        assert "BBW  2.0" in text.splitlines() and "BBD  1.0" in text.splitlines()
        lines = [line for line in text.splitlines() if line.startswith("001")]
        assert [float(columns(line, 81, 84)) for line in lines] == [2 * p for p in POINTS]
        assert "BBW" not in exported()

    def test_the_planned_number_of_rounds_is_the_xxr_line(self):
        text = trf.dumps({**TOURNAMENT, "rounds_planned": 7}, PLAYERS, ROUNDS)
        assert "XXR 7" in text.splitlines()
        assert not any(line.startswith("XXR") for line in exported().splitlines())

    def test_a_game_both_lost_is_a_loss_for_each_and_read(self, tmp_path):
        """0-0: a sanction's loss of the game for both in a game played (003 1.4) is a played 0 for each."""
        text = trf.dumps({"name": "Cup"}, PLAYERS[:2], [[{"white": 31, "black": 7, "result": "0-0"}]])
        lines = [line for line in text.splitlines() if line.startswith("001")]
        assert [columns(line, 92, 99) for line in lines] == ["   2 w 0", "   1 b 0"]
        assert [columns(line, 81, 84) for line in lines] == [" 0.0", " 0.0"]
        assert bbp_read(text, tmp_path).read

    def test_the_tournament_lines(self):
        lines = exported().splitlines()
        assert lines[:6] == [
            "012 Club championship 2026",
            "022 Kazan",
            "032 RUS",
            "042 2026/01/10",
            "052 2026/01/12",
            "062 5",
        ]
        assert "072 3" in lines and "102 Irina Arbiter" in lines
        dates = next(line for line in lines if line.startswith("132"))
        assert [columns(dates, c, c + 7) for c in (92, 102, 112)] == ["26/01/10", "26/01/11", "26/01/12"]

    def test_a_line_nobody_filled_in_is_left_out(self):
        text = trf.dumps({"name": "Cup", "city": "", "time_control": None}, PLAYERS, ROUNDS)
        assert not any(line[:3] in ("022", "032", "122") for line in text.splitlines())

    def test_a_round_robin_free_round_is_a_zero_point_bye(self):
        text = trf.dumps(
            {"name": "RR", "system": "round-robin"},
            PLAYERS[:3],
            [[{"white": 31, "black": 7, "result": "1-0"}, {"white": 12, "black": None, "result": "bye"}]],
        )
        assert columns(text.splitlines()[-1], 92, 99) == "0000 - Z"

    def test_a_name_too_long_for_its_columns_is_refused(self):
        with pytest.raises(ValueError):
            trf.dumps({"name": "x"}, [{"id": 1, "name": "N" * 34}], [])

    @pytest.mark.parametrize(
        "breaker", ["\n", "\r", "\r\n", "\t", "\x0b", "\x0c", "\x85", "\u2028", "\u2029", "\u202e", "\x00"]
    )
    def test_a_name_with_a_line_break_or_a_control_stays_on_its_line(self, breaker):
        """A display name stored with a line break must not break a 001 line (names
        refuse such characters now; names stored before may still hold them)."""
        players = [{**PLAYERS[0], "name": f"Sergeev,{breaker}Sergey{breaker}"}, *PLAYERS[1:]]
        tournament = {**TOURNAMENT, "name": f"Club{breaker}cup", "chief_arbiter": f"Irina{breaker}Arbiter"}
        text = trf.dumps(tournament, players, ROUNDS)
        lines = text.split("\n")[:-1]
        assert text.splitlines() == lines  # no other character Python counts as a line break either
        assert sum(line.startswith("001") for line in lines) == len(PLAYERS)
        assert columns(next(line for line in lines if line.startswith("001")), 15, 47) == "Sergeev, Sergey".ljust(33)
        assert "012 Club cup" in lines and "102 Irina Arbiter" in lines
        assert all(line[:3].isdigit() or line[:3] == "XXR" for line in lines)


class TestReadingOurExport:
    def test_an_independent_reader_sees_what_we_wrote(self):
        parsed = [parse_player_line(line) for line in exported().splitlines() if line.startswith("001")]
        assert [(p["start"], p["name"], p["points"], p["rank"]) for p in parsed] == [
            (n, pl["name"], points, pl["rank"]) for n, (pl, points) in enumerate(zip(PLAYERS, POINTS), start=1)
        ]
        assert parsed[0]["rounds"] == [("2", "w", "1"), ("0000", "-", "U"), ("3", "b", "-")]
        assert parsed[3]["rounds"] == [("3", "b", "+"), ("5", "w", "-"), ("0000", "-", "Z")]
        assert (parsed[1]["sex"], parsed[1]["rating"], parsed[1]["title"]) == ("w", "1980", "")

    def test_our_reader_gives_the_pairings_back(self):
        back = trf.loads(exported())
        number = {p["id"]: n for n, p in enumerate(PLAYERS, start=1)}
        expected = [
            sorted(
                (number[g["white"]], number[g["black"]] if g["black"] else None, g["result"])
                for g in pairings
                if g["result"]  # a pairing without a result is not in the file
            )
            for pairings in ROUNDS
        ]
        got = [sorted((g["white"], g["black"], g["result"]) for g in pairings) for pairings in back["rounds"]]
        assert got == expected
        assert back["tournament"]["012"] == "Club championship 2026"
        assert back["players"][0]["fide_id"] == "24101234" and back["players"][0]["rating"] == 2105

    def test_bbp_pairings_reads_every_kind_of_cell(self, tmp_path):
        """Wins, draws, losses, forfeits both ways and for both, the pairing bye, a player not
        paired, games not played yet, a name with a line break, 2 / 1 / 0 scoring, XXR."""
        players = [{**PLAYERS[0], "name": "Sergeev,\nSergey"}, *PLAYERS[1:]]
        for extra in ({}, {"points": {"win": 2.0, "draw": 1.0}, "rounds_planned": 5}):
            reading = bbp_read(trf.dumps({**TOURNAMENT, **extra}, players, ROUNDS), tmp_path)
            assert reading.read, reading.output


class TestReadingTheFideExercise:
    def test_it_reproduces_the_exercise_crosstable(self):
        data = trf.loads(fide_file("fide_tb_exercise_2024.trf").read_text())
        with fide_file("fide_tb_exercise_2024.csv").open(newline="") as f:
            crosstable = {int(row[0]): row[1:] for row in list(csv.reader(f))[1:]}
        result = {"1": "+", "0": "-", "=": "=", "+": "+", "-": "-"}
        bye = {"U": "+BYE", "F": "+BYE", "H": "=BYE", "Z": "--"}

        def cell(opponent, colour, code):
            if opponent is None:
                return bye[code]
            how = "F" if code in "+-" else colour.upper()
            return f"{result[code]}{how}{opponent}"

        assert {p["id"]: [cell(*c) for c in p["cells"]] for p in data["players"]} == crosstable

    def test_points_and_games_read_back(self):
        data = trf.loads(fide_file("fide_tb_exercise_2024.trf").read_text())
        assert [p["points"] for p in data["players"][:4]] == [3.5, 4.0, 3.5, 3.5]
        assert {"white": 15, "black": 1, "result": "0-1"} in data["rounds"][3]  # 1: "15 b 1"

    def test_forfeits_and_byes_read_into_the_standings_vocabulary(self):
        data = trf.loads(fide_file("fide_tb_exercise_2024.trf").read_text())
        round_2 = data["rounds"][1]
        assert {"white": 12, "black": None, "result": "bye"} in round_2  # "0000 - U"
        assert all(g["white"] != 4 for g in round_2)  # 4's half-point bye has no pairing
        assert {"white": 11, "black": 9, "result": "+/-"} in data["rounds"][3]  # 11: "9 w +", 9: "11 b -"
        assert {"white": 12, "black": 14, "result": "+/-"} in data["rounds"][2]  # "14 w +" / "12 b -"
        # 80 cells less 8 without an opponent (3 U, 2 H, 3 Z) are 36 games; and the 3 pairing byes.
        assert len(data["rounds"]) == 5 and sum(len(r) for r in data["rounds"]) == 36 + 3
