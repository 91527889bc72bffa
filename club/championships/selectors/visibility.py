"""Which rounds' pairings a viewer may see — the one place every page, API answer, feed and
file asks.

003 1.15: a round that is paired is still the chief arbiter's to change (a pair overridden
with his reason) or to withdraw and pair again; it binds the players once it is published.
Until then its boards are shown only to those who may read the event's drafts (its
organiser, its officials, the club's administrators: ``authority`` ``Action.EVENT_READ``);
everyone else — a visitor, a player of the event — sees the published and closed rounds only.
``viewer`` None is the public: what a cached document or a feed shared by everyone shows."""

from __future__ import annotations

from django.db.models import Q, QuerySet

from .. import authority  # a module, not its names: authority imports the selectors package
from ..models import Board, Championship, Decision, Round

PUBLIC_ROUNDS = (Round.Status.PUBLISHED, Round.Status.CLOSED)
# The decisions that carry a round's pairing in their data, while it is a draft.
PAIRING_DECISIONS = ("pair", "override", "discard-pairing")


def reads_drafts(championship: Championship, viewer) -> bool:
    """May ``viewer`` see what is not published yet (a draft event, a paired round)?"""
    return viewer is not None and authority.verdict(viewer, authority.Action.EVENT_READ, championship).allowed


def rounds_visible(championship: Championship, viewer=None) -> QuerySet[Round]:
    """The event's rounds ``viewer`` may see: every one to those who read drafts, else the published."""
    rounds = championship.rounds.all()
    return rounds if reads_drafts(championship, viewer) else rounds.filter(status__in=PUBLIC_ROUNDS)


def boards_visible(championship: Championship, viewer=None) -> QuerySet[Board]:
    """The boards of the rounds ``viewer`` may see."""
    boards = Board.objects.filter(round__championship=championship)
    return boards if reads_drafts(championship, viewer) else boards.filter(round__status__in=PUBLIC_ROUNDS)


def decisions_visible(championship: Championship, viewer=None) -> QuerySet[Decision]:
    """The event's log as ``viewer`` may read it: a pairing's decisions (who was paired with whom,
    changed or withdrawn) wait, for the public, until their round is published."""
    decisions = championship.decisions.select_related("by")
    if reads_drafts(championship, viewer):
        return decisions
    public = list(rounds_visible(championship).values_list("number", flat=True))
    return decisions.exclude(Q(action__in=PAIRING_DECISIONS) & ~Q(data__round__in=public))
