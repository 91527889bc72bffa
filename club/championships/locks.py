"""The championship's row lock: every write to a championship, its rounds,
entries, boards, teams and matches takes it first (SELECT … FOR UPDATE), so
one championship's writes — an arbiter's pairing, a game's result arriving
from a worker, a standings recompute — run one at a time and never deadlock
(one lock, always first; a staged event locks the earlier stage first)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from foundation.refusals import NotFound

from .models import Championship


def championship_locked(championship_id: int) -> Championship:
    """The championship, its row locked until the caller's transaction ends."""
    championship = Championship.objects.select_for_update().filter(pk=championship_id).first()
    if championship is None:
        raise NotFound("no-such-championship", _("There is no championship %(id)s.") % {"id": championship_id})
    return championship
