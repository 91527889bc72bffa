"""Pairings of championships (003 §1.2, 1.6.2, 1.15): pure, plain data in and out, no Django.

Round robin
    ``round_robin(n, cycles)`` gives the Berger tables ("таблицы очерёдности игр", 1.6.2;
    the same table as FIDE C.05 Annex 1) by start number.

Swiss (1.15)
    ``swiss(system, players, rounds, seed=...)`` pairs the next round by one of the four
    systems of the rules: ``"blind"`` (1.15.4), ``"coefficients"`` (1.15.5),
    ``"solkoff"`` (1.15.6) and ``"buchholz"`` (1.15.7), and returns its boards. Every
    pairing keeps the common rules of 1.15.2 as hard constraints: no rematch, no second
    win without play, never the same colour four times running, withdrawn players not
    paired, the odd player out gets the bye.

    Within them, a round the text's own steps can pair is paired exactly as they pair
    it: from the top score group down, floats to the next group only, the halves of a
    group split once, and the backtracking of 1.15.5.5 / 1.15.7.5 / 1.15.8 through the
    pairs already formed in the whole round (``text_steps``). A round they cannot finish
    (two leaders who have met, a floater who has met the whole next group) is paired by
    the extension of docs/championship-systems.md, "Swiss rounds the text does not
    decide" (``round_walk``); ``PairingError`` only when no pairing satisfies 1.15.2.

    ``swiss_working(system, players, rounds, seed=...)`` returns the same boards with the
    working, as plain (JSON) data for the published round: the classification (score
    groups in order, each player's points, coefficient, start number or lot), the bye,
    which players floated where, and whether the text decided the round.

Other procedures (1.15.9)
    ``OtherProcedures`` — accelerated pairing in the first rounds, pairing within rating
    bands — as the event's regulations choose them, passed to ``swiss`` / ``swiss_working``.

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
from .other_procedures import OtherProcedures
from .scheveningen_rounds import scheveningen
from .swiss_systems import SYSTEMS, swiss, swiss_working

__all__ = [
    "BLACK",
    "OtherProcedures",
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
    "swiss_working",
]
