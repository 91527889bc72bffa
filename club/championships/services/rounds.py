"""Rounds: pair the next one (a draft until published), withdraw or change a
draft pairing with a reason (1.15 preamble), publish it — its games are
created through the game layer and, live, start at the scheduled time (1.6.3).

The same steps for every event; what is paired is the event's own: boards of
two players (round robin by the Berger tables, the Swiss systems of 1.15,
knockout ties, a Scheveningen's groups) or matches of two teams
(``services.teams``).
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from club.notifications.services import decision_notify
from foundation.horizon import within_horizon
from foundation.refusals import Conflict, Invalid, NotFound, RuleRefusal
from games import results as vocabulary
from games.pure_words import worded
from games.venue import rules_of

from .. import pairing
from ..authority import arbiter_required, chief_required
from ..decisions import decision_record, reason_given
from ..followups import standings_recompute_after_commit
from ..locks import championship_locked
from ..models import Board, Championship, Entry, Round
from ..selectors import inputs as pairing_inputs
from ..selectors import teams as team_selectors
from ..selectors.events import is_live, rounds_total
from . import correspondence, matches, teams
from .closing import round_close_if_over
from .results import round_results_catch_up
from .scheduling import event_game_create

Status = Championship.Status


def round_pair(*, by, championship_id: int, starts_at: datetime | None = None, now: datetime | None = None) -> Round:
    """An appointed arbiter pairs the next round; it is stored as a draft
    (status "paired") and shown before it is published.

    Refused while the previous round is not closed, and after the last round.
    Round robin: the Berger table for the start numbers (the dummy n+1 rests
    its partner). Swiss: ``pairing.swiss_working`` over the closed rounds; withdrawn
    players are not paired (1.10.5, 1.15.2), and the working (the classification
    the boards came from) is kept with the round, to be shown with it.
    """
    now = now or timezone.now()
    with transaction.atomic():
        championship = championship_locked(championship_id)
        arbiter_required(championship, by)
        if championship.status not in (Status.ENTRIES_CLOSED, Status.RUNNING):
            raise Conflict("not-ready", _("Rounds are paired after the entries close and the lot is drawn."))
        if championship.all_at_once and not championship.is_knockout:
            raise Conflict("all-at-once", _("This section is played all at once: the chief arbiter starts it."))
        last = championship.rounds.order_by("-number").first()
        if last is not None:  # its last results may still be on their way from the workers
            round_results_catch_up(championship, last, now)
        if last is not None and last.status != Round.Status.CLOSED:
            raise RuleRefusal(
                "previous-round-open",
                _("Round %(n)s is not closed yet: the next round is paired after all its games end.")
                % {"n": last.number},
            )
        number = (last.number if last else 0) + 1
        total = rounds_total(championship)
        if total is not None and number > total:
            raise Conflict("no-more-rounds", _("All %(n)s rounds have been paired.") % {"n": total})
        if starts_at is not None and starts_at <= now:
            raise Invalid("starts-in-the-past", _("A round's start must be in the future."))
        within_horizon(starts_at, now, _("A round's start"))
        pairs, working = (
            _team_pairs(championship, number) if championship.for_teams else _player_pairs(championship, number)
        )
        the_round = Round.objects.create(
            championship=championship,
            number=number,
            status=Round.Status.PAIRED,
            starts_at=starts_at,
            paired_at=now,
            working=working,
        )
        if championship.for_teams:
            teams.matches_create(championship, the_round, pairs)
        else:
            _boards_create(championship, the_round, pairs)
        decision_record(
            championship,
            by,
            "pair",
            now=now,
            clause="1.15" if championship.is_swiss else "1.6.2",
            round=number,
            pairs=[list(p) if p else None for p in pairs],
        )
    return the_round


def _swiss_pairs(championship: Championship, players: list[dict], rounds: list[list[dict]]) -> tuple[list, dict]:
    """The Swiss round's boards and its working (``pairing.swiss_working``)."""
    try:
        working = pairing.swiss_working(
            championship.swiss_system,
            players,
            rounds,
            seed=championship.lot_seed,
            procedures=other_procedures(championship),
        )
    except pairing.PairingError as error:
        raise RuleRefusal("no-pairing", worded(error)) from None
    return [(white, black) for white, black in working["boards"]], working


def other_procedures(championship: Championship) -> pairing.OtherProcedures:
    """The event's other pairing procedures (1.15.9) as the pairing module takes them."""
    return pairing.OtherProcedures(
        accelerated_rounds=championship.accelerated_rounds,
        accelerated_points=float(championship.accelerated_points),
        rating_bands=tuple(championship.rating_bands or ()),
    )


def _berger_pairs(start_numbers: dict[int, int], number: int, cycles: int) -> list[tuple[int, int | None]]:
    """Round ``number`` of the Berger table by start number; the dummy's partner rests."""
    pairs = []
    for white_no, black_no in pairing.round_robin(len(start_numbers), cycles=cycles)[number - 1]:
        if white_no in start_numbers and black_no in start_numbers:
            pairs.append((start_numbers[white_no], start_numbers[black_no]))
        else:
            pairs.append((start_numbers.get(white_no) or start_numbers[black_no], None))
    return pairs


def _team_pairs(championship: Championship, number: int) -> tuple[list, dict | None]:
    """The round's matches as (home, away) team pairs, and a Swiss round's working."""
    if championship.is_swiss:
        return _swiss_pairs(championship, *team_selectors.pairing_input(championship))
    by_number = {t.start_number: t.pk for t in championship.teams.all()}
    return _berger_pairs(by_number, number, championship.cycles), None


def _player_pairs(championship: Championship, number: int) -> tuple[list, dict | None]:
    """The round's boards as (white, black) pairs, and a Swiss round's working."""
    entry_list = list(championship.entries.order_by("start_number"))
    if championship.is_swiss:
        absent = pairing_inputs.absent_in(championship, number)
        players = pairing_inputs.pairing_players(championship, absent=absent)
        pairs, working = _swiss_pairs(championship, players, pairing_inputs.played_rounds(championship))
        # 1.15.2: known absentees sit alone, after the bye, with the loss "absent".
        return pairs + [(member_id, None) for member_id in sorted(absent)], working
    if championship.is_knockout:
        return matches.knockout_pairs(championship, number, entry_list), None
    if championship.is_scheveningen:
        team_a = [e.member_id for e in entry_list if e.group == "A"]
        team_b = [e.member_id for e in entry_list if e.group == "B"]
        return pairing.scheveningen(team_a, team_b)[number - 1], None
    return _berger_pairs({e.start_number: e.member_id for e in entry_list}, number, championship.cycles), None


def _boards_create(championship: Championship, the_round: Round, pairs: list) -> None:
    rest_result = vocabulary.BYE if championship.is_swiss else ""
    absent = pairing_inputs.absent_in(championship, the_round.number) if championship.is_swiss else set()
    # A knockout numbers its boards by bracket position (ties 1 and 2 feed the next round's
    # tie 1); an empty slot (both sides lost −/−) has no board.
    numbered = (
        [(i, pair) for i, pair in enumerate(pairs, start=1) if pair is not None]
        if championship.is_knockout
        else list(enumerate(_boards_first(pairs), start=1))
    )
    Board.objects.bulk_create(
        [
            Board(
                round=the_round,
                number=i,
                white_id=white,
                black_id=black,
                result="" if black else (vocabulary.ABSENT if white in absent else rest_result),
            )
            for i, (white, black) in numbered
        ]
    )


def _boards_first(pairs):
    """Real boards first, the bye or rest last."""
    return [p for p in pairs if p[1] is not None] + [p for p in pairs if p[1] is None]


def _draft_round(championship: Championship, round_number: int) -> Round:
    the_round = championship.rounds.filter(number=round_number).first()
    if the_round is None:
        raise NotFound("no-such-round", _("There is no round %(n)s.") % {"n": round_number})
    if the_round.status != Round.Status.PAIRED:
        raise Conflict("round-published", _("Only a round not yet published can be paired again."))
    return the_round


def round_discard(*, by, championship_id: int, round_number: int, reason: str, now: datetime | None = None) -> None:
    """The chief arbiter (or deputy) withdraws a round's draft pairing before
    it is published, with his reason, so that it can be paired again (1.15
    preamble: a mistake found, e.g. a result entered wrongly)."""
    now = now or timezone.now()
    reason = reason_given(reason)
    with transaction.atomic():
        championship = championship_locked(championship_id)
        chief_required(championship, by, "1.15")
        the_round = _draft_round(championship, round_number)
        if championship.for_teams:
            pairs = list(the_round.matches.values_list("home_id", "away_id"))
        else:
            pairs = list(the_round.boards.values_list("white_id", "black_id"))
        the_round.delete()
        decision_record(
            championship,
            by,
            "discard-pairing",
            now=now,
            reason=reason,
            clause="1.15",
            round=round_number,
            pairs=[list(p) for p in pairs],
        )


def _met_before(championship: Championship, a: int, b: int, before_round: int) -> bool:
    return (
        Board.objects.filter(round__championship=championship, round__number__lt=before_round)
        .filter(Q(white_id=a, black_id=b) | Q(white_id=b, black_id=a))
        .exists()
    )


def board_override(
    *,
    by,
    championship_id: int,
    round_number: int,
    board_number: int,
    white_id: int,
    black_id: int | None,
    reason: str,
    clause: str = "1.15",
    now: datetime | None = None,
) -> Round:
    """The chief arbiter (or deputy) changes a pair of a round not yet
    published, with a recorded reason (1.15 preamble: a mistake found, or a
    motivated decision). The players displaced from the boards touched are
    paired together on the freed boards, in board order. A pair that met
    before needs the reason to say so (1.15.2: no rematch) — the reason is
    always required, a rematch is refused without one.
    """
    now = now or timezone.now()
    with transaction.atomic():
        championship = championship_locked(championship_id)
        chief_required(championship, by, "1.15")
        the_round = championship.rounds.filter(number=round_number).first()
        if the_round is None:
            raise NotFound("no-such-round", _("There is no round %(n)s.") % {"n": round_number})
        if the_round.status != Round.Status.PAIRED:
            raise Conflict("round-published", _("Only a round not yet published can be re-paired."))
        # A known absentee's board (1.15.2) is not the pairing's to change.
        boards = list(the_round.boards.exclude(result=vocabulary.ABSENT).order_by("number"))
        target = next((b for b in boards if b.number == board_number), None)
        if target is None:
            raise NotFound(
                "no-such-board", _("Round %(r)s has no board %(b)s.") % {"r": round_number, "b": board_number}
            )
        if white_id == black_id:
            raise Invalid("same-player", _("A player cannot play himself."))
        seated = {p for b in boards for p in (b.white_id, b.black_id) if p}
        if white_id not in seated or (black_id is not None and black_id not in seated):
            raise Invalid("not-in-round", _("Both players must be in this round's pairing."))
        rematch = black_id is not None and _met_before(championship, white_id, black_id, round_number)
        if rematch and not (reason or "").strip():
            raise RuleRefusal("rematch", _("These players have met already (1.15.2): a rematch needs a reason."))
        reason = reason_given(reason)
        wanted = {white_id, black_id} - {None}
        touched = [b for b in boards if b is target or {b.white_id, b.black_id} & wanted]
        before = [[b.number, b.white_id, b.black_id] for b in touched]
        leftovers = [p for b in touched for p in (b.white_id, b.black_id) if p and p not in wanted]
        target.white_id, target.black_id = white_id, black_id
        others = [b for b in touched if b is not target]
        for board in others:
            board.white_id = leftovers.pop(0) if leftovers else None
            board.black_id = leftovers.pop(0) if leftovers else None
        if leftovers or any(b.white_id is None for b in others):
            raise Invalid("bad-override", _("The override leaves the round's players unevenly seated."))
        rest_result = vocabulary.BYE if championship.is_swiss else ""
        for board in touched:
            board.result = "" if board.black_id else rest_result
            board.override_reason = reason[:300]
            board.save(update_fields=["white", "black", "result", "override_reason"])
        decision_record(
            championship,
            by,
            "override",
            now=now,
            reason=reason,
            clause=clause,
            round=round_number,
            before=before,
            after=[[b.number, b.white_id, b.black_id] for b in touched],
            rematch=rematch,
        )
    return the_round


def round_publish(
    *,
    by,
    championship_id: int,
    round_number: int,
    starts_at: datetime | None = None,
    absent: list[int] | tuple = (),
    start_confirmed: bool = True,
    now: datetime | None = None,
) -> Round:
    """An appointed arbiter publishes a paired round: its games are created
    through the game layer's ``game_create`` with the championship's
    discipline, start rule, clock and foul policy. Live rounds start at their
    scheduled time (1.6.3; required, in the future); correspondence rounds open now.

    Boards of a player who has left (1.10) get their result without a game:
    "−/+" against him when his results stand (1.10.3), "−/−" when they are
    struck (1.10.2). A team event seats each team's line-up with its
    ``absent`` players' chairs empty (1.14.2–1.14.5, ``teams.matches_publish``).

    The publication that starts the event (its first round) is refused unless
    ``start_confirmed``: the pages ask the arbiter to confirm it.
    """
    now = now or timezone.now()
    with transaction.atomic():
        championship = championship_locked(championship_id)
        arbiter_required(championship, by)
        the_round = championship.rounds.select_for_update().filter(number=round_number).first()
        if the_round is None:
            raise NotFound("no-such-round", _("There is no round %(n)s.") % {"n": round_number})
        if championship.closes_at is not None and now >= championship.closes_at:
            raise Conflict("play-closed", _("Play in this event closed at its closing date: no round is published."))
        if the_round.status != Round.Status.PAIRED:
            raise Conflict(
                "not-paired",
                _("Round %(n)s is %(s)s: only a paired round is published.")
                % {"n": round_number, "s": the_round.get_status_display()},
            )
        if championship.status == Status.ENTRIES_CLOSED and not start_confirmed:
            raise Invalid(
                "start-not-confirmed",
                _(
                    "Publishing round %(n)s starts the championship: its games are created and the entries "
                    "can no longer change. Tick the confirmation to publish it."
                )
                % {"n": round_number},
            )
        starts_at = starts_at or the_round.starts_at
        if is_live(championship):
            if starts_at is None or starts_at <= now:
                raise Invalid("no-start-time", _("A live round needs its scheduled start, in the future (1.6.3)."))
            within_horizon(starts_at, now, _("A round's start"))
        else:
            starts_at = None
        if absent and not championship.for_teams:
            raise Invalid("absent-in-a-team-event", _("Players absent at publication are a team event's (1.14.4)."))
        if championship.for_teams:
            teams.matches_publish(championship, the_round, absent=set(absent), starts_at=starts_at, now=now)
        else:
            _boards_publish(championship, the_round, starts_at=starts_at, now=now)
            _pairings_notify(championship, the_round, starts_at)
        the_round.status, the_round.published_at, the_round.starts_at = Round.Status.PUBLISHED, now, starts_at
        the_round.deadline = correspondence.round_deadline(championship, now)
        the_round.save(update_fields=["status", "published_at", "starts_at", "deadline"])
        if championship.status == Status.ENTRIES_CLOSED:
            championship.status, championship.started_at = Status.RUNNING, now
            championship.save(update_fields=["status", "started_at"])
        decision_record(
            championship,
            by,
            "publish",
            now=now,
            clause="1.14.4" if absent else "",
            round=round_number,
            starts_at=starts_at.isoformat() if starts_at else None,
            **({"absent": sorted(absent)} if absent else {}),
        )
        round_close_if_over(championship, the_round, now)
    # Pairings decided without a game (a player who left, a team forfeit) count at once.
    standings_recompute_after_commit(championship.pk)
    return the_round


def _boards_publish(championship: Championship, the_round: Round, *, starts_at, now) -> None:
    entries = {e.member_id: e for e in championship.entries.all()}
    for board in the_round.boards.select_related("white", "black").order_by("number"):
        if board.black_id is None or board.result:
            continue
        gone = [
            c
            for c, m in ((vocabulary.WHITE, board.white_id), (vocabulary.BLACK, board.black_id))
            if _has_left(entries[m], the_round.number)
        ]
        if gone:
            board.result = _forfeit_for(gone, entries, board)
            board.save(update_fields=["result"])
            continue
        if championship.plays_micro_matches:
            matches.match_game_next(championship, the_round, board, starts_at=starts_at, now=now)
            continue
        board.game = event_game_create(
            championship,
            white=board.white,
            black=board.black,
            round_label=f"{the_round.number}.{board.number}",
            now=now,
            starts_at=starts_at,
        )
        board.save(update_fields=["game"])


def _pairings_notify(championship: Championship, the_round: Round, starts_at: datetime | None) -> None:
    """Tell each player of a published round his colour, opponent and start."""
    for board in the_round.boards.select_related("white", "black").filter(black__isnull=False, game__isnull=False):
        for me, colour, opponent in ((board.white, "white", board.black), (board.black, "black", board.white)):
            decision_notify(
                recipients=[me],
                key=f"pairing:{board.game_id}",
                params={
                    "what": "pairing",
                    "event": championship.name,
                    "round": the_round.number,
                    "colour": colour,
                    "opponent": str(opponent),
                    "starts_at": starts_at.isoformat() if starts_at else None,
                },
                url=(
                    f"/championships/{championship.pk}/boards/"
                    if rules_of(championship.venue).results_reported
                    else f"/play/games/{board.game_id}/"
                ),
                game_id=board.game_id,
            )


def _has_left(entry: Entry, round_number: int) -> bool:
    return entry.status != Entry.Status.ACTIVE and (entry.left_after_round or 0) < round_number


def _forfeit_for(gone: list[str], entries: dict, board: Board) -> str:
    """The result of a game not played because a player left (1.10.2, 1.10.3)."""
    if len(gone) == 2:
        return vocabulary.BOTH_FORFEIT
    colour = gone[0]
    member_id = board.white_id if colour == vocabulary.WHITE else board.black_id
    if entries[member_id].struck:
        return vocabulary.BOTH_FORFEIT  # 1.10.2: both marked "−", struck from the standings anyway
    return vocabulary.for_winner(vocabulary.BLACK if colour == vocabulary.WHITE else vocabulary.WHITE, forfeit=True)


def section_start(*, by, championship_id: int, now: datetime | None = None) -> list:
    """The chief arbiter starts a section played all at once (correspondence,
    ICCF Tournament Rules 0.3): every round of the Berger table (1.6.2) — or of
    the Scheveningen schedule — is paired and published together, and all its
    games start now, in one transaction (``section_games_start``)."""
    now = now or timezone.now()
    with transaction.atomic():
        championship = championship_locked(championship_id)
        chief_required(championship, by, "1.6.2")
        started = section_games_start(championship, by=by, now=now)
    standings_recompute_after_commit(championship.pk)
    return started


def section_games_start(championship: Championship, *, by, now: datetime) -> list:
    """Pair and publish every round of ``championship`` and start all its games.
    The tables still decide colours and board numbers; with two cycles each pair
    has a game with each colour. Rounds then close as their games end, in any
    order (``round_close_if_over``). Each player hears once that the section
    has begun, not once per game. Call holding the championship's lock, once
    the authority has allowed it (``by``: the chief arbiter; None: a standing
    event's section, started by the club)."""
    if not championship.all_at_once or championship.is_knockout:
        raise Conflict("round-by-round", _("This event is played round by round: pair its rounds."))
    if championship.status != Status.ENTRIES_CLOSED or championship.rounds.exists():
        raise Conflict("not-ready", _("A section starts once, after the entries close and the lot is drawn."))
    if championship.closes_at is not None and championship.closes_at <= now:
        raise Invalid("closes-before-start", _("The closing date must come after the start."))
    total = rounds_total(championship) or 0
    started = []
    for number in range(1, total + 1):
        pairs = _player_pairs(championship, number)[0]
        the_round = Round.objects.create(
            championship=championship,
            number=number,
            status=Round.Status.PUBLISHED,
            paired_at=now,
            published_at=now,
        )
        _boards_create(championship, the_round, pairs)
        _boards_publish(championship, the_round, starts_at=None, now=now)
        started.append(the_round)
    championship.status, championship.started_at = Status.RUNNING, now
    championship.save(update_fields=["status", "started_at"])
    decision_record(championship, by, "section-start", now=now, clause="1.6.2", rounds=total)
    for the_round in started:
        round_close_if_over(championship, the_round, now)
    correspondence.section_started(championship, started)
    return started
