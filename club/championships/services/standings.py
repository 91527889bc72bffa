"""The stored table of an event: a function of its results, written by a worker.

A pure function of the results: the inputs' digest is stored with the
table, so a replay writes nothing, and two workers racing serialise on the
championship's row lock — the second sees the first's digest.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from games import events
from ratings import standings

from ..locks import championship_locked
from ..models import Championship, Standings
from ..selectors import inputs
from ..selectors import teams as team_selectors


def _digest(*values) -> str:
    return hashlib.sha256(json.dumps(values, sort_keys=True, default=str).encode()).hexdigest()


def table_source(championship: Championship) -> tuple[str, Callable[[], list[dict]]]:
    """The digest of what the event's table is computed from, and the
    computation (``ratings.standings.table``, or ``team_rules.table`` for teams)."""
    if championship.for_teams:
        plain = team_selectors.results_plain(championship)
        options = {
            "scoring": championship.scoring,
            "criteria": championship.tie_criteria,
            "system": championship.system,
        }
        return _digest(plain, options), lambda: team_selectors.standings_compute(championship)
    players, rounds = inputs.results_plain(championship)
    options = inputs.standings_options(championship)
    return _digest(players, rounds, options), lambda: json.loads(
        json.dumps(standings.table(players, rounds, **options), default=str)
    )


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
        # The round pages watching it show the new table (club.championships.consumers.RoundConsumer).
        transaction.on_commit(lambda: events.group_send(event_group(championship_id), {"type": "standings.changed"}))
    return True


def event_group(championship_id: int) -> str:
    """The Channels group of an event's live pages: told when its table changes."""
    return f"championship-{championship_id}"
