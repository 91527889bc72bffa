"""Arbiters' powers (003 1.3, 1.4, 1.10, 1.16.6; 002 §17), by what they do:

* ``sanctions``: sanctions with their effects (1.4, the rapid/blitz ladder 1.16.6);
* ``protests``: protests and their rulings (1.3.1, 1.14.7; the panel is an appointment of the event);
* ``questions``: players' questions to the arbiter (1.3.1);
* ``desk``: the arbiters' game desk — clocks, adjournment, sealed moves, draw claims;
* ``audit``: the append-only audit log every action here writes.

Who may act is asked of the competition engine (``club.championships.authority``):
inside an event by appointment, for a club game by club role. A refused action
raises before anything is written, inside one transaction.
"""

from .audit import audit
from .desk import (
    adjournment_order,
    adjournment_resume,
    clock_correct,
    clocks_start,
    clocks_stop,
    draw_claim,
    draw_claim_decide,
    move_seal,
    result_decide,
    sealed_move_record,
)
from .protests import protest_file, protest_rule
from .questions import question_answer, question_ask, question_to_organisers
from .sanctions import HEAVY, LIGHT, sanction_issue, sanction_reverse

__all__ = [
    "HEAVY",
    "LIGHT",
    "adjournment_order",
    "adjournment_resume",
    "audit",
    "clock_correct",
    "clocks_start",
    "clocks_stop",
    "draw_claim",
    "draw_claim_decide",
    "move_seal",
    "sealed_move_record",
    "protest_file",
    "protest_rule",
    "question_answer",
    "question_ask",
    "question_to_organisers",
    "result_decide",
    "sanction_issue",
    "sanction_reverse",
]
