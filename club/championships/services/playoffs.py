"""Play-offs for tied places (003 1.13.2, 1.14.6): when the regulations give one (for the
title or a qualifying place), the chief arbiter creates it from the final standings — a
match, or a mini round robin, between exactly the players tied on points, at its own time
control. Its games are the event's (its arbiters judge them); once they are all over, its
result orders those places ahead of the coefficients (``selectors.inputs.playoff_orders``);
a drawn play-off leaves them to the next criterion.

A team event's play-off (``team_playoff_create``) is the same row with teams for players:
matches between the tied teams' line-ups, board by board (1.14.6), ordered by
``team_rules.playoff_order``."""

from __future__ import annotations

from datetime import datetime
from itertools import combinations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.teams.models import Team
from foundation.refusals import Conflict, Invalid
from games import results as vocabulary
from games.services.start_rule import time_control_check
from members.models import Member
from ratings import standings

from .. import team_rules
from ..authority import Action, Seat, require, seat_required
from ..decisions import decision_record, reason_given
from ..locks import championship_locked
from ..models import Championship, Playoff, PlayoffGame
from ..selectors import inputs
from ..selectors import teams as team_selectors
from .scheduling import event_game_create

GAMES_PER_PAIR = (1, 4)
MATCHES_PER_PAIR = (1, 2)  # a team play-off: «дополнительный матч» (1.14.6), or a return match


def playoff_create(
    *,
    by,
    championship_id: int,
    member_ids: list[int],
    time_control: str,
    games_per_pair: int = 2,
    reason: str,
    now: datetime | None = None,
) -> Playoff:
    """The chief arbiter (or deputy) creates a play-off between ``member_ids``, who must be
    exactly the players sharing one score in the final standings; every pair plays
    ``games_per_pair`` games, colours alternating, at ``time_control``."""
    now = now or timezone.now()
    reason = reason_given(reason)
    with transaction.atomic():
        championship = _final_event(by, championship_id, teams=False)
        players = _tied_exactly(championship, member_ids)
        for member_id in players:
            seat_required(championship, member_id, Seat.PLAYER)
        playoff, tc = _playoff_open(championship, by, players, time_control, games_per_pair, GAMES_PER_PAIR, now)
        members = Member.objects.in_bulk(players)
        number = 0
        for a, b in combinations(players, 2):
            for k in range(games_per_pair):
                white, black = (a, b) if k % 2 == 0 else (b, a)
                number += 1
                game = _game(championship, members[white], members[black], tc, now, f"play-off {number}")
                PlayoffGame.objects.create(playoff=playoff, game=game, number=number)
        _recorded(championship, by, playoff, now, reason, "1.13.2", players=players)
    return playoff


def team_playoff_create(
    *,
    by,
    championship_id: int,
    team_ids: list[int],
    time_control: str,
    matches_per_pair: int = 1,
    reason: str,
    now: datetime | None = None,
) -> Playoff:
    """The chief arbiter (or deputy) creates a team event's play-off from its final standings:
    between exactly the teams tied on points (1.13.2), or the extra match for first place
    that a second-placed team which won every match has the right to (1.14.6). Each pair of
    teams plays ``matches_per_pair`` matches at ``time_control``, over all the boards, each
    team with the line-up that stands after the last round (1.14.2), colours by board 1
    (1.14.3) and swapped in a return match. Its result orders those places like a players'
    play-off (``team_rules.table``)."""
    now = now or timezone.now()
    reason = reason_given(reason)
    with transaction.atomic():
        championship = _final_event(by, championship_id, teams=True)
        teams, clause = _teams_tied_exactly(championship, team_ids)
        lineups = _playoff_lineups(championship, teams)
        for member_id in {m for lineup in lineups.values() for m in lineup}:
            seat_required(championship, member_id, Seat.PLAYER)
        playoff, tc = _playoff_open(championship, by, teams, time_control, matches_per_pair, MATCHES_PER_PAIR, now)
        members = Member.objects.in_bulk([m for lineup in lineups.values() for m in lineup])
        colours = team_rules.board_colours(championship.boards)
        number = match = 0
        for a, b in combinations(teams, 2):
            for k in range(matches_per_pair):
                home, away = (a, b) if k % 2 == 0 else (b, a)
                match += 1
                for board, colour in enumerate(colours, 1):
                    h, w = lineups[home][board - 1], lineups[away][board - 1]
                    white, black = (h, w) if colour == vocabulary.WHITE else (w, h)
                    number += 1
                    game = _game(championship, members[white], members[black], tc, now, f"play-off {match}.{board}")
                    PlayoffGame.objects.create(
                        playoff=playoff, game=game, number=number, match=match, board=board, home_id=home, away_id=away
                    )
        _recorded(championship, by, playoff, now, reason, clause, teams=teams)
    return playoff


def _final_event(by, championship_id: int, *, teams: bool) -> Championship:
    """The event, locked, if ``by`` may decide in it and its standings are final (1.13.2)."""
    championship = championship_locked(championship_id)
    require(by, Action.EVENT_DECIDE, championship)
    if championship.for_teams != teams or championship.status != Championship.Status.FINISHED:
        if teams:
            message = _("A team play-off is created from the final standings of a team event (1.14.6).")
        else:
            message = _("A play-off is created from the final standings of a players' event (1.13.2).")
        raise Conflict("not-final", message)
    return championship


def _playoff_open(championship, by, entrants, time_control, per_pair, bounds, now):
    """The play-off's row, once its time control and its games (or matches) per pair are valid."""
    tc = time_control_check(time_control, championship.discipline, clocked=True)
    low, high = bounds
    if not low <= per_pair <= high:
        raise Invalid("bad-games", _("A play-off pair plays %(low)s to %(high)s games.") % {"low": low, "high": high})
    playoff = Playoff.objects.create(
        championship=championship,
        players=entrants,
        time_control=tc,
        games_per_pair=per_pair,
        created_by=by,
        created_at=now,
    )
    return playoff, tc


def _game(championship: Championship, white, black, tc, now, label: str):
    return event_game_create(championship, white=white, black=black, round_label=label, now=now, time_control=tc)


def _recorded(championship, by, playoff, now, reason, clause, **entrants) -> None:
    decision_record(
        championship,
        by,
        "playoff",
        now=now,
        reason=reason,
        clause=clause,
        games=list(playoff.games.values_list("game_id", flat=True)),
        time_control=str(playoff.time_control),
        **entrants,
    )


def _already(championship: Championship, wanted: set) -> None:
    if any(set(p.players) == wanted for p in championship.playoffs.all()):
        raise Conflict("playoff-exists", _("These players already have a play-off."))


def _tied_exactly(championship: Championship, member_ids: list[int]) -> list[int]:
    """``member_ids`` in standings order, if they are all the players sharing one score."""
    wanted = set(member_ids)
    if len(wanted) < 2 or len(wanted) != len(member_ids):
        raise Invalid("bad-players", _("A play-off is between two or more different players."))
    players, rounds = inputs.results_plain(championship)
    rows = [r for r in standings.table(players, rounds, **inputs.standings_options(championship)) if not r["struck"]]
    points = {r["id"]: r["points"] for r in rows}
    if not wanted <= points.keys():
        raise Invalid("not-in-standings", _("Every player of a play-off must be in the standings."))
    if len({points[m] for m in wanted}) != 1:
        raise Conflict("not-tied", _("A play-off is between players tied on points (1.13.2)."))
    score = points[member_ids[0]]
    tied = [r["id"] for r in rows if r["points"] == score]
    if set(tied) != wanted:
        raise Conflict("not-all-tied", _("A play-off is between exactly the players tied on points (1.13.2)."))
    _already(championship, wanted)
    return tied


def _teams_tied_exactly(championship: Championship, team_ids: list[int]) -> tuple[list[int], str]:
    """``team_ids`` in standings order and the clause that gives them a play-off: exactly the
    teams sharing one score (1.13.2), or the first and a second that won every match (1.14.6)."""
    wanted = set(team_ids)
    if len(wanted) < 2 or len(wanted) != len(team_ids):
        raise Invalid("bad-teams", _("A play-off is between two or more different teams."))
    rows = [r for r in team_selectors.standings_compute(championship) if not r["annulled"]]
    key = "match_points" if championship.scoring == team_rules.MATCH_POINTS else "board_points"
    points = {r["id"]: r[key] for r in rows}
    if not wanted <= points.keys():
        raise Invalid("not-in-standings", _("Every team of a play-off must be in the standings."))
    if championship.teams.filter(pk__in=wanted).exclude(status=Team.Status.ACTIVE).exists():
        raise Conflict("team-withdrawn", _("A team that has withdrawn plays no play-off (1.14.5)."))
    order = [r["id"] for r in rows]
    if len(rows) >= 2 and wanted == {order[0], order[1]} and rows[1]["playoff_right"]:
        _already(championship, wanted)
        return order[:2], "1.14.6"
    if len({points[t] for t in wanted}) != 1:
        raise Conflict(
            "not-tied",
            _(
                "A play-off is between teams tied on points (1.13.2), or for first place with a second "
                "team that won every match (1.14.6)."
            ),
        )
    tied = [tid for tid in order if points[tid] == points[team_ids[0]]]
    if set(tied) != wanted:
        raise Conflict("not-all-tied", _("A play-off is between exactly the teams tied on points (1.13.2)."))
    _already(championship, wanted)
    return tied, "1.13.2"


def _playoff_lineups(championship: Championship, teams: list[int]) -> dict[int, list[int]]:
    """Each team's line-up after the last round (1.14.2: the one that stands), all boards seated."""
    last = championship.rounds.order_by("-number").values_list("number", flat=True).first() or 1
    lineups = {}
    for team in Team.objects.filter(pk__in=teams):
        lineup = team_selectors.lineup_for(team, last, championship.boards)
        if len(lineup) < championship.boards:
            raise Invalid(
                "lineup-short",
                _("%(team)s's line-up does not fill its %(n)s boards: set it first (1.14.2).")
                % {"team": team, "n": championship.boards},
            )
        lineups[team.pk] = lineup
    return lineups
