"""Round robin by the Berger tables ("таблицы очерёдности игр", 003 1.2, 1.6.2).

The published tables below are FIDE C.05 Annex 1 "Berger Tables for Round-Robin
Tournaments" (the same table the federation's order tables follow), typed in as
"white-black" per board, one line per round. For an odd number of players the table of
the next even number is used and the highest number is the dummy.
"""

from itertools import combinations

import pytest

from club.championships import pairing

PUBLISHED = {
    4: """
        1-4 2-3
        4-3 1-2
        2-4 3-1
    """,
    6: """
        1-6 2-5 3-4
        6-4 5-3 1-2
        2-6 3-1 4-5
        6-5 1-4 2-3
        3-6 4-2 5-1
    """,
    8: """
        1-8 2-7 3-6 4-5
        8-5 6-4 7-3 1-2
        2-8 3-1 4-7 5-6
        8-6 7-5 1-4 2-3
        3-8 4-2 5-1 6-7
        8-7 1-6 2-5 3-4
        4-8 5-3 6-2 7-1
    """,
    10: """
        1-10 2-9 3-8 4-7 5-6
        10-6 7-5 8-4 9-3 1-2
        2-10 3-1 4-9 5-8 6-7
        10-7 8-6 9-5 1-4 2-3
        3-10 4-2 5-1 6-9 7-8
        10-8 9-7 1-6 2-5 3-4
        4-10 5-3 6-2 7-1 8-9
        10-9 1-8 2-7 3-6 4-5
        5-10 6-4 7-3 8-2 9-1
    """,
    12: """
        1-12 2-11 3-10 4-9 5-8 6-7
        12-7 8-6 9-5 10-4 11-3 1-2
        2-12 3-1 4-11 5-10 6-9 7-8
        12-8 9-7 10-6 11-5 1-4 2-3
        3-12 4-2 5-1 6-11 7-10 8-9
        12-9 10-8 11-7 1-6 2-5 3-4
        4-12 5-3 6-2 7-1 8-11 9-10
        12-10 11-9 1-8 2-7 3-6 4-5
        5-12 6-4 7-3 8-2 9-1 10-11
        12-11 1-10 2-9 3-8 4-7 5-6
        6-12 7-5 8-4 9-3 10-2 11-1
    """,
}


def published(size: int) -> list[list[tuple[int, int]]]:
    return [
        [tuple(int(n) for n in board.split("-")) for board in line.split()]
        for line in PUBLISHED[size].strip().splitlines()
    ]


@pytest.mark.parametrize("size", sorted(PUBLISHED))
def test_it_reproduces_the_published_berger_table_board_by_board(size):
    # 1.6.2: seating by the order tables; rounds, boards and colours as published.
    assert pairing.round_robin(size) == published(size)


@pytest.mark.parametrize("size", sorted(PUBLISHED))
def test_an_odd_field_uses_the_next_even_table_with_the_highest_number_as_the_dummy(size):
    # 1.2 / FIDE C.05 Annex 1: with n - 1 players, the partner of n rests.
    assert pairing.round_robin(size - 1) == published(size)


@pytest.mark.parametrize("n", range(3, 17))
def test_every_pair_meets_exactly_once_per_cycle_and_each_player_rests_at_most_once(n):
    size = n + n % 2
    table = pairing.round_robin(n, cycles=2)
    assert len(table) == 2 * (size - 1)
    for cycle in (table[: size - 1], table[size - 1 :]):
        met = [frozenset(board) for rnd in cycle for board in rnd]
        assert sorted(met, key=sorted) == sorted(map(frozenset, combinations(range(1, size + 1), 2)), key=sorted)
        for rnd in cycle:
            assert sorted(p for board in rnd for p in board) == list(range(1, size + 1))
        if n % 2:
            rests = [p for rnd in cycle for board in rnd if size in board for p in board if p != size]
            assert sorted(rests) == list(range(1, n + 1))


@pytest.mark.parametrize("n", range(3, 17))
def test_the_second_cycle_repeats_the_first_with_colours_reversed(n):
    # 1.2: several cycles; every even cycle swaps the colours of the one before.
    rounds = len(pairing.round_robin(n))
    table = pairing.round_robin(n, cycles=3)
    first, second, third = table[:rounds], table[rounds : 2 * rounds], table[2 * rounds :]
    assert second == [[(b, w) for w, b in rnd] for rnd in first]
    assert third == first


@pytest.mark.parametrize("n", range(3, 17))
def test_colours_are_balanced_as_in_the_tables(n):
    # In an even table every player has white in (size - 1) // 2 or size // 2 games.
    size = n + n % 2
    whites = {p: 0 for p in range(1, size + 1)}
    for rnd in pairing.round_robin(n):
        for white, _ in rnd:
            whites[white] += 1
    assert set(whites.values()) <= {(size - 1) // 2, size // 2}


def test_fewer_than_two_players_cannot_make_a_table():
    with pytest.raises(ValueError):
        pairing.round_robin(1)
