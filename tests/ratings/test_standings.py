"""Standings by 003 1.10, 1.12–1.13: hand-worked crosstables, each figure checked against the seed's definition."""

import pytest

from ratings import standings


def players(*ids, ratings=None, withdrawn=None):
    ratings, withdrawn = ratings or {}, withdrawn or {}
    return [{"id": i, "rating": ratings.get(i), "withdrawn_after_round": withdrawn.get(i)} for i in ids]


def game(white, black, result):
    return {"white": white, "black": black, "result": result}


def bye(player):
    return {"white": player, "black": None, "result": "bye"}


def by_id(rows):
    return {row["id"]: row for row in rows}


# A four-player round robin (Berger order):
#         1    2    3    4   points
#    1    ·    ½    1    0    1.5
#    2    ½    ·    1    ½    2.0
#    3    0    0    ·    1    1.0
#    4    1    ½    0    ·    1.5
ROUND_ROBIN = [
    [game(1, 4, "0-1"), game(2, 3, "1-0")],
    [game(4, 3, "0-1"), game(1, 2, "1/2-1/2")],
    [game(2, 4, "1/2-1/2"), game(3, 1, "0-1")],
]


class TestPlacesByPoints:
    def test_places_go_by_points_and_ties_share_a_place(self):
        # 1.13.1; with no criteria 1 and 4 (1.5 each) stay tied and share 2nd-3rd.
        rows = standings.table(players(1, 2, 3, 4), ROUND_ROBIN, criteria=())
        assert [(r["id"], r["place"], r["points"]) for r in rows] == [
            (2, "1", 2.0),
            (1, "2-3", 1.5),
            (4, "2-3", 1.5),
            (3, "4", 1.0),
        ]

    def test_two_one_nought_scoring_doubles_points_and_coefficients(self):
        # 1.12.1: win 2, draw 1, loss 0.
        rows = by_id(standings.table(players(1, 2, 3, 4), ROUND_ROBIN, scoring="2-1-0"))
        assert rows[2]["points"] == 4.0
        assert rows[4]["coefficients"]["berger"] == 10.0  # 2 × 3 (beat 1) + 4 (drew 2)

    def test_it_counts_wins_draws_losses_and_games(self):
        row = by_id(standings.table(players(1, 2, 3, 4), ROUND_ROBIN))[1]
        assert (row["wins"], row["draws"], row["losses"], row["games"], row["played"]) == (1, 1, 1, 3, 3)


class TestCoefficients:
    """Player 1 beat 3 (1.0), drew 2 (2.0), lost to 4 (1.5); player 4 beat 1 (1.5), drew 2 (2.0), lost to 3 (1.0)."""

    @pytest.fixture
    def rows(self):
        return by_id(standings.table(players(1, 2, 3, 4, ratings={1: 1500, 2: 1700, 3: 1400}), ROUND_ROBIN))

    def test_shmulyan_is_beaten_minus_lost_to(self, rows):
        # 1.13.4
        assert rows[1]["coefficients"]["shmulyan"] == 1.0 - 1.5
        assert rows[4]["coefficients"]["shmulyan"] == 1.5 - 1.0

    def test_sonneborn_berger_is_twice_beaten_plus_drawn(self, rows):
        # 1.13.5, the seed's scale
        assert rows[1]["coefficients"]["berger"] == 2 * 1.0 + 2.0
        assert rows[4]["coefficients"]["berger"] == 2 * 1.5 + 2.0

    def test_buchholz_is_all_opponents_points(self, rows):
        # 1.13.6
        assert rows[1]["coefficients"]["buchholz"] == 1.0 + 2.0 + 1.5

    def test_solkoff_leaves_out_the_best_and_the_worst(self, rows):
        # 1.13.7: 4.5 − 2.0 (player 2) − 1.0 (player 3)
        assert rows[1]["coefficients"]["solkoff"] == 1.5

    def test_truncated_solkoff_leaves_out_the_worst_then_the_two_worst(self, rows):
        # 1.13.8: 4.5 − 1.0, then − 1.5
        assert rows[1]["coefficients"]["truncated-solkoff"] == [3.5, 2.0]

    def test_riga_is_two_beaten_one_and_a_half_drawn_one_lost_to(self, rows):
        # 1.13.9
        assert rows[1]["coefficients"]["riga"] == 2 * 1.0 + 1.5 * 2.0 + 1.5
        assert rows[4]["coefficients"]["riga"] == 2 * 1.5 + 1.5 * 2.0 + 1.0

    def test_opponents_elo_sums_ratings_and_unrated_counts_nothing(self, rows):
        # 1.13.3, the sixth criterion; player 4 is unrated.
        assert rows[1]["coefficients"]["opponents-elo"] == 1700 + 1400
        assert rows[2]["coefficients"]["opponents-elo"] == 1500 + 1400

    def test_the_breakdown_adds_up_to_each_figure(self, rows):
        breakdown = rows[1]["breakdown"]
        assert sorted(breakdown["berger"]) == [(2, 2.0, 1), (3, 1.0, 2), (4, 1.5, 0)]
        assert sorted(breakdown["shmulyan"]) == [(2, 2.0, 0), (3, 1.0, 1), (4, 1.5, -1)]
        assert breakdown["truncated-solkoff"] == [(3, 1.0, 1), (4, 1.5, 2), (2, 2.0, 3)]
        assert sorted(breakdown["solkoff"]) == [(2, 2.0, 0), (3, 1.0, 0), (4, 1.5, 1)]
        for name in ("shmulyan", "berger", "buchholz", "solkoff", "riga"):
            assert sum(p * f for _, p, f in breakdown[name]) == rows[1]["coefficients"][name]

    def test_each_game_shows_the_opponents_points_as_counted(self, rows):
        first = rows[1]["opponents"][0]
        assert first == {
            "round": 1,
            "opponent": 4,
            "colour": "white",
            "result": "0-1",
            "mark": "0",
            "score": 0.0,
            "opponent_points": 1.5,
            "counted_as": "points",
        }


class TestCriteriaChain:
    def test_a_coefficient_splits_a_tie_higher_first(self):
        # 1.13.10: Berger 5.0 (player 4) beats 4.0 (player 1).
        rows = standings.table(players(1, 2, 3, 4), ROUND_ROBIN, criteria=("berger",))
        assert [(r["id"], r["place"]) for r in rows] == [(2, "1"), (4, "2"), (1, "3"), (3, "4")]

    def test_players_still_tied_after_the_chain_share_the_place(self):
        # Buchholz, Solkoff, truncated Solkoff and wins (one each) are equal for 1 and 4.
        rows = standings.table(
            players(1, 2, 3, 4), ROUND_ROBIN, criteria=("buchholz", "solkoff", "truncated-solkoff", "wins")
        )
        assert [r["place"] for r in rows] == ["1", "2-3", "2-3", "4"]

    def test_the_chain_goes_on_only_while_tied(self):
        # Buchholz ties, head-to-head (4 beat 1) decides; opponents' Elo (1 met the rated 4) comes too late.
        rows = standings.table(
            players(1, 2, 3, 4, ratings={4: 2000}), ROUND_ROBIN, criteria=("buchholz", "head-to-head", "opponents-elo")
        )
        assert [r["id"] for r in rows] == [2, 4, 1, 3]

    def test_each_place_a_tie_gave_names_the_criterion_that_settled_it(self):
        # 1.13.3: Buchholz ties 1 and 4, head-to-head (4 beat 1) settles both places; 2 and 3 shared no points.
        rows = by_id(
            standings.table(
                players(1, 2, 3, 4, ratings={4: 2000}),
                ROUND_ROBIN,
                criteria=("buchholz", "head-to-head", "opponents-elo"),
            )
        )
        assert {pid: row["decided_by"] for pid, row in rows.items()} == {
            1: "head-to-head",
            4: "head-to-head",
            2: "",
            3: "",
        }

    def test_players_the_chain_leaves_tied_have_no_deciding_criterion(self):
        rows = standings.table(players(1, 2, 3, 4), ROUND_ROBIN, criteria=("buchholz", "solkoff", "wins"))
        assert [(r["place"], r["decided_by"]) for r in rows] == [("1", ""), ("2-3", ""), ("2-3", ""), ("4", "")]

    def test_opponents_elo_decides_when_named(self):
        # 1.13.3 criterion 6: 1 and 4 both met 2 and 3 (unrated); 1 met 4 (1800), 4 met 1 (1200).
        rows = standings.table(
            players(1, 2, 3, 4, ratings={1: 1200, 4: 1800}), ROUND_ROBIN, criteria=("opponents-elo",)
        )
        assert [r["id"] for r in rows] == [2, 1, 4, 3]

    def test_beaten_points_sums_the_beaten_opponents(self):
        # 1.13.3 criterion 4: player 4 beat 1 (1.5), player 1 beat 3 (1.0).
        rows = standings.table(players(1, 2, 3, 4), ROUND_ROBIN, criteria=("beaten-points",))
        assert [r["id"] for r in rows] == [2, 4, 1, 3]

    def test_most_wins_counts_a_forfeit_win(self):
        # 1.13.3 criterion 2 with 1.12.2: player 1 (a "+", a loss, a draw) over player 4 (three draws).
        rounds = [
            [game(1, 2, "+/-"), game(3, 4, "1/2-1/2")],
            [game(1, 3, "0-1"), game(2, 4, "1/2-1/2")],
            [game(1, 4, "1/2-1/2"), game(2, 3, "0-1")],
        ]
        rows = standings.table(players(1, 2, 3, 4), rounds, criteria=("wins",))
        assert [(r["id"], r["points"], r["wins"]) for r in rows] == [(3, 2.5, 2), (1, 1.5, 1), (4, 1.5, 0), (2, 0.5, 0)]

    def test_results_against_others_go_from_the_highest_placed(self):
        # 1.13.3 criterion 5. Player 1 (2.5) is first and 4 (1.5) second; 2 and 3 (1.0) drew each
        # other, so head-to-head cannot part them. Against player 1: 2 drew, 3 lost → 2 ahead,
        # though against player 4 it was the other way round.
        rounds = [
            [game(1, 2, "1/2-1/2"), game(3, 4, "1/2-1/2")],
            [game(1, 3, "1-0"), game(2, 4, "0-1")],
            [game(1, 4, "1-0"), game(2, 3, "1/2-1/2")],
        ]
        rows = standings.table(players(1, 2, 3, 4), rounds, criteria=("head-to-head", "results-vs-places"))
        assert [(r["id"], r["place"]) for r in rows] == [(1, "1"), (4, "2"), (2, "3"), (3, "4")]

    def test_a_play_off_decides_before_any_criterion(self):
        # 1.13.2: the play-off put 1 above 4 although Berger favours 4.
        rows = standings.table(players(1, 2, 3, 4), ROUND_ROBIN, criteria=("berger",), playoff=[[1, 4]])
        assert [(r["id"], r["place"]) for r in rows] == [(2, "1"), (1, "2"), (4, "3"), (3, "4")]

    def test_a_drawn_play_off_leaves_the_criteria_to_decide(self):
        rows = standings.table(players(1, 2, 3, 4), ROUND_ROBIN, criteria=("berger",), playoff=[[[1, 4]]])
        assert [r["id"] for r in rows] == [2, 4, 1, 3]

    def test_a_play_off_among_players_no_longer_tied_orders_nothing(self):
        # 1.13.2: a play-off decides among players tied on points; once a corrected result
        # leaves them untied (or ties another with them) it is void and the points decide.
        plain = standings.table(players(1, 2, 3, 4), ROUND_ROBIN, criteria=("berger",))
        for void in ([[2, 1]], [[3, 1]], [[4, 1, 3]]):
            rows = standings.table(players(1, 2, 3, 4), ROUND_ROBIN, criteria=("berger",), playoff=void)
            assert [(r["id"], r["place"]) for r in rows] == [(r["id"], r["place"]) for r in plain]

    def test_an_unknown_criterion_is_refused(self):
        with pytest.raises(ValueError):
            standings.table(players(1, 2, 3, 4), ROUND_ROBIN, criteria=("progressive",))


class TestTruncatedSolkoffAgainstSolkoff:
    # A Swiss of six, three rounds. Players 2 and 6 have 1.0 each.
    #   2 met 3 (1.5), 6 (1.0), 1 (2.0): Buchholz 4.5, cut 1 → 3.5, cut 2 → 2.0; Solkoff 1.5
    #   6 met 5 (2.5), 2 (1.0), 4 (1.0): Buchholz 4.5, cut 1 → 3.5, cut 2 → 2.5; Solkoff 1.0
    ROUNDS = [
        [game(2, 3, "1/2-1/2"), game(1, 4, "1-0"), game(5, 6, "1-0")],
        [game(4, 3, "1/2-1/2"), game(2, 6, "1/2-1/2"), game(1, 5, "0-1")],
        [game(2, 1, "0-1"), game(6, 4, "1/2-1/2"), game(3, 5, "1/2-1/2")],
    ]

    def order(self, criterion):
        rows = standings.table(players(1, 2, 3, 4, 5, 6), self.ROUNDS, system="swiss", criteria=(criterion,))
        return [r["id"] for r in rows if r["points"] == 1.0]

    def test_the_second_cut_decides_when_the_first_ties(self):
        # 1.13.8: "в случае равенства исключается 2 худших результата"
        assert self.order("truncated-solkoff") == [6, 2, 4]

    def test_a_three_way_tie_names_the_criterion_that_split_it_not_the_one_that_tied(self):
        # 1.13.3: the three share 1.0 point and no wins; wins splits nothing, the second cut puts 6 ahead
        # (2.5 against 2.0) and leaves 2 and 4 sharing 5th-6th, settled by nothing.
        rows = standings.table(
            players(1, 2, 3, 4, 5, 6), self.ROUNDS, system="swiss", criteria=("wins", "truncated-solkoff")
        )
        assert [(r["id"], r["place"], r["decided_by"]) for r in rows if r["points"] == 1.0] == [
            (6, "4", "truncated-solkoff"),
            (2, "5-6", ""),
            (4, "5-6", ""),
        ]

    def test_after_one_game_the_first_cut_is_shown_and_leaves_nothing(self):
        # 1.13.8: Buchholz without the worst (the only) opponent is 0, and it is there to compare.
        rows = by_id(standings.table(players(1, 2, 3, 4, 5, 6), self.ROUNDS[:1], system="swiss"))
        assert rows[2]["coefficients"]["buchholz"] == 0.5
        assert rows[2]["coefficients"]["truncated-solkoff"] == [0.0]

    def test_solkoff_ranks_them_the_other_way(self):
        # 1.13.7
        ranked = self.order("solkoff")
        assert ranked.index(2) < ranked.index(6)


class TestForfeitsAndByes:
    # Three players, a round robin: each round one rests (the Berger free round scores nothing).
    ROUNDS = [
        [game(1, 2, "+/-"), bye(3)],
        [game(3, 1, "1/2-1/2"), bye(2)],
        [game(2, 3, "-/-"), bye(1)],
    ]

    def test_a_forfeit_counts_as_a_win_and_a_loss_and_both_absent_lose(self):
        # 1.12.2, 1.9.2; a free round in a round robin scores nothing.
        rows = by_id(standings.table(players(1, 2, 3), self.ROUNDS))
        assert {i: rows[i]["points"] for i in rows} == {1: 1.5, 2: 0.0, 3: 0.5}
        assert (rows[2]["losses"], rows[2]["games"], rows[2]["played"]) == (2, 2, 0)

    def test_forfeited_opponents_count_in_the_coefficients(self):
        # 1.12.2: "+" = 1 and "−" = 0 for coefficients too.
        rows = by_id(standings.table(players(1, 2, 3), self.ROUNDS))
        assert rows[1]["coefficients"]["berger"] == 2 * 0.0 + 0.5  # beat 2 (0.0), drew 3 (0.5)
        assert rows[2]["coefficients"]["shmulyan"] == 0 - (1.5 + 0.5)  # lost to 1 and to 3
        assert rows[3]["coefficients"]["riga"] == 1.5 * 1.5 + 1 * 0.0  # drew 1, lost to 2 (both absent)

    def test_the_crosstable_shows_plus_and_minus(self):
        grid = standings.crosstable(players(1, 2, 3), self.ROUNDS)["grid"]
        assert grid == {1: {2: ["+"], 3: ["½"]}, 2: {1: ["−"], 3: ["−"]}, 3: {1: ["½"], 2: ["−"]}}

    def test_two_one_nought_marks(self):
        grid = standings.crosstable(players(1, 2, 3, 4), ROUND_ROBIN, "2-1-0")["grid"]
        assert grid[4] == {1: ["2"], 3: ["0"], 2: ["1"]}


class TestRoundRobinWithdrawal:
    # Four players: three games each. Berger order: 1-4 2-3 | 4-3 1-2 | 2-4 3-1.
    def test_under_half_played_strikes_his_results(self):
        # 1.10.2: 4 played one game of three and left after round 1: his win over 1 no longer counts.
        rounds = [
            [game(1, 4, "0-1"), game(2, 3, "1-0")],
            [game(4, 3, ""), game(1, 2, "1/2-1/2")],
            [game(2, 4, ""), game(3, 1, "0-1")],
        ]
        rows = standings.table(players(1, 2, 3, 4, withdrawn={4: 1}), rounds, criteria=())
        assert [(r["id"], r["place"], r["points"], r["struck"]) for r in rows] == [
            (1, "1-2", 1.5, False),
            (2, "1-2", 1.5, False),
            (3, "3", 0.0, False),
            (4, "", 1.0, True),
        ]
        assert by_id(rows)[1]["coefficients"]["buchholz"] == 1.5 + 0.0  # 2 and 3 only

    def test_a_struck_players_played_games_keep_their_marks_and_the_rest_are_minus(self):
        # 1.10.2: "Несыгранные партии этого игрока и его партнёров отмечаются … минусом"
        rounds = [
            [game(1, 4, "0-1"), game(2, 3, "1-0")],
            [game(4, 3, ""), game(1, 2, "1/2-1/2")],
            [game(2, 4, ""), game(3, 1, "0-1")],
        ]
        grid = standings.crosstable(players(1, 2, 3, 4, withdrawn={4: 1}), rounds)["grid"]
        assert grid[4] == {1: ["1"], 3: ["−"], 2: ["−"]}
        assert grid[3][4] == ["−"] and grid[2][4] == ["−"] and grid[1][4] == ["0"]

    def test_half_or_more_played_keeps_his_results_and_his_opponents_get_plus(self):
        # 1.10.3: 4 played two of three and left after round 2; 2 gets "+" in round 3.
        rounds = [
            [game(1, 4, "1/2-1/2"), game(2, 3, "1-0")],
            [game(4, 3, "1-0"), game(1, 2, "1/2-1/2")],
            [game(2, 4, ""), game(3, 1, "0-1")],
        ]
        rows = by_id(standings.table(players(1, 2, 3, 4, withdrawn={4: 2}), rounds))
        assert {i: rows[i]["points"] for i in rows} == {1: 2.0, 2: 2.5, 3: 0.0, 4: 1.5}
        assert not rows[4]["struck"] and rows[4]["place"] == "3"
        grid = standings.crosstable(players(1, 2, 3, 4, withdrawn={4: 2}), rounds)["grid"]
        assert grid[2][4] == ["+"] and grid[4][2] == ["−"]

    def test_a_double_round_robin_doubles_the_scheduled_games(self):
        # 1.10.2 with two cycles: three players, six rounds, four games each; 3 played two and left
        # after round 3 — exactly half, so his results stay (1.10.3).
        rounds = [
            [game(1, 2, "1-0"), bye(3)],
            [game(2, 3, "0-1"), bye(1)],
            [game(3, 1, "0-1"), bye(2)],
            [game(2, 1, ""), bye(3)],
            [game(3, 2, ""), bye(1)],
            [game(1, 3, ""), bye(2)],
        ]
        rows = by_id(standings.table(players(1, 2, 3, withdrawn={3: 3}), rounds))
        assert not rows[3]["struck"]
        assert rows[2]["points"] == 1.0  # the "+" against 3 in round 5


class TestSwissAdjustments:
    # Five players, three rounds; 4 leaves after round 2 with 1.5, when 3 had 1.5 as well.
    #          r1        r2        r3        points
    #   1   +2 (w)    +5 (b)    =3 (w)      2.5
    #   2   −1        −3        +5          1.0
    #   3   =4        +2        =1          2.0
    #   4   =3        bye       —           1.5
    #   5   bye       −1        −2          1.0
    ROUNDS = [
        [game(1, 2, "1-0"), game(3, 4, "1/2-1/2"), bye(5)],
        [game(5, 1, "0-1"), game(2, 3, "0-1"), bye(4)],
        [game(1, 3, "1/2-1/2"), game(2, 5, "1-0")],
    ]

    @pytest.fixture
    def rows(self):
        return by_id(standings.table(players(1, 2, 3, 4, 5, withdrawn={4: 2}), self.ROUNDS, system="swiss"))

    def test_a_bye_counts_as_a_win(self, rows):
        # 1.15.2, 1.12.2
        assert rows[5]["points"] == 1.0 and rows[5]["wins"] == 1 and rows[5]["played"] == 2

    def test_a_bye_counts_the_lowest_score_anyone_made(self, rows):
        # 1.13.11: the lowest final score is 1.0 (players 2 and 5).
        assert rows[5]["coefficients"]["buchholz"] == 1.0 + 2.5 + 1.0
        assert rows[5]["coefficients"]["shmulyan"] == 1.0 - (2.5 + 1.0)
        assert rows[5]["opponents"][0]["counted_as"] == standings.BYE_AS

    def test_a_withdrawn_opponent_counts_his_score_groups_average(self, rows):
        # 1.13.11: 4 left on 1.5 with player 3 alone beside him; 3 finished on 2.0, so 4 counts 2.0.
        c = rows[3]["coefficients"]
        assert c["buchholz"] == 2.0 + 1.0 + 2.5
        assert c["berger"] == 2 * 1.0 + 2.0 + 2.5
        assert c["riga"] == 2 * 1.0 + 1.5 * (2.0 + 2.5)
        assert c["solkoff"] == 2.0
        assert c["truncated-solkoff"] == [4.5, 2.5]
        assert rows[3]["opponents"][0]["counted_as"] == standings.WITHDRAWN_AS

    def test_a_withdrawn_players_results_stand(self, rows):
        # 1.10.5
        assert rows[4]["points"] == 1.5 and rows[4]["place"] == "3" and not rows[4]["struck"]

    def test_a_tie_goes_by_the_adjusted_coefficient(self):
        rows = standings.table(
            players(1, 2, 3, 4, 5, withdrawn={4: 2}), self.ROUNDS, system="swiss", criteria=("buchholz",)
        )
        assert [r["id"] for r in rows] == [1, 3, 4, 2, 5]  # 2: 5.5 over 5: 4.5

    def test_per_round_rows_for_the_swiss_crosstable(self):
        table = standings.crosstable(players(1, 2, 3, 4, 5, withdrawn={4: 2}), self.ROUNDS, system="swiss")
        assert table["rounds"][5] == [
            {"round": 1, "opponent": None, "colour": None, "mark": "+", "result": "bye"},
            {"round": 2, "opponent": 1, "colour": "white", "mark": "0", "result": "0-1"},
            {"round": 3, "opponent": 2, "colour": "black", "mark": "0", "result": "1-0"},
        ]
