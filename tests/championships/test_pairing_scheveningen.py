"""Scheveningen (003 1.2, "схевенингенская": the members of one team play the
members of the other in turn) and the knockout bracket (1.2): pure pairing maths."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from club.championships import pairing


def _check(team_a, team_b, rounds):
    games = [frozenset(board) for r in rounds for board in r]
    # 1.2: every member of one team plays every member of the other, once.
    assert len(games) == len(set(games)) == len(team_a) * len(team_b)
    assert all(len(g & set(team_a)) == 1 and len(g & set(team_b)) == 1 for g in games)
    # A round seats each player at most once; equal teams: nobody rests.
    for r in rounds:
        seated = [p for board in r for p in board]
        assert len(seated) == len(set(seated))
        if len(team_a) == len(team_b):
            assert set(seated) == set(team_a) | set(team_b)
    assert len(rounds) == max(len(team_a), len(team_b))
    # Colour balance: whites and blacks of each player differ by at most one.
    whites = Counter(w for r in rounds for w, _b in r)
    blacks = Counter(b for r in rounds for _w, b in r)
    assert all(abs(whites[p] - blacks[p]) <= 1 for p in (*team_a, *team_b))


def test_two_teams_of_four_play_four_rounds_each_player_alternating_colours():
    team_a, team_b = ["a1", "a2", "a3", "a4"], ["b1", "b2", "b3", "b4"]
    rounds = pairing.scheveningen(team_a, team_b)
    _check(team_a, team_b, rounds)
    # Team A has white in rounds 1 and 3, team B in rounds 2 and 4: two whites each.
    assert [{white for white, _black in r} <= set(team_a) for r in rounds] == [True, False, True, False]
    whites = Counter(w for r in rounds for w, _b in r)
    assert all(whites[p] == 2 for p in team_a + team_b)


def _colours(player, rounds):
    return ["w" if board[0] == player else "b" for r in rounds for board in r if player in board]


@given(st.integers(1, 12))
def test_equal_teams_every_player_alternates_colours_every_round(n):
    # 1.2 with the colour balance: nobody has the same colour twice running, and
    # over an even number of rounds everybody has as many whites as blacks.
    team_a = [f"a{i}" for i in range(n)]
    team_b = [f"b{i}" for i in range(n)]
    rounds = pairing.scheveningen(team_a, team_b)
    _check(team_a, team_b, rounds)
    for player in team_a + team_b:
        colours = _colours(player, rounds)
        assert len(colours) == n
        assert all(x != y for x, y in zip(colours, colours[1:]))
        if n % 2 == 0:
            assert colours.count("w") == colours.count("b") == n // 2


@given(st.integers(1, 9), st.integers(1, 9))
def test_any_two_teams_meet_completely_with_balanced_colours(a, b):
    team_a = [f"a{i}" for i in range(a)]
    team_b = [f"b{i}" for i in range(b)]
    rounds = pairing.scheveningen(team_a, team_b)
    _check(team_a, team_b, rounds)
    assert rounds == pairing.scheveningen(team_a, team_b)  # deterministic


def test_a_player_in_both_teams_or_an_empty_team_is_refused():
    with pytest.raises(pairing.PairingError):
        pairing.scheveningen(["x", "y"], ["y", "z"])
    with pytest.raises(pairing.PairingError):
        pairing.scheveningen([], ["z"])


@given(st.integers(2, 70))
def test_a_knockout_bracket_seats_everyone_once_with_byes_for_the_top_seeds(n):
    # 1.2: byes fill the bracket to a power of two and go to the top seeds.
    ties = pairing.knockout(n)
    size = 1 << (n - 1).bit_length()
    assert len(ties) == size // 2
    seated = [s for tie in ties for s in tie if s is not None]
    assert sorted(seated) == list(range(1, n + 1))
    assert sorted(a for a, b in ties if b is None) == list(range(1, size - n + 1))
    assert pairing.knockout_rounds(n) == (size - 1).bit_length()
    # Seeds 1 and 2 meet only in the final: they are in different halves.
    where = {s: i for i, tie in enumerate(ties) for s in tie if s}
    half = len(ties) // 2
    assert half == 0 or (where[1] < half) != (where[2] < half)


def test_the_next_knockout_round_pairs_neighbouring_winners():
    assert pairing.knockout_next([5, 9, 2, 7]) == [(5, 9), (2, 7)]
    with pytest.raises(pairing.PairingError):
        pairing.knockout_next([1, 2, 3])
