"""The common rules of Swiss pairing (003 1.15.2) hold for every system over random events.

Each example plays a whole small event round by round: random results (wins, draws,
forfeits "+/-", "-/+", "-/-"), players withdrawing, odd and even fields. The test keeps
its own books of who met whom, colours and wins without play, independent of the
module, and checks every pairing against them. When the module says no pairing is
possible, a brute-force search over every pairing of the field must agree.
"""

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from club.championships import pairing

RESULTS = ["1-0", "0-1", "1/2-1/2", "+/-", "-/+", "-/-"]
PLAYED = {"1-0", "0-1", "1/2-1/2"}
FORFEIT_WINNER = {"+/-": 0, "-/+": 1}  # index of the winner in (white, black)

PROPERTY_SETTINGS = settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)


class Books:
    """What an arbiter's cards say: meetings, played colours, wins without play."""

    def __init__(self, ids):
        self.met = {i: set() for i in ids}
        self.colours = {i: [] for i in ids}
        self.free_wins = {i: 0 for i in ids}

    def fourth_colour_running(self, player, colour):
        return self.colours[player][-3:] == [colour] * 3

    def may_meet(self, a, b):
        # 1.15.2: no rematch; not both forced to the same colour after three running.
        if b in self.met[a]:
            return False
        return not any(self.fourth_colour_running(a, c) and self.fourth_colour_running(b, c) for c in "wb")

    def record(self, board):
        white, black, result = board["white"], board["black"], board["result"]
        if black is None:
            self.free_wins[white] += 1
            return
        self.met[white].add(black)
        self.met[black].add(white)
        if result in PLAYED:
            self.colours[white].append("w")
            self.colours[black].append("b")
        elif result in FORFEIT_WINNER:
            self.free_wins[(white, black)[FORFEIT_WINNER[result]]] += 1


def some_pairing_exists(active, books):
    """Brute force: can ``active`` be paired (with one bye if odd) under 1.15.2?"""

    def pair_all(rest):
        if not rest:
            return True
        first, others = rest[0], rest[1:]
        return any(books.may_meet(first, q) and pair_all([p for p in others if p != q]) for q in others)

    if len(active) % 2 == 0:
        return pair_all(active)
    return any(books.free_wins[b] == 0 and pair_all([p for p in active if p != b]) for b in active)


def check_round(pairs, active, withdrawn, books):
    seen = [p for pair in pairs for p in pair if p is not None]
    # 1.15.2: everyone still playing is paired exactly once; withdrawn players never.
    assert sorted(seen) == sorted(active)
    assert not set(seen) & withdrawn
    byes = [white for white, black in pairs if black is None]
    # 1.15.2: the odd player out, and only he, gets the "+" …
    assert len(byes) == len(active) % 2
    # … and never a second win without play (a bye or a forfeit win).
    for player in byes:
        assert books.free_wins[player] == 0, f"{player} gets a second win without play"
    for white, black in pairs:
        if black is None:
            continue
        # 1.15.2: two players meet at most once.
        assert black not in books.met[white], f"rematch {white}-{black}"
        # 1.15.2: never the same colour four times running (played games only).
        assert not books.fourth_colour_running(white, "w"), f"{white} gets a fourth white running"
        assert not books.fourth_colour_running(black, "b"), f"{black} gets a fourth black running"


def play_event(system, data, n_players, n_rounds):
    ids = list(range(101, 101 + n_players))  # ids are not start numbers
    players = [{"id": i, "rating": None, "withdrawn": False} for i in ids]
    books = Books(ids)
    rounds = []
    seed = data.draw(st.integers(0, 3), label="seed")
    for _ in range(n_rounds):
        leaving = data.draw(st.sets(st.sampled_from(ids), max_size=1), label="withdrawn")
        for p in players:
            p["withdrawn"] = p["withdrawn"] or p["id"] in leaving
        withdrawn = {p["id"] for p in players if p["withdrawn"]}
        active = [i for i in ids if i not in withdrawn]
        try:
            pairs = pairing.swiss(system, copy.deepcopy(players), copy.deepcopy(rounds), seed=seed)
        except pairing.PairingError as error:
            assert "1.15.2" in str(error)
            assert not some_pairing_exists(active, books), "a pairing exists but the module found none"
            return
        check_round(pairs, active, withdrawn, books)
        # Deterministic: the same input gives the same pairing.
        assert pairing.swiss(system, players, rounds, seed=seed) == pairs
        boards = [
            {
                "white": w,
                "black": b,
                "result": "bye" if b is None else data.draw(st.sampled_from(RESULTS), label="result"),
            }
            for w, b in pairs
        ]
        for board in boards:
            books.record(board)
        rounds.append(boards)


@pytest.mark.parametrize("system", pairing.SYSTEMS)
@PROPERTY_SETTINGS
@given(data=st.data(), n_players=st.integers(2, 11), n_rounds=st.integers(1, 9))
def test_every_round_keeps_the_common_rules_of_1_15_2(system, data, n_players, n_rounds):
    play_event(system, data, n_players, n_rounds)


@pytest.mark.parametrize("system", pairing.SYSTEMS)
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), n_players=st.integers(3, 7))
def test_it_pairs_until_no_pairing_is_possible_and_then_says_so(system, data, n_players):
    # Small fields played to exhaustion: every round either keeps 1.15.2 or the module
    # raises PairingError exactly when the brute force finds no pairing either.
    play_event(system, data, n_players, n_rounds=n_players + 2)
