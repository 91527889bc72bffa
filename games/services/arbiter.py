"""The chief arbiter sets, changes or annuls a game's result (003 1.4, 1.12.2).

Only the chief arbiter (or deputy, who holds the same role) forfeits a game.
An ongoing game ends through ``game_finish`` (so its follow-up runs once);
a finished game's changed or annulled result is recorded as a ``GameEvent``
and announced with ``events.game_result_changed`` on commit, where ratings
recompute from that game on.
"""
from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist
from django.db import transaction
from django.utils import timezone

from club.roles import Role, has_role
from games import events, results
from games.models import Game, GameEvent

from .errors import Conflict, Forbidden, Invalid
from .finish import Ending, game_finish
from .play import _locked

# The six results of games/results.py, and "annulled": an arbiter's action that leaves no result.
ANNULLED = "annulled"
RESULTS = results.RESULTS + (ANNULLED,)
# Why a finished game's result may still change (2.1.10.4: no claim once the game is over):
# a recording error, a sanction (1.4), or an irregularity that annuls it (2.1.10.1–2.1.10.3).
GROUNDS = ("recording-error", "sanction", "irregularity")


def correction_window() -> timedelta:
    """How long after a club game ends its result may be corrected (championship
    games: until the championship's results are final)."""
    return timedelta(days=int(getattr(settings, "GAMES_RESULT_CORRECTION_DAYS", 7)))


def _championship_game(game: Game) -> bool:
    try:
        return game.championship_board is not None  # the opaque reverse link; no import of championships
    except ObjectDoesNotExist:
        return False
    except AttributeError:
        return False


def game_result_change(*, game_id: int, arbiter, result: str, reason: str, clause: str = "",
                       grounds: str = "recording-error", in_championship: bool = False,
                       authorised: bool = False, now: datetime | None = None) -> Game:
    """Set an ongoing game's result, or correct a finished one.

    A finished game's result changes only on ``GROUNDS`` (2.1.10.4) and, for
    a club game, within ``correction_window()`` of its end; a championship
    game's only through its championship (``in_championship``), which checks
    that its results are not yet final. ``authorised``: the caller (the
    championship's or the arbiters' service) has already checked the
    appointment; otherwise the club's chief arbiter role is required.
    """
    if not authorised and not has_role(arbiter, Role.CHIEF_ARBITER):
        raise Forbidden("not-chief-arbiter", "Only the chief arbiter sets or changes a game's result (003 1.4).")
    if result not in RESULTS:
        raise Invalid("bad-result", f"A result is one of {', '.join(RESULTS)}.")
    if grounds not in GROUNDS:
        raise Invalid("bad-grounds", f"A result is corrected on the grounds of {', '.join(GROUNDS)} (003 2.1.10.4).")
    if not reason.strip():
        raise Invalid("no-reason", "Say why: every arbiter's decision is recorded with its reason.")
    now = now or timezone.now()
    with transaction.atomic():
        game = _locked(game_id)
        if game.status != Game.Status.ONGOING:
            if _championship_game(game) and not in_championship:
                raise Forbidden("championship-game",
                                "A championship game's result is corrected through its championship (003 2.1.10.4).")
            if not in_championship and game.ended_at is not None and now > game.ended_at + correction_window():
                raise Conflict("correction-window-closed",
                               "This game's result can no longer be corrected (003 2.1.10.4).")
        before = {"status": game.status, "result": game.result, "termination": game.termination}
        forfeit = results.is_forfeit(result)  # +/-, -/+, -/- (1.12.2)
        termination = "forfeit" if forfeit else "arbiter"
        if game.status == Game.Status.ONGOING and result != ANNULLED:
            game_finish(game=game, ending=Ending(results.winner(result), termination, clause or "003 1.4",
                                                 forfeit=forfeit), now=now)
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
                                       "clause": clause, "grounds": grounds})
        return game
