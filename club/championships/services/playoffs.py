"""Play-offs for tied places (003 1.13.2, 1.14.6): when the regulations give one (for the
title or a qualifying place), the chief arbiter creates it from the final standings — a
match, or a mini round robin, between exactly the players tied on points, at its own time
control. Its games are the event's (its arbiters judge them); once they are all over, its
result orders those places ahead of the coefficients (``selectors.inputs.playoff_orders``);
a drawn play-off leaves them to the next criterion."""

from __future__ import annotations

from datetime import datetime
from itertools import combinations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.members.models import Member
from club.platform.refusals import Conflict, Invalid
from games.services import game_create
from games.services.start_rule import time_control_check
from ratings import standings

from ..authority import Action, require
from ..decisions import decision_record, reason_given
from ..locks import championship_locked
from ..models import Championship, Playoff, PlayoffGame
from ..selectors import inputs

GAMES_PER_PAIR = (1, 4)


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
        championship = championship_locked(championship_id)
        require(by, Action.EVENT_DECIDE, championship)
        if championship.for_teams or championship.status != Championship.Status.FINISHED:
            raise Conflict(
                "not-final", _("A play-off is created from the final standings of a players' event (1.13.2).")
            )
        players = _tied_exactly(championship, member_ids)
        tc = time_control_check(time_control, championship.discipline, clocked=True)
        low, high = GAMES_PER_PAIR
        if not low <= games_per_pair <= high:
            raise Invalid(
                "bad-games", _("A play-off pair plays %(low)s to %(high)s games.") % {"low": low, "high": high}
            )
        playoff = Playoff.objects.create(
            championship=championship,
            players=players,
            time_control=str(tc),
            games_per_pair=games_per_pair,
            created_by=by,
            created_at=now,
        )
        members = Member.objects.in_bulk(players)
        number = 0
        for a, b in combinations(players, 2):
            for k in range(games_per_pair):
                white, black = (a, b) if k % 2 == 0 else (b, a)
                number += 1
                game = game_create(
                    discipline=championship.discipline,
                    white=members[white],
                    black=members[black],
                    time_control=str(tc),
                    rated=championship.rated,
                    competition=True,
                    opening_rule=championship.opening_rule,
                    foul_policy=championship.foul_policy,
                    now=now,
                    event=championship.name,
                    round=f"play-off {number}",
                )
                PlayoffGame.objects.create(playoff=playoff, game=game, number=number)
        decision_record(
            championship,
            by,
            "playoff",
            now=now,
            reason=reason,
            clause="1.13.2",
            players=players,
            games=list(playoff.games.values_list("game_id", flat=True)),
            time_control=str(tc),
        )
    return playoff


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
    if any(set(p.players) == wanted for p in championship.playoffs.all()):
        raise Conflict("playoff-exists", _("These players already have a play-off."))
    return tied
