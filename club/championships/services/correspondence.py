"""Correspondence events: deadlines, the closing date, adjudication, and the
cap on vacation days.

A correspondence round robin, Scheveningen or knockout stage may be played
all at once (``Championship.play_mode``; ``rounds.section_start``). A Swiss
is played round by round — its pairing depends on the results — with
``round_days`` to play each round. When a round's deadline or the event's
closing date passes, ``play_close_due`` (a beat task) stops the clocks of
every unfinished game: no move is accepted after, the players may still
resign or agree a draw, and the chief arbiter adjudicates the rest
(``game_adjudicate``, 1.10.4: an unfinished game counts as played — a win,
a draw or a loss for both, 0–0 — and the forfeit signs are only for a game
in which no move was made, 1.12.2), with a reason, logged like every
arbiter's decision. Until he rules, the standings
show the game as unfinished, never as a draw.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from club.notifications.models import Notification
from club.notifications.services import arbiter_notify, notify_many
from club.teams.models import BoardGame
from foundation.refusals import Conflict, Invalid, RuleRefusal
from games import results as vocabulary
from games.models import Game, Vacation
from games.services.arbiter import games_stop_for_adjudication
from games.services.guards import game_locked
from games.timing import clocks_stopped
from members.models import Member

from ..authority import Action, officials_who_may, require
from ..decisions import decision_record
from ..locks import championship_locked
from ..models import Board, Championship, Entry, MatchGame, Round
from ..selectors.events import is_live
from .results import board_result_apply

Status = Championship.Status

CLAUSE = "event rules"  # the regulations set the closing date and the deadlines
ADJUDICATION_CLAUSE = "1.10.4"  # unfinished games are adjudicated by the arbiter and count as played


def round_deadline(championship: Championship, published_at: datetime) -> datetime | None:
    """When a correspondence round published now must be played (``round_days``), else None."""
    if championship.round_days is None or is_live(championship):
        return None
    return published_at + timedelta(days=championship.round_days)


# ---- the section's start ------------------------------------------------------------------------
def section_started(championship: Championship, rounds: list[Round]) -> None:
    """Tell each player once that the section has begun and how many games he has
    (not once per game: a 20-player double round robin would send 38 mails)."""
    ids = set(Board.objects.filter(round__in=rounds, game__isnull=False).values_list("game_id", flat=True))
    ids |= set(MatchGame.objects.filter(board__round__in=rounds).values_list("game_id", flat=True))
    games = list(Game.objects.filter(pk__in=ids).values_list("pk", "white_id", "black_id"))
    Game.objects.filter(pk__in=[g for g, _, _ in games]).update(turn_unannounced=False)
    counts: dict[int, int] = {}
    for _game, white, black in games:
        for member in (white, black):
            counts[member] = counts.get(member, 0) + 1
    members = Member.objects.in_bulk(list(counts))
    transaction.on_commit(
        lambda: notify_many(
            [
                Notification(
                    recipient=members[member_id],
                    kind=Notification.Kind.EVENT,
                    key=f"section-start:{championship.pk}",
                    params={"event": championship.name, "games": count},
                    url=f"/championships/{championship.pk}/",
                )
                for member_id, count in counts.items()
            ]
        )
    )


# ---- deadlines and the closing date ---------------------------------------------------------------
def _unfinished_games(championship: Championship, rounds=None) -> list[int]:
    """The event's games still going on (of ``rounds`` only, if given)."""
    where = {"round__championship": championship}
    if rounds is not None:
        where = {"round__in": rounds}
    ids = set(Board.objects.filter(**where, game__status=Game.Status.ONGOING).values_list("game_id", flat=True))
    ids |= set(
        MatchGame.objects.filter(
            **{f"board__{k}": v for k, v in where.items()}, game__status=Game.Status.ONGOING
        ).values_list("game_id", flat=True)
    )
    ids |= set(
        BoardGame.objects.filter(
            **{f"match__{k}": v for k, v in where.items()}, game__status=Game.Status.ONGOING
        ).values_list("game_id", flat=True)
    )
    return sorted(ids)


def play_close_due(*, now: datetime | None = None) -> int:
    """Stop the unfinished games of every round whose deadline and every event
    whose closing date has passed, once; returns the games stopped. Run by
    the beat (``tasks.championships_play_close``); safe to run twice."""
    now = now or timezone.now()
    stopped = 0
    closing = Championship.objects.filter(status=Status.RUNNING, closes_at__lte=now).exclude(
        decisions__action="play-closed"
    )
    for championship_id in closing.values_list("pk", flat=True):
        stopped += _close(championship_id, now, rounds=None)
    # A round past its deadline stays published until its games are adjudicated; ``_close`` acts once.
    due = Round.objects.filter(status=Round.Status.PUBLISHED, deadline__lte=now).values_list(
        "championship_id", "number"
    )
    for championship_id, number in due:
        stopped += _close(championship_id, now, rounds=[number])
    return stopped


def _close(championship_id: int, now: datetime, *, rounds: list[int] | None) -> int:
    with transaction.atomic():
        championship = championship_locked(championship_id)
        action = "play-closed" if rounds is None else "round-deadline"
        done = championship.decisions.filter(action=action)
        if rounds is not None:
            done = done.filter(data__round=rounds[0])
        if done.exists():
            return 0
        chosen = None if rounds is None else championship.rounds.filter(number__in=rounds)
        reason = (
            _("The event's closing date has passed: the chief arbiter adjudicates the unfinished games.")
            if rounds is None
            else _("The round's deadline has passed: the chief arbiter adjudicates its unfinished games.")
        )
        stopped = games_stop_for_adjudication(
            game_ids=_unfinished_games(championship, chosen), reason=reason, clause=CLAUSE, now=now
        )
        data = {"games": stopped} | ({} if rounds is None else {"round": rounds[0]})
        decision_record(championship, None, action, now=now, clause=CLAUSE, **data)
        if stopped:
            arbiter_notify(
                recipients=officials_who_may(Action.EVENT_DECIDE, championship),
                key=f"inbox:adjudication:{championship.pk}:{action}:{'' if rounds is None else rounds[0]}",
                params={"what": "adjudication", "event": championship.name, "games": len(stopped)},
                url=reverse("championship-desk", args=[championship.pk]) + "#adjudication",
            )
        return len(stopped)


def awaiting_adjudication(game: Game) -> bool:
    """Has play in ``game`` closed (its event's closing date or its round's deadline)?"""
    stopped = game.status == Game.Status.ONGOING and game.turn_started_at is None and clocks_stopped(game)
    return bool(stopped and stopped.get("adjudication"))


def game_adjudicate(
    *, by, championship_id: int, game_id: int, result: str, reason: str, now: datetime | None = None
) -> Board:
    """The chief arbiter (or deputy) adjudicates a game whose play has closed,
    with his reason: a game in which a move was made counts as played (1.10.4)
    and gets a win, a draw or ``0-0`` (both lose it); one in which no move was
    made did not take place and gets ``+/-``, ``-/+`` or ``-/-`` (1.12.2).
    Refused for a game still being played or already over, for a result the
    game cannot have, and for anyone else."""
    now = now or timezone.now()
    if result not in vocabulary.RESULTS:
        raise Invalid("bad-adjudication", _("A result is one of %(r)s.") % {"r": ", ".join(vocabulary.RESULTS)})
    with transaction.atomic():
        championship = championship_locked(championship_id)
        game = game_locked(game_id)
        require(by, Action.GAME_RESULT, game)  # who asks is answered before what the game allows
        if game.status != Game.Status.ONGOING:
            raise Conflict("game-over", _("This game is over: there is nothing to adjudicate."))
        if not awaiting_adjudication(game):
            raise RuleRefusal(
                "still-playing", _("This game is still being played: it is adjudicated after the deadline.")
            )
        fitting = vocabulary.for_unfinished(game.took_place)
        if result not in fitting:
            raise Invalid(
                "adjudication-played" if game.took_place else "adjudication-not-played",
                (
                    _("Moves were made in this game, so it was played (1.10.4): adjudicate %(r)s.")
                    if game.took_place
                    else _("No move was made in this game, so it did not take place (1.12.2): adjudicate %(r)s.")
                )
                % {"r": ", ".join(fitting)},
            )
        return board_result_apply(
            by,
            championship,
            game,
            result=result,
            reason=reason,
            clause=ADJUDICATION_CLAUSE,
            grounds="adjudication",
            now=now,
        )


# ---- vacations -------------------------------------------------------------------------------------
def vacation_cap_check(member: Member, starts_at: datetime, ends_at: datetime) -> None:
    """An event's rules may cap the vacation days a player takes while it runs
    (``vacation_days_max``): a vacation that would pass the cap of an event he
    plays in is refused, naming the event. Registered as a games hook."""
    events = Championship.objects.filter(
        status__in=(Status.ENTRIES_CLOSED, Status.RUNNING),
        vacation_days_max__isnull=False,
        entries__member=member,
        entries__status=Entry.Status.ACTIVE,
    ).distinct()
    for event in events:
        begins = event.started_at or starts_at
        ends = event.closes_at or ends_at
        taken = sum(
            _overlap_days(v.starts_at, v.ends_at, begins, ends)
            for v in Vacation.objects.filter(member=member, starts_at__lt=ends, ends_at__gt=begins)
        )
        wanted = _overlap_days(starts_at, ends_at, begins, ends)
        if wanted and taken + wanted > event.vacation_days_max + 1e-9:
            raise RuleRefusal(
                "event-vacation-cap",
                _("%(event)s allows %(max)s vacation days while it runs; %(taken)s taken.")
                % {"event": event.name, "max": event.vacation_days_max, "taken": f"{taken:g}"},
            )


def _overlap_days(a_start: datetime, a_end: datetime, b_start: datetime, b_end: datetime) -> float:
    return max(min(a_end, b_end) - max(a_start, b_start), timedelta()) / timedelta(days=1)
