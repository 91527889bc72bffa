"""Pairings of championships (003 §1.2, 1.6.2, 1.15): pure, plain data in and out, no Django.

Round robin
    ``round_robin(n, cycles)`` gives the Berger tables ("таблицы очерёдности игр", 1.6.2;
    the same table as FIDE C.05 Annex 1) by start number.

Swiss (1.15)
    ``swiss(system, players, rounds, seed=...)`` pairs the next round by one of the four
    systems of the rules: ``"blind"`` (1.15.4), ``"coefficients"`` (1.15.5),
    ``"solkoff"`` (1.15.6) and ``"buchholz"`` (1.15.7). Every pairing keeps the common
    rules of 1.15.2 as hard constraints: no rematch, no second win without play, never
    the same colour four times running, withdrawn players not paired, the odd player
    out gets the bye. Within them each system follows its own written procedure; where
    that procedure cannot be completed, its backtracking (1.15.5.5, 1.15.7.5, 1.15.8)
    breaks the fewest, latest pairs, and a group that cannot be paired at all is joined
    to the next lower score group, as an arbiter pairing by cards would do.

    Feasibility is decided exactly: a maximum matching (Edmonds' blossoms) of the
    graph "may be paired under 1.15.2" answers "can the rest still be paired?" at each
    choice, so the procedure never paints itself into a corner and ``PairingError``
    is raised only when no pairing satisfies 1.15.2 at all.

Knockout (the olympic system, 1.2)
    ``knockout(n)`` gives the first round's bracket by seed (start number): standard
    seeding, so seeds 1 and 2 can meet only in the final, and byes to the top seeds
    when ``n`` is not a power of two. ``knockout_next(winners)`` pairs the next round
    from the previous round's winners in bracket order.

Scheveningen (1.2)
    ``scheveningen(team_a, team_b)`` gives rounds of boards in which every member of one
    team plays every member of the other once, each player's colours balanced.

Micro-matches (1.11)
    ``micro_match(results)`` scores a micro-match by the sum of its games' points
    (the games alternate colours: club/championships/matches.py).

Lots
    ``draw_lots(ids, seed)`` and ``initial_order(players, seed, by_rating=...)`` give the
    start numbers / initial classification (1.15.4, 1.15.5.1) reproducibly from a seed
    the championship stores, so a draw can be shown and repeated.
"""

from games.results import BLACK, WHITE

from .berger import round_robin
from .brackets import knockout, knockout_next, knockout_order, knockout_rounds
from .errors import PairingError
from .lots import draw_lots, initial_order
from .micro_matches import micro_match
from .scheveningen_rounds import scheveningen
from .swiss_systems import SYSTEMS, swiss

__all__ = [
    "BLACK",
    "SYSTEMS",
    "WHITE",
    "PairingError",
    "draw_lots",
    "initial_order",
    "knockout",
    "knockout_next",
    "knockout_order",
    "knockout_rounds",
    "micro_match",
    "round_robin",
    "scheveningen",
    "swiss",
]
