"""What only a team event has (003 1.14): teams and their rosters, line-ups,
the matches of a round and their board games, a board lost for an
ineligible player, a team's withdrawal.

Everything else — the lock, the guards, the decision log, pairing, round
closing, the game hook and the standings — is the championship engine's;
these functions are its team branch (``rounds``, ``results`` call them),
each called holding the championship's row lock unless it takes it itself.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from club.teams.models import BoardGame, Lineup, Match, Team, TeamPlayer
from foundation import zones
from foundation.refusals import Conflict, Forbidden, Invalid, NotFound
from foundation.text import one_line_required
from games import results as vocabulary
from games.models import Game

from .. import team_rules
from ..authority import Seat, chief_required, seat_required
from ..decisions import decision_record, reason_given
from ..followups import standings_recompute_after_commit
from ..locks import championship_locked
from ..models import Championship, Round
from ..selectors import teams as team_selectors
from .closing import round_close_if_over
from .scheduling import event_game_create

Status = Championship.Status


def _team(championship: Championship, team_id: int) -> Team:
    team = championship.teams.filter(pk=team_id).first()
    if team is None:
        raise NotFound("no-such-team", _("There is no team %(id)s in this event.") % {"id": team_id})
    return team


def _text(value: str, code: str, message: str) -> str:
    value = (value or "").strip()
    if not value:
        raise Invalid(code, message)
    return value


# ---- teams and line-ups -------------------------------------------------------------------------
def team_register(*, by, championship_id: int, name: str, captain, players: list, now=None) -> Team:
    """Register a team (1.14.2, 1.14.7): its name, its captain and its roster
    in board order, ``boards`` players and up to ``reserves`` reserves after
    them. The organiser or the captain himself registers it.

    Each player is invited: he plays once he accepts (``team_invitation_answer``),
    and until then no other team is barred from inviting him. The captain's own
    place, if he plays, is his own acceptance. Nobody captains two teams of an
    event, and its officials and organiser neither play nor captain in it."""
    now = now or timezone.now()
    with transaction.atomic():
        championship = championship_locked(championship_id)
        if not championship.for_teams:
            raise Invalid("not-a-team-event", _("Players enter this championship, not teams."))
        if getattr(by, "pk", None) not in (championship.organiser_id, captain.pk):
            raise Forbidden("not-captain", _("Only the organiser or the team's captain registers a team."))
        if championship.status != Status.ENTRIES_OPEN:
            raise Conflict("registration-closed", _("Registration for this event is closed."))
        name = one_line_required(_text(name, "no-name", _("A team needs a name.")), what=_("The team's name"))
        if championship.teams.filter(name=name).exists():
            raise Invalid("name-taken", _("A team called %(name)s is already registered.") % {"name": name})
        ids = [p.pk for p in players]
        if len(set(ids)) != len(ids):
            raise Invalid("twice", _("A player is listed twice."))
        boards, reserves = championship.boards, championship.reserves
        if not boards <= len(ids) <= boards + reserves:
            raise Invalid(
                "bad-roster",
                _("A team has %(boards)s players and at most %(reserves)s reserves (1.14.2).")
                % {"boards": boards, "reserves": reserves},
            )
        if championship.teams.filter(captain=captain).exists():
            raise Invalid(
                "already-captain", _("%(member)s already captains a team of this event.") % {"member": captain}
            )
        taken = (
            TeamPlayer.objects.filter(championship=championship, member_id__in=ids, accepted_at__isnull=False)
            .select_related("member", "team")
            .first()
        )
        if taken:
            raise Invalid(
                "in-another-team",
                _("%(member)s already plays for %(team)s.") % {"member": taken.member, "team": taken.team},
            )
        for person in (*ids, captain.pk):
            seat_required(championship, person, Seat.PLAYER)
        team = Team.objects.create(championship=championship, name=name, captain=captain)
        TeamPlayer.objects.bulk_create(
            [
                TeamPlayer(
                    team=team,
                    championship=championship,
                    member=p,
                    order=i,
                    accepted_at=now if p.pk == captain.pk and by.pk == captain.pk else None,
                )
                for i, p in enumerate(players, 1)
            ]
        )
        decision_record(championship, by, "team-register", now=now, clause="1.14.2", team=team.pk, players=ids)
    return team


def team_invitation_answer(*, member, team_id: int, accept: bool, now=None) -> TeamPlayer | None:
    """A member accepts or declines his place in a team's roster (1.14.2), while
    registration is open; accepting bars him from every other team of the event."""
    now = now or timezone.now()
    located = Team.objects.filter(pk=team_id).values_list("championship_id", flat=True).first()
    if located is None:
        raise NotFound("no-such-team", _("There is no team %(id)s.") % {"id": team_id})
    with transaction.atomic():
        championship = championship_locked(located)
        place = TeamPlayer.objects.filter(team_id=team_id, member_id=getattr(member, "pk", None)).first()
        if place is None:
            raise NotFound("not-invited", _("You have no place in this team's roster."))
        if championship.status != Status.ENTRIES_OPEN:
            raise Conflict("registration-closed", _("Registration for this event is closed."))
        if not accept:
            place.delete()
            decision_record(championship, member, "team-decline", now=now, clause="1.14.2", team=team_id)
            return None
        if place.accepted_at is None:
            seat_required(championship, member.pk, Seat.PLAYER)
            other = TeamPlayer.objects.filter(championship=championship, member=member, accepted_at__isnull=False)
            if other.exists():
                raise Conflict("in-another-team", _("You already play for another team of this event."))
            place.accepted_at = now
            place.save(update_fields=["accepted_at"])
            # His other invitations in the event lapse.
            TeamPlayer.objects.filter(championship=championship, member=member, accepted_at__isnull=True).delete()
            decision_record(championship, member, "team-accept", now=now, clause="1.14.2", team=team_id)
        return place


def lineup_submit(*, by, championship_id: int, team_id: int, round_number: int, members: list[int], now=None) -> Lineup:
    """The captain hands in his team's line-up for a round, in board order (1.14.2).

    Only the captain (1.14.7); only before the round is published and before it
    is due (``selectors.teams.lineup_due``); only players of his team, each once,
    at most one per board, in the roster's order (a player may move up a board,
    reserves play below the players they replace). A team with no line-up
    handed in on time plays the first round's distribution (``lineup_for``).
    """
    now = now or timezone.now()
    with transaction.atomic():
        championship = championship_locked(championship_id)
        team = _team(championship, team_id)
        if getattr(by, "pk", None) != team.captain_id:
            raise Forbidden("not-captain", _("Only the captain of %(team)s hands in its line-up.") % {"team": team})
        _lineup_on_time(championship, round_number, now)
        return _lineup_store(championship, team, round_number, members, by=by, now=now)


def lineup_decide(
    *, by, championship_id: int, team_id: int, round_number: int, members: list[int], reason: str, now=None
) -> Lineup:
    """The chief arbiter (or deputy) records a team's line-up for a round that
    its captain handed to the arbiters in person («подать в судейскую коллегию
    заявку», 1.14.2), with a note of how it came; the decision log records it.
    Only until the line-ups are due: after that a team without one plays the
    first round's distribution, and nobody sets another."""
    now = now or timezone.now()
    reason = reason_given(reason)
    with transaction.atomic():
        championship = championship_locked(championship_id)
        chief_required(championship, by, "1.14.2")
        team = _team(championship, team_id)
        _lineup_on_time(championship, round_number, now)
        lineup = _lineup_store(championship, team, round_number, members, by=by, now=now)
        decision_record(
            championship,
            by,
            "lineup-decided",
            now=now,
            reason=reason,
            clause="1.14.2",
            team=team.pk,
            round=round_number,
            members=list(members),
        )
        return lineup


def _lineup_on_time(championship: Championship, round_number: int, now: datetime) -> None:
    """Refuse a line-up for a round published, or past its line-ups' deadline (1.14.2)."""
    the_round = _lineup_round(championship, round_number)
    due = team_selectors.lineup_due(championship, the_round)
    if due is not None and now > due:
        raise Conflict(
            "lineup-late",
            _(
                "Line-ups for round %(n)s were due by %(due)s (1.14.2): a line-up handed in on time stands; "
                "without one, the boards are as in the first round."
            )
            % {"n": round_number, "due": zones.shown(due)},
        )


def _lineup_round(championship: Championship, round_number: int) -> Round | None:
    """The round a line-up is for, if it is paired; refused once it is published or the event is over."""
    if championship.status == Status.FINISHED:
        raise Conflict("event-finished", _("The event is over."))
    if not 1 <= round_number <= (team_selectors.rounds_total(championship) or 0):
        raise Invalid("no-such-round", _("There is no round %(n)s.") % {"n": round_number})
    the_round = championship.rounds.filter(number=round_number).first()
    if the_round is not None and the_round.status != Round.Status.PAIRED:
        raise Conflict(
            "round-published",
            _("Round %(n)s is already published: its line-ups are final (1.14.2).") % {"n": round_number},
        )
    return the_round


def board_policy(championship: Championship) -> team_rules.BoardPolicy:
    """The event's board rules (1.14.2) as ``team_rules`` takes them."""
    return team_rules.BoardPolicy(
        fixed=championship.fixed_boards,
        reserve_boards=tuple(championship.reserve_boards or ()),
        moves_up=championship.lineup_moves_up,
    )


LINEUP_REFUSALS = {
    "board-order": gettext_lazy("The line-up keeps the team's board order (1.14.2)."),
    "fixed-board": gettext_lazy("Board %(board)s: the regulations fix each player to his board (1.14.2)."),
    "reserve-board": gettext_lazy(
        "Board %(board)s: the regulations let reserves play only on boards %(boards)s (1.14.2)."
    ),
}


def _lineup_store(
    championship: Championship, team: Team, round_number: int, members: list[int | None], *, by, now
) -> Lineup:
    """Store a line-up given board by board (None: an empty board). Fixed boards keep each
    player's board; otherwise the players are seated from board 1 in the order given."""
    policy = board_policy(championship)
    members = list(members) if policy.fixed else [m for m in members if m is not None]
    while members and members[-1] is None:
        members.pop()
    named = [m for m in members if m is not None]
    if len(set(named)) != len(named):
        raise Invalid("twice", _("A player is listed twice."))
    if not named or len(members) > championship.boards:
        raise Invalid("bad-lineup", _("A line-up names one to %(n)s players.") % {"n": championship.boards})
    roster = {p.member_id: p.order for p in team.players.filter(accepted_at__isnull=False)}
    strangers = [m for m in named if m not in roster]
    if strangers:
        names = team_selectors.member_names(strangers)
        raise Invalid(
            "not-in-team",
            _("Not players of %(team)s: %(names)s.") % {"team": team, "names": ", ".join(names)},
        )
    problem = team_rules.lineup_problem(members, roster, championship.boards, policy)
    if problem is not None:
        code, board = problem
        boards = ", ".join(str(b) for b in policy.reserve_boards)
        raise Invalid(code, str(LINEUP_REFUSALS[code]) % {"board": board, "boards": boards})
    lineup, _created = Lineup.objects.update_or_create(
        team=team,
        round_number=round_number,
        defaults={"championship": championship, "members": list(members), "submitted_by": by, "submitted_at": now},
    )
    return lineup


# ---- the engine's team branch: pairing and publishing a round -----------------------------------
def matches_create(championship: Championship, the_round: Round, pairs: list[tuple[int, int | None]]) -> None:
    """The round's matches from its pairs of teams; the first team has white on board 1 (1.14.3).
    A Swiss pair without an opponent is the bye; a round robin's, a rest."""
    for index, (home, away) in enumerate(pairs, 1):
        result = vocabulary.BYE if away is None and championship.is_swiss else ""
        Match.objects.create(round=the_round, number=index, home_id=home, away_id=away, result=result)


def matches_publish(
    championship: Championship, the_round: Round, *, absent: set[int], starts_at: datetime | None, now: datetime
) -> None:
    """Seat the round's matches and create their games (call holding the lock).

    Each team plays its line-up (1.14.2: the one handed in for this round, else
    the first round's, else the roster's first boards); the chair of an
    ``absent`` player stays empty. A team with fewer than half its boards,
    or fewer than two players, present does not play and loses the match
    (1.14.4); a withdrawn team loses its remaining matches (1.14.5). Otherwise
    every board with two players gets its game, the home team white on the
    odd boards (1.14.3); an empty chair loses its board.
    """
    boards = championship.boards
    matches = list(the_round.matches.select_related("home", "away"))
    seated = {
        team.pk: team_selectors.lineup_for(team, the_round.number, boards)
        for match in matches
        for team in (match.home, match.away)
        if team is not None
    }
    strangers = absent - {m for members in seated.values() for m in members}
    if strangers:
        raise Invalid(
            "not-in-round",
            _("Not in a line-up of round %(n)s: %(names)s.")
            % {"n": the_round.number, "names": ", ".join(team_selectors.member_names(sorted(strangers)))},
        )
    colours = team_rules.board_colours(boards)
    policy = board_policy(championship)
    for match in matches:
        if match.away is None:
            if match.result == vocabulary.BYE:
                match.home_points = float(boards)
                match.save(update_fields=["home_points"])
            continue
        # The chairs in board order: an absent player's stays empty, unless the regulations move the line-up up.
        home, away = (
            team_rules.chairs(seated[team_id], absent, boards, policy) for team_id in (match.home_id, match.away_id)
        )
        home_n, away_n = (sum(m is not None for m in chairs) for chairs in (home, away))
        home_plays = match.home.status == Team.Status.ACTIVE and team_rules.may_play(home_n, boards)
        away_plays = match.away.status == Team.Status.ACTIVE and team_rules.may_play(away_n, boards)
        if not (home_plays and away_plays):
            _match_forfeit(championship, match, home_plays, away_plays, home_n, away_n)
            continue
        for board, (colour, h, a) in enumerate(zip(colours, home, away), 1):
            white, black = (h, a) if colour == vocabulary.WHITE else (a, h)
            bg = BoardGame(match=match, board=board, white_id=white, black_id=black)
            bg.result = team_rules.board_result(h is not None, a is not None, colour)
            if not bg.result:
                bg.game = event_game_create(
                    championship,
                    white=bg.white,
                    black=bg.black,
                    round_label=f"{the_round.number}.{match.number}.{board}",
                    now=now,
                    starts_at=starts_at,
                )
            bg.save()
        match_update(championship, match)


def _match_forfeit(championship, match: Match, home_plays: bool, away_plays: bool, home_n: int, away_n: int) -> None:
    """1.14.4 / 1.14.5: the match is not played; the team that may play wins every board by "+"."""
    boards = championship.boards
    match.result = team_rules.forfeit_result(home_plays, away_plays)
    match.home_points = float(boards) if home_plays and not away_plays else 0.0
    match.away_points = float(boards) if away_plays and not home_plays else 0.0
    reasons = []
    for team, n, plays in ((match.home, home_n, home_plays), (match.away, away_n, away_plays)):
        if plays:
            continue
        if team.status != Team.Status.ACTIVE:
            reasons.append(_("%(team)s has withdrawn (1.14.5)") % {"team": team})
        else:
            reasons.append(
                _("%(team)s has %(n)s of %(boards)s players present (1.14.4)")
                % {"team": team, "n": n, "boards": boards}
            )
    match.forfeit_reason = "; ".join(reasons)[:300]
    match.save(update_fields=["result", "home_points", "away_points", "forfeit_reason"])


def match_update(championship: Championship, match: Match) -> None:
    """Board points so far and, once every board has its result, the match's (1.14.6)."""
    boards = [b.result for b in match.board_games.order_by("board")]
    match.home_points, match.away_points = team_rules.board_points(boards)
    match.result = team_rules.match_result(boards, championship.boards) or ""
    match.save(update_fields=["home_points", "away_points", "result"])


def board_game_recorded(championship: Championship, board: BoardGame, game: Game) -> bool:
    """The game hook's team branch: copy the game's result to its board and update
    the match; False when nothing changed (a board voided for an ineligible player keeps its "−")."""
    result = game.result if game.status == Game.Status.FINISHED and vocabulary.is_result(game.result) else ""
    if board.result == result or board.ineligible_reason:
        return False
    BoardGame.objects.filter(pk=board.pk).update(result=result)
    match_update(championship, board.match)
    return True


# ---- the chief arbiter's decisions about teams --------------------------------------------------
def board_ineligible(*, by, championship_id: int, board_id: int, member_id: int, reason: str) -> BoardGame:
    """1.14.4: a player started or played a game on a board he had no right to:
    the game does not count and his team loses that board ("−", the opponent "+")."""
    now = timezone.now()
    with transaction.atomic():
        championship = championship_locked(championship_id)
        chief_required(championship, by, "1.14.4")
        reason = reason_given(reason)
        board = (
            BoardGame.objects.select_related("match__round")
            .filter(pk=board_id, match__round__championship=championship)
            .first()
        )
        if board is None:
            raise NotFound("no-such-board", _("There is no such board in this event."))
        if member_id not in (board.white_id, board.black_id):
            raise Invalid("not-on-board", _("That member did not sit at this board."))
        winner = vocabulary.BLACK if member_id == board.white_id else vocabulary.WHITE
        board.result = vocabulary.for_winner(winner, forfeit=True)
        board.ineligible_reason = reason[:300]
        board.save(update_fields=["result", "ineligible_reason"])
        decision_record(
            championship,
            by,
            "team-board-ineligible",
            now=now,
            reason=reason,
            clause="1.14.4",
            board=board.pk,
            game=board.game_id,
            member=member_id,
        )
        match_update(championship, board.match)
        round_close_if_over(championship, board.match.round, now)
    standings_recompute_after_commit(championship.pk)
    return board


def team_withdraw(*, by, championship_id: int, team_id: int, after_round: int, treatment: str, reason: str) -> Team:
    """1.14.5: a team leaves after ``after_round``; the chief arbiter decides,
    by what least affects the winners' results, whether it loses its remaining
    matches ("forfeit") or all its matches are annulled ("annul")."""
    now = timezone.now()
    with transaction.atomic():
        championship = championship_locked(championship_id)
        chief_required(championship, by, "1.14.5")
        team = _team(championship, team_id)
        reason = reason_given(reason)
        if treatment not in Team.Withdrawal.values:
            raise Invalid("bad-treatment", _("A withdrawn team's matches are lost or annulled (1.14.5)."))
        if team.status != Team.Status.ACTIVE:
            raise Conflict("already-withdrawn", _("%(team)s has already withdrawn.") % {"team": team})
        published = championship.rounds.exclude(status=Round.Status.PAIRED).count()
        if not 0 <= after_round <= published:
            raise Invalid("bad-round", _("A team leaves after a round already published."))
        team.status, team.left_after_round = Team.Status.WITHDRAWN, after_round
        team.withdrawal, team.withdrawal_reason = treatment, reason[:300]
        team.save(update_fields=["status", "left_after_round", "withdrawal", "withdrawal_reason"])
        decision_record(
            championship,
            by,
            "team-withdrawn",
            now=now,
            reason=reason,
            clause="1.14.5",
            team=team.pk,
            after_round=after_round,
            treatment=treatment,
        )
    standings_recompute_after_commit(championship.pk)
    return team
