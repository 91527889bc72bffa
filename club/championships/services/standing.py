"""Standing events: progressive correspondence sections.

A standing event keeps its entries open. Each time ``section_size`` entrants
are waiting, a new section of exactly them is made — a round robin played
all at once, with the standing event's rules, officials and closing period —
its lot drawn and its games started, without the organiser at every step.
This is how correspondence clubs keep play going. The work runs after an
entry commits (``followups.sections_fill_after_commit``), once per entry,
holding the standing event's lock: two entries arriving together never make
two sections of the same players.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ..decisions import decision_record
from ..locks import championship_locked
from ..models import Appointment, Championship, Entry
from .entries import lot_draw, lot_seed_new
from .rounds import section_games_start

Status = Championship.Status
DEFAULT_SECTION_DAYS = 365  # a section's closing date, when the standing event sets none

# What a section takes from its standing event.
COPIED = (
    "organiser",
    "discipline",
    "opening_rule",
    "ballot",
    "time_control",
    "rated",
    "scoring",
    "foul_policy",
    "cycles",
    "games_per_pairing",
    "ballot_table",
    "tie_criteria",
    "vacation_days_max",
)


def sections_fill(*, championship_id: int, now: datetime | None = None) -> list[Championship]:
    """Start a section for every ``section_size`` entrants waiting, in entry
    order; returns the sections started (none if too few wait)."""
    now = now or timezone.now()
    with transaction.atomic():
        standing = championship_locked(championship_id)
        if not standing.section_size or standing.status != Status.ENTRIES_OPEN:
            return []
        waiting = list(
            standing.entries.filter(status=Entry.Status.ACTIVE, section__isnull=True).order_by("entered_at", "id")
        )
        started = []
        while len(waiting) >= standing.section_size:
            chosen, waiting = waiting[: standing.section_size], waiting[standing.section_size :]
            started.append(_section_start(standing, chosen, now))
    return started


def _section_start(standing: Championship, chosen: list[Entry], now: datetime) -> Championship:
    number = standing.sections.count() + 1
    section = Championship.objects.create(
        name=_("%(event)s — section %(n)s") % {"event": standing.name, "n": number},
        system=Championship.System.ROUND_ROBIN,
        play_mode=Championship.PlayMode.ALL_AT_ONCE,
        standing_event=standing,
        closes_at=now + timedelta(days=standing.section_days or DEFAULT_SECTION_DAYS),
        status=Status.ENTRIES_CLOSED,
        **{field: getattr(standing, field) for field in COPIED},
    )
    Appointment.objects.bulk_create(
        [
            Appointment(championship=section, member_id=a.member_id, role=a.role, appointed_by=None, appointed_at=now)
            for a in standing.appointments.all()
        ]
    )
    Entry.objects.bulk_create([Entry(championship=section, member_id=e.member_id) for e in chosen])
    Entry.objects.filter(pk__in=[e.pk for e in chosen]).update(section=section)
    seed = lot_seed_new()
    numbers = lot_draw(section, seed)
    section.lot_seed = seed
    section.save(update_fields=["lot_seed"])
    decision_record(section, None, "entries-close", now=now, clause="1.6.2", seed=seed, **numbers)
    decision_record(standing, None, "section", now=now, section=section.pk, players=[e.member_id for e in chosen])
    section_games_start(section, by=None, now=now)
    return section
