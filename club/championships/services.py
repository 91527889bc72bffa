"""Writes of championships (003 §1): create, appoint, enter, draw the lot,
pair, override, publish, record results, withdraw, recompute standings.

Every service that changes a championship first locks its row
(``_locked``, SELECT … FOR UPDATE), so one championship's writes — an
arbiter's pairing, a game's result arriving from a worker, a standings
recompute — run one at a time and never deadlock (one lock, always first).

Refusals are the game layer's (games/services/errors.py): ``Forbidden``
(403), ``Invalid`` (400), ``Conflict``/``RuleRefusal`` (409), ``NotFound``
(404). A refused call changes nothing (it raises inside its transaction).
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
from datetime import datetime

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from club.roles import Role, has_any_role, has_role
from games import clock
from games import results as vocabulary
from games.models import Game
from games.rules import variant
from games.services.errors import Conflict, Forbidden, Invalid, NotFound, RuleRefusal
from games.services.positions import FOUL_POLICIES  # the games layer's names, mapped onto the rules' there

from . import selectors
from .models import Appointment, Board, Championship, Decision, Entry, Round, Standings

Status = Championship.Status
SWISS_SYSTEMS = tuple(Championship.SwissSystem.values)
HOUR_MS = 3_600_000


# ---- helpers ---------------------------------------------------------------------------------
def _locked(championship_id: int) -> Championship:
    championship = Championship.objects.select_for_update().filter(pk=championship_id).first()
    if championship is None:
        raise NotFound("no-such-championship", _("There is no championship %(id)s.") % {"id": championship_id})
    return championship


def _decide(
    championship: Championship, by, action: str, *, now: datetime, reason: str = "", clause: str = "", **data
) -> Decision:
    return Decision.objects.create(
        championship=championship,
        by=by if getattr(by, "pk", None) else None,
        at=now,
        action=action,
        reason=reason,
        clause=clause,
        data=data,
    )


def _require_organiser(championship: Championship, member) -> None:
    if championship.organiser_id != getattr(member, "pk", None) and not has_role(member, Role.ADMIN):
        raise Forbidden("not-organiser", _("Only the championship's organiser may do this."))


def _require_arbiter(championship: Championship, member) -> None:
    if not selectors.is_arbiter(championship, member):
        raise Forbidden("not-arbiter", _("Only an arbiter appointed to this championship may do this (002 §17)."))


def _require_chief(championship: Championship, member, clause: str) -> None:
    if not selectors.is_chief(championship, member):
        raise Forbidden(
            "not-chief-arbiter",
            _("Only this championship's chief arbiter or deputy may do this (%(clause)s).") % {"clause": clause},
        )


def _reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise Invalid("no-reason", _("Say why: every arbiter's decision is recorded with its reason."))
    return reason


def lateness_limit_ms(time_control: str) -> int | None:
    """1.9.1: the allowed lateness is at most the first control's base time and
    at most an hour; None for correspondence and untimed games (no lateness)."""
    tc = clock.TimeControl.parse(time_control)
    if tc.days or not tc.periods:
        return None
    return min(tc.periods[0].seconds * 1000, HOUR_MS)


def lateness_ms(championship: Championship) -> int | None:
    """The allowed lateness of the championship's games (1.9.1): as set, else the maximum."""
    limit = lateness_limit_ms(championship.time_control)
    if limit is None:
        return None
    if championship.lateness_minutes is None:
        return limit
    return min(championship.lateness_minutes * 60_000, limit)


# ---- create and appoint ---------------------------------------------------------------------
def championship_create(
    *,
    organiser,
    name: str,
    discipline: str,
    time_control: str,
    system: str = "round-robin",
    cycles: int = 1,
    swiss_system: str = "",
    rounds_planned: int | None = None,
    initial_order: str = "rating",
    rated: bool = True,
    scoring: str = "1-1/2-0",
    opening_rule: str = "",
    ballot: str = "",
    foul_policy: str = "reject",
    lateness_minutes: int | None = None,
    tie_criteria: list[str] | tuple = (),
    entries_open_at: datetime | None = None,
    entries_close_at: datetime | None = None,
    invitation_only: bool = False,
    games_per_pairing: int | None = None,
    ballot_table: str = "",
    tie_matches: int | None = None,
    tie_time_control: str = "",
    tie_break: str = "",
    now: datetime | None = None,
) -> Championship:
    """An organiser creates a championship (a draft until he opens entries).

    Micro-matches (1.11): ``games_per_pairing`` games per pairing (default 1;
    шашки-64 — a ``ballot_table`` — plays micro-matches, 2.2, default 2), a
    drawn one followed by ``tie_matches`` further micro-matches (a knockout:
    default 1), then by micro-matches at ``tie_time_control`` (see ``matches``)
    — or, with ``tie_break="lehmann-georgiev"``, by a Lehmann–Georgiev series
    (3.6.4) at ``tie_time_control``, 5 min + 3 s per move when not set.
    """
    if not has_any_role(organiser, Role.ORGANISER, Role.ADMIN):
        raise Forbidden("not-organiser", _("Only an organiser creates championships."))
    now = now or timezone.now()
    name = (name or "").strip()
    if not name:
        raise Invalid("no-name", _("A championship needs a name."))
    try:
        variant(discipline)
    except KeyError:
        raise Invalid("unknown-discipline", _("Unknown discipline %(d)s.") % {"d": discipline}) from None
    try:
        tc = clock.TimeControl.parse(time_control)
    except clock.BadTimeControl as error:
        raise Invalid("bad-time-control", str(error)) from None
    if not tc.timed:
        raise Invalid("bad-time-control", _("A championship game needs a clock: a live control or days per move."))
    if scoring not in vocabulary.SCORINGS:
        raise Invalid("bad-scoring", _("Scoring is 1-1/2-0 or 2-1-0 (1.12.1)."))
    if foul_policy not in FOUL_POLICIES:
        raise Invalid("bad-foul-policy", _("The foul policy is 'reject' or 'foul-loses' (002 9.2)."))
    if discipline != "renju" and foul_policy != "reject":
        raise Invalid("bad-foul-policy", _("Only renju has fouls."))
    if system == Championship.System.ROUND_ROBIN:
        if not 1 <= int(cycles) <= 4:
            raise Invalid("bad-cycles", _("A round robin has one to four cycles (1.2)."))
        swiss_system, rounds_planned = "", None
    elif system == Championship.System.SWISS:
        if swiss_system not in SWISS_SYSTEMS:
            raise Invalid(
                "bad-swiss-system",
                _("The Swiss system is one of: %(s)s (1.15.4–1.15.7).") % {"s": ", ".join(SWISS_SYSTEMS)},
            )
        if not rounds_planned or rounds_planned < 1:
            raise Invalid("bad-rounds", _("A Swiss championship needs its number of rounds."))
        cycles = 1
    elif system in (Championship.System.KNOCKOUT, Championship.System.SCHEVENINGEN):
        swiss_system, rounds_planned, cycles = "", None, 1
    else:
        raise Invalid("bad-system", _("The system is round-robin, swiss, knockout or scheveningen."))
    if ballot_table:
        from games.rules import ballots64

        if discipline != "russian":
            raise Invalid("bad-ballot", _("Ballots (шашки-64, 003 2.2.2) are drawn for Russian draughts only."))
        if ballot_table not in ballots64.tables():
            raise Invalid(
                "bad-ballot-table",
                _("There is no ballot table %(t)s; the tables are: %(all)s.")
                % {"t": ballot_table, "all": ", ".join(ballots64.tables())},
            )
        if ballot:
            raise Invalid("bad-ballot", _("Give either a ballot table (one drawn per micro-match) or one ballot."))
    if games_per_pairing is None:
        games_per_pairing = 2 if ballot_table else 1
    if not 1 <= int(games_per_pairing) <= 12:
        raise Invalid("bad-games-per-pairing", _("A pairing plays from 1 to 12 games (1.11)."))
    if ballot_table and games_per_pairing % 2:
        raise Invalid(
            "bad-games-per-pairing",
            _("Шашки-64 is played in micro-matches of an even number of games, colours alternating (2.2, 1.11)."),
        )
    if tie_matches is None:
        tie_matches = 1 if system == Championship.System.KNOCKOUT else 0
    if not 0 <= int(tie_matches) <= 10:
        raise Invalid("bad-tie-matches", _("From 0 to 10 further micro-matches after a draw (1.11)."))
    if tie_time_control:
        try:
            tie_time_control = str(clock.TimeControl.parse(tie_time_control))
        except clock.BadTimeControl as error:
            raise Invalid("bad-time-control", str(error)) from None
    if tie_break not in Championship.TieBreak.values:
        raise Invalid("bad-tie-break", _("The tie-break series is empty or lehmann-georgiev (3.6.4)."))
    if tie_break and games_per_pairing == 1 and not ballot_table and system != Championship.System.KNOCKOUT:
        raise Invalid(
            "bad-tie-break",
            _("A Lehmann–Georgiev series breaks the tie of a micro-match or a knockout tie (1.11, 3.6.4)."),
        )
    if tie_break and tie_time_control and clock.TimeControl.parse(tie_time_control).days:
        raise Invalid("bad-time-control", _("A Lehmann–Georgiev series is played at a live control (3.6.4)."))
    if initial_order not in Championship.InitialOrder.values:
        raise Invalid("bad-initial-order", _("The initial classification is by rating or by lot (1.15.5.1)."))
    limit = lateness_limit_ms(str(tc))
    if lateness_minutes is not None and (
        lateness_minutes < 0 or (limit is not None and lateness_minutes * 60_000 > limit)
    ):
        raise Invalid(
            "bad-lateness", _("The allowed lateness is from 0 to the first control's time, at most an hour (1.9.1).")
        )
    if entries_open_at and entries_close_at and entries_open_at >= entries_close_at:
        raise Invalid("bad-entry-window", _("Entries must open before they close."))
    criteria = [c for c in (tie_criteria or []) if c]
    known = _known_criteria()
    unknown = [c for c in criteria if known and c not in known]
    if unknown or len(set(criteria)) != len(criteria):
        raise Invalid(
            "bad-tie-criteria",
            _("Unknown or repeated tie criteria: %(c)s.") % {"c": ", ".join(unknown) or ", ".join(criteria)},
        )
    # The game layer's own validation of the start rule (opening rule, ballot, foul policy).
    from games.services.challenges import RENJU_RULES

    if discipline == "renju":
        opening_rule = opening_rule or "none"
        if opening_rule not in RENJU_RULES:
            raise Invalid("bad-opening-rule", _("Renju opening rules: %(r)s.") % {"r": ", ".join(RENJU_RULES)})
    elif opening_rule:
        raise Invalid("bad-opening-rule", _("Only renju has opening rules."))
    if ballot and discipline != "russian":
        raise Invalid("bad-ballot", _("Ballots (шашки-64, 003 2.2.2) are drawn for Russian draughts only."))
    if ballot and ballot != "random":
        from games.rules import ballots64

        if ballot not in ballots64.keys():  # noqa: SIM118 (a function of the ballots module)
            raise Invalid("bad-ballot", _("Unknown ballot %(b)s: give 'random' or a key of the table.") % {"b": ballot})
    with transaction.atomic():
        championship = Championship.objects.create(
            name=name,
            organiser=organiser,
            discipline=discipline,
            time_control=str(tc),
            system=system,
            cycles=cycles,
            swiss_system=swiss_system,
            rounds_planned=rounds_planned,
            initial_order=initial_order,
            rated=rated,
            scoring=scoring,
            opening_rule=opening_rule,
            ballot=ballot,
            foul_policy=foul_policy,
            lateness_minutes=lateness_minutes,
            tie_criteria=criteria,
            entries_open_at=entries_open_at,
            entries_close_at=entries_close_at,
            invitation_only=invitation_only,
            games_per_pairing=games_per_pairing,
            ballot_table=ballot_table,
            tie_matches=tie_matches,
            tie_time_control=tie_time_control,
            tie_break=tie_break,
        )
        _decide(championship, organiser, "create", now=now)
    return championship


def _known_criteria() -> set[str]:
    """Tie criteria the standings module knows (empty while it does not say)."""
    try:
        from ratings import standings
    except ImportError:
        return set()
    return set(getattr(standings, "CRITERIA", ()) or ())


def arbiter_appoint(*, by, championship_id: int, member, role: str, now: datetime | None = None) -> Appointment:
    """The organiser appoints an arbiter to this championship (002 §17).

    The chief arbiter and his deputy must hold the club's chief-arbiter role
    (they set results through the game layer's arbiter service); arbiters the
    arbiter role.
    """
    now = now or timezone.now()
    if role not in Appointment.Role.values:
        raise Invalid("bad-role", _("An appointment is chief, deputy or arbiter."))
    needed = Role.ARBITER if role == Appointment.Role.ARBITER else Role.CHIEF_ARBITER
    with transaction.atomic():
        championship = _locked(championship_id)
        _require_organiser(championship, by)
        if not has_role(member, needed):
            raise Invalid(
                "not-qualified",
                _("%(member)s does not hold the club role %(role)s.") % {"member": member, "role": needed.label},
            )
        if championship.entries.filter(member=member).exists():
            raise Invalid("player-arbiter", _("A player of the championship cannot be its arbiter."))
        if role == Appointment.Role.CHIEF:
            championship.appointments.filter(role=Appointment.Role.CHIEF).exclude(member=member).delete()
        appointment, _created = Appointment.objects.update_or_create(
            championship=championship, member=member, defaults={"role": role}
        )
        _decide(championship, by, "appoint", now=now, member=member.pk, role=role)
    return appointment


def invitation_add(*, by, championship_id: int, member, now: datetime | None = None) -> None:
    now = now or timezone.now()
    with transaction.atomic():
        championship = _locked(championship_id)
        _require_organiser(championship, by)
        championship.invited.add(member)
        _decide(championship, by, "invite", now=now, member=member.pk)


def entries_open(*, by, championship_id: int, now: datetime | None = None) -> Championship:
    """The organiser opens entries (draft → entries open); a chief arbiter must be appointed."""
    now = now or timezone.now()
    with transaction.atomic():
        championship = _locked(championship_id)
        _require_organiser(championship, by)
        if championship.status != Status.DRAFT:
            raise Conflict("not-a-draft", _("Entries open once, from the draft."))
        if championship.previous_stages.exists():
            raise Conflict("entries-by-qualification", _("This stage's players qualify from the previous stage (1.2)."))
        if not championship.appointments.filter(role=Appointment.Role.CHIEF).exists():
            raise Conflict("no-chief-arbiter", _("Appoint the chief arbiter before opening entries."))
        championship.status = Status.ENTRIES_OPEN
        championship.save(update_fields=["status"])
        _decide(championship, by, "entries-open", now=now)
    return championship


# ---- entries ------------------------------------------------------------------------------
def entry_create(*, championship_id: int, member, now: datetime | None = None) -> Entry:
    """A member enters: while entries are open and within the window; by invitation if so set."""
    now = now or timezone.now()
    if not has_role(member, Role.MEMBER):
        raise Forbidden("not-a-member", _("Only club members enter championships."))
    with transaction.atomic():
        championship = _locked(championship_id)
        if championship.status != Status.ENTRIES_OPEN:
            raise Conflict("entries-closed", _("Entries to this championship are not open."))
        if championship.entries_open_at and now < championship.entries_open_at:
            raise Conflict("entries-not-yet-open", _("Entries open at %(at)s.") % {"at": championship.entries_open_at})
        if championship.entries_close_at and now >= championship.entries_close_at:
            raise Conflict("entries-closed", _("Entries closed at %(at)s.") % {"at": championship.entries_close_at})
        if championship.previous_stages.exists():
            raise Conflict("entries-by-qualification", _("This stage's players qualify from the previous stage (1.2)."))
        if championship.invitation_only and not championship.invited.filter(pk=member.pk).exists():
            raise Forbidden("not-invited", _("This championship is by invitation."))
        if selectors.is_arbiter(championship, member):
            raise Invalid("player-arbiter", _("An arbiter of the championship cannot play in it."))
        if championship.entries.filter(member=member).exists():
            raise Conflict("already-entered", _("You have already entered."))
        return Entry.objects.create(championship=championship, member=member)


def entry_withdraw(*, championship_id: int, member, now: datetime | None = None) -> None:
    """A member takes his entry back before the entries close."""
    with transaction.atomic():
        championship = _locked(championship_id)
        if championship.status != Status.ENTRIES_OPEN:
            raise Conflict(
                "entries-closed", _("The entries are closed; ask the chief arbiter to record a withdrawal (1.10).")
            )
        deleted, _rows = championship.entries.filter(member=member).delete()
        if not deleted:
            raise NotFound("no-entry", _("You have not entered this championship."))


def entry_group_set(*, by, championship_id: int, member_id: int, group: str, now: datetime | None = None) -> Entry:
    """The organiser puts a player in group (team) A or B of a Scheveningen
    (1.2), or "" to leave it to the lot, while the entries are open; the
    players he leaves unassigned are spread by rating when entries close."""
    now = now or timezone.now()
    with transaction.atomic():
        championship = _locked(championship_id)
        _require_organiser(championship, by)
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
        _decide(championship, by, "group", now=now, clause="1.2", member=member_id, group=group)
    return entry


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


def _member_rating(member, championship: Championship) -> int | None:
    """The club rating in the championship's pool, else the federation rating."""
    speed = clock.TimeControl.parse(championship.time_control).speed_in(championship.discipline)
    try:
        from ratings.models import Rating

        value = (
            Rating.objects.filter(member_id=member.pk, discipline=championship.discipline, speed=speed)
            .values_list("rating", flat=True)
            .first()
        )
    except (ImportError, LookupError):
        value = None
    if value is not None:
        return round(value)
    return member.federation_rating


def _int_seed(seed: str, salt: int = 0) -> int:
    return int(hashlib.sha256(f"{seed}:{salt}".encode()).hexdigest()[:15], 16)


def entries_close(*, by, championship_id: int, seed: str | None = None, now: datetime | None = None) -> Championship:
    """The organiser closes entries and the lot is drawn: start numbers by lot
    (round robin, or a Swiss by lot) or by rating with the lot breaking ties
    (Swiss, 1.15.5.1). The seed is stored: the lot can be drawn again and checked."""
    from . import pairing

    now = now or timezone.now()
    with transaction.atomic():
        championship = _locked(championship_id)
        _require_organiser(championship, by)
        if championship.status != Status.ENTRIES_OPEN:
            raise Conflict("entries-not-open", _("Only open entries can be closed."))
        entry_list = list(championship.entries.select_related("member").order_by("entered_at", "id"))
        if len(entry_list) < 2:
            raise Conflict("too-few-entries", _("A championship needs at least two players."))
        if championship.qualifiers and championship.qualifiers > len(entry_list):
            raise Conflict(
                "too-many-qualifiers",
                _(
                    "%(q)s qualifiers to the next stage from %(n)s players: there must be no more qualifiers than players."
                )
                % {"q": championship.qualifiers, "n": len(entry_list)},
            )
        if championship.is_swiss and championship.rounds_planned >= len(entry_list) + (len(entry_list) % 2):
            raise Conflict("too-many-rounds", _("A Swiss needs fewer rounds than players (1.15.2: no rematch)."))
        seed = seed or secrets.token_hex(8)
        for entry in entry_list:
            entry.rating = _member_rating(entry.member, championship)
        by_rating = (
            championship.is_swiss or championship.is_knockout or championship.is_scheveningen
        ) and championship.initial_order == Championship.InitialOrder.RATING
        drawn = pairing.initial_order(
            [{"id": e.member_id, "rating": e.rating} for e in entry_list], seed, by_rating=by_rating
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
        Entry.objects.bulk_update(order, ["start_number", "rating", "group"])
        championship.status, championship.lot_seed = Status.ENTRIES_CLOSED, seed
        championship.save(update_fields=["status", "lot_seed"])
        _decide(
            championship,
            by,
            "entries-close",
            now=now,
            clause="1.6.2",
            seed=seed,
            start_numbers={e.member_id: e.start_number for e in order},
            **({"groups": {e.member_id: e.group for e in order}} if championship.is_scheveningen else {}),
        )
    return championship


# ---- pairing --------------------------------------------------------------------------------
def round_pair(*, by, championship_id: int, starts_at: datetime | None = None, now: datetime | None = None) -> Round:
    """An appointed arbiter pairs the next round; it is stored as a draft
    (status "paired") and shown before it is published.

    Refused while the previous round is not closed, and after the last round.
    Round robin: the Berger table for the start numbers (the dummy n+1 rests
    its partner). Swiss: ``pairing.swiss`` over the closed rounds; withdrawn
    players are not paired (1.10.5, 1.15.2).
    """
    from . import pairing

    now = now or timezone.now()
    with transaction.atomic():
        championship = _locked(championship_id)
        _require_arbiter(championship, by)
        if championship.status not in (Status.ENTRIES_CLOSED, Status.RUNNING):
            raise Conflict("not-ready", _("Rounds are paired after the entries close and the lot is drawn."))
        last = championship.rounds.order_by("-number").first()
        if last is not None and last.status != Round.Status.CLOSED:
            raise RuleRefusal(
                "previous-round-open",
                _("Round %(n)s is not closed yet: the next round is paired after all its games end.")
                % {"n": last.number},
            )
        number = (last.number if last else 0) + 1
        entry_list = list(championship.entries.order_by("start_number"))
        total = selectors.rounds_total(championship, len(entry_list))
        if total is not None and number > total:
            raise Conflict("no-more-rounds", _("All %(n)s rounds have been paired.") % {"n": total})
        if starts_at is not None and starts_at <= now:
            raise Invalid("starts-in-the-past", _("A round's start must be in the future."))
        if championship.is_swiss:
            players = selectors.pairing_players(championship)
            rounds = selectors.played_rounds(championship)
            try:
                pairs = pairing.swiss(championship.swiss_system, players, rounds, seed=championship.lot_seed)
            except pairing.PairingError as error:
                raise RuleRefusal("no-pairing", str(error)) from None
        elif championship.is_knockout:
            from . import matches

            pairs = matches.knockout_pairs(championship, number, entry_list)
        elif championship.is_scheveningen:
            team_a = [e.member_id for e in entry_list if e.group == "A"]
            team_b = [e.member_id for e in entry_list if e.group == "B"]
            pairs = pairing.scheveningen(team_a, team_b)[number - 1]
        else:
            schedule = pairing.round_robin(len(entry_list), cycles=championship.cycles)
            by_number = {e.start_number: e.member_id for e in entry_list}
            pairs = []
            for white_no, black_no in schedule[number - 1]:
                if white_no in by_number and black_no in by_number:
                    pairs.append((by_number[white_no], by_number[black_no]))
                else:  # the dummy: its partner rests this round
                    pairs.append((by_number.get(white_no) or by_number[black_no], None))
        the_round = Round.objects.create(
            championship=championship, number=number, status=Round.Status.PAIRED, starts_at=starts_at, paired_at=now
        )
        rest_result = vocabulary.BYE if championship.is_swiss else ""
        # A knockout numbers its boards by bracket position (ties 1 and 2 feed the next round's
        # tie 1); an empty slot (both sides lost −/−) has no board.
        numbered = (
            [(i, pair) for i, pair in enumerate(pairs, start=1) if pair is not None]
            if championship.is_knockout
            else list(enumerate(_boards_first(pairs), start=1))
        )
        Board.objects.bulk_create(
            [
                Board(round=the_round, number=i, white_id=white, black_id=black, result="" if black else rest_result)
                for i, (white, black) in numbered
            ]
        )
        _decide(
            championship,
            by,
            "pair",
            now=now,
            clause="1.15" if championship.is_swiss else "1.6.2",
            round=number,
            pairs=[list(p) if p else None for p in pairs],
        )
    return the_round


def round_discard(*, by, championship_id: int, round_number: int, reason: str, now: datetime | None = None) -> None:
    """The chief arbiter (or deputy) withdraws a round's draft pairing before
    it is published, with his reason, so that it can be paired again (1.15
    preamble: a mistake found, e.g. a result entered wrongly)."""
    now = now or timezone.now()
    reason = _reason(reason)
    with transaction.atomic():
        championship = _locked(championship_id)
        _require_chief(championship, by, "1.15")
        the_round = championship.rounds.filter(number=round_number).first()
        if the_round is None:
            raise NotFound("no-such-round", _("There is no round %(n)s.") % {"n": round_number})
        if the_round.status != Round.Status.PAIRED:
            raise Conflict("round-published", _("Only a round not yet published can be paired again."))
        pairs = list(the_round.boards.values_list("white_id", "black_id"))
        the_round.delete()
        _decide(
            championship,
            by,
            "discard-pairing",
            now=now,
            reason=reason,
            clause="1.15",
            round=round_number,
            pairs=[list(p) for p in pairs],
        )


def _boards_first(pairs):
    """Real boards first, the bye or rest last."""
    return [p for p in pairs if p[1] is not None] + [p for p in pairs if p[1] is None]


def _met_before(championship: Championship, a: int, b: int, before_round: int) -> bool:
    return (
        Board.objects.filter(round__championship=championship, round__number__lt=before_round)
        .filter(Q(white_id=a, black_id=b) | Q(white_id=b, black_id=a))
        .exists()
    )


def board_override(
    *,
    by,
    championship_id: int,
    round_number: int,
    board_number: int,
    white_id: int,
    black_id: int | None,
    reason: str,
    clause: str = "1.15",
    now: datetime | None = None,
) -> Round:
    """The chief arbiter (or deputy) changes a pair of a round not yet
    published, with a recorded reason (1.15 preamble: a mistake found, or a
    motivated decision). The players displaced from the boards touched are
    paired together on the freed boards, in board order. A pair that met
    before needs the reason to say so (1.15.2: no rematch) — the reason is
    always required, a rematch is refused without one.
    """
    now = now or timezone.now()
    with transaction.atomic():
        championship = _locked(championship_id)
        _require_chief(championship, by, "1.15")
        the_round = championship.rounds.filter(number=round_number).first()
        if the_round is None:
            raise NotFound("no-such-round", _("There is no round %(n)s.") % {"n": round_number})
        if the_round.status != Round.Status.PAIRED:
            raise Conflict("round-published", _("Only a round not yet published can be re-paired."))
        boards = list(the_round.boards.order_by("number"))
        target = next((b for b in boards if b.number == board_number), None)
        if target is None:
            raise NotFound(
                "no-such-board", _("Round %(r)s has no board %(b)s.") % {"r": round_number, "b": board_number}
            )
        if white_id == black_id:
            raise Invalid("same-player", _("A player cannot play himself."))
        seated = {p for b in boards for p in (b.white_id, b.black_id) if p}
        if white_id not in seated or (black_id is not None and black_id not in seated):
            raise Invalid("not-in-round", _("Both players must be in this round's pairing."))
        rematch = black_id is not None and _met_before(championship, white_id, black_id, round_number)
        if rematch and not (reason or "").strip():
            raise RuleRefusal("rematch", _("These players have met already (1.15.2): a rematch needs a reason."))
        reason = _reason(reason)
        wanted = {white_id, black_id} - {None}
        touched = [b for b in boards if b is target or {b.white_id, b.black_id} & wanted]
        before = [[b.number, b.white_id, b.black_id] for b in touched]
        leftovers = [p for b in touched for p in (b.white_id, b.black_id) if p and p not in wanted]
        target.white_id, target.black_id = white_id, black_id
        others = [b for b in touched if b is not target]
        for board in others:
            board.white_id = leftovers.pop(0) if leftovers else None
            board.black_id = leftovers.pop(0) if leftovers else None
        if leftovers or any(b.white_id is None for b in others):
            raise Invalid("bad-override", _("The override leaves the round's players unevenly seated."))
        rest_result = vocabulary.BYE if championship.is_swiss else ""
        for board in touched:
            board.result = "" if board.black_id else rest_result
            board.override_reason = reason
            board.save(update_fields=["white", "black", "result", "override_reason"])
        _decide(
            championship,
            by,
            "override",
            now=now,
            reason=reason,
            clause=clause,
            round=round_number,
            before=before,
            after=[[b.number, b.white_id, b.black_id] for b in touched],
            rematch=rematch,
        )
    return the_round


def round_publish(
    *,
    by,
    championship_id: int,
    round_number: int,
    starts_at: datetime | None = None,
    now: datetime | None = None,
    rng: random.Random | None = None,
) -> Round:
    """An appointed arbiter publishes a paired round: its games are created
    through the game layer's ``game_create`` with the championship's
    discipline, start rule, clock and foul policy. Live rounds start at their
    scheduled time (1.6.3; required, in the future); correspondence rounds open now.

    Boards of a player who has left (1.10) get their result without a game:
    "−/+" against him when his results stand (1.10.3), "−/−" when they are
    struck (1.10.2).
    """
    now = now or timezone.now()
    with transaction.atomic():
        championship = _locked(championship_id)
        _require_arbiter(championship, by)
        the_round = championship.rounds.select_for_update().filter(number=round_number).first()
        if the_round is None:
            raise NotFound("no-such-round", _("There is no round %(n)s.") % {"n": round_number})
        if the_round.status != Round.Status.PAIRED:
            raise Conflict(
                "not-paired",
                _("Round %(n)s is %(s)s: only a paired round is published.")
                % {"n": round_number, "s": the_round.get_status_display()},
            )
        starts_at = starts_at or the_round.starts_at
        if selectors.is_live(championship):
            if starts_at is None or starts_at <= now:
                raise Invalid("no-start-time", _("A live round needs its scheduled start, in the future (1.6.3)."))
        else:
            starts_at = None
        entries = {e.member_id: e for e in championship.entries.all()}
        boards = list(the_round.boards.select_related("white", "black").order_by("number"))
        for board in boards:
            if board.black_id is None or board.result:
                continue
            gone = [
                c
                for c, m in ((vocabulary.WHITE, board.white_id), (vocabulary.BLACK, board.black_id))
                if _has_left(entries[m], round_number)
            ]
            if gone:
                board.result = _forfeit_for(gone, entries, board)
                board.save(update_fields=["result"])
                continue
            if championship.plays_micro_matches:
                from . import matches

                matches.match_game_next(championship, the_round, board, starts_at=starts_at, now=now)
                continue
            board.game = _game_create(championship, the_round, board, starts_at=starts_at, now=now, rng=rng)
            board.save(update_fields=["game"])
        the_round.status, the_round.published_at, the_round.starts_at = Round.Status.PUBLISHED, now, starts_at
        the_round.save(update_fields=["status", "published_at", "starts_at"])
        if championship.status == Status.ENTRIES_CLOSED:
            championship.status, championship.started_at = Status.RUNNING, now
            championship.save(update_fields=["status", "started_at"])
        _decide(
            championship,
            by,
            "publish",
            now=now,
            round=round_number,
            starts_at=starts_at.isoformat() if starts_at else None,
        )
        _close_round_if_over(championship, the_round, now)
    # Boards decided without a game (a player who left) count at once.
    transaction.on_commit(lambda: _enqueue_standings(championship.pk))
    return the_round


def _has_left(entry: Entry, round_number: int) -> bool:
    return entry.status != Entry.Status.ACTIVE and (entry.left_after_round or 0) < round_number


def _forfeit_for(gone: list[str], entries: dict, board: Board) -> str:
    """The result of a game not played because a player left (1.10.2, 1.10.3)."""
    if len(gone) == 2:
        return vocabulary.BOTH_FORFEIT
    colour = gone[0]
    member_id = board.white_id if colour == vocabulary.WHITE else board.black_id
    if entries[member_id].struck:
        return vocabulary.BOTH_FORFEIT  # 1.10.2: both marked "−", struck from the standings anyway
    return vocabulary.for_winner(vocabulary.BLACK if colour == vocabulary.WHITE else vocabulary.WHITE, forfeit=True)


def _game_create(championship: Championship, the_round: Round, board: Board, *, starts_at, now, rng) -> Game:
    from games.services.challenges import game_create

    ballot = championship.ballot
    if ballot == "random":
        from games.rules import ballots64

        ballot = ballots64.draw(rng or random.Random(_int_seed(championship.lot_seed, board.pk)))
    if starts_at is None:
        # Correspondence: the round opens now; a first-move period that runs
        # out is a no-show forfeit, not a time loss (1.9.1; games.services.finish.time_ending).
        starts_at, allowed = now, 0
    else:
        allowed = lateness_ms(championship)
    return game_create(
        discipline=championship.discipline,
        white=board.white,
        black=board.black,
        time_control=championship.time_control,
        rated=championship.rated,
        opening_rule=championship.opening_rule,
        ballot=ballot,
        foul_policy=championship.foul_policy,
        now=now,
        starts_at=starts_at,
        lateness_ms=allowed,
        event=championship.name,
        round=f"{the_round.number}.{board.number}",
    )


# ---- results --------------------------------------------------------------------------------
def board_result_record(*, game_id: int, now: datetime | None = None) -> str:
    """A championship game ended or its result was changed: copy the game's
    result to its board, exactly once; close the round when all its boards
    have results, and finish the championship after its last round.

    Idempotent (GAME_FINISHED_TASKS may deliver twice): a board already
    holding the game's result is left alone. Returns what happened.
    """
    now = now or timezone.now()
    from .models import MatchGame

    if MatchGame.objects.filter(game_id=game_id).exists():
        from . import matches

        return matches.match_game_recorded(game_id=game_id, now=now)
    located = Board.objects.filter(game_id=game_id).values_list("round__championship_id", flat=True).first()
    if located is None:
        return "not-a-championship-game"
    with transaction.atomic():
        championship = _locked(located)
        board = Board.objects.select_related("round").get(game_id=game_id)
        game = Game.objects.get(pk=game_id)
        result = game.result if game.status == Game.Status.FINISHED and vocabulary.is_result(game.result) else ""
        if board.result == result:
            outcome = "unchanged"
        else:
            Board.objects.filter(pk=board.pk).update(result=result)
            board.result = result
            outcome = "recorded"
            _close_round_if_over(championship, board.round, now)
    transaction.on_commit(lambda: _enqueue_standings(championship.pk))
    return outcome


def _enqueue_stage_advance(championship_id: int) -> None:
    from . import tasks

    tasks.stage_advance.delay(championship_id)


def _enqueue_standings(championship_id: int) -> None:
    from . import tasks

    tasks.standings_recompute.delay(championship_id)


def _close_round_if_over(championship: Championship, the_round: Round, now: datetime) -> None:
    """Call holding the championship's row lock."""
    if the_round.status != Round.Status.PUBLISHED:
        return
    if the_round.boards.filter(black__isnull=False, result="").exists():
        return
    Round.objects.filter(pk=the_round.pk, status=Round.Status.PUBLISHED).update(
        status=Round.Status.CLOSED, closed_at=now
    )
    the_round.status = Round.Status.CLOSED
    total = selectors.rounds_total(championship)
    if total is not None and the_round.number >= total and championship.status == Status.RUNNING:
        championship.status, championship.finished_at = Status.FINISHED, now
        championship.save(update_fields=["status", "finished_at"])
        _decide(championship, None, "finish", now=now)
        if championship.next_stage_id:
            transaction.on_commit(lambda: _enqueue_stage_advance(championship.pk))


def board_result_set(
    *,
    by,
    championship_id: int,
    game_id: int,
    result: str,
    reason: str,
    clause: str = "1.10.4",
    grounds: str = "recording-error",
    now: datetime | None = None,
) -> Board:
    """The chief arbiter (or deputy) sets the result of a game of this
    championship — an unfinished game (1.10.4) or a correction — through the
    game layer's arbiter service; the board follows through the game hooks."""
    from games.services.arbiter import game_result_change

    now = now or timezone.now()
    reason = _reason(reason)
    with transaction.atomic():
        championship = _locked(championship_id)
        _require_chief(championship, by, "1.10.4")
        board = (
            Board.objects.filter(game_id=game_id, round__championship=championship).first()
            or Board.objects.filter(match_games__game_id=game_id, round__championship=championship).first()
        )
        if board is None:
            raise NotFound("not-in-championship", _("Game %(g)s is not a game of this championship.") % {"g": game_id})
        if result not in vocabulary.RESULTS:
            raise Invalid("bad-result", _("A result is one of %(r)s.") % {"r": ", ".join(vocabulary.RESULTS)})
        if championship.status == Status.FINISHED:
            raise Conflict("results-final", _("The championship's results are final (003 2.1.10.4)."))
        game_result_change(
            game_id=game_id,
            arbiter=by,
            result=result,
            reason=reason,
            clause=clause,
            grounds=grounds,
            in_championship=True,
            authorised=True,
            now=now,
        )
        _decide(championship, by, "result", now=now, reason=reason, clause=clause, game=game_id, result=result)
    return board


# ---- withdrawal and exclusion (1.10) -----------------------------------------------------------
def player_leave(
    *, by, championship_id: int, member_id: int, reason: str, excluded: bool = False, now: datetime | None = None
) -> Entry:
    """The chief arbiter records that a player withdrew or was excluded (1.10).

    His results up to the last published round count as played; games of
    that round still unfinished are decided by the arbiter (1.10.4, counted
    as played). Round robin: under half of his scheduled games played, his
    results are struck from the standings (they stay rated, 1.10.2); half or
    more, they stand and his remaining games are "−/+" (1.10.3). Swiss: his
    played results stand and he is no longer paired (1.10.5).
    """
    now = now or timezone.now()
    reason = _reason(reason)
    with transaction.atomic():
        championship = _locked(championship_id)
        _require_chief(championship, by, "1.10")
        if championship.status not in (Status.ENTRIES_CLOSED, Status.RUNNING):
            raise Conflict("not-running", _("Withdrawals are recorded while the championship runs."))
        entry = championship.entries.filter(member_id=member_id).first()
        if entry is None:
            raise NotFound("no-entry", _("This member does not play in the championship."))
        if entry.status != Entry.Status.ACTIVE:
            raise Conflict("already-left", _("This player has already left the championship."))
        last_out = (
            championship.rounds.filter(status__in=(Round.Status.PUBLISHED, Round.Status.CLOSED))
            .order_by("-number")
            .values_list("number", flat=True)
            .first()
        ) or 0
        # "Played" as the standings count it: finished over the board, or still
        # going and to be decided by the arbiter (1.10.4); a no-show forfeit is not played.
        played = (
            Board.objects.filter(
                round__championship=championship, round__number__lte=last_out, black__isnull=False, game__isnull=False
            )
            .filter(Q(result__in=vocabulary.PLAYED) | Q(result=""))
            .filter(Q(white_id=member_id) | Q(black_id=member_id))
            .count()
        )
        scheduled = selectors.games_scheduled(championship, championship.entries.count())
        entry.struck = championship.system == Championship.System.ROUND_ROBIN and played * 2 < scheduled
        entry.status = Entry.Status.EXCLUDED if excluded else Entry.Status.WITHDRAWN
        entry.left_after_round, entry.left_reason = last_out, reason
        entry.save(update_fields=["struck", "status", "left_after_round", "left_reason"])
        clause = "1.10.5" if championship.is_swiss else ("1.10.2" if entry.struck else "1.10.3")
        _decide(
            championship,
            by,
            "exclude" if excluded else "withdraw",
            now=now,
            reason=reason,
            clause=clause,
            member=member_id,
            played=played,
            scheduled=scheduled,
            after_round=last_out,
        )
    transaction.on_commit(lambda: _enqueue_standings(championship.pk))
    return entry


# ---- standings ---------------------------------------------------------------------------------
def standings_recompute(*, championship_id: int, now: datetime | None = None) -> bool:
    """Compute the championship's table from its results and store it.

    A pure function of the results: the inputs' digest is stored with the
    table, so a replay writes nothing, and two workers racing serialise on
    the championship's row lock — the second sees the first's digest.
    Returns whether the table was written.
    """
    from ratings import standings

    now = now or timezone.now()
    with transaction.atomic():
        championship = _locked(championship_id)
        players, rounds = selectors.results_plain(championship)
        options = {"scoring": championship.scoring, "system": championship.standings_system}
        if championship.tie_criteria:
            options["criteria"] = tuple(championship.tie_criteria)
        digest = hashlib.sha256(
            json.dumps([players, rounds, options], sort_keys=True, default=str).encode()
        ).hexdigest()
        stored = Standings.objects.filter(championship=championship).first()
        if stored is not None and stored.results_version == digest:
            return False
        rows = standings.table(players, rounds, **options)
        rows = json.loads(json.dumps(rows, default=str))
        Standings.objects.update_or_create(
            championship=championship, defaults={"rows": rows, "computed_at": now, "results_version": digest}
        )
    return True


# ---- staged events (1.2) -------------------------------------------------------------------------
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
        championship = _locked(championship_id)
        following = _locked(next_stage_id)
        _require_organiser(championship, by)
        _require_organiser(following, by)
        if championship.pk == following.pk:
            raise Invalid("bad-stage", _("A stage cannot qualify into itself."))
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
        _decide(championship, by, "stage-link", now=now, clause="1.2", next_stage=following.pk, qualifiers=qualifiers)
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
    from ratings import standings

    now = now or timezone.now()
    with transaction.atomic():
        championship = _locked(championship_id)
        if by is not None:
            _require_organiser(championship, by)
        if championship.next_stage_id is None:
            return "no-next-stage"
        if championship.status != Status.FINISHED:
            raise Conflict("stage-not-finished", _("The stage has not finished: its standings are not final."))
        following = _locked(championship.next_stage_id)
        if following.entries.exists():
            return "already-carried"
        players, rounds = selectors.results_plain(championship)
        options = {"scoring": championship.scoring, "system": championship.standings_system}
        if championship.tie_criteria:
            options["criteria"] = tuple(championship.tie_criteria)
        rows = standings.table(players, rounds, **options)
        active = {e.member_id: e for e in championship.entries.filter(status=Entry.Status.ACTIVE)}
        qualified = [row["id"] for row in rows if row["id"] in active and not row.get("struck")][
            : championship.qualifiers
        ]
        if len(qualified) < 2:
            raise Conflict("too-few-qualifiers", _("Fewer than two players qualify: the next stage cannot be played."))
        Entry.objects.bulk_create(
            [
                Entry(championship=following, member_id=member_id, start_number=place, rating=active[member_id].rating)
                for place, member_id in enumerate(qualified, start=1)
            ]
        )
        following.status, following.lot_seed = Status.ENTRIES_CLOSED, f"{championship.lot_seed}:stage"
        following.save(update_fields=["status", "lot_seed"])
        places = {member_id: place for place, member_id in enumerate(qualified, start=1)}
        _decide(following, None, "stage-carry", now=now, clause="1.2", previous_stage=championship.pk, places=places)
        _decide(championship, None, "stage-advance", now=now, clause="1.2", next_stage=following.pk, places=places)
    return "carried"
