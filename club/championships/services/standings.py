"""The stored table of an event: a function of its results, written by a worker.

A pure function of the results: the inputs' digest is stored with the
table, so a replay writes nothing, and two workers racing serialise on the
championship's row lock — the second sees the first's digest.
"""

from __future__ import annotations

import uuid
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from games import events

from ..locks import championship_locked
from ..models import Standings
from ..selectors.versions import table_source


def standings_recompute(*, championship_id: int, now: datetime | None = None) -> bool:
    """Compute the event's table from its results and store it. Returns whether the table was written."""
    now = now or timezone.now()
    with transaction.atomic():
        championship = championship_locked(championship_id)
        digest, compute = table_source(championship)
        stored = Standings.objects.filter(championship=championship).first()
        if stored is not None and stored.results_version == digest:
            return False
        Standings.objects.update_or_create(
            championship=championship, defaults={"rows": compute(), "computed_at": now, "results_version": digest}
        )
        # The round pages watching it show the new table (club.championships.consumers.RoundConsumer);
        # the change's own name lets the spectators' sockets of a process share one render of it.
        change = uuid.uuid4().hex
        transaction.on_commit(
            lambda: events.group_send(event_group(championship_id), {"type": "standings.changed", "change": change})
        )
    return True


def event_group(championship_id: int) -> str:
    """The Channels group of an event's live pages: told when its table changes."""
    return f"championship-{championship_id}"
