"""Setting an event up: create it, appoint its arbiters, invite, open entries.

A championship of players starts as a draft and opens its entries once its
chief arbiter is appointed. A team event (``entrants="teams"``, 1.14) opens
registration at once: captains register their teams while the organiser
appoints the arbiters; its lot needs the chief arbiter like any other
(``entries.entries_close``).
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from club.notifications.services import arbiter_notify
from foundation.horizon import within_horizon
from foundation.refusals import Conflict, Forbidden, Invalid, NotFound
from foundation.text import one_line_required
from games import results as vocabulary
from games.positions import FIVE_ROW
from games.rules import ballots64
from games.services.start_rule import start_rule_check, time_control_check
from games.venue import Venue, default_venue
from members.models import Member
from members.roles import Role, has_any_role, has_role
from ratings import standings

from .. import age_categories, team_rules
from ..authority import Action, Seat, appointing, organiser_required, require, seat_required
from ..decisions import decision_record, reason_given
from ..locks import championship_locked
from ..models import Appointment, Championship
from .scheduling import lateness_limit_ms

Status = Championship.Status
System = Championship.System
SWISS_SYSTEMS = tuple(Championship.SwissSystem.values)
TEAM_SCORINGS = (Championship.Scoring.MATCH_POINTS, Championship.Scoring.BOARD_POINTS)


# A renju game cannot be shorter than its opening; the board (15×15) holds 225 stones.
DRAW_AFTER_MOVES = (10, 225)


def _draw_after_moves_check(moves: int | None, discipline: str) -> None:
    """5.2.7.2: a move limit is a condition the regulations may add for renju (the five-in-a-row family)."""
    if moves is None:
        return
    if discipline not in FIVE_ROW:
        raise Invalid("draw-after-moves-not-renju", _("A move limit is a draw condition of renju (003 5.2.7.2)."))
    low, high = DRAW_AFTER_MOVES
    if not low <= moves <= high:
        raise Invalid(
            "bad-draw-after-moves",
            _("A move limit is from %(low)s to %(high)s moves (003 5.2.7.2).") % {"low": low, "high": high},
        )


def _initial_order(chosen: str, *, blind: bool) -> str:
    """The initial classification: as chosen, or the system's own when none is — by rating
    (1.15.5.1), except the blind draw, whose start numbers are the lot's (1.15.4)."""
    Order = Championship.InitialOrder
    if not chosen:
        return Order.LOT if blind else Order.RATING
    if chosen not in Order.values:
        raise Invalid("bad-initial-order", _("The initial classification is by rating or by lot (1.15.5.1)."))
    if blind and chosen == Order.RATING:
        raise Invalid(
            "blind-draw-by-lot",
            _(
                "The blind draw ignores ratings (1.15.4): its start numbers come from the lot before the "
                "event. Choose the initial classification by lot."
            ),
        )
    return chosen


def championship_create(
    *,
    organiser,
    name: str,
    discipline: str,
    time_control: str,
    entrants: str = Championship.Entrants.PLAYERS,
    boards: int | None = None,
    reserves: int = 0,
    fixed_boards: bool = False,
    reserve_boards: list[int] | tuple = (),
    lineup_moves_up: bool = False,
    lineup_minutes: int | None = None,
    ranks_boards: bool = False,
    system: str = System.ROUND_ROBIN,
    cycles: int = 1,
    swiss_system: str = "",
    rounds_planned: int | None = None,
    initial_order: str = "",
    accelerated_rounds: int = 0,
    accelerated_points: float | Decimal = 1,
    rating_bands: list[int] | tuple = (),
    age_categories: list[str] | tuple = (),
    rated: bool = True,
    scoring: str = "",
    opening_rule: str = "",
    ballot: str = "",
    foul_policy: str = "reject",
    lateness_minutes: int | None = None,
    draw_after_moves: int | None = None,
    tie_criteria: list[str] | tuple = (),
    entries_open_at: datetime | None = None,
    entries_close_at: datetime | None = None,
    invitation_only: bool = False,
    games_per_pairing: int | None = None,
    ballot_table: str = "",
    tie_matches: int | None = None,
    tie_time_control: str = "",
    tie_break: str = "",
    venue: str = "",
    play_mode: str = Championship.PlayMode.ROUNDS,
    round_days: int | None = None,
    closes_at: datetime | None = None,
    vacation_days_max: int | None = None,
    section_size: int | None = None,
    section_days: int | None = None,
    now: datetime | None = None,
) -> Championship:
    """An organiser creates a championship (a draft until he opens entries),
    or a team event (``entrants="teams"``: ``boards`` per match and up to
    ``reserves`` per team, 1.14.1–1.14.2; scored by board points as 1.14.6
    says, or by match points as its note allows; registration open at once).

    Micro-matches (1.11): ``games_per_pairing`` games per pairing (default 1;
    шашки-64 — a ``ballot_table`` — plays micro-matches, 2.2, default 2), a
    drawn one followed by ``tie_matches`` further micro-matches (a knockout:
    default 1), then by micro-matches at ``tie_time_control`` (see
    ``services.matches``) — or, with ``tie_break="lehmann-georgiev"``, by a
    Lehmann–Georgiev series (3.6.4) at ``tie_time_control``, 5 min + 3 s per
    move when not set.

    ``venue`` (``games.venue``): online, at the board (the clubs' usual night:
    clocks on the table, results from the players and the arbiter) or by
    correspondence; empty, what the time control implies.

    Correspondence (``services.correspondence``): ``play_mode="all-at-once"``
    plays every game of a round robin, a Scheveningen or each knockout stage
    at once; a Swiss takes ``round_days`` per round instead; ``closes_at`` is
    the closing date; ``vacation_days_max`` caps the vacation days a player
    takes while the event runs. With ``section_size`` it is a standing event:
    it keeps its entries open and starts a section of that many players, each
    lasting ``section_days``, whenever they are waiting (``services.standing``).
    """
    if not has_any_role(organiser, Role.ORGANISER, Role.ADMIN):
        raise Forbidden("not-organiser", _("Only an organiser creates championships."))
    now = now or timezone.now()
    name = (name or "").strip()
    if not name:
        raise Invalid("no-name", _("A championship needs a name."))
    one_line_required(name, what=_("The championship's name"))
    rule = start_rule_check(
        discipline=discipline,
        time_control=time_control,
        opening_rule=opening_rule,
        ballot=ballot,
        foul_policy=foul_policy,
        clocked=True,
    )
    venue = venue_check(venue, correspondence=rule.time_control.correspondence)
    if entrants not in Championship.Entrants.values:
        raise Invalid("bad-entrants", _("A championship's entrants are players or teams."))
    for_teams = entrants == Championship.Entrants.TEAMS
    if for_teams:
        scoring = scoring or team_rules.DEFAULT_SCORING
        options = _team_options(boards=boards, reserves=reserves, system=system, scoring=scoring)
        options.update(
            _board_policy(boards=boards, fixed=fixed_boards, reserve_boards=reserve_boards, moves_up=lineup_moves_up)
        )
        options["lineup_minutes"] = _lineup_minutes(lineup_minutes)
        options["ranks_boards"] = bool(ranks_boards)
        criteria = _criteria(tie_criteria, team_rules.CRITERIA)
    else:
        scoring = scoring or Championship.Scoring.ONE
        if scoring not in vocabulary.SCORINGS:
            raise Invalid("bad-scoring", _("Scoring is 1-1/2-0 or 2-1-0 (1.12.1)."))
        options = {"boards": None, "reserves": 0}
        criteria = _criteria(tie_criteria, standings.CRITERIA)
    if system == System.SWISS:
        swiss_system = swiss_system or ("buchholz" if for_teams else "")
        if swiss_system not in SWISS_SYSTEMS:
            raise Invalid(
                "bad-swiss-system",
                _("The Swiss system is one of: %(s)s (1.15.4–1.15.7).") % {"s": ", ".join(SWISS_SYSTEMS)},
            )
        if not rounds_planned or rounds_planned < 1:
            raise Invalid("bad-rounds", _("A Swiss championship needs its number of rounds."))
        cycles = 1
    elif system == System.ROUND_ROBIN:
        if not 1 <= int(cycles) <= 4:
            raise Invalid("bad-cycles", _("A round robin has one to four cycles (1.2)."))
        swiss_system, rounds_planned = "", None
    elif system in (System.KNOCKOUT, System.SCHEVENINGEN):
        swiss_system, rounds_planned, cycles = "", None, 1
    else:
        raise Invalid("bad-system", _("The system is round-robin, swiss, knockout or scheveningen."))
    matches = _micro_match_options(
        discipline=discipline,
        system=system,
        ballot=ballot,
        ballot_table=ballot_table,
        games_per_pairing=games_per_pairing,
        tie_matches=tie_matches,
        tie_time_control=tie_time_control,
        tie_break=tie_break,
    )
    initial_order = _initial_order(initial_order, blind=swiss_system == Championship.SwissSystem.BLIND)
    procedures = _other_procedures(
        system=System.KNOCKOUT if for_teams else system,  # a team Swiss pairs its matches by 1.15.7 alone
        rounds_planned=rounds_planned,
        accelerated_rounds=accelerated_rounds,
        accelerated_points=accelerated_points,
        rating_bands=rating_bands,
    )
    limit = lateness_limit_ms(rule.time_control)
    if lateness_minutes is not None and (
        lateness_minutes < 0 or (limit is not None and lateness_minutes * 60_000 > limit)
    ):
        raise Invalid(
            "bad-lateness", _("The allowed lateness is from 0 to the first control's time, at most an hour (1.9.1).")
        )
    _draw_after_moves_check(draw_after_moves, rule.discipline)
    if entries_open_at and entries_close_at and entries_open_at >= entries_close_at:
        raise Invalid("bad-entry-window", _("Entries must open before they close."))
    for moment, what in (
        (entries_open_at, _("The opening of entries")),
        (entries_close_at, _("The close of entries")),
        (closes_at, _("The closing date")),
    ):
        within_horizon(moment, now, what)
    correspondence = _correspondence_options(
        correspondence=rule.time_control.correspondence,
        system=system,
        play_mode=play_mode,
        round_days=round_days,
        closes_at=closes_at,
        vacation_days_max=vacation_days_max,
        section_size=section_size,
        section_days=section_days,
        now=now,
    )
    with transaction.atomic():
        championship = Championship.objects.create(
            name=name,
            organiser=organiser,
            discipline=rule.discipline,
            time_control=rule.time_control,
            venue=venue,
            entrants=entrants,
            system=system,
            cycles=cycles,
            swiss_system=swiss_system,
            rounds_planned=rounds_planned,
            initial_order=Championship.InitialOrder.LOT if for_teams else initial_order,
            rated=rated,
            scoring=scoring,
            opening_rule=rule.opening_rule,
            ballot=rule.ballot,
            foul_policy=rule.foul_policy,
            lateness_minutes=lateness_minutes,
            draw_after_moves=draw_after_moves,
            tie_criteria=criteria,
            entries_open_at=entries_open_at,
            entries_close_at=entries_close_at,
            invitation_only=invitation_only,
            status=Status.ENTRIES_OPEN if for_teams else Status.DRAFT,
            **options,
            **matches,
            **correspondence,
            **procedures,
            age_categories=_age_categories(age_categories, for_teams=for_teams),
        )
        decision_record(championship, organiser, "create", now=now)
        if for_teams:
            decision_record(championship, organiser, "entries-open", now=now)
    return championship


def _age_categories(codes, *, for_teams: bool) -> list[str]:
    """1.1: the event's age categories, as the regulations write them ("U14", "60+"), each once."""
    try:
        found = list(dict.fromkeys(age_categories.category(code).code for code in codes or ()))
    except ValueError:
        raise Invalid(
            "bad-age-category", _("Write an age category as U14 (under 14) or 60+ (60 and over) (1.1).")
        ) from None
    if found and for_teams:
        raise Invalid("age-category-teams", _("Age categories are set for a players' event (1.1)."))
    if len(found) > 9:
        raise Invalid("bad-age-category", _("At most nine age categories (1.1)."))
    return found


def _other_procedures(*, system, rounds_planned, accelerated_rounds, accelerated_points, rating_bands) -> dict:
    """1.15.9: the regulations' other pairing procedures, for a Swiss only."""
    accelerated_rounds = int(accelerated_rounds or 0)
    points = Decimal(str(accelerated_points if accelerated_points is not None else 1))
    bands = [int(b) for b in rating_bands or ()]
    if system != System.SWISS and (accelerated_rounds or bands):
        raise Invalid(
            "not-swiss", _("Accelerated pairing and rating bands are ways to pair a players' Swiss (1.15.9).")
        )
    if accelerated_rounds and not 0 < accelerated_rounds < (rounds_planned or 0):
        raise Invalid("bad-accelerated-rounds", _("Accelerate fewer rounds than the event has (1.15.9)."))
    if not Decimal("0.5") <= points <= Decimal("9.5") or points % Decimal("0.5"):
        raise Invalid("bad-accelerated-points", _("The upper group counts ½ to 9½ extra points, in halves (1.15.9)."))
    if any(b < 1 for b in bands) or len(set(bands)) != len(bands) or len(bands) > 9:
        raise Invalid("bad-rating-bands", _("Rating bands are up to nine different positive ratings (1.15.9)."))
    return {
        "accelerated_rounds": accelerated_rounds,
        "accelerated_points": points,
        "rating_bands": sorted(bands, reverse=True),
    }


def venue_check(venue: str, *, correspondence: bool) -> str:
    """The event's venue as chosen (empty: what the control implies), refused where the
    time control cannot be played there: days per move are correspondence, a clock in
    minutes is online or on the table."""
    venue = venue or default_venue(correspondence=correspondence)
    if venue not in Venue.values:
        raise Invalid("bad-venue", _("An event is played online, at the board or by correspondence."))
    if (venue == Venue.CORRESPONDENCE) != correspondence:
        raise Invalid(
            "venue-time-control",
            _("Correspondence is played in days per move; online and at the board, with a clock in minutes."),
        )
    return venue


def _correspondence_options(
    *,
    correspondence: bool,
    system: str,
    play_mode: str,
    round_days,
    closes_at,
    vacation_days_max,
    section_size,
    section_days,
    now,
) -> dict:
    """Check a correspondence event's options (``services.correspondence``, ``services.standing``)."""
    if play_mode not in Championship.PlayMode.values:
        raise Invalid("bad-play-mode", _("Play is round by round or all games at once."))
    everything = {
        "play_mode": play_mode,
        "round_days": round_days,
        "closes_at": closes_at,
        "vacation_days_max": vacation_days_max,
        "section_size": section_size,
        "section_days": section_days,
    }
    if not correspondence:
        if play_mode != Championship.PlayMode.ROUNDS or any(
            v is not None for v in (round_days, closes_at, vacation_days_max, section_size, section_days)
        ):
            raise Invalid(
                "not-correspondence",
                _("All games at once, round deadlines, a closing date and a vacation cap are for correspondence."),
            )
        return everything
    if play_mode == Championship.PlayMode.ALL_AT_ONCE and system == System.SWISS:
        raise Invalid(
            "swiss-round-by-round",
            _("A Swiss is paired from the results, so it is played round by round: give each round its days."),
        )
    if round_days is not None and not 1 <= round_days <= 3650:
        raise Invalid("bad-round-days", _("A round lasts 1 to 3650 days."))
    if round_days is not None and play_mode == Championship.PlayMode.ALL_AT_ONCE:
        raise Invalid("round-days-all-at-once", _("A section played all at once has a closing date, not round days."))
    if closes_at is not None and closes_at <= now:
        raise Invalid("closes-in-the-past", _("The closing date must be in the future."))
    if vacation_days_max is not None and not 0 <= vacation_days_max <= 366:
        raise Invalid("bad-vacation-cap", _("The vacation cap is 0 to 366 days."))
    if section_size is not None:
        if system != System.ROUND_ROBIN or play_mode != Championship.PlayMode.ALL_AT_ONCE:
            raise Invalid("standing-round-robin", _("A standing event's sections are round robins played all at once."))
        if not 3 <= section_size <= 40:
            raise Invalid("bad-section-size", _("A section has 3 to 40 players."))
        if closes_at is not None:
            raise Invalid("standing-closes", _("Each section of a standing event has its own closing date."))
    if section_days is not None and (section_size is None or not 1 <= section_days <= 3650):
        raise Invalid("bad-section-days", _("A standing event's section lasts 1 to 3650 days."))
    return everything


def _team_options(*, boards: int | None, reserves: int, system: str, scoring: str) -> dict:
    if not boards or boards < 2:
        raise Invalid("bad-boards", _("A team plays on at least two boards (1.14.1)."))
    if reserves is None or reserves < 0:
        raise Invalid("bad-reserves", _("A team has no reserves or a few (1.14.2)."))
    if system not in (System.ROUND_ROBIN, System.SWISS):
        raise Invalid("bad-system", _("A team event is a round robin or a Swiss."))
    if scoring not in TEAM_SCORINGS:
        raise Invalid("bad-scoring", _("Scoring is by match points or by board points (1.14.6)."))
    return {"boards": boards, "reserves": reserves}


def _board_policy(*, boards: int, fixed: bool, reserve_boards, moves_up: bool) -> dict:
    """1.14.2: the regulations' board rules — fixed boards, the reserves' boards, moving up."""
    allowed = sorted({int(b) for b in reserve_boards or ()})
    if any(not 1 <= b <= boards for b in allowed):
        raise Invalid("bad-reserve-boards", _("Reserves' boards are among boards 1 to %(n)s (1.14.2).") % {"n": boards})
    if fixed and moves_up:
        raise Invalid(
            "fixed-boards-move-up", _("Boards fixed to the players never move up: choose one or the other (1.14.2).")
        )
    return {"fixed_boards": bool(fixed), "reserve_boards": allowed, "lineup_moves_up": bool(moves_up)}


def _lineup_minutes(minutes: int | None) -> int | None:
    """1.14.2: the regulations may set another limit than 15 minutes; at most a day."""
    if minutes is not None and not 0 <= minutes <= 24 * 60:
        raise Invalid("bad-lineup-minutes", _("Line-ups are due from 0 to 1440 minutes before the round (1.14.2)."))
    return minutes


def _criteria(given, known: tuple[str, ...]) -> list[str]:
    criteria = [c for c in (given or []) if c]
    unknown = [c for c in criteria if c not in known]
    if unknown or len(set(criteria)) != len(criteria):
        raise Invalid(
            "bad-tie-criteria",
            _("Unknown or repeated tie criteria: %(c)s.") % {"c": ", ".join(unknown) or ", ".join(criteria)},
        )
    return criteria


def _micro_match_options(
    *,
    discipline: str,
    system: str,
    ballot: str,
    ballot_table: str,
    games_per_pairing: int | None,
    tie_matches: int | None,
    tie_time_control: str,
    tie_break: str,
) -> dict:
    """The micro-match settings (1.11, 2.2, 3.6.4), checked."""
    if ballot_table:
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
        tie_matches = 1 if system == System.KNOCKOUT else 0
    if not 0 <= int(tie_matches) <= 10:
        raise Invalid("bad-tie-matches", _("From 0 to 10 further micro-matches after a draw (1.11)."))
    tie_control = time_control_check(tie_time_control, discipline) if tie_time_control else None
    if tie_break not in Championship.TieBreak.values:
        raise Invalid("bad-tie-break", _("The tie-break series is empty or lehmann-georgiev (3.6.4)."))
    if tie_break and games_per_pairing == 1 and not ballot_table and system != System.KNOCKOUT:
        raise Invalid(
            "bad-tie-break",
            _("A Lehmann–Georgiev series breaks the tie of a micro-match or a knockout tie (1.11, 3.6.4)."),
        )
    if tie_break and tie_control is not None and tie_control.correspondence:
        raise Invalid("bad-time-control", _("A Lehmann–Georgiev series is played at a live control (3.6.4)."))
    return {
        "games_per_pairing": games_per_pairing,
        "ballot_table": ballot_table,
        "tie_matches": tie_matches,
        "tie_time_control": tie_control,
        "tie_break": tie_break,
    }


def arbiter_appoint(
    *, by, championship_id: int, member, role: str, reason: str = "", now: datetime | None = None
) -> Appointment:
    """Appoint an arbiter to this championship (002 §17).

    While it is a draft or takes entries, its organiser appoints. Once the
    entries have closed, its officials change only by a decision of the club's
    chief arbiter, with its reason. The chief arbiter and his deputy must hold
    the club's chief-arbiter role; arbiters the arbiter role. A player of the
    event, or its organiser, cannot be its arbiter; the protest panel is named
    with ``protest_panel_set``.
    """
    now = now or timezone.now()
    if role not in (Appointment.Role.CHIEF, Appointment.Role.DEPUTY, Appointment.Role.ARBITER):
        raise Invalid("bad-role", _("An appointment is chief, deputy or arbiter."))
    needed = Role.ARBITER if role == Appointment.Role.ARBITER else Role.CHIEF_ARBITER
    with transaction.atomic():
        championship = championship_locked(championship_id)
        settled = appointing(championship) == Action.EVENT_REAPPOINT
        require(by, appointing(championship), championship)
        if settled:
            reason = reason_given(reason)
        if not has_role(member, needed):
            raise Invalid(
                "not-qualified",
                _("%(member)s does not hold the club role %(role)s.") % {"member": member, "role": needed.label},
            )
        seat_required(championship, member.pk, Seat.OFFICIAL)
        if member.pk == championship.organiser_id:
            raise Invalid("organiser-arbiter", _("The organiser of the championship cannot be its arbiter."))
        if championship.appointments.filter(member=member, role=Appointment.Role.PANEL).exists():
            raise Invalid("panel-member-official", _("A member of the protest panel cannot be an arbiter too."))
        if role == Appointment.Role.CHIEF:
            championship.appointments.filter(role=Appointment.Role.CHIEF).exclude(member=member).delete()
        appointment, _created = Appointment.objects.update_or_create(
            championship=championship, member=member, defaults={"role": role, "appointed_by": by, "appointed_at": now}
        )
        decision_record(
            championship,
            by,
            "reappoint" if settled else "appoint",
            now=now,
            reason=reason,
            clause="002 §17",
            member=member.pk,
            role=role,
        )
        arbiter_notify(
            recipients=[member],
            key=f"inbox:appointment:{championship.pk}:{role}",
            params={"what": "appointment", "event": championship.name, "role": role},
            url=reverse("arbiters:inbox"),
        )
    return appointment


def invitation_add(*, by, championship_id: int, member, reason: str = "", now: datetime | None = None) -> None:
    """The organiser invites a member to his event (002 §17), with its reason if he gives one."""
    now = now or timezone.now()
    with transaction.atomic():
        championship = championship_locked(championship_id)
        organiser_required(championship, by)
        seat_required(championship, member.pk, Seat.PLAYER)
        championship.invited.add(member)
        reason = reason_given(reason) if (reason or "").strip() else ""
        decision_record(championship, by, "invite", now=now, reason=reason, member=member.pk)


def entries_open(*, by, championship_id: int, now: datetime | None = None) -> Championship:
    """The organiser opens entries (draft → entries open); a chief arbiter must be appointed."""
    now = now or timezone.now()
    with transaction.atomic():
        championship = championship_locked(championship_id)
        organiser_required(championship, by)
        if championship.status != Status.DRAFT:
            raise Conflict("not-a-draft", _("Entries open once, from the draft."))
        if championship.previous_stages.exists():
            raise Conflict("entries-by-qualification", _("This stage's players qualify from the previous stage (1.2)."))
        chief_appointed_required(championship)
        championship.status = Status.ENTRIES_OPEN
        championship.save(update_fields=["status"])
        decision_record(championship, by, "entries-open", now=now)
    return championship


def chief_appointed_required(championship: Championship) -> None:
    """The event's chief arbiter is appointed before entries open (players) or before the lot (both)."""
    if not championship.appointments.filter(role=Appointment.Role.CHIEF).exists():
        raise Conflict("no-chief-arbiter", _("Appoint the chief arbiter before opening entries."))


def protest_panel_set(*, by, championship_id: int, member_ids: list[int], now: datetime | None = None) -> list:
    """The organiser names the championship's protest panel (1.3.1), who then
    rule on its protests instead of its chief arbiter; an empty list dissolves
    it. The panel are officials: none of them plays in the event, and none
    holds another appointment in it."""
    now = now or timezone.now()
    member_ids = list(dict.fromkeys(member_ids))
    with transaction.atomic():
        championship = championship_locked(championship_id)
        organiser_required(championship, by)
        if championship.status == Status.FINISHED:
            raise Conflict("results-final", _("The championship is finished."))
        members = list(Member.objects.filter(pk__in=member_ids, is_active=True))
        if len(members) != len(member_ids):
            raise NotFound("no-member", _("There is no such member."))
        for m in members:
            seat_required(championship, m.pk, Seat.OFFICIAL)
        officials = championship.appointments.exclude(role=Appointment.Role.PANEL).filter(member_id__in=member_ids)
        if officials.exists():
            raise Invalid("panel-member-official", _("An arbiter of the championship cannot sit on its protest panel."))
        panel = championship.appointments.filter(role=Appointment.Role.PANEL)
        panel.exclude(member_id__in=member_ids).delete()
        seated = set(panel.values_list("member_id", flat=True))
        Appointment.objects.bulk_create(
            Appointment(
                championship=championship, member=m, role=Appointment.Role.PANEL, appointed_by=by, appointed_at=now
            )
            for m in members
            if m.pk not in seated
        )
        decision_record(championship, by, "protest-panel", now=now, clause="003 1.3.1", members=sorted(member_ids))
        return list(panel.select_related("member").order_by("pk"))
