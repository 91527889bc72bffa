"""An event's broadcast: how late its spectators see its games.

The organiser sets a delay of 0 to 30 minutes; spectators of the event's
games (their pages, sockets, the API, the records) then see each move and
each ending that long after it is made, against help from outside during
play; players and the event's officials see them at once
(``selectors.broadcast.spectator_delays``, which games asks through
``games.delay``).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from foundation.refusals import Invalid
from games import delay

from ..authority import Action, require
from ..locks import championship_locked
from ..models import Championship

BROADCAST_DELAY_MAX = int(delay.LONGEST.total_seconds()) // 60  # minutes: the games' readers look back that far


def broadcast_delay_set(*, by, championship_id: int, minutes: int) -> Championship:
    """The organiser sets the event's broadcast delay, in whole minutes from 0 (live) to 30."""
    if type(minutes) is not int or not 0 <= minutes <= BROADCAST_DELAY_MAX:
        raise Invalid(
            "bad-broadcast-delay",
            _("The broadcast delay is a whole number of minutes from 0 to %(most)d.") % {"most": BROADCAST_DELAY_MAX},
        )
    with transaction.atomic():
        championship = championship_locked(championship_id)
        require(by, Action.EVENT_ORGANISE, championship)
        championship.broadcast_delay = minutes
        championship.save(update_fields=["broadcast_delay"])
    return championship
