"""Writes of team competitions (003 1.14): create, appoint, register teams,
draw the lot, pair, take line-ups, publish rounds, record board results,
withdrawals, protests and the table.

Every service that changes an event first locks its row (``_locked``,
SELECT … FOR UPDATE), so one event's writes — a captain's line-up, an
arbiter's publication, a board result arriving from a worker — run one at a
time. Refusals are the game layer's (``games.services.errors``); a refused
call raises inside its transaction and changes nothing.
"""

from __future__ import annotations

import secrets
from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.arbiters.services import audit
from club.championships import pairing
from club.roles import Role, has_any_role, has_role
from games import clock
from games import results as vocabulary
from games.models import Game
from games.rules import variant
from games.services.errors import Conflict, Forbidden, Invalid, NotFound

from . import rules, selectors
from .models import (
    BoardGame,
    Lineup,
    Match,
    Protest,
    Team,
    TeamArbiter,
    TeamEvent,
    TeamPlayer,
    TeamRound,
    TeamStandings,
)

Status = TeamEvent.Status
HOUR_MS = 3_600_000


# ---- helpers ---------------------------------------------------------------------------------
def _locked(event_id: int) -> TeamEvent:
    event = TeamEvent.objects.select_for_update().filter(pk=event_id).first()
    if event is None:
        raise NotFound("no-such-event", _("There is no team event %(id)s.") % {"id": event_id})
    return event


def _require_organiser(event: TeamEvent, member) -> None:
    if getattr(member, "pk", None) != event.organiser_id:
        raise Forbidden("not-organiser", _("Only the organiser of this team event may do this."))


def _require_arbiter(event: TeamEvent, member) -> None:
    if not selectors.is_arbiter(event, member):
        raise Forbidden("not-arbiter", _("Only an arbiter appointed to this team event may do this (002 §17)."))


def _require_chief(event: TeamEvent, member, clause: str) -> None:
    if not selectors.is_chief(event, member):
        raise Forbidden(
            "not-chief-arbiter",
            _("Only this event's chief arbiter may do this (%(clause)s).") % {"clause": clause},
        )


def _text(value: str, code: str, message: str) -> str:
    value = (value or "").strip()
    if not value:
        raise Invalid(code, message)
    return value


def _team(event: TeamEvent, team_id: int) -> Team:
    team = event.teams.filter(pk=team_id).first()
    if team is None:
        raise NotFound("no-such-team", _("There is no team %(id)s in this event.") % {"id": team_id})
    return team


# ---- the event -------------------------------------------------------------------------------
def event_create(
    *,
    organiser,
    name: str,
    discipline: str,
    time_control: str,
    boards: int,
    reserves: int = 0,
    system: str = "round-robin",
    swiss_system: str = "",
    rounds_planned: int | None = None,
    scoring: str = rules.MATCH_POINTS,
    tie_criteria: list[str] | tuple = (),
    rated: bool = True,
) -> TeamEvent:
    """An organiser creates a team event (1.14.1, 1.14.2: boards and reserves
    per team; 1.14.6: match points or board points); registration opens at once."""
    if not has_any_role(organiser, Role.ORGANISER, Role.ADMIN):
        raise Forbidden("not-organiser", _("Only an organiser creates team events."))
    name = _text(name, "no-name", _("A team event needs a name."))
    try:
        variant(discipline)
        clock.TimeControl.parse(time_control)
    except (KeyError, ValueError) as error:
        raise Invalid("bad-settings", str(error)) from None
    if boards < 2:
        raise Invalid("bad-boards", _("A team plays on at least two boards (1.14.1)."))
    if system not in TeamEvent.System.values:
        raise Invalid("bad-system", _("A team event is a round robin or a Swiss."))
    if scoring not in TeamEvent.Scoring.values:
        raise Invalid("bad-scoring", _("Scoring is by match points or by board points (1.14.6)."))
    unknown = [c for c in tie_criteria if c not in rules.CRITERIA]
    if unknown:
        raise Invalid("bad-criteria", _("Unknown tie criteria: %(names)s.") % {"names": ", ".join(unknown)})
    if system == TeamEvent.System.SWISS:
        swiss_system = swiss_system or "buchholz"
        if swiss_system not in pairing.SYSTEMS or not rounds_planned:
            raise Invalid("bad-swiss", _("A Swiss needs its system (1.15) and its number of rounds."))
    else:
        swiss_system, rounds_planned = "", None
    return TeamEvent.objects.create(
        name=name,
        organiser=organiser,
        discipline=discipline,
        time_control=time_control,
        rated=rated,
        boards=boards,
        reserves=reserves,
        system=system,
        swiss_system=swiss_system,
        rounds_planned=rounds_planned,
        scoring=scoring,
        tie_criteria=list(tie_criteria),
    )


def arbiter_appoint(*, by, event_id: int, member, role: str) -> TeamArbiter:
    """The organiser appoints an arbiter (002 §17); the chief needs the club's chief-arbiter role."""
    if role not in TeamArbiter.Role.values:
        raise Invalid("bad-role", _("An appointment is chief or arbiter."))
    needed = Role.CHIEF_ARBITER if role == TeamArbiter.Role.CHIEF else Role.ARBITER
    with transaction.atomic():
        event = _locked(event_id)
        _require_organiser(event, by)
        if not has_role(member, needed):
            raise Invalid(
                "not-qualified",
                _("%(member)s does not hold the club role %(role)s.") % {"member": member, "role": needed.label},
            )
        if TeamPlayer.objects.filter(event=event, member=member).exists():
            raise Invalid("player-arbiter", _("A player of the event cannot be its arbiter."))
        if role == TeamArbiter.Role.CHIEF:
            event.arbiters.filter(role=TeamArbiter.Role.CHIEF).exclude(member=member).delete()
        appointment, _created = TeamArbiter.objects.update_or_create(
            event=event, member=member, defaults={"role": role}
        )
    return appointment


def team_register(*, by, event_id: int, name: str, captain, players: list) -> Team:
    """Register a team (1.14.2, 1.14.7): its name, its captain and its players in
    board order, ``event.boards`` of them and up to ``event.reserves`` reserves
    after them. The organiser or the captain himself registers it."""
    with transaction.atomic():
        event = _locked(event_id)
        if getattr(by, "pk", None) not in (event.organiser_id, captain.pk):
            raise Forbidden("not-captain", _("Only the organiser or the team's captain registers a team."))
        if event.status != Status.REGISTRATION:
            raise Conflict("registration-closed", _("Registration for this event is closed."))
        name = _text(name, "no-name", _("A team needs a name."))
        if event.teams.filter(name=name).exists():
            raise Invalid("name-taken", _("A team called %(name)s is already registered.") % {"name": name})
        ids = [p.pk for p in players]
        if len(set(ids)) != len(ids):
            raise Invalid("twice", _("A player is listed twice."))
        if not event.boards <= len(ids) <= event.boards + event.reserves:
            raise Invalid(
                "bad-roster",
                _("A team has %(boards)s players and at most %(reserves)s reserves (1.14.2).")
                % {"boards": event.boards, "reserves": event.reserves},
            )
        taken = TeamPlayer.objects.filter(event=event, member_id__in=ids).select_related("member", "team").first()
        if taken:
            raise Invalid(
                "in-another-team",
                _("%(member)s already plays for %(team)s.") % {"member": taken.member, "team": taken.team},
            )
        if event.arbiters.filter(member_id__in=ids).exists():
            raise Invalid("player-arbiter", _("An arbiter of the event cannot play in it."))
        team = Team.objects.create(event=event, name=name, captain=captain)
        TeamPlayer.objects.bulk_create(
            [TeamPlayer(team=team, event=event, member=p, order=i) for i, p in enumerate(players, 1)]
        )
    return team


def registration_close(*, by, event_id: int, seed: str | None = None) -> TeamEvent:
    """The organiser closes registration; the teams' start numbers are drawn by lot
    (reproducible from the stored seed)."""
    with transaction.atomic():
        event = _locked(event_id)
        _require_organiser(event, by)
        if event.status != Status.REGISTRATION:
            raise Conflict("registration-closed", _("Registration for this event is closed."))
        teams = list(event.teams.all())
        if len(teams) < 2:
            raise Conflict("too-few-teams", _("A team event needs at least two teams."))
        event.lot_seed = seed or secrets.token_hex(8)
        order = pairing.draw_lots([t.pk for t in teams], event.lot_seed)
        for number, team_id in enumerate(order, 1):
            Team.objects.filter(pk=team_id).update(start_number=number)
        event.status = Status.READY
        event.save(update_fields=["lot_seed", "status"])
    return event


# ---- rounds ----------------------------------------------------------------------------------
def round_pair(*, by, event_id: int) -> TeamRound:
    """An appointed arbiter pairs the next round once the previous one is closed:
    the Berger table by start number (round robin) or ``pairing.swiss`` on the
    match results (Swiss). A pairing's first team has white on board 1 (1.14.3)."""
    with transaction.atomic():
        event = _locked(event_id)
        _require_arbiter(event, by)
        if event.status not in (Status.READY, Status.RUNNING):
            raise Conflict("not-ready", _("Rounds are paired after registration closes, until the event ends."))
        last = event.rounds.order_by("-number").first()
        if last is not None and last.status != TeamRound.Status.CLOSED:
            raise Conflict("round-open", _("Round %(n)s is not over yet.") % {"n": last.number})
        number = (last.number if last else 0) + 1
        total = selectors.rounds_total(event)
        if number > total:
            raise Conflict("no-more-rounds", _("All %(n)s rounds have been paired.") % {"n": total})
        teams = list(event.teams.order_by("start_number"))
        if event.system == TeamEvent.System.SWISS:
            plain = selectors.results_plain(event)
            players = [{"id": t.pk, "rating": None, "withdrawn": t.status != Team.Status.ACTIVE} for t in teams]
            swiss_rounds = [
                [
                    {"white": m["home"], "black": m["away"], "result": m["result"]}
                    for m in matches
                    if m["away"] is not None or m["result"] == vocabulary.BYE
                ]
                for matches in plain["rounds"]
            ]
            try:
                pairs = pairing.swiss(event.swiss_system, players, swiss_rounds, seed=event.lot_seed)
            except pairing.PairingError as error:
                raise Conflict("no-pairing", str(error)) from None
        else:
            by_number = {t.start_number: t.pk for t in teams}
            table = pairing.round_robin(len(teams))[number - 1]
            pairs = [(by_number.get(a), by_number.get(b)) for a, b in table]
            # An odd field: the Berger table's dummy (n + 1) means a rest.
            pairs = [(a, b) if a is not None else (b, None) for a, b in pairs]
        the_round = TeamRound.objects.create(event=event, number=number)
        for index, (home, away) in enumerate(pairs, 1):
            result = vocabulary.BYE if away is None and event.system == TeamEvent.System.SWISS else ""
            Match.objects.create(round=the_round, number=index, home_id=home, away_id=away, result=result)
    return the_round


def lineup_submit(*, by, event_id: int, team_id: int, round_number: int, members: list[int], now=None) -> Lineup:
    """The captain hands in his team's line-up for a round, in board order (1.14.2).

    Only the captain (1.14.7); only before the round is published; only players
    of his team, each once, at most one per board, in the roster's order (a
    player may move up a board, reserves play below the players they replace).
    """
    now = now or timezone.now()
    with transaction.atomic():
        event = _locked(event_id)
        team = _team(event, team_id)
        if getattr(by, "pk", None) != team.captain_id:
            raise Forbidden("not-captain", _("Only the captain of %(team)s hands in its line-up.") % {"team": team})
        if event.status == Status.FINISHED:
            raise Conflict("event-finished", _("The event is over."))
        if not 1 <= round_number <= selectors.rounds_total(event):
            raise Invalid("no-such-round", _("There is no round %(n)s.") % {"n": round_number})
        the_round = event.rounds.filter(number=round_number).first()
        if the_round is not None and the_round.status != TeamRound.Status.PAIRED:
            raise Conflict(
                "round-published",
                _("Round %(n)s is already published: its line-ups are final (1.14.2).") % {"n": round_number},
            )
        if len(set(members)) != len(members):
            raise Invalid("twice", _("A player is listed twice."))
        if not 1 <= len(members) <= event.boards:
            raise Invalid("bad-lineup", _("A line-up names one to %(n)s players.") % {"n": event.boards})
        roster = {p.member_id: p.order for p in team.players.all()}
        strangers = [m for m in members if m not in roster]
        if strangers:
            names = selectors.member_names(strangers)
            raise Invalid(
                "not-in-team",
                _("Not players of %(team)s: %(names)s.") % {"team": team, "names": ", ".join(names)},
            )
        if [roster[m] for m in members] != sorted(roster[m] for m in members):
            raise Invalid("board-order", _("The line-up keeps the team's board order (1.14.2)."))
        lineup, _created = Lineup.objects.update_or_create(
            team=team,
            round_number=round_number,
            defaults={"event": event, "members": list(members), "submitted_by": by, "submitted_at": now},
        )
    return lineup


def round_publish(
    *,
    by,
    event_id: int,
    round_number: int,
    absent: list[int] = (),
    starts_at: datetime | None = None,
    now: datetime | None = None,
) -> TeamRound:
    """An appointed arbiter publishes a paired round with the players present.

    Each team plays its line-up (1.14.2: the one handed in for this round, else
    the first round's, else the roster's first boards); the chair of an
    ``absent`` player stays empty. A team with fewer than half its boards,
    or fewer than two players, present does not play and loses the match
    (1.14.4); a withdrawn team loses its remaining matches (1.14.5). Otherwise
    every board with two players gets its game through ``game_create``, the
    home team white on the odd boards (1.14.3); an empty chair loses its board.
    """
    from games.services.challenges import game_create

    now = now or timezone.now()
    with transaction.atomic():
        event = _locked(event_id)
        _require_arbiter(event, by)
        the_round = event.rounds.select_for_update().filter(number=round_number).first()
        if the_round is None:
            raise NotFound("no-such-round", _("There is no round %(n)s.") % {"n": round_number})
        if the_round.status != TeamRound.Status.PAIRED:
            raise Conflict("not-paired", _("Round %(n)s is already published.") % {"n": round_number})
        live = not clock.TimeControl.parse(event.time_control).days
        if live and (starts_at is None or starts_at <= now):
            raise Invalid("no-start-time", _("A live round needs its scheduled start, in the future (1.6.3)."))
        if not live:
            starts_at = now  # correspondence: the round opens now
        matches = list(the_round.matches.select_related("home", "away", "home__event", "away__event"))
        seated = {
            team.pk: selectors.lineup_for(team, round_number)
            for match in matches
            for team in (match.home, match.away)
            if team is not None
        }
        absent = set(absent)
        strangers = absent - {m for members in seated.values() for m in members}
        if strangers:
            raise Invalid(
                "not-in-round",
                _("Not in a line-up of round %(n)s: %(names)s.")
                % {"n": round_number, "names": ", ".join(selectors.member_names(sorted(strangers)))},
            )
        colours = rules.board_colours(event.boards)
        for match in matches:
            if match.away is None:
                if match.result == vocabulary.BYE:
                    match.home_points = float(event.boards)
                    match.save(update_fields=["home_points"])
                continue
            # The chairs in board order: an absent player's stays empty (no moving up once the round is on).
            home, away = (_chairs(seated[team_id], absent, event.boards) for team_id in (match.home_id, match.away_id))
            home_n, away_n = (sum(m is not None for m in chairs) for chairs in (home, away))
            home_plays = match.home.status == Team.Status.ACTIVE and rules.may_play(home_n, event.boards)
            away_plays = match.away.status == Team.Status.ACTIVE and rules.may_play(away_n, event.boards)
            if not (home_plays and away_plays):
                _match_forfeit(event, match, home_plays, away_plays, home_n, away_n)
                continue
            for board, (colour, h, a) in enumerate(zip(colours, home, away), 1):
                white, black = (h, a) if colour == vocabulary.WHITE else (a, h)
                bg = BoardGame(match=match, board=board, white_id=white, black_id=black)
                bg.result = rules.board_result(h is not None, a is not None, colour)
                if not bg.result:
                    bg.game = game_create(
                        discipline=event.discipline,
                        white=bg.white,
                        black=bg.black,
                        time_control=event.time_control,
                        rated=event.rated,
                        now=now,
                        starts_at=starts_at,
                        lateness_ms=HOUR_MS if live else 0,
                        event=event.name[:120],
                        round=f"{round_number}.{match.number}.{board}",
                    )
                bg.save()
            _match_update(event, match)
        the_round.status, the_round.published_at = TeamRound.Status.PUBLISHED, now
        the_round.save(update_fields=["status", "published_at"])
        audit(
            actor=by,
            action="team-round-published",
            clause="1.14.4" if absent else "",
            now=now,
            team_event=event.pk,
            round=round_number,
            absent=sorted(absent),
        )
        if event.status == Status.READY:
            event.status = Status.RUNNING
            event.save(update_fields=["status"])
        _close_round_if_over(event, the_round, now)
    transaction.on_commit(lambda: _enqueue_standings(event.pk))
    return the_round


def _chairs(lineup: list[int], absent: set[int], boards: int) -> list[int | None]:
    return [m if m not in absent else None for m in lineup] + [None] * (boards - len(lineup))


def _match_forfeit(event, match: Match, home_plays: bool, away_plays: bool, home_n: int, away_n: int) -> None:
    """1.14.4 / 1.14.5: the match is not played; the team that may play wins every board by "+"."""
    match.result = rules.forfeit_result(home_plays, away_plays)
    match.home_points = float(event.boards) if home_plays and not away_plays else 0.0
    match.away_points = float(event.boards) if away_plays and not home_plays else 0.0
    reasons = []
    for team, n, plays in ((match.home, home_n, home_plays), (match.away, away_n, away_plays)):
        if plays:
            continue
        if team.status != Team.Status.ACTIVE:
            reasons.append(_("%(team)s has withdrawn (1.14.5)") % {"team": team})
        else:
            reasons.append(
                _("%(team)s has %(n)s of %(boards)s players present (1.14.4)")
                % {"team": team, "n": n, "boards": event.boards}
            )
    match.forfeit_reason = "; ".join(reasons)[:300]
    match.save(update_fields=["result", "home_points", "away_points", "forfeit_reason"])


def _match_update(event: TeamEvent, match: Match) -> None:
    """Board points so far and, once every board has its result, the match's (1.14.6)."""
    boards = [b.result for b in match.board_games.order_by("board")]
    match.home_points, match.away_points = rules.board_points(boards)
    match.result = rules.match_result(boards, event.boards) or ""
    match.save(update_fields=["home_points", "away_points", "result"])


# ---- results ---------------------------------------------------------------------------------
def board_result_record(*, game_id: int, now: datetime | None = None) -> str:
    """A team game ended or its result changed: copy it to its board exactly
    once, update the match, close the round when all its matches have results
    and finish the event after its last round.

    Idempotent (GAME_FINISHED_TASKS may deliver twice): a board already holding
    the game's result is left alone. Returns what happened.
    """
    now = now or timezone.now()
    located = BoardGame.objects.filter(game_id=game_id).values_list("match__round__event_id", flat=True).first()
    if located is None:
        return "not-a-team-game"
    with transaction.atomic():
        event = _locked(located)
        board = BoardGame.objects.select_related("match__round").get(game_id=game_id)
        game = Game.objects.get(pk=game_id)
        result = game.result if game.status == Game.Status.FINISHED and vocabulary.is_result(game.result) else ""
        if board.result == result or board.ineligible_reason:
            return "unchanged"
        BoardGame.objects.filter(pk=board.pk).update(result=result)
        _match_update(event, board.match)
        _close_round_if_over(event, board.match.round, now)
    transaction.on_commit(lambda: _enqueue_standings(event.pk))
    return "recorded"


def board_ineligible(*, by, event_id: int, board_id: int, member_id: int, reason: str) -> BoardGame:
    """1.14.4: a player started or played a game on a board he had no right to:
    the game does not count and his team loses that board ("−", the opponent "+")."""
    with transaction.atomic():
        event = _locked(event_id)
        _require_chief(event, by, "1.14.4")
        reason = _text(reason, "no-reason", _("Give the reason."))
        board = BoardGame.objects.select_related("match__round").filter(pk=board_id, match__round__event=event).first()
        if board is None:
            raise NotFound("no-such-board", _("There is no such board in this event."))
        if member_id not in (board.white_id, board.black_id):
            raise Invalid("not-on-board", _("That member did not sit at this board."))
        winner = vocabulary.BLACK if member_id == board.white_id else vocabulary.WHITE
        board.result = vocabulary.for_winner(winner, forfeit=True)
        board.ineligible_reason = reason[:300]
        board.save(update_fields=["result", "ineligible_reason"])
        audit(
            actor=by,
            action="team-board-ineligible",
            reason=reason,
            clause="1.14.4",
            game=board.game,
            member=board.white if member_id == board.white_id else board.black,
            team_event=event.pk,
            board=board.pk,
        )
        _match_update(event, board.match)
        _close_round_if_over(event, board.match.round, timezone.now())
    transaction.on_commit(lambda: _enqueue_standings(event.pk))
    return board


def _close_round_if_over(event: TeamEvent, the_round: TeamRound, now: datetime) -> None:
    """Call holding the event's row lock."""
    if the_round.status != TeamRound.Status.PUBLISHED:
        return
    if the_round.matches.filter(away__isnull=False, result="").exists():
        return
    TeamRound.objects.filter(pk=the_round.pk).update(status=TeamRound.Status.CLOSED, closed_at=now)
    the_round.status = TeamRound.Status.CLOSED
    if the_round.number >= selectors.rounds_total(event) and event.status == Status.RUNNING:
        event.status, event.finished_at = Status.FINISHED, now
        event.save(update_fields=["status", "finished_at"])


def _enqueue_standings(event_id: int) -> None:
    from . import tasks

    tasks.team_standings_recompute.delay(event_id)


def standings_recompute(*, event_id: int, now: datetime | None = None) -> bool:
    """Write the table computed from the results; True if it changed (a replay writes nothing)."""
    now = now or timezone.now()
    with transaction.atomic():
        event = _locked(event_id)
        rows = selectors.standings_compute(event)
        stored = TeamStandings.objects.filter(event=event).first()
        if stored is not None and stored.rows == rows:
            return False
        TeamStandings.objects.update_or_create(event=event, defaults={"rows": rows, "computed_at": now})
    return True


# ---- withdrawal and protests -----------------------------------------------------------------
def team_withdraw(*, by, event_id: int, team_id: int, after_round: int, treatment: str, reason: str) -> Team:
    """1.14.5: a team leaves after ``after_round``; the chief arbiter decides,
    by what least affects the winners' results, whether it loses its remaining
    matches ("forfeit") or all its matches are annulled ("annul")."""
    with transaction.atomic():
        event = _locked(event_id)
        _require_chief(event, by, "1.14.5")
        team = _team(event, team_id)
        reason = _text(reason, "no-reason", _("Give the reason."))
        if treatment not in Team.Withdrawal.values:
            raise Invalid("bad-treatment", _("A withdrawn team's matches are lost or annulled (1.14.5)."))
        if team.status != Team.Status.ACTIVE:
            raise Conflict("already-withdrawn", _("%(team)s has already withdrawn.") % {"team": team})
        published = event.rounds.exclude(status=TeamRound.Status.PAIRED).count()
        if not 0 <= after_round <= published:
            raise Invalid("bad-round", _("A team leaves after a round already published."))
        team.status, team.left_after_round = Team.Status.WITHDRAWN, after_round
        team.withdrawal, team.withdrawal_reason = treatment, reason[:300]
        team.save(update_fields=["status", "left_after_round", "withdrawal", "withdrawal_reason"])
        audit(
            actor=by,
            action="team-withdrawn",
            reason=reason,
            clause="1.14.5",
            team_event=event.pk,
            team=team.pk,
            after_round=after_round,
            treatment=treatment,
        )
    transaction.on_commit(lambda: _enqueue_standings(event.pk))
    return team


def protest_file(*, by, event_id: int, team_id: int, text: str, match_id: int | None = None, now=None) -> Protest:
    """1.14.7: only the captain protests to the arbiters, and in writing."""
    now = now or timezone.now()
    with transaction.atomic():
        event = _locked(event_id)
        team = _team(event, team_id)
        if getattr(by, "pk", None) != team.captain_id:
            raise Forbidden("not-captain", _("Only the captain of %(team)s may protest (1.14.7).") % {"team": team})
        text = _text(text, "no-text", _("A protest is made in writing (1.14.7)."))
        match = None
        if match_id is not None:
            match = Match.objects.filter(pk=match_id, round__event=event).first()
            if match is None:
                raise NotFound("no-such-match", _("There is no such match in this event."))
        return Protest.objects.create(event=event, team=team, match=match, filed_by=by, filed_at=now, text=text)


def protest_rule(*, by, event_id: int, protest_id: int, upheld: bool, ruling: str, now=None) -> Protest:
    """An appointed arbiter rules on a pending protest, with reasons."""
    now = now or timezone.now()
    with transaction.atomic():
        event = _locked(event_id)
        _require_arbiter(event, by)
        protest = Protest.objects.select_for_update().filter(pk=protest_id, event=event).first()
        if protest is None:
            raise NotFound("no-such-protest", _("There is no such protest."))
        protest.rule(by=by, upheld=upheld, ruling=_text(ruling, "no-reason", _("A ruling gives its reasons.")), now=now)
        audit(
            actor=by,
            action="team-protest-ruled",
            reason=protest.ruling,
            clause="1.14.7",
            now=now,
            team_event=event.pk,
            protest=protest.pk,
            upheld=upheld,
        )
    return protest
