"""A refusal the pure decision gives (``games.decide.Refusal``), as the error the service
raises: its marked template worded in the reader's language, a time in his zone
(``games.pure_words.worded``)."""

from __future__ import annotations

from games.decide import Refusal
from games.pure_words import worded

from .errors import RuleRefusal


def refused(refusal: Refusal) -> RuleRefusal:
    """The refusal to raise, in the reader's words."""
    return RuleRefusal(refusal.code, worded(refusal))
