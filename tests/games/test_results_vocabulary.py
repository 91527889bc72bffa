"""The one result vocabulary (games/results.py): 1.12.1 scoring, 1.12.2 forfeits."""

import pytest

from games import results


@pytest.mark.parametrize(
    "result, white, black",
    [
        ("1-0", "win", "loss"),
        ("0-1", "loss", "win"),
        ("1/2-1/2", "draw", "draw"),
        ("0-0", "loss", "loss"),  # 1.4: the loss of the game given to both, in a game played
        ("+/-", "win", "loss"),
        ("-/+", "loss", "win"),
        ("-/-", "loss", "loss"),
    ],
)
def test_outcomes_from_each_side(result, white, black):
    assert results.outcome(result, "white") == white
    assert results.outcome(result, "black") == black


def test_no_result_has_no_outcome():
    assert results.outcome("", "white") is None
    assert results.score("", "black") is None
    assert results.mark("annulled", "white") == ""


def test_scoring_systems_of_1_12_1():
    assert [results.score("1-0", "white", s) for s in ("1-1/2-0", "2-1-0")] == [1.0, 2.0]
    assert [results.score("1/2-1/2", "black", s) for s in ("1-1/2-0", "2-1-0")] == [0.5, 1.0]
    assert results.score("-/-", "white", "2-1-0") == 0.0


def test_forfeits_count_for_places_but_are_not_rated():
    # 1.12.2: "+" counts as a win for places, an unplayed game is not rated.
    assert results.score("-/+", "black") == 1.0
    assert results.elo_scores("-/+") is None
    assert results.elo_scores("1-0") == (1.0, 0.0) and results.elo_scores("1/2-1/2") == (0.5, 0.5)
    assert not results.is_played("+/-") and results.is_forfeit("-/-")


def test_a_forfeit_win_is_a_win_in_filters():
    assert results.results_with("white", "win") == ("1-0", "+/-")
    assert results.results_with("black", "loss") == ("1-0", "0-0", "+/-", "-/-")


def test_marks_and_winners():
    assert [results.mark(r, "white") for r in results.RESULTS] == ["1", "0", "½", "0", "+", "−", "−"]
    assert [results.winner(r) for r in results.RESULTS] == ["white", "black", None, None, "white", "black", None]
    assert results.for_winner("black", forfeit=True) == "-/+"
    assert results.for_winner(None) == "1/2-1/2"


# 1.4 "возможен случай, когда поражение ставится обоим участникам", in a game played:
# both score 0, it is rated, and it is no forfeit (1.12.2 keeps +/− for games not played).
def test_a_game_both_lost_is_played_and_rated_with_no_points_for_either():
    assert results.is_played("0-0") and not results.is_forfeit("0-0")
    assert results.elo_scores("0-0") == (0.0, 0.0)
    assert results.for_winner(None, both_lost=True) == "0-0"
    assert results.for_winner(None, forfeit=True, both_lost=True) == "-/-"
