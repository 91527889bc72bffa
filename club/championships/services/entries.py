"""Entries and the lot: a member enters or takes his entry back, the organiser
puts Scheveningen players in their groups, and closing the entries draws the
start numbers (1.6.2, 1.15.5.1) — of the players, or of the teams."""

from __future__ import annotations

import secrets
from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.teams.models import TeamPlayer
from foundation.refusals import Conflict, Forbidden, Invalid, NotFound
from members.roles import Role, has_role
from ratings.models import Rating

from .. import age_categories, pairing
from ..authority import Seat, organiser_required, seat_required
from ..decisions import decision_record
from ..followups import sections_fill_after_commit
from ..locks import championship_locked
from ..models import Championship, Entry
from .setup import chief_appointed_required

Status = Championship.Status


def entry_create(*, championship_id: int, member, now: datetime | None = None) -> Entry:
    """A member enters: while entries are open and within the window; by invitation if so set."""
    now = now or timezone.now()
    if not has_role(member, Role.MEMBER):
        raise Forbidden("not-a-member", _("Only club members enter championships."))
    with transaction.atomic():
        championship = championship_locked(championship_id)
        entry_open_required(championship)
        if championship.entries_open_at and now < championship.entries_open_at:
            raise Conflict("entries-not-yet-open", _("Entries open at %(at)s.") % {"at": championship.entries_open_at})
        if championship.entries_close_at and now >= championship.entries_close_at:
            raise Conflict("entries-closed", _("Entries closed at %(at)s.") % {"at": championship.entries_close_at})
        if championship.invitation_only and not championship.invited.filter(pk=member.pk).exists():
            raise Forbidden("not-invited", _("This championship is by invitation."))
        player_allowed_required(championship, member)
        entry = Entry.objects.create(championship=championship, member=member)
        if championship.section_size:
            sections_fill_after_commit(championship.pk)  # a standing event (services.standing)
        return entry


def entry_open_required(championship: Championship) -> None:
    """Refused unless the event takes players' entries now (not a team event, nor a later stage)."""
    if championship.for_teams:
        raise Invalid("teams-enter", _("Teams enter a team event: its captain registers the team (1.14.2)."))
    if championship.status != Status.ENTRIES_OPEN:
        raise Conflict("entries-closed", _("Entries to this championship are not open."))
    if championship.previous_stages.exists():
        raise Conflict("entries-by-qualification", _("This stage's players qualify from the previous stage (1.2)."))


def player_allowed_required(championship: Championship, member) -> None:
    """Refused if ``member`` may not play in the event: one of its officials, its organiser, or entered already."""
    seat_required(championship, member.pk, Seat.PLAYER)
    if championship.entries.filter(member=member).exists():
        raise Conflict("already-entered", _("%(member)s has already entered.") % {"member": member})
    age_category_required(championship, member)


def age_category_required(championship: Championship, member) -> None:
    """1.1: an event for age categories takes a player only in one of them, by his year of birth."""
    codes = championship.age_categories
    if not codes:
        return
    shown = ", ".join(codes)
    if member.birth_year is None:
        raise Forbidden(
            "birth-year-needed",
            _(
                "This championship is for the age categories %(categories)s (1.1): %(member)s's year of birth "
                "is needed first (the profile keeps it private)."
            )
            % {"categories": shown, "member": member},
        )
    year = championship.event_year
    if not age_categories.categories_of(codes, member.birth_year, year):
        raise Forbidden(
            "outside-age-category",
            _("This championship is for %(categories)s (1.1): %(member)s, born in %(born)s, is %(age)s in %(year)s.")
            % {
                "categories": shown,
                "member": member,
                "born": member.birth_year,
                "age": year - member.birth_year,
                "year": year,
            },
        )


def entry_withdraw(*, championship_id: int, member, now: datetime | None = None) -> None:
    """A member takes his entry back before the entries close."""
    with transaction.atomic():
        championship = championship_locked(championship_id)
        if championship.status != Status.ENTRIES_OPEN:
            raise Conflict(
                "entries-closed", _("The entries are closed; ask the chief arbiter to record a withdrawal (1.10).")
            )
        if championship.entries.filter(member=member, section__isnull=False).exists():
            raise Conflict("in-a-section", _("You play in a section already: ask its chief arbiter (1.10)."))
        deleted, _rows = championship.entries.filter(member=member).delete()
        if not deleted:
            raise NotFound("no-entry", _("You have not entered this championship."))


def entry_group_set(*, by, championship_id: int, member_id: int, group: str, now: datetime | None = None) -> Entry:
    """The organiser puts a player in group (team) A or B of a Scheveningen
    (1.2), or "" to leave it to the lot, while the entries are open; the
    players he leaves unassigned are spread by rating when entries close."""
    now = now or timezone.now()
    with transaction.atomic():
        championship = championship_locked(championship_id)
        organiser_required(championship, by)
        if not championship.is_scheveningen:
            raise Invalid("not-scheveningen", _("Only a Scheveningen has groups (1.2)."))
        if championship.status != Status.ENTRIES_OPEN:
            raise Conflict("entries-not-open", _("The groups are set while the entries are open."))
        if group not in ("A", "B", ""):
            raise Invalid("bad-group", _("A group is A or B (or empty: by the lot)."))
        entry = championship.entries.filter(member_id=member_id).first()
        if entry is None:
            raise NotFound("no-entry", _("This member does not play in the championship."))
        entry.group = group
        entry.save(update_fields=["group"])
        decision_record(championship, by, "group", now=now, clause="1.2", member=member_id, group=group)
    return entry


def entries_close(*, by, championship_id: int, now: datetime | None = None) -> Championship:
    """The organiser closes entries and the lot is drawn: start numbers by lot
    (round robin, a Swiss by lot, the teams of a team event) or by rating with
    the lot breaking ties (Swiss, 1.15.5.1). The server draws the seed — nobody
    chooses it, so nobody chooses the order a seed would give — and publishes
    it with the lot: anyone can draw the lot again and check it. The chief
    arbiter must be appointed."""
    now = now or timezone.now()
    with transaction.atomic():
        championship = championship_locked(championship_id)
        organiser_required(championship, by)
        if championship.status != Status.ENTRIES_OPEN:
            raise Conflict("entries-not-open", _("Only open entries can be closed."))
        if championship.section_size:
            raise Conflict(
                "standing-event",
                _("A standing event keeps its entries open: each section starts when its players are waiting."),
            )
        chief_appointed_required(championship)
        seed = lot_seed_new()
        numbers = lot_draw(championship, seed)
        championship.status, championship.lot_seed = Status.ENTRIES_CLOSED, seed
        championship.save(update_fields=["status", "lot_seed"])
        decision_record(championship, by, "entries-close", now=now, clause="1.6.2", seed=seed, **numbers)
    return championship


def lot_seed_new() -> str:
    """A fresh seed for a lot nobody chose: unpredictable, so nobody can know
    the start numbers before the lot is drawn (1.6.2), and stored, so anyone
    can draw it again and check."""
    return secrets.token_hex(8)


def lot_draw(championship: Championship, seed: str) -> dict:
    """Draw the lot of ``championship`` from ``seed``: its entrants' start numbers
    (what the decision records). Call holding its lock."""
    return (_teams_drawn if championship.for_teams else _players_drawn)(championship, seed)


def _teams_drawn(championship: Championship, seed: str) -> dict:
    """The teams' start numbers; the invitations still open lapse, and every
    team must have a board's worth of players who accepted (1.14.2)."""
    teams = list(championship.teams.all())
    if len(teams) < 2:
        raise Conflict("too-few-teams", _("A team event needs at least two teams."))
    TeamPlayer.objects.filter(championship=championship, accepted_at__isnull=True).delete()
    short = [t for t in teams if t.players.count() < championship.boards]
    if short:
        raise Conflict(
            "team-incomplete",
            _("%(teams)s: fewer players have accepted than the %(boards)s boards (1.14.2).")
            % {"teams": ", ".join(t.name for t in short), "boards": championship.boards},
        )
    order = pairing.draw_lots([t.pk for t in teams], seed)
    for number, team_id in enumerate(order, 1):
        championship.teams.filter(pk=team_id).update(start_number=number)
    return {"team_start_numbers": {team_id: number for number, team_id in enumerate(order, 1)}}


def _players_drawn(championship: Championship, seed: str) -> dict:
    entry_list = list(championship.entries.select_related("member").order_by("entered_at", "id"))
    if len(entry_list) < 2:
        raise Conflict("too-few-entries", _("A championship needs at least two players."))
    if championship.qualifiers and championship.qualifiers > len(entry_list):
        raise Conflict(
            "too-many-qualifiers",
            _("%(q)s qualifiers to the next stage from %(n)s players: there must be no more qualifiers than players.")
            % {"q": championship.qualifiers, "n": len(entry_list)},
        )
    if championship.is_swiss and championship.rounds_planned >= len(entry_list) + (len(entry_list) % 2):
        raise Conflict("too-many-rounds", _("A Swiss needs fewer rounds than players (1.15.2: no rematch)."))
    for entry in entry_list:
        entry.rating, entry.rating_source = member_rating(entry.member, championship)
    # 1.15.4: the blind draw numbers by lot even an event stored "by rating" before that was refused.
    drawn = pairing.initial_order(
        [{"id": e.member_id, "rating": e.rating} for e in entry_list], seed, by_rating=championship.seeds_by_rating
    )
    by_member = {e.member_id: e for e in entry_list}
    if championship.is_scheveningen:
        # Group A takes the first start numbers, group B the next, each in the initial order.
        groups = _scheveningen_groups(entry_list, drawn)
        for entry in entry_list:
            entry.group = groups[entry.member_id]
        drawn = [m for m in drawn if groups[m] == "A"] + [m for m in drawn if groups[m] == "B"]
    order = [by_member[member_id] for member_id in drawn]
    for number, entry in enumerate(order, start=1):
        entry.start_number = number
    Entry.objects.bulk_update(order, ["start_number", "rating", "rating_source", "group"])
    numbers = {"start_numbers": {e.member_id: e.start_number for e in order}}
    if championship.is_scheveningen:
        numbers["groups"] = {e.member_id: e.group for e in order}
    return numbers


def _scheveningen_groups(entry_list: list[Entry], order: list[int]) -> dict[int, str]:
    """Group A or B of every entry: the organiser's choice kept, the rest by a
    rating snake (the initial ``order``: A, B, B, A, A, B, …) into the places left.
    Refused unless the field splits into two groups of equal size."""
    half, odd = divmod(len(entry_list), 2)
    if odd:
        raise Conflict(
            "unequal-groups",
            _("A Scheveningen needs two groups of equal size (1.2): %(n)s players do not split in two.")
            % {"n": len(entry_list)},
        )
    groups = {e.member_id: e.group for e in entry_list if e.group}
    for name in ("A", "B"):
        if sum(1 for g in groups.values() if g == name) > half:
            raise Conflict(
                "unequal-groups",
                _("Group %(g)s has more than %(n)s players: the two groups must be of equal size (1.2).")
                % {"g": name, "n": half},
            )
    snake = ("A", "B", "B", "A")
    free = [member_id for member_id in order if member_id not in groups]
    for i, member_id in enumerate(free):
        wanted = snake[i % 4]
        other = "B" if wanted == "A" else "A"
        groups[member_id] = wanted if sum(1 for g in groups.values() if g == wanted) < half else other
    return groups


def member_rating(member, championship: Championship) -> tuple[int | None, str]:
    """The rating a player is seeded by and which it is: the club rating in the championship's pool,
    else the federation rating (``Entry.RatingSource``; "" without either)."""
    speed = championship.time_control.speed_in(championship.discipline)
    value = (
        Rating.objects.filter(member_id=member.pk, discipline=championship.discipline, speed=speed)
        .values_list("rating", flat=True)
        .first()
    )
    if value is not None:
        return round(value), Entry.RatingSource.CLUB
    if member.federation_rating is not None:
        return member.federation_rating, Entry.RatingSource.FEDERATION
    return None, ""
