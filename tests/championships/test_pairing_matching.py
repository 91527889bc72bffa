"""The matchings behind "can these players still all be paired?" agree with brute force.

The graph joins two players who may meet (1.15.2); the pairing trusts the matching to
say whether the rest of a round can be paired, and ``missable`` to say who can be left
over, so both are checked against an exhaustive search on small random graphs.
"""

from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from club.championships.pairing import matching


def graphs():
    return st.integers(1, 10).flatmap(
        lambda n: st.tuples(
            st.just(list(range(n))),
            st.sets(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)).filter(lambda e: e[0] < e[1])),
        )
    )


def brute_matching_size(verts, edges):
    @cache
    def best(rest):
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        size = best(others)  # the first left over
        for q in others:
            if (first, q) in edges or (q, first) in edges:
                size = max(size, 1 + best(tuple(p for p in others if p != q)))
        return size

    return best(tuple(verts))


@settings(max_examples=300, deadline=None)
@given(graph=graphs())
def test_a_maximum_matching_is_as_large_as_any(graph):
    verts, edges = graph
    mate = matching.maximum_matching(verts, lambda a, b: (min(a, b), max(a, b)) in edges)
    assert all((min(a, b), max(a, b)) in edges and mate[b] == a for a, b in mate.items())
    assert len(mate) // 2 == brute_matching_size(verts, edges)


@settings(max_examples=300, deadline=None)
@given(graph=graphs())
def test_missable_are_those_some_maximum_matching_leaves_over(graph):
    verts, edges = graph

    def ok(a, b):
        return (min(a, b), max(a, b)) in edges

    size = brute_matching_size(verts, edges)
    expected = {v for v in verts if brute_matching_size([u for u in verts if u != v], edges) == size}
    assert matching.missable(verts, ok, matching.maximum_matching(verts, ok)) == expected
