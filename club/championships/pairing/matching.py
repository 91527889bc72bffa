"""Maximum matchings: "can these players still all be paired?"

The graph joins two players who may meet under 1.15.2. A maximum matching is grown
greedily and completed by augmenting paths (Edmonds' blossom search, one root at a
time). When players leave a set whose matching is maximum, only their former partners
can start a new augmenting path, so each check is one or two searches, and in the
dense graphs of a Swiss event the first neighbour usually closes the path.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

Mate = dict[int, int]


def augment(verts: list[int], mate: Mate, root: int, ok: Callable[[int, int], bool]) -> bool:
    """Find an augmenting path from the unmatched ``root`` and flip it into ``mate``."""
    exposed = [v for v in verts if v not in mate and v != root]
    if not exposed:
        return False
    # Dense graphs almost always have a path of one or three edges: try those first.
    for e in exposed:
        if ok(root, e):
            mate[root], mate[e] = e, root
            return True
    for u in verts:
        w = mate.get(u)
        if w is None or not ok(root, u):
            continue
        for e in exposed:
            if ok(w, e):
                mate[root], mate[u], mate[w], mate[e] = u, root, e, w
                return True
    return _search(verts, mate, [root], ok) is None


def _search(verts: list[int], mate: Mate, roots: list[int], ok: Callable[[int, int], bool]) -> set[int] | None:
    """Edmonds' blossom search from the unmatched ``roots``.

    Flips an augmenting path into ``mate`` and returns None, or, when there is none,
    returns the outer (even) vertices of the search forest: the vertices an even
    alternating path reaches from a root. Several roots only for a maximum ``mate``:
    then no edge joins two trees (it would close an augmenting path).
    """
    n = len(verts)
    index = {v: i for i, v in enumerate(verts)}
    match = [-1] * n
    for v, w in mate.items():
        match[index[v]] = index[w]
    parent = [-1] * n
    base = list(range(n))
    in_tree = [False] * n
    is_root = [False] * n
    for root in roots:
        is_root[index[root]] = in_tree[index[root]] = True
    queue = deque(index[root] for root in roots)

    def common_base(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if match[a] == -1:
                break
            a = parent[match[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[match[b]]

    def mark_blossom(v: int, b: int, child: int, blossom: list[bool]) -> None:
        while base[v] != b:
            blossom[base[v]] = blossom[base[match[v]]] = True
            parent[v] = child
            child = match[v]
            v = parent[match[v]]

    while queue:
        v = queue.popleft()
        pv = verts[v]
        for to in range(n):
            if base[v] == base[to] or match[v] == to or not ok(pv, verts[to]):
                continue
            if is_root[to] or (match[to] != -1 and parent[match[to]] != -1):
                b = common_base(v, to)
                blossom = [False] * n
                mark_blossom(v, b, to, blossom)
                mark_blossom(to, b, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = b
                        if not in_tree[i]:
                            in_tree[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if match[to] == -1:
                    while to != -1:
                        up = parent[to]
                        nxt = match[up]
                        match[to], match[up] = up, to
                        to = nxt
                    mate.clear()
                    mate.update((verts[i], verts[j]) for i, j in enumerate(match) if j != -1)
                    return None
                in_tree[match[to]] = True
                queue.append(match[to])
    return {verts[i] for i in range(n) if in_tree[i]}


def maximum_matching(verts: list[int], ok: Callable[[int, int], bool]) -> Mate:
    mate: Mate = {}
    for i, v in enumerate(verts):
        if v in mate:
            continue
        for w in verts[i + 1 :]:
            if w not in mate and ok(v, w):
                mate[v] = w
                mate[w] = v
                break
    for v in verts:
        # With at most one player of an odd set left over the matching is already maximum;
        # a search from him would only prove it, at the cost of the whole graph.
        if len(verts) - len(mate) <= len(verts) % 2:
            break
        if v not in mate:
            augment(verts, mate, v, ok)
    return mate


def _rematch(verts: list[int], mate: Mate, freed: Iterable[int], ok: Callable[[int, int], bool]) -> Mate:
    """A maximum matching of ``verts`` from ``mate`` (maximum on a superset) whose ``freed`` lost their partners."""
    freed = [v for v in freed if v not in mate]
    if len(freed) == 2 and ok(freed[0], freed[1]):
        mate[freed[0]], mate[freed[1]] = freed[1], freed[0]
        return mate
    for v in freed:
        if v not in mate:
            augment(verts, mate, v, ok)
    return mate


def without(verts: list[int], mate: Mate, gone: set[int], ok) -> tuple[list[int], Mate]:
    """``verts`` without ``gone`` and a maximum matching of what is left."""
    rest = [v for v in verts if v not in gone]
    new = {v: w for v, w in mate.items() if v not in gone and w not in gone}
    freed = [mate[g] for g in gone if g in mate and mate[g] not in gone]
    return rest, _rematch(rest, new, freed, ok)


def is_perfect(verts: list[int], mate: Mate) -> bool:
    return len(mate) == len(verts)


def missable(verts: list[int], ok: Callable[[int, int], bool], mate: Mate) -> set[int]:
    """The players some maximum matching of ``verts`` leaves unpaired; ``mate`` is one.

    They are exactly the players an even alternating path reaches from a player ``mate``
    leaves unpaired (Gallai–Edmonds), so one search per unpaired player answers for
    everyone at once instead of one matching per player. For an odd set with one left
    over, they are the players whose absence lets all the others be paired.
    """
    unpaired = [v for v in verts if v not in mate]
    # ``mate`` being maximum, the search finds no augmenting path and returns its forest.
    return (_search(verts, mate, unpaired, ok) or set()) if unpaired else set()
