"""Staged events (1.2, a mixed event): a Swiss or group stage whose top
qualifiers enter a knockout or a final round robin, seeded by their place."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from foundation.refusals import Conflict, Invalid
from members.models import Member

from ..authority import Seat, organiser_required, seat_verdict
from ..decisions import decision_record
from ..locks import championship_locked
from ..models import Championship, Entry
from ..selectors.versions import table_source

Status = Championship.Status
STAGE_FROM = (Championship.System.SWISS, Championship.System.ROUND_ROBIN)
STAGE_TO = (Championship.System.KNOCKOUT, Championship.System.ROUND_ROBIN)


def stage_link(
    *, by, championship_id: int, next_stage_id: int, qualifiers: int, now: datetime | None = None
) -> Championship:
    """The organiser chains a stage to the next (1.2, a mixed event): a Swiss or
    a group (round robin) stage whose top ``qualifiers`` by its final standings
    enter a knockout or a final round robin, seeded by their place.

    Both are his; the stage has not finished, the next is a draft with no
    entries and no other stage feeding it; at least two qualify, and no more
    than the stage has players (checked again when its entries close)."""
    now = now or timezone.now()
    with transaction.atomic():
        # The earlier stage's row first, then the next's: the order stage_advance locks them in.
        championship = championship_locked(championship_id)
        following = championship_locked(next_stage_id)
        organiser_required(championship, by)
        organiser_required(following, by)
        if championship.pk == following.pk:
            raise Invalid("bad-stage", _("A stage cannot qualify into itself."))
        if championship.for_teams or following.for_teams:
            raise Invalid("bad-stage", _("Team events are not played in stages."))
        if championship.system not in STAGE_FROM or following.system not in STAGE_TO:
            raise Invalid(
                "bad-stage",
                _("A Swiss or group (round robin) stage qualifies into a knockout or a final round robin (1.2)."),
            )
        if championship.status == Status.FINISHED or championship.rounds.exists():
            raise Conflict("stage-started", _("Stages are chained before the first one starts."))
        if following.status != Status.DRAFT or following.entries.exists():
            raise Conflict("next-stage-open", _("The next stage must be a draft without entries: its players qualify."))
        if following.previous_stages.exclude(pk=championship.pk).exists() or following.next_stage_id:
            raise Conflict("next-stage-linked", _("The next stage is already chained to another stage."))
        if not 2 <= int(qualifiers) <= 256:
            raise Invalid("bad-qualifiers", _("From 2 to 256 players qualify for the next stage."))
        players = championship.entries.count()
        if championship.status == Status.ENTRIES_CLOSED and qualifiers > players:
            raise Invalid(
                "too-many-qualifiers",
                _(
                    "%(q)s qualifiers to the next stage from %(n)s players: there must be no more qualifiers than players."
                )
                % {"q": qualifiers, "n": players},
            )
        championship.next_stage, championship.qualifiers = following, qualifiers
        championship.save(update_fields=["next_stage", "qualifiers"])
        decision_record(
            championship, by, "stage-link", now=now, clause="1.2", next_stage=following.pk, qualifiers=qualifiers
        )
    return championship


def stage_advance(*, championship_id: int, by=None, now: datetime | None = None) -> str:
    """A finished stage's top ``qualifiers`` by its final standings enter the
    next stage, start numbers by place (1 = the stage's winner: the knockout's
    top seed, the round robin's first number); the next stage's entries are
    then closed and it is ready to pair.

    Exactly once: both rows are locked (the stage first), and a next stage
    already holding entries is left alone, so a second call — a redelivered
    task, the organiser's button, a race — changes nothing. Players who left
    the stage (1.10) do not qualify; the next below take their places.
    ``by``: the organiser asking for it (the worker calls it without).
    Returns what happened."""
    now = now or timezone.now()
    with transaction.atomic():
        championship = championship_locked(championship_id)
        if by is not None:
            organiser_required(championship, by)
        if championship.next_stage_id is None:
            return "no-next-stage"
        if championship.status != Status.FINISHED:
            raise Conflict("stage-not-finished", _("The stage has not finished: its standings are not final."))
        following = championship_locked(championship.next_stage_id)
        if following.entries.exists():
            return "already-carried"
        _digest, compute = table_source(championship)
        active = {e.member_id: e for e in championship.entries.filter(status=Entry.Status.ACTIVE)}
        qualified = [row["id"] for row in compute() if row["id"] in active and not row.get("struck")][
            : championship.qualifiers
        ]
        if len(qualified) < 2:
            raise Conflict("too-few-qualifiers", _("Fewer than two players qualify: the next stage cannot be played."))
        officials = [m for m in qualified if not seat_verdict(following, m, Seat.PLAYER).allowed]
        if officials:
            # 002 §17: the qualifier keeps his place; the next stage's officials change first (a reappointment).
            raise Conflict(
                "qualifier-official",
                _("%(members)s qualified but is an official of the next stage: appoint another official first.")
                % {"members": ", ".join(str(m) for m in Member.objects.filter(pk__in=officials).order_by("pk"))},
            )
        Entry.objects.bulk_create(
            [
                Entry(
                    championship=following,
                    member_id=member_id,
                    start_number=place,
                    rating=active[member_id].rating,
                    rating_source=active[member_id].rating_source,
                )
                for place, member_id in enumerate(qualified, start=1)
            ]
        )
        following.status, following.lot_seed = Status.ENTRIES_CLOSED, f"{championship.lot_seed}:stage"
        following.save(update_fields=["status", "lot_seed"])
        places = {member_id: place for place, member_id in enumerate(qualified, start=1)}
        decision_record(
            following, None, "stage-carry", now=now, clause="1.2", previous_stage=championship.pk, places=places
        )
        decision_record(
            championship, None, "stage-advance", now=now, clause="1.2", next_stage=following.pk, places=places
        )
    return "carried"
