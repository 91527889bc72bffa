"""The pure rules of team competitions (003 1.14), by hand-computed examples."""

import pytest

from club.championships import team_rules as rules


def test_home_team_has_white_on_the_odd_boards_and_black_on_the_even_ones_1_14_3():
    assert rules.board_colours(4) == ["white", "black", "white", "black"]
    assert rules.board_colours(5) == ["white", "black", "white", "black", "white"]


@pytest.mark.parametrize(
    ("present", "boards", "plays"),
    [
        (4, 4, True),
        (2, 4, True),
        (1, 4, False),
        (0, 4, False),
        (3, 6, True),
        (2, 6, False),
        (2, 3, True),
        (1, 2, False),
    ],
)
def test_a_team_needs_half_its_boards_and_two_players_present_1_14_4(present, boards, plays):
    assert rules.may_play(present, boards) is plays


def test_a_match_short_of_players_is_lost_by_forfeit_and_both_short_lose_both_1_14_4():
    assert rules.forfeit_result(True, False) == "+/-"
    assert rules.forfeit_result(False, True) == "-/+"
    assert rules.forfeit_result(False, False) == "-/-"


def test_an_empty_chair_loses_its_board_whatever_the_colour():
    assert rules.board_result(True, True, "white") == ""
    assert rules.board_result(True, False, "white") == "+/-"  # home white, away absent
    assert rules.board_result(True, False, "black") == "-/+"  # home black, away (white) absent
    assert rules.board_result(False, False, "black") == "-/-"


def test_the_match_goes_to_the_team_with_more_board_points_1_14_6():
    # Boards 1 and 3: home is white; 2 and 4: home is black.
    assert rules.board_points(["1-0", "1-0", "1/2-1/2", "0-1"]) == (2.5, 1.5)
    assert rules.match_result(["1-0", "1-0", "1/2-1/2", "0-1"]) == "1-0"
    assert rules.match_result(["0-1", "1-0", "1/2-1/2", "1-0"]) == "0-1"
    assert rules.match_result(["1-0", "0-1", "1/2-1/2", "1/2-1/2"]) == "1-0"
    assert rules.match_result(["1-0", "1-0", "0-1", "0-1"]) == "1/2-1/2"
    assert rules.match_result(["1-0", ""]) is None
    assert rules.match_result(["+/-", "-/+"]) == "+/-"  # every board a forfeit: the match too


# Four teams, four boards, a round robin (home first, board points home:away):
#   R1  A–B 3:1    C–D 2:2
#   R2  A–C 2:2    B–D 4:0
#   R3  D–A 3:1    B–C 2½:1½
# Match points (2/1/0): A 2+1+0 = 3, B 0+2+2 = 4, C 1+1+0 = 2, D 1+0+2 = 3.
# Board points: A 3+2+1 = 6, B 1+4+2½ = 7½, C 2+2+1½ = 5½, D 2+0+3 = 5.
A, B, C, D = 1, 2, 3, 4
TEAMS = [{"id": t} for t in (A, B, C, D)]


def m(home, away, home_points, away_points):
    result = "1-0" if home_points > away_points else "0-1" if away_points > home_points else "1/2-1/2"
    return {"home": home, "away": away, "result": result, "home_points": home_points, "away_points": away_points}


ROUNDS = [
    [m(A, B, 3, 1), m(C, D, 2, 2)],
    [m(A, C, 2, 2), m(B, D, 4, 0)],
    [m(D, A, 3, 1), m(B, C, 2.5, 1.5)],
]


def test_match_points_place_the_teams_then_board_points_split_a_tie_1_14_6_note():
    rows = rules.table(TEAMS, ROUNDS, scoring="match-points")
    assert [(r["id"], r["place"], r["match_points"], r["board_points"]) for r in rows] == [
        (B, "1", 4, 7.5),
        (A, "2", 3, 6),  # A and D both 3: A has more board points
        (D, "3", 3, 5),
        (C, "4", 2, 5.5),
    ]
    assert [(r["matches_won"], r["matches_drawn"], r["matches_lost"]) for r in rows] == [
        (2, 0, 1),
        (1, 1, 1),
        (1, 1, 1),
        (0, 2, 1),
    ]


def test_board_points_place_the_teams_when_the_event_scores_by_them_1_14_6():
    rows = rules.table(TEAMS, ROUNDS, scoring="board-points")
    assert [(r["id"], r["place"], r["board_points"]) for r in rows] == [
        (B, "1", 7.5),
        (A, "2", 6),
        (C, "3", 5.5),
        (D, "4", 5),
    ]


def test_head_to_head_then_match_wins_split_teams_tied_on_points_1_14_6():
    # Only head-to-head: A and D tied on 3 match points; D beat A in round 3.
    rows = rules.table(TEAMS, ROUNDS, scoring="match-points", criteria=["head-to-head"])
    assert [(r["id"], r["place"]) for r in rows] == [(B, "1"), (D, "2"), (A, "3"), (C, "4")]
    # No criterion: the tie is a shared place.
    rows = rules.table(TEAMS, ROUNDS, scoring="match-points", criteria=[])
    assert [r["place"] for r in rows] == ["1", "2-3", "2-3", "4"]


def test_a_team_that_won_every_match_but_is_second_may_play_for_first_place_1_14_6():
    # Board points: A wins both matches narrowly (2½:1½), B crushes C and D 4:0 but loses to A.
    rounds = [[m(A, B, 2.5, 1.5)], [m(C, A, 1.5, 2.5), m(B, C, 4, 0)], [m(D, A, 1.5, 2.5), m(B, D, 4, 0)]]
    rows = rules.table([{"id": t} for t in (A, B, C, D)], rounds, scoring="board-points")
    assert [(r["id"], r["board_points"]) for r in rows[:2]] == [(B, 9.5), (A, 7.5)]
    assert rows[1]["playoff_right"] is True and rows[0]["playoff_right"] is False


def test_an_annulled_team_leaves_the_table_with_all_its_matches_1_14_5():
    teams = [{"id": A}, {"id": B}, {"id": C}, {"id": D, "annulled": True}]
    rows = rules.table(teams, ROUNDS, scoring="match-points")
    # Without D: A 2+1 = 3 (boards 5), B 0+2 = 2 (boards 3½), C 1+0 = 1 (boards 3½).
    assert [(r["id"], r["place"], r["match_points"], r["board_points"]) for r in rows] == [
        (A, "1", 3, 5),
        (B, "2", 2, 3.5),
        (C, "3", 1, 3.5),
        (D, "", 0, 0),
    ]
    assert rows[-1]["annulled"] is True


def test_unknown_scoring_or_criteria_are_refused():
    with pytest.raises(ValueError):
        rules.table(TEAMS, ROUNDS, scoring="goals")
    with pytest.raises(ValueError):
        rules.table(TEAMS, ROUNDS, criteria=["goal-difference"])


def test_more_matches_won_or_the_direct_encounter_decide_as_the_regulations_order_them_1_14_6():
    # A beats B 3:1 and D 2½:1½, loses to C 1½:2½ → 4 match points, 7 board points.
    # C beats A, draws B 2:2 and D 2:2 → 4 match points, 6½ board points.
    rounds = [
        [m(A, B, 3, 1), m(C, D, 2, 2)],
        [m(C, A, 2.5, 1.5), m(B, D, 3, 1)],
        [m(A, D, 2.5, 1.5), m(B, C, 2, 2)],
    ]
    top_two = lambda criteria: [r["id"] for r in rules.table(TEAMS, rounds, scoring="match-points", criteria=criteria)][
        :2
    ]  # noqa: E731
    assert top_two(["match-wins"]) == [A, C]  # two wins against one
    assert top_two(["head-to-head"]) == [C, A]  # C won their match
    assert top_two(["board-points"]) == [A, C]  # 7 against 6½
