"""A player leaves a championship (1.10): withdrawal or exclusion, and the
reinstatement an upheld protest against an exclusion brings (1.3.1)."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from foundation.refusals import Conflict, NotFound
from games import results as vocabulary
from games.models import Game
from games.services.arbiter import game_result_apply
from games.services.guards import game_locked

from ..authority import chief_required
from ..decisions import decision_record, reason_given
from ..followups import standings_recompute_after_commit
from ..locks import championship_locked
from ..models import Board, Championship, Entry, Round
from ..selectors.events import games_scheduled

Status = Championship.Status


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

    A section played all at once has every round published from its start:
    there only his finished games count as played, and his games still going
    are his unplayed games — they end at once, "−/−" when his results are
    struck (1.10.2), "−/+" against him when they stand (1.10.3), so he moves
    in none of them again.
    """
    now = now or timezone.now()
    reason = reason_given(reason)
    with transaction.atomic():
        championship = championship_locked(championship_id)
        chief_required(championship, by, "1.10")
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
        # All at once, a game still going is one he leaves unplayed (1.10.2–1.10.3).
        his = Board.objects.filter(
            round__championship=championship, round__number__lte=last_out, black__isnull=False, game__isnull=False
        ).filter(Q(white_id=member_id) | Q(black_id=member_id))
        if championship.all_at_once:
            played = his.filter(game__status=Game.Status.FINISHED).exclude(game__termination="forfeit").count()
        else:
            played = his.filter(Q(result__in=vocabulary.PLAYED) | Q(result="")).count()
        scheduled = games_scheduled(championship, championship.entries.count())
        entry.struck = championship.system == Championship.System.ROUND_ROBIN and played * 2 < scheduled
        entry.status = Entry.Status.EXCLUDED if excluded else Entry.Status.WITHDRAWN
        entry.left_after_round, entry.left_reason = last_out, reason[:300]
        entry.save(update_fields=["struck", "status", "left_after_round", "left_reason"])
        clause = "1.10.5" if championship.is_swiss else ("1.10.2" if entry.struck else "1.10.3")
        if championship.all_at_once:
            _unplayed_games_end(by, his, member_id, struck=entry.struck, reason=reason, clause=clause, now=now)
        decision_record(
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
    standings_recompute_after_commit(championship.pk)
    return entry


def _unplayed_games_end(by, boards, member_id: int, *, struck: bool, reason: str, clause: str, now) -> None:
    """End the leaving player's games still going: "−/−" (1.10.2) or a loss by "−" to his
    opponent's "+" (1.10.3). Call holding the championship's lock."""
    for game_id, white_id in boards.filter(game__status=Game.Status.ONGOING).values_list("game_id", "white_id"):
        if struck:
            result = vocabulary.BOTH_FORFEIT
        else:
            result = vocabulary.BLACK_FORFEIT_WIN if white_id == member_id else vocabulary.WHITE_FORFEIT_WIN
        game_result_apply(
            game=game_locked(game_id), arbiter=by, result=result, reason=reason, clause=clause,
            grounds="sanction", now=now,
        )  # fmt: skip


def player_reinstate(*, by, championship_id: int, member_id: int, reason: str, now: datetime) -> Entry:
    """Undo an exclusion (1.10) after an upheld protest (1.3.1): the entry is
    active again and no longer struck; the standings recompute. Forfeits
    already recorded for the rounds he missed stay for the chief arbiter to
    decide. Call inside the protest's ruling, whose judge has been checked."""
    with transaction.atomic():
        championship = championship_locked(championship_id)
        entry = championship.entries.filter(member_id=member_id).first()
        if entry is None or entry.status != Entry.Status.EXCLUDED:
            raise Conflict("not-excluded", _("This player is not excluded from the championship."))
        entry.status, entry.struck, entry.left_after_round, entry.left_reason = Entry.Status.ACTIVE, False, None, ""
        entry.save(update_fields=["status", "struck", "left_after_round", "left_reason"])
        decision_record(championship, by, "reinstate", now=now, reason=reason, clause="003 1.3.1", member=member_id)
    standings_recompute_after_commit(championship.pk)
    return entry
