"""Drawing start numbers by lot and the initial classification (003 1.15.4, 1.15.5.1)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from club.championships import pairing


@given(ids=st.lists(st.integers(), unique=True, max_size=40), seed=st.integers())
def test_a_lot_is_a_permutation_repeated_exactly_by_its_seed(ids, seed):
    drawn = pairing.draw_lots(ids, seed)
    assert sorted(drawn) == sorted(ids)
    assert pairing.draw_lots(ids, seed) == drawn


def test_different_seeds_draw_differently():
    ids = list(range(1, 21))
    assert len({tuple(pairing.draw_lots(ids, seed)) for seed in range(10)}) == 10


def test_a_lot_without_a_stored_seed_is_refused():
    with pytest.raises(ValueError):
        pairing.draw_lots([1, 2, 3], None)


def players(*ratings):
    return [{"id": 100 + i, "rating": r, "withdrawn": False} for i, r in enumerate(ratings)]


@given(seed=st.integers(0, 10_000))
def test_the_initial_classification_goes_by_rating_then_lot_then_the_unrated_by_lot(seed):
    # 1.15.5.1: rated players by rating, highest first; equal ratings by lot; then the
    # unrated, also by lot.
    entrants = players(1500, None, 1800, 1500, None, 2100, 1500)
    order = pairing.initial_order(entrants, seed)
    rating = {p["id"]: p["rating"] for p in entrants}
    assert [rating[i] for i in order] == [2100, 1800, 1500, 1500, 1500, None, None]
    assert pairing.initial_order(entrants, seed) == order


def test_ties_and_the_unrated_are_ordered_by_the_lot_of_the_seed():
    entrants = players(1500, None, 1500, None, 1500, None)
    orders = {tuple(pairing.initial_order(entrants, seed)) for seed in range(30)}
    assert len(orders) > 1
    assert all(set(order[:3]) == {100, 102, 104} for order in orders)


@given(seed=st.integers(0, 10_000))
def test_without_ratings_the_whole_classification_is_the_lot(seed):
    # 1.15.5.1: "классификация может производиться … без учёта рейтингов".
    entrants = players(2100, 1500, None, 1800)
    assert pairing.initial_order(entrants, seed, by_rating=False) == pairing.draw_lots(
        [p["id"] for p in entrants], seed
    )
