"""Who may do what: the club's one authority (003 1.3.1, 1.4, 1.10, 1.15,
1.16.9; 002 §17).

Every path that changes a game, a result, a clock, a sanction, a protest, an
appointment, a team or an event asks ``require(member, action, target)``
with the object itself — a game, an event, a protest — and never with an id
or a flag its caller vouches for. From the object the authority finds the
event (a game → its board, micro-match or team match → the championship; a
protest → its championship) and reads who holds which office there:

* inside an event, only its appointments give power (002 §17: a club-wide
  role is not enough): its organiser (a club administrator may stand in for
  him), its chief arbiter and deputy, its arbiters, its protest panel;
* a club game, or the club itself, is judged by the club's roles: its chief
  arbiter and its arbiters;
* nobody judges a game he plays in (``Rule.judges_game``), and nobody rules
  on a protest he filed, about his own game or his own team;
* an official of an event never plays in it, and a player never judges it
  (``seat_verdict``): every path that seats an entrant or an official asks it,
  and the verdict refuses an event's powers to one of its players.
* once the chief arbiter assigns a round's boards to its arbiters (1.16.9), an
  arbiter judges only the games of his boards; the chief and deputy judge every one.

``RULES`` is the table: one ``Rule`` per action, saying which powers allow it
in an event and at club scope. The permission matrix test reads the same
table (tests/permissions).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club.teams.models import Team
from foundation.refusals import Conflict, Forbidden, Invalid, Refused
from games.services.arbiter import correction_window
from games.venue import rules_of
from members.models import Member
from members.roles import Role, roles_of

from .models import Appointment, Championship
from .selectors.board_arbiters import game_arbiter_ids
from .selectors.events import championship_of_game, is_participant


class Power(StrEnum):
    """What an office gives. The first five are held in one event, by appointment; the rest in the club."""

    ORGANISER = "organiser"  # the event's organiser, or a club administrator standing in for him
    CHIEF = "chief"  # the chief arbiter or his deputy
    ARBITER = "arbiter"  # any appointed arbiter, the chief and deputy too
    PANEL = "panel"  # the event's protest panel (1.3.1)
    OPERATOR = "operator"  # a board operator: enters the moves of the games at the board live, nothing else
    CLUB_CHIEF = "club-chief-arbiter"
    CLUB_ARBITER = "club-arbiter"


class Action(StrEnum):
    GAME_RESULT = "game.result"  # set, correct or annul a game's result (1.4, 1.10.4)
    BOARD_RESULT = "game.board-result"  # record the result of a game at the board, or a no-show (1.9, 1.16)
    BOARD_MOVES = "game.board-moves"  # enter a game at the board's moves live, as they are made (its broadcast)
    GAME_CLOCKS = "game.clocks"  # stop, restart or correct the clocks (1.7.8, 5.3.1.5–5.3.1.6)
    GAME_ADJOURN = "game.adjourn"  # order an adjournment (5.3.3.2)
    GAME_DESK = "game.desk"  # the arbiter's page of a game: resume, draw claims, questions, the sealed move
    SANCTION = "sanction"  # remark, warning, reprimand (1.4)
    SANCTION_HEAVY = "sanction.heavy"  # loss of the game, exclusion (1.4, 1.16.9)
    PROTEST_RULE = "protest.rule"  # rule on a protest (1.3.1, 1.14.7)
    EVENT_ORGANISE = "event.organise"  # set up the event: entries, invitations, groups, stages, the panel
    EVENT_APPOINT = "event.appoint"  # appoint its arbiters
    EVENT_REAPPOINT = "event.reappoint"  # change them once the entries have closed (a recorded decision)
    EVENT_OPERATORS = "event.operators"  # appoint the board operators who enter moves at the tables
    EVENT_RELAY = "event.relay"  # name the relay feed whose games the club polls into the boards' records
    EVENT_PAIR = "event.pair"  # pair and publish rounds (1.15)
    EVENT_ABSENCE = "event.absence"  # mark a player known to miss a round, before it is paired (1.15.2)
    EVENT_DECIDE = "event.decide"  # override a pairing, a result, a withdrawal, a team's forfeit (1.10, 1.14, 1.15)
    EVENT_READ = "event.read"  # see a draft and the event's log
    EVENT_BOARDS = "event.boards"  # assign the event's arbiters to a round's boards (1.16.9)


@dataclass(frozen=True)
class Rule:
    in_event: frozenset[Power]  # who may, inside an event
    in_club: frozenset[Power]  # who may, for a club game or the club
    clause: str
    judges_game: bool = False  # nobody who plays the game may
    panel_first: bool = False  # an event that names a protest panel gives the power to it alone (1.3.1)


def _powers(*powers: Power) -> frozenset[Power]:
    return frozenset(powers)


RULES: dict[Action, Rule] = {
    Action.GAME_RESULT: Rule(_powers(Power.CHIEF), _powers(Power.CLUB_CHIEF), "003 1.4", judges_game=True),
    Action.BOARD_RESULT: Rule(_powers(Power.ARBITER), _powers(Power.CLUB_ARBITER), "003 1.16", judges_game=True),
    Action.BOARD_MOVES: Rule(
        _powers(Power.ARBITER, Power.OPERATOR), _powers(Power.CLUB_ARBITER), "002 §17", judges_game=True
    ),
    Action.GAME_CLOCKS: Rule(_powers(Power.ARBITER), _powers(Power.CLUB_ARBITER), "003 1.7.8", judges_game=True),
    Action.GAME_ADJOURN: Rule(_powers(Power.CHIEF), _powers(Power.CLUB_CHIEF), "003 5.3.3.2", judges_game=True),
    Action.GAME_DESK: Rule(_powers(Power.ARBITER), _powers(Power.CLUB_ARBITER), "002 §17", judges_game=True),
    Action.SANCTION: Rule(_powers(Power.ARBITER), _powers(Power.CLUB_ARBITER), "003 1.4", judges_game=True),
    Action.SANCTION_HEAVY: Rule(_powers(Power.CHIEF), _powers(Power.CLUB_CHIEF), "003 1.4", judges_game=True),
    Action.PROTEST_RULE: Rule(_powers(Power.CHIEF), _powers(Power.CLUB_CHIEF), "003 1.3.1", panel_first=True),
    Action.EVENT_ORGANISE: Rule(_powers(Power.ORGANISER), frozenset(), "002 §17"),
    Action.EVENT_APPOINT: Rule(_powers(Power.ORGANISER), frozenset(), "002 §17"),
    Action.EVENT_REAPPOINT: Rule(frozenset(), _powers(Power.CLUB_CHIEF), "002 §17"),
    Action.EVENT_OPERATORS: Rule(_powers(Power.CHIEF), _powers(Power.CLUB_CHIEF), "002 §17"),
    # The feed enters moves like an operator the chief appoints; the organiser runs the broadcast.
    Action.EVENT_RELAY: Rule(_powers(Power.ORGANISER, Power.CHIEF), frozenset(), "002 §17"),
    Action.EVENT_PAIR: Rule(_powers(Power.ARBITER), frozenset(), "003 1.15"),
    Action.EVENT_ABSENCE: Rule(_powers(Power.ORGANISER, Power.CHIEF), frozenset(), "003 1.15.2"),
    Action.EVENT_DECIDE: Rule(_powers(Power.CHIEF), frozenset(), "003 1.4"),
    Action.EVENT_READ: Rule(_powers(Power.ORGANISER, Power.ARBITER, Power.PANEL), frozenset(), "002 §17"),
    Action.EVENT_BOARDS: Rule(_powers(Power.CHIEF), frozenset(), "003 1.16.9"),
}

# Actions an event's rule gives to the club instead (the event is not the club's to judge by club roles).
CLUB_ACTIONS_OVER_EVENTS = frozenset({Action.EVENT_REAPPOINT})


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    code: str = ""
    reason: str = ""
    refusal: type[Refused] = Forbidden  # 403; a state that no longer allows it: Conflict (409)

    def require(self) -> None:
        if not self.allowed:
            raise self.refusal(self.code, self.reason)


ALLOWED = Verdict(True)


# ---- offices ------------------------------------------------------------------------------------
def appointment_role(championship: Championship, member) -> str | None:
    """The member's appointment in this championship ("chief", "deputy", "arbiter", "panel") or None."""
    if not getattr(member, "is_authenticated", False):
        return None
    return (
        Appointment.objects.filter(championship=championship, member_id=member.pk)
        .values_list("role", flat=True)
        .first()
    )


def event_powers(member, championship: Championship) -> set[Power]:
    """The powers ``member`` holds in ``championship``: by appointment, and as its organiser."""
    if not getattr(member, "is_authenticated", False) or not member.is_active:
        return set()
    powers = set()
    if championship.organiser_id == member.pk or Role.ADMIN in roles_of(member):
        powers.add(Power.ORGANISER)
    role = appointment_role(championship, member)
    if role in (Appointment.Role.CHIEF, Appointment.Role.DEPUTY):
        powers |= {Power.CHIEF, Power.ARBITER}
    elif role == Appointment.Role.ARBITER:
        powers.add(Power.ARBITER)
    elif role == Appointment.Role.PANEL:
        powers.add(Power.PANEL)
    elif role == Appointment.Role.OPERATOR:
        powers.add(Power.OPERATOR)
    return powers


def club_powers(member) -> set[Power]:
    """The powers ``member``'s club roles give, outside every event."""
    roles = roles_of(member)
    powers = set()
    if Role.CHIEF_ARBITER in roles:
        powers |= {Power.CLUB_CHIEF, Power.CLUB_ARBITER}
    elif Role.ARBITER in roles:
        powers.add(Power.CLUB_ARBITER)
    return powers


def has_panel(championship: Championship | None) -> bool:
    return championship is not None and championship.appointments.filter(role=Appointment.Role.PANEL).exists()


# ---- the verdict --------------------------------------------------------------------------------
def event_of(target) -> Championship | None:
    """The event ``target`` belongs to: itself, a game's, a protest's; None at club scope."""
    if target is None or isinstance(target, Championship):
        return target
    if hasattr(target, "colour_of"):  # a game
        return championship_of_game(target)
    return getattr(target, "championship", None)


def verdict(member, action: Action, target=None) -> Verdict:
    """May ``member`` take ``action`` on ``target`` (a game, an event, a protest, or None: the club)?

    First the office (``RULES``), then what bars even an official: his own
    game, his own protest or team, a panel member's own sanction."""
    rule = RULES[action]
    if not getattr(member, "is_authenticated", False) or not member.is_active:
        return Verdict(False, "not-logged-in", _("Log in first."))
    championship = event_of(target)
    if championship is not None and action not in CLUB_ACTIONS_OVER_EVENTS:
        # 1.3.1: the panel the championship names rules instead of its chief arbiter.
        wanted = _powers(Power.PANEL) if rule.panel_first and has_panel(championship) else rule.in_event
        powers = event_powers(member, championship)
        if not powers & wanted:
            return _refusal(action, championship, wanted)
        if plays_in(championship, member.pk):
            return _seat_refusal(Seat.OFFICIAL, Forbidden)
        if powers & wanted == {Power.ARBITER} and Power.CHIEF not in powers:
            barred = _another_boards_game(member, target)
            if barred is not None:
                return barred
    elif not club_powers(member) & rule.in_club:
        return _refusal(action, None, rule.in_club)
    game = target if hasattr(target, "colour_of") else getattr(target, "game", None)
    if rule.judges_game and game is not None and game.colour_of(member.pk) is not None:
        return Verdict(False, "own-game", _("Nobody judges a game he plays in (002 §17)."))
    if action == Action.PROTEST_RULE:
        return _protest_conflict(member, target) or ALLOWED
    return ALLOWED


class Seat(StrEnum):
    """The two sides of an event nobody sits on at once (002 §17)."""

    PLAYER = "player"  # an entrant, a team's player or captain
    OFFICIAL = "official"  # its organiser, an appointed arbiter, a member of its protest panel


def plays_in(championship: Championship, member_id: int) -> bool:
    """Is the member an entrant of the event, on a team's roster, or a team's captain?"""
    return is_participant(championship, member_id) or championship.teams.filter(captain_id=member_id).exists()


def judges_in(championship: Championship, member_id: int) -> bool:
    """Is the member the event's organiser, or does he hold an appointment in it?"""
    return championship.organiser_id == member_id or championship.appointments.filter(member_id=member_id).exists()


SEAT_REFUSALS = {
    Seat.PLAYER: ("official-cannot-play", gettext_lazy("An official of the championship (its organiser, an arbiter, its protest panel) cannot play in it (002 §17).")),
    Seat.OFFICIAL: ("player-cannot-judge", gettext_lazy("A player of the championship cannot be one of its officials (002 §17).")),
}  # fmt: skip


def seat_verdict(championship: Championship, member_id: int, seat: Seat) -> Verdict:
    """May ``member_id`` take ``seat`` in ``championship``? The one invariant
    (002 §17): an official of an event never plays in it, and a player never
    judges it. Every path that makes an entrant (an entry, a late entry, an
    invitation, a guest merge, a stage's qualifiers, a play-off, a team's
    roster) or an official (an appointment, the panel) asks it, holding the
    event's lock."""
    taken = judges_in if seat == Seat.PLAYER else plays_in
    if taken(championship, member_id):
        return _seat_refusal(seat, Invalid)
    return ALLOWED


def _seat_refusal(seat: Seat, refusal: type[Refused]) -> Verdict:
    code, text = SEAT_REFUSALS[seat]
    return Verdict(False, code, str(text), refusal)


def seat_required(championship: Championship, member_id: int, seat: Seat) -> None:
    seat_verdict(championship, member_id, seat).require()


def officials_who_may(action: Action, target=None) -> list:
    """The members who may take ``action`` on ``target`` now, by ``verdict`` itself: those
    told when something waits for them. Inside an event the candidates are its appointed
    officials and its organiser; at club scope, the members holding the club's arbiter roles."""
    championship = event_of(target)
    if championship is not None and action not in CLUB_ACTIONS_OVER_EVENTS:
        ids = set(championship.appointments.values_list("member_id", flat=True)) | {championship.organiser_id}
        candidates = Member.objects.filter(pk__in=ids)
    else:
        candidates = Member.objects.filter(
            Q(groups__name__in=(Role.ARBITER, Role.CHIEF_ARBITER)) | Q(is_superuser=True)
        ).distinct()
    chosen = candidates.filter(is_active=True).prefetch_related("groups").order_by("pk")
    return [member for member in chosen if verdict(member, action, target).allowed]


def protest_filer(member, target) -> Team | None:
    """May ``member`` protest ``target`` — a decision in a game, or a sanction (1.3.1)?

    In a team event only a team's captain protests (1.14.7): the captain of
    the team the game's player, or the sanctioned member, plays for; he files
    for that team, which is returned. Elsewhere the game's players, or the
    sanctioned member, protest for themselves (None is returned). Raises
    ``Forbidden`` with the reason otherwise."""
    game = target if hasattr(target, "colour_of") else None
    championship = event_of(target) or (event_of(target.game) if game is None and target.game_id else None)
    concerned = [game.white_id, game.black_id] if game is not None else [target.member_id]
    if championship is not None and championship.for_teams:
        team = (
            Team.objects.filter(
                championship=championship,
                captain_id=member.pk,
                players__member_id__in=concerned,
                players__accepted_at__isnull=False,
            )
            .distinct()
            .first()
        )
        if team is None:
            raise Forbidden(
                "not-captain",
                _("In a team event only the captain of the player's team may protest (003 1.14.7)."),
            )
        return team
    if member.pk not in concerned:
        if game is not None:
            raise Forbidden("not-concerned", _("Only the players of the game may protest a decision in it."))
        raise Forbidden("not-concerned", _("Only the member sanctioned may protest this sanction."))
    return None


def result_still_open(game, now) -> Verdict:
    """May a game's result still change (003 2.1.10.4)? An ongoing game's, yes;
    a finished club game's within ``games.services.arbiter.correction_window``
    of its end; an event game's until the event's results are final."""
    if game.status == game.Status.ONGOING:
        return ALLOWED
    championship = championship_of_game(game)
    if championship is not None:
        if championship.status == Championship.Status.FINISHED:
            return Verdict(False, "results-final", _("The championship's results are final (003 2.1.10.4)."), Conflict)
        return ALLOWED
    if game.ended_at is not None and now > game.ended_at + correction_window():
        return Verdict(
            False,
            "correction-window-closed",
            _("This game's result can no longer be corrected (003 2.1.10.4)."),
            Conflict,
        )
    return ALLOWED


def round_results_action(championship: Championship) -> Action:
    """What entering a round's results is in ``championship``: at the board any appointed
    arbiter records them (he watches the boards, 1.16); elsewhere the chief arbiter sets
    a result (1.10.4)."""
    return Action.BOARD_RESULT if rules_of(championship.venue).results_reported else Action.EVENT_DECIDE


def appointing(championship: Championship) -> Action:
    """What changing ``championship``'s officials is now: its organiser's appointment while it is a
    draft or takes entries, then a reappointment by the club's chief arbiter (002 §17)."""
    if championship.status in (Championship.Status.DRAFT, Championship.Status.ENTRIES_OPEN):
        return Action.EVENT_APPOINT
    return Action.EVENT_REAPPOINT


def require(member, action: Action, target=None) -> None:
    """Raise ``Forbidden`` with the reason unless ``verdict`` allows it."""
    verdict(member, action, target).require()


def _another_boards_game(member, target) -> Verdict | None:
    """1.16.9: an arbiter (not the chief or deputy) judges a game of his round's boards only,
    once the chief arbiter has assigned them; a round with no assignment is every arbiter's."""
    game = target if hasattr(target, "colour_of") else getattr(target, "game", None)
    if game is None:
        return None
    assigned = game_arbiter_ids(game)
    if assigned is None or member.pk in assigned:
        return None
    return Verdict(False, "not-board-arbiter", _("Another arbiter judges this board (003 1.16.9)."))


def _protest_conflict(member, protest) -> Verdict | None:
    """Nobody rules on a protest he filed, about his own game or team, or against his own sanction (1.3.1)."""
    if getattr(protest, "member_id", None) == member.pk:
        return Verdict(False, "own-protest", _("Nobody rules on a protest he filed (003 1.3.1)."))
    sanction = getattr(protest, "sanction", None)
    game = getattr(protest, "game", None) or getattr(sanction, "game", None)
    if game is not None and game.colour_of(member.pk) is not None:
        return Verdict(False, "own-game", _("Nobody rules on a protest about a game he plays in (003 1.3.1)."))
    team = getattr(protest, "team", None)
    if team is not None and (team.captain_id == member.pk or team.players.filter(member_id=member.pk).exists()):
        return Verdict(False, "own-team", _("Nobody rules on a protest of his own team (003 1.3.1)."))
    if sanction is not None and sanction.issued_by_id == member.pk and has_panel(event_of(protest)):
        return Verdict(False, "own-decision", _("A panel member does not rule on a protest against his own sanction."))
    decision = getattr(protest, "decision", None)
    if decision is not None and decision.by_id == member.pk and has_panel(event_of(protest)):
        return Verdict(False, "own-decision", _("A panel member does not rule on a protest against his own decision."))
    return None


# Lazy: the words are chosen in the language of the request that is refused, not at import.
REFUSALS = {
    Power.ORGANISER: ("not-organiser", gettext_lazy("Only the championship's organiser may do this.")),
    Power.CHIEF: (
        "not-chief-arbiter",
        gettext_lazy("Only this championship's chief arbiter or deputy may do this (%(clause)s)."),
    ),
    Power.ARBITER: (
        "not-arbiter",
        gettext_lazy("Only an arbiter appointed to this championship may do this (002 §17)."),
    ),
    Power.PANEL: ("not-on-panel", gettext_lazy("The championship's protest panel rules on its protests (003 1.3.1).")),
    Power.CLUB_CHIEF: ("not-chief-arbiter", gettext_lazy("Only the club's chief arbiter may do this (%(clause)s).")),
    Power.CLUB_ARBITER: ("not-arbiter", gettext_lazy("Only a club arbiter may do this (%(clause)s).")),
}
ORDER = (Power.PANEL, Power.CHIEF, Power.ARBITER, Power.ORGANISER, Power.CLUB_CHIEF, Power.CLUB_ARBITER)


def _refusal(action: Action, championship: Championship | None, wanted: frozenset[Power]) -> Verdict:
    rule = RULES[action]
    if not wanted:
        where = _("in an event") if championship is None else _("in the club")
        return Verdict(False, "not-allowed-here", _("This is decided %(where)s.") % {"where": where})
    power = next(p for p in ORDER if p in wanted)
    code, text = REFUSALS[power]
    return Verdict(False, code, str(text) % {"clause": rule.clause} if "%(clause)s" in str(text) else str(text))


# ---- the engine's guards, by name ---------------------------------------------------------------
def is_organiser(championship: Championship, member) -> bool:
    return Power.ORGANISER in event_powers(member, championship)


def is_arbiter(championship: Championship, member) -> bool:
    return Power.ARBITER in event_powers(member, championship)


def is_chief(championship: Championship, member) -> bool:
    """The chief arbiter or his deputy (1.15 preamble, 1.10, 1.4)."""
    return Power.CHIEF in event_powers(member, championship)


def is_official(championship: Championship, member) -> bool:
    """Holds an appointment in the event (an arbiter or on its panel)."""
    return appointment_role(championship, member) is not None


def may_see_draft(championship: Championship, member) -> bool:
    """A draft is seen by its organiser, the administrators and its appointed officials."""
    return verdict(member, Action.EVENT_READ, championship).allowed


def organiser_required(championship: Championship, member) -> None:
    require(member, Action.EVENT_ORGANISE, championship)


def arbiter_required(championship: Championship, member) -> None:
    require(member, Action.EVENT_PAIR, championship)


def chief_required(championship: Championship, member, clause: str) -> None:
    if not is_chief(championship, member):
        raise Forbidden(
            "not-chief-arbiter",
            _("Only this championship's chief arbiter or deputy may do this (%(clause)s).") % {"clause": clause},
        )
