"""Other pairing procedures the regulations choose (003 1.15.9: «Положением или Регламентом о
соревновании может быть предусмотрен и иной порядок проведения жеребьёвки. Например,
принудительная жеребьёвка в первых турах, жеребьёвка участников по группам»): accelerated
pairing in the first rounds, and pairing within groups (rating bands). Pure: the pairing module."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from club.championships.pairing import OtherProcedures, swiss_working
from club.championships.pairing.other_procedures import band_of, upper_group
from games import results

SYSTEMS = ("coefficients", "buchholz", "solkoff", "blind")


def field(n: int, ratings=None) -> list[dict]:
    ratings = ratings or [2400 - 50 * i for i in range(n)]
    return [{"id": i + 1, "rating": ratings[i], "withdrawn": False} for i in range(n)]


def played(working: dict, decide) -> list[dict]:
    """The round's boards with results: ``decide(white, black)`` gives "1-0", "0-1" or "1/2-1/2"."""
    return [
        {"white": w, "black": b, "result": results.BYE if b is None else decide(w, b)} for w, b in working["boards"]
    ]


def higher_wins(white, black):
    return results.WHITE_WINS if white < black else results.BLACK_WINS


def test_the_first_accelerated_round_pairs_the_upper_group_by_itself():
    # 1.15.9 «принудительная жеребьёвка в первых турах»: the strongest meet at once.
    players = field(8)
    plain = swiss_working("coefficients", players, [], seed="s")
    fast = swiss_working("coefficients", players, [], seed="s", procedures=OtherProcedures(accelerated_rounds=2))
    assert sorted(sorted(b) for b in plain["boards"]) == [[1, 5], [2, 6], [3, 7], [4, 8]]  # 1.15.5.2
    assert sorted(sorted(b) for b in fast["boards"]) == [[1, 3], [2, 4], [5, 7], [6, 8]]
    assert fast["procedures"]["accelerated"] == {"points": 1.0, "upper": [1, 2, 3, 4]}
    assert fast["procedures"]["accelerated_rounds"] == 2


def test_an_accelerated_round_counts_the_upper_groups_extra_points_and_the_next_round_does_not():
    # 1.15.9: in the accelerated rounds the upper group counts a point more when score groups
    # are formed; after them, the real points alone.
    players, rules = field(8), OtherProcedures(accelerated_rounds=2)
    first = swiss_working("coefficients", players, [], seed="s", procedures=rules)
    rounds = [played(first, higher_wins)]
    second = swiss_working("coefficients", players, rounds, seed="s", procedures=rules)
    points = {row["player"]: row["points"] for row in second["classification"]}
    # Winners of the upper group: 1 + 1; its losers and the lower group's winners: 1; the rest 0.
    assert points == {1: 2.0, 2: 2.0, 3: 1.0, 4: 1.0, 5: 1.0, 6: 1.0, 7: 0.0, 8: 0.0}
    assert sorted(sorted(b) for b in second["boards"])[0] == [1, 2]  # the two upper winners meet
    rounds.append(played(second, higher_wins))
    third = swiss_working("coefficients", players, rounds, seed="s", procedures=rules)
    real = {row["player"]: row["points"] for row in third["classification"]}
    assert real[1] == 2.0 and "accelerated" not in third["procedures"]


def test_the_upper_group_is_the_first_half_of_the_initial_order_made_even():
    assert upper_group(field(8)) == [1, 2, 3, 4]
    assert upper_group(field(10)) == [1, 2, 3, 4, 5, 6]
    assert upper_group(field(7)) == [1, 2, 3, 4]


def test_a_rating_band_is_chosen_by_its_lower_bound_and_no_rating_is_the_lowest_band():
    bounds = (2200, 1800)
    assert [band_of(r, bounds) for r in (2500, 2200, 2199, 1800, 1000, None)] == [0, 0, 1, 1, 2, 2]


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(1000, 2600), min_size=4, max_size=16),
    st.lists(st.integers(1200, 2400), min_size=1, max_size=2, unique=True),
    st.sampled_from(SYSTEMS),
    st.integers(0, 2),
    st.randoms(use_true_random=False),
)
def test_pairing_within_bands_never_pairs_across_them_and_pairs_everyone(ratings, bounds, system, fast, rng):
    # 1.15.9 «жеребьёвка участников по группам»: every round, each band is paired by itself;
    # every player is paired or has the bye, once.
    bounds = tuple(sorted(bounds, reverse=True))
    players = field(len(ratings), sorted(ratings, reverse=True))
    band = {p["id"]: band_of(p["rating"], bounds) for p in players}
    sizes = [list(band.values()).count(k) for k in range(len(bounds) + 1)]
    rules = OtherProcedures(accelerated_rounds=fast, rating_bands=bounds)
    rounds = []
    for round_no in (1, 2, 3):
        if round_no > 1 and any(0 < size < 2 * round_no for size in sizes):
            break  # a small band runs out of players not met yet (1.15.2): a Swiss of its own has few rounds
        working = swiss_working(system, players, rounds, seed="s", procedures=rules)
        seen = [pid for board in working["boards"] for pid in board if pid is not None]
        assert sorted(seen) == [p["id"] for p in players]
        assert all(band[w] == band[b] for w, b in working["boards"] if b is not None)
        assert len(working["byes"]) == sum(size % 2 for size in sizes)
        assert [b["from"] for b in working["procedures"]["bands"]] == [
            ([*bounds, None])[k] for k in range(len(bounds) + 1) if sizes[k]
        ]
        rounds.append(played(working, lambda w, b: rng.choice(["1-0", "0-1", "1/2-1/2"])))


def test_without_other_procedures_the_pairing_is_the_texts():
    # The regulations choose nothing: the round is exactly 1.15.5's.
    players, rng = field(9), random.Random(3)
    rounds = []
    for _ in range(3):
        plain = swiss_working("coefficients", players, rounds, seed="x")
        same = swiss_working("coefficients", players, rounds, seed="x", procedures=OtherProcedures())
        assert plain["boards"] == same["boards"]
        rounds.append(played(plain, lambda w, b: rng.choice(["1-0", "0-1"])))
