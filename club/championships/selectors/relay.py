"""What the desk shows of an event's relay feeds (``services.relay``): the event's address,
each open round's own address and the last poll's refusal of the whole feed, and the boards
the feed relays, stalled or taken over by hand."""

from __future__ import annotations

from ..models import Championship, RelayBoard, Round


def relay_desk(championship: Championship) -> dict:
    rounds = list(
        championship.rounds.filter(status=Round.Status.PUBLISHED).only(
            "number", "relay_url", "relay_error", "relay_polled_at", "championship_id"
        )
    )
    boards = list(
        RelayBoard.objects.filter(board__round__in=rounds)
        .select_related("board__round", "board__white", "board__black", "taken_over_by")
        .order_by("board__round__number", "board__number")
    )
    return {"url": championship.relay_url, "rounds": rounds, "boards": boards}
