"""Scheveningen (1.2): every member of one team plays every member of the other."""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from games.rules.words import N_

from .errors import PairingError


def scheveningen(team_a: Sequence[Hashable], team_b: Sequence[Hashable]) -> list[list[tuple[Hashable, Hashable]]]:
    """Rounds of boards (white, black) in which every member of ``team_a`` plays
    every member of ``team_b`` exactly once (1.2, "схевенингенская").

    1. The schedule: with ``a`` ≤ ``b`` members, round ``r`` (of ``b``) seats the
       smaller team's member ``i`` against the other's member ``(i + r) mod b``;
       for teams of equal size nobody rests, otherwise the larger team's
       members left over rest that round.
    2. The colours. Teams of equal size: ``team_a`` has white in the odd rounds
       (1st, 3rd, …) and black in the even ones, so every player alternates his
       colours every round and has as many whites as blacks over an even number
       of rounds (one more white for ``team_a`` when it is odd). Perfect
       alternation forces a team's colour to be the same on every board of a
       round: were two boards of a round of opposite colours, a member of the
       other team meets both players' classes over the event and must break
       his alternation once. Teams of unequal size (some rest each round): the
       games are the edges of the complete bipartite graph; an Euler circuit of
       it (with one virtual vertex joined to every vertex of odd degree) walked
       in order gives each game a direction, white to black: each player has as
       many whites as blacks, or one more of either when he plays an odd number
       of games.
    3. Board order follows the listing of ``team_a``; deterministic for the same input.
    """
    if not team_a or not team_b:
        raise PairingError(N_("Scheveningen needs two teams with players (1.2)."))
    if len(set(team_a)) != len(team_a) or len(set(team_b)) != len(team_b) or set(team_a) & set(team_b):
        raise PairingError(N_("A player is listed twice in a Scheveningen (1.2)."))
    a_side = list(team_a)
    b_side = list(team_b)
    small, large, swapped = (a_side, b_side, False) if len(a_side) <= len(b_side) else (b_side, a_side, True)
    schedule = [[(small[i], large[(i + r) % len(large)]) for i in range(len(small))] for r in range(len(large))]
    n = len(large)
    if len(small) == n:
        team_of = {member: 0 for member in a_side} | {member: 1 for member in b_side}
        # ``team_a`` white in the odd rounds: ``r`` counts from 0.
        white_of = {
            pair: next(p for p in pair if team_of[p] == r % 2) for r, round_ in enumerate(schedule) for pair in round_
        }
    else:
        white_of = _balanced_orientation([pair for round_ in schedule for pair in round_])
    rounds = []
    for round_ in schedule:
        boards = []
        for mine, theirs in round_:
            a, b = (theirs, mine) if swapped else (mine, theirs)
            boards.append((a, b) if white_of[(mine, theirs)] == a else (b, a))
        rounds.append(boards)
    return rounds


def _balanced_orientation(edges: list[tuple[Hashable, Hashable]]) -> dict[tuple, Hashable]:
    """For each edge (u, v), the end that gets white: an Euler-circuit orientation,
    so every vertex's out- and in-degree differ by at most one."""
    virtual = object()
    all_edges = list(edges)
    adjacency: dict = {}
    for index, (u, v) in enumerate(all_edges):
        adjacency.setdefault(u, []).append(index)
        adjacency.setdefault(v, []).append(index)
    odd = [vertex for vertex, incident in adjacency.items() if len(incident) % 2]
    for vertex in odd:
        index = len(all_edges)
        all_edges.append((vertex, virtual))
        adjacency[vertex].append(index)
        adjacency.setdefault(virtual, []).append(index)
    used = [False] * len(all_edges)
    pointer = {vertex: 0 for vertex in adjacency}
    direction: dict[int, Hashable] = {}
    for start in list(adjacency):
        # Hierholzer's walk from every vertex with an unused edge; each step orients its edge.
        stack = [start]
        while stack:
            vertex = stack[-1]
            incident = adjacency[vertex]
            while pointer[vertex] < len(incident) and used[incident[pointer[vertex]]]:
                pointer[vertex] += 1
            if pointer[vertex] == len(incident):
                stack.pop()
                continue
            index = incident[pointer[vertex]]
            used[index] = True
            u, v = all_edges[index]
            direction[index] = vertex  # walked away from ``vertex``: it has white
            stack.append(v if u == vertex else u)
    return {all_edges[i]: direction[i] for i in range(len(edges))}
