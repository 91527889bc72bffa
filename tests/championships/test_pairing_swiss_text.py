"""The Swiss systems pair as the text pairs, and show their working (003 1.15).

Start numbers 1..n are the ids, no ratings, every game played, scoring 1 / ½ / 0.
Pairs are compared without colours: the cases fix who meets whom.
"""

import json

import pytest

from club.championships import pairing

D = "1/2-1/2"


def entrants(n):
    return [{"id": i, "rating": None, "withdrawn": False} for i in range(1, n + 1)]


def history(*rounds):
    return [[{"white": w, "black": b, "result": r} for w, b, r in boards] for boards in rounds]


def met(*pairs):
    return {frozenset(pair) for pair in pairs}


def pairs_of(boards):
    return {frozenset(board) for board in boards if board[1] is not None}


E1 = history(
    [(1, 4, "1-0"), (5, 2, "1-0"), (3, 6, "1-0")],
    [(3, 5, D), (6, 1, "0-1"), (4, 2, "0-1")],
)
E2 = history(
    [(1, 6, "1-0"), (5, 2, "1-0"), (3, 4, "1-0")],
    [(5, 3, "1-0"), (4, 1, "1-0"), (2, 6, "0-1")],
    [(6, 5, "0-1"), (3, 1, "0-1"), (2, 4, "0-1")],
)
E3 = history(
    [(4, 8, D), (3, 2, D), (7, 1, D), (6, 5, D)],
    [(4, 5, D), (3, 8, D), (1, 6, D), (7, 2, D)],
    [(1, 5, D), (7, 3, D), (2, 4, D), (6, 8, D)],
)

# An odd field: E1's rounds with a seventh player, so every round has a "+".
E1_WITH_SEVEN = history(
    [(1, 4, "1-0"), (5, 2, "1-0"), (3, 6, "1-0"), (7, None, "bye")],
    [(3, 5, D), (6, 1, "0-1"), (4, 7, "0-1"), (2, None, "bye")],
)


class TestRoundsTheTextDecides:
    @pytest.mark.parametrize("system", ["coefficients", "solkoff"])
    def test_e1_a_formed_pair_is_broken_so_that_the_next_floater_finds_an_opponent(self, system):
        # Points 1: 2; 3, 5: 1½; 2: 1; 4, 6: 0. Round 3 is odd, so by number upwards
        # (1.15.5.3; 1.15.6.2 orders 3 and 5 by truncated Solkoff, 2½ each, then by number):
        # {1}, {3, 5}, {2}, {4, 6}.
        # 1.15.5.4: No. 1 floats and meets the first of {3, 5}, No. 3; then No. 5 must float
        # to {2}, whom he has met. 1.15.5.5 / 1.15.8: the last pair formed, 1-3, is broken
        # and No. 1 takes the next of the group, No. 5; No. 3 floats to No. 2; 4-6.
        working = pairing.swiss_working(system, entrants(6), E1, seed=1)
        assert pairs_of(working["boards"]) == met((1, 5), (2, 3), (4, 6))
        assert working["by_the_text"]
        assert [group["players"] for group in working["groups"]] == [[1], [3, 5], [2], [4, 6]]
        assert working["floats"] == [
            {"player": 1, "from_group": 1, "to_group": 2, "opponent": 5},
            {"player": 3, "from_group": 2, "to_group": 3, "opponent": 2},
        ]

    def test_e2_the_current_buchholz_system_breaks_the_floaters_pair_too(self):
        # Points 5: 3; 1, 4: 2; 3, 6: 1; 2: 0. 1.15.7.6, Buchholz: 1: 4, 4: 3; 3: 7, 6: 5:
        # {5}, {1, 4}, {3, 6}, {2}.
        # 1.15.7.4: No. 5 floats and meets the LAST of {1, 4}, No. 4; then No. 1 floats to
        # {3, 6} and has met both. 1.15.7.5 / 1.15.8: 5-4 is broken, No. 5 takes the one
        # before the last, No. 1; No. 4 floats to the last of {3, 6}, No. 6; No. 3 meets No. 2.
        working = pairing.swiss_working("buchholz", entrants(6), E2, seed=1)
        assert pairs_of(working["boards"]) == met((1, 5), (2, 3), (4, 6))
        assert working["by_the_text"]
        assert [group["players"] for group in working["groups"]] == [[5], [1, 4], [3, 6], [2]]

    def test_e3_the_halves_of_a_group_are_split_once(self):
        # Every game drawn: one group of eight at 1½. Round 4 is even: 8, 7, …, 1 (1.15.5.3).
        # 1.15.5.5 splits it once: {8, 7, 6, 5} and {4, 3, 2, 1}. 8 has met 4 and 3: 8-2.
        # 7 has met 1, 2, 3: 7-4. 6 has met 1: 6-3, leaving 5 and 1, who have met. 6-3 is
        # broken; 6 has no other partner (he has met 1 and 5), so 7-4 is broken too, and 7
        # takes his next candidate: the lower half is spent, so the last of the upper half
        # left, 5. Then 6-4 and, the upper half used up, 3-1. Re-splitting what is left
        # after each pair would give 6-3 and 4-1 instead.
        pairs = pairing.swiss("coefficients", entrants(8), E3, seed=1)
        assert pairs_of(pairs) == met((8, 2), (7, 5), (6, 4), (3, 1))


class TestRoundsTheTextDoesNotDecide:
    def test_two_leaders_who_have_met_float_one_at_a_time_in_the_float_order(self):
        rounds = history(
            [(1, 2, D), (3, 4, "1-0"), (5, 6, "1-0")],
            [(1, 3, "1-0"), (2, 5, "1-0"), (6, 4, "1-0")],
        )
        # Points 1, 2: 1½; 3, 5, 6: 1; 4: 0. Round 3, by number upwards: {1, 2}, {3, 5, 6}, {4}.
        # 1 and 2 have met, so the text cannot pair the top group (1.15.5.5).
        # The extension floats the last of the group, No. 2 (1.15.5.4's order); the group
        # is then odd and floats its last, No. 1. Each meets the first of {3, 5, 6} he may
        # meet and with whom the text's steps finish: 2-3, then 1-6 (1 has met 3), and
        # No. 5 floats to No. 4.
        working = pairing.swiss_working("coefficients", entrants(6), rounds, seed=1)
        assert not working["by_the_text"]
        assert working["deviations"] == [{"step": "floats out", "player": 2, "group": 1}]
        assert pairs_of(working["boards"]) == met((2, 3), (1, 6), (5, 4))

    def test_a_floater_who_has_met_the_whole_next_group_floats_on_to_the_first_he_may_meet(self):
        rounds = history(
            [(6, 5, "1-0"), (4, 1, "1-0"), (3, 2, D)],
            [(6, 4, "1-0"), (5, 3, "1-0"), (2, 1, D)],
            [(6, 1, "1-0"), (5, 2, "1-0"), (4, 3, "1-0")],
        )
        # Points 6: 3; 5, 4: 2; 2: 1; 3, 1: ½. Round 4, by number downwards:
        # {6}, {5, 4}, {2}, {3, 1}. No. 6 must float and has met 5 and 4 (1.15.5.4 has no
        # other floater to try). He floats on, to the first below he may meet, No. 2; the
        # text pairs the rest: 5-4, 3-1.
        working = pairing.swiss_working("coefficients", entrants(6), rounds, seed=1)
        assert not working["by_the_text"]
        assert [d["step"] for d in working["deviations"]] == ["floats out", "floats on"]
        assert working["floats"] == [{"player": 6, "from_group": 1, "to_group": 3, "opponent": 2}]
        assert pairs_of(working["boards"]) == met((6, 2), (5, 4), (3, 1))

    def test_in_the_buchholz_system_a_floater_below_meets_the_last_first(self):
        rounds = history(
            [(1, 6, "0-1"), (5, 2, D), (3, 4, "1-0")],
            [(6, 3, "1-0"), (2, 4, D), (1, 5, "0-1")],
            [(5, 6, D), (3, 2, "1-0"), (4, 1, D)],
        )
        # Points 6: 2½; 3, 5: 2; 2, 4: 1; 1: ½. 1.15.7.6, Buchholz: 3: 4½, 5: 4; 2: 5, 4: 3½:
        # {6}, {3, 5}, {2, 4}, {1}. No. 6 has met 3 and 5: he floats on into {2, 4} and, as
        # 1.15.7.4 has a floater meet the last of a group first, meets No. 4; 3-5; 2 floats to 1.
        working = pairing.swiss_working("buchholz", entrants(6), rounds, seed=1)
        assert [group["players"] for group in working["groups"]] == [[6], [3, 5], [2, 4], [1]]
        assert not working["by_the_text"]
        assert pairs_of(working["boards"]) == met((6, 4), (3, 5), (2, 1))


class TestTheWorking:
    def test_it_shows_the_keys_and_each_players_values_of_them(self):
        working = pairing.swiss_working("buchholz", entrants(6), E2, seed=1)
        # 1.15.7.6: points, then current Buchholz, highest first, then the start number.
        assert working["keys"] == [
            {"key": "points", "descending": True},
            {"key": "buchholz", "descending": True},
            {"key": "number", "descending": False},
        ]
        assert working["classification"] == [
            {"player": 5, "points": 3.0, "buchholz": 2.0, "number": 5},
            {"player": 1, "points": 2.0, "buchholz": 4.0, "number": 1},
            {"player": 4, "points": 2.0, "buchholz": 3.0, "number": 4},
            {"player": 3, "points": 1.0, "buchholz": 7.0, "number": 3},
            {"player": 6, "points": 1.0, "buchholz": 5.0, "number": 6},
            {"player": 2, "points": 0.0, "buchholz": 6.0, "number": 2},
        ]

    def test_the_number_goes_down_in_even_rounds_of_the_coefficient_system(self):
        # 1.15.5.3: round 4 is even.
        working = pairing.swiss_working("coefficients", entrants(8), E3, seed=1)
        assert working["keys"] == [{"key": "points", "descending": True}, {"key": "number", "descending": True}]
        assert [row["player"] for row in working["classification"]] == [8, 7, 6, 5, 4, 3, 2, 1]

    @pytest.mark.parametrize("system", pairing.SYSTEMS)
    def test_it_is_plain_data_with_the_same_boards_as_swiss(self, system):
        working = pairing.swiss_working(system, entrants(7), E1_WITH_SEVEN, seed=3)
        assert json.loads(json.dumps(working)) == working
        assert [tuple(board) for board in working["boards"]] == pairing.swiss(
            system, entrants(7), E1_WITH_SEVEN, seed=3
        )
        # 1.15.2: the odd player out is named, and not in the groups paired.
        assert working["bye"] == working["boards"][-1][0]
        assert working["bye"] not in {pid for group in working["groups"] for pid in group["players"]}

    def test_the_first_round_is_one_group_by_number(self):
        working = pairing.swiss_working("coefficients", entrants(5), [], seed=1)
        assert [row["player"] for row in working["classification"]] == [1, 2, 3, 4, 5]
        assert working["groups"] == [{"points": 0.0, "players": [1, 2, 3, 4]}]
        assert working["bye"] == 5
        assert working["floats"] == []
