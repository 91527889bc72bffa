"""The organiser's entries: he adds members to his open event, and
guests — players with no account (name, city, federation rating), common at club
nights. A guest plays like a member: his games' results come from the arbiter
(services.results), he stands in every table and export; he is never rated
(games.services.challenges.game_create), and may later be merged into the
account of the member he turns out to be."""

from __future__ import annotations

from datetime import datetime

from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.db.models.deletion import ProtectedError
from django.utils import timezone
from django.utils.translation import gettext as _

from foundation.refusals import Conflict, Invalid, NotFound
from members.models import Member
from members.roles import Role, has_role
from members.services import guest_create

from ..authority import Action, Seat, require, seat_required
from ..decisions import decision_record, reason_given
from ..locks import championship_locked
from ..models import Entry
from .entries import entry_open_required, player_allowed_required
from .standings import standings_recompute


def entry_add(*, by, championship_id: int, member: Member, reason: str = "", now: datetime | None = None) -> Entry:
    """The organiser enters a member in his open event (by invitation or not: it is his choice).
    Past the entries' closing time it is a late entry (002 §17: his decision): it needs its reason."""
    now = now or timezone.now()
    with transaction.atomic():
        championship = championship_locked(championship_id)
        require(by, Action.EVENT_ORGANISE, championship)
        entry_open_required(championship)
        late = championship.entries_close_at is not None and now >= championship.entries_close_at
        reason = reason_given(reason) if late or (reason or "").strip() else ""
        if not (member.is_guest or has_role(member, Role.MEMBER)):
            raise Invalid("not-a-member", _("Only club members and guests play in championships."))
        if member.is_guest:
            _guest_events_locked(by, member)  # whoever may merge him later must run every event he plays in
        player_allowed_required(championship, member)
        entry = Entry.objects.create(championship=championship, member=member)
        decision_record(
            championship,
            by,
            "entry-late" if late else "entry-add",
            now=now,
            reason=reason,
            clause="002 §17",
            member=member.pk,
            guest=member.is_guest,
        )
    return entry


def guest_enter(
    *,
    by,
    championship_id: int,
    name: str,
    city: str = "",
    federation_rating: int | None = None,
    reason: str = "",
    now=None,
) -> Entry:
    """The organiser enters a guest — a player with no account — in his open event (late: with its reason)."""
    with transaction.atomic():
        require(by, Action.EVENT_ORGANISE, championship_locked(championship_id))
        try:
            guest = guest_create(name=name, city=city, federation_rating=federation_rating)
        except ValidationError as error:
            raise Invalid("bad-guest", " ".join(error.messages)) from None
        return entry_add(by=by, championship_id=championship_id, member=guest, reason=reason, now=now)


def guest_merge(*, by, championship_id: int, guest_id: int, member: Member, now: datetime | None = None) -> Member:
    """The organiser of the events a guest played in merges the guest into ``member``'s account:
    every entry, pairing, game and record of the guest becomes the member's, and the
    tables are recomputed. His games stay unrated: they were played by a guest.

    It changes who plays in every one of those events, so it is an act in each:
    ``by`` must organise each, ``member`` must be free to play in each (no
    official plays, 002 §17), and each event's log records it."""
    now = now or timezone.now()
    with transaction.atomic():
        guest = Member.objects.filter(
            pk=guest_id, is_guest=True, championship_entries__championship_id=championship_id
        ).first()
        if guest is None:
            championship_locked(championship_id)  # an unknown event answers as such
            raise NotFound("no-such-guest", _("No guest with this number plays in this championship."))
        championships = _guest_events_locked(by, guest)
        if member.is_guest or not member.is_active:
            raise Invalid("not-a-member", _("A guest is merged into a member's account."))
        events = [c.pk for c in championships]
        if Entry.objects.filter(member=member, championship_id__in=events).exists():
            raise Conflict("both-entered", _("%(member)s plays in the same event as the guest.") % {"member": member})
        for championship in championships:
            seat_required(championship, member.pk, Seat.PLAYER)
        try:
            with transaction.atomic():
                _records_move(guest, member)
                guest.delete()
        except (IntegrityError, ProtectedError):
            raise Conflict(
                "merge-conflict", _("The guest's records cannot all move to %(member)s.") % {"member": member}
            ) from None
        for championship in championships:
            decision_record(
                championship, by, "guest-merge", now=now, clause="002 §17", guest=guest_id, member=member.pk
            )
            # In the same transaction: a stored table naming the deleted guest would break every page that reads it.
            standings_recompute(championship_id=championship.pk, now=now)
    return member


def _guest_events_locked(by, guest: Member) -> list:
    """Every event ``guest`` plays in, locked in id order (two merges never deadlock), each
    one refused unless ``by`` organises it: a guest's entries belong to those events."""
    ids = sorted(Entry.objects.filter(member=guest).values_list("championship_id", flat=True))
    championships = [championship_locked(pk) for pk in ids]
    for championship in championships:
        require(by, Action.EVENT_ORGANISE, championship)
    return championships


def _records_move(guest: Member, member: Member) -> None:
    """Point every row that names the guest at the member; his own one-to-one rows (settings) go.
    Hidden relations too (``related_name="+"``: a board's white and black)."""
    relations = [f for f in Member._meta.get_fields(include_hidden=True) if f.auto_created and not f.concrete]
    for relation in relations:
        if relation.many_to_many:
            continue
        rows = relation.related_model._base_manager.filter(**{relation.field.name: guest})
        if relation.one_to_one:
            rows.delete()
        elif isinstance(relation.field, models.ForeignKey):
            rows.update(**{relation.field.name: member})
