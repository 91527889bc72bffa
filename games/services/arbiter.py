"""The chief arbiter sets, changes or annuls a game's result (003 1.4, 1.12.2).

Only the chief arbiter (or deputy, who holds the same role) forfeits a game.
An ongoing game ends through ``game_finish`` (so its follow-up runs once);
a finished game's changed or annulled result is recorded as a ``GameEvent``
and announced with ``events.game_result_changed`` on commit, where ratings
recompute from that game on.
"""
from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from club.roles import Role, has_role
from games import events
from games.models import Game, GameEvent

from .errors import Forbidden, Invalid
from .finish import Ending, game_finish
from .play import _locked

RESULTS = ("1-0", "0-1", "1/2-1/2", "+/-", "-/+", "-/-", "annulled")


def game_result_change(*, game_id: int, arbiter, result: str, reason: str, clause: str = "",
                       now: datetime | None = None) -> Game:
    if not has_role(arbiter, Role.CHIEF_ARBITER):
        raise Forbidden("not-chief-arbiter", "Only the chief arbiter sets or changes a game's result (003 1.4).")
    if result not in RESULTS:
        raise Invalid("bad-result", f"A result is one of {', '.join(RESULTS)}.")
    if not reason.strip():
        raise Invalid("no-reason", "Say why: every arbiter's decision is recorded with its reason.")
    now = now or timezone.now()
    with transaction.atomic():
        game = _locked(game_id)
        before = {"status": game.status, "result": game.result, "termination": game.termination}
        termination = "forfeit" if "+" in result or result == "-/-" else "arbiter"
        if game.status == Game.Status.ONGOING and result != "annulled":
            winner = {"1-0": "white", "+/-": "white", "0-1": "black", "-/+": "black"}.get(result)
            game_finish(game=game, ending=Ending(winner, termination, clause or "003 1.4"), now=now)
            if result != game.result:  # forfeits are written as +/-, -/+, -/- (1.12.2)
                game.result = result
                game.save(update_fields=["result"])
        else:
            game.status = Game.Status.ANNULLED if result == "annulled" else Game.Status.FINISHED
            game.result = "" if result == "annulled" else result
            game.termination, game.termination_clause = ("annulled" if result == "annulled" else termination), clause
            game.deadline = None
            game.ended_at = game.ended_at or now
            game.save(update_fields=["status", "result", "termination", "termination_clause", "deadline",
                                     "ended_at"])
            events.game_changed_on_commit(game.pk)
            if before["status"] != Game.Status.ONGOING:
                transaction.on_commit(lambda: events.game_result_changed(game.pk))
        GameEvent.objects.create(game=game, kind="result-set", ply=game.ply,
                                 data={"by": arbiter.pk, "before": before, "result": result, "reason": reason,
                                       "clause": clause})
        return game
