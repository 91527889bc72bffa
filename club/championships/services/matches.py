"""Micro-matches (003 1.11), шашки-64 ballots (2.2.2) and knockout ties (1.2).

A pairing (a ``Board``) of a championship that ``plays_micro_matches`` is an
encounter of micro-matches: ``games_per_pairing`` games with the colours
alternating (1.11), the micro-match decided by the sum of its games' points
(``pairing.micro_match``). The board's result — what the standings count,
win / draw / loss (1.12.1) — is the encounter's result. A drawn micro-match
goes on as the championship sets (1.11, "назначение дополнительных
микроматчей"): ``tie_matches`` further micro-matches, then micro-matches at
the faster ``tie_time_control`` until one is decisive. A knockout tie must
have a winner: when neither is set, or both are spent without a faster
control, the drawn tie waits for the chief arbiter's decision
(``match_result_set``); in other systems a drawn micro-match then stands.

With ``tie_break="lehmann-georgiev"`` (3.6.4) a tie still drawn after the
further micro-matches goes on to a Lehmann–Georgiev series instead of the
faster micro-matches: single games at ``tie_time_control`` (5 min + 3 s per
move when not set), colours alternating, until the first win, which decides
the tie. The series has one clock budget: each game after the first starts
with the times the players had left at the end of the previous one, and at
once (no break: the clocks carry on).

The games are played one after another (1.11): the next game is created when
the previous one ends — live with the 5-minute break, correspondence at once;
in a section played all at once, a micro-match's games all start together.
Each micro-match of шашки-64 starts from one position drawn by lot from the
championship's table (2.2.2); the draw is reproducible from the lot's seed,
the round, the board and the micro-match.

Every function here is called holding the championship's row lock
(``locks.championship_locked``), like the services that call them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from foundation.refusals import Conflict, Invalid, NotFound, RuleRefusal
from games import clock
from games import results as vocabulary
from games.models import Game
from games.rules import ballots64
from games.timing import thinking

from .. import pairing
from ..authority import chief_required
from ..decisions import decision_record, reason_given
from ..followups import standings_recompute_after_commit
from ..locks import championship_locked
from ..models import Board, Championship, Decision, MatchGame, Round
from ..selectors.bracket import winner_of
from .closing import round_close_if_over
from .scheduling import event_game_create, seed_int

BREAK = timedelta(minutes=5)  # 1.11: five minutes between the games of a micro-match
LEHMANN_GEORGIEV = Championship.TieBreak.LEHMANN_GEORGIEV


# ---- ballots (2.2.2) ----------------------------------------------------------------------------
def ballot_for(championship: Championship, round_number: int, board_number: int, micro_match: int) -> str:
    """The start position of one micro-match: drawn by lot from the championship's
    table, reproducibly from its seed; or the championship's fixed ballot key."""
    table = championship.ballot_table or ("idf" if championship.ballot == "random" else "")
    if table:
        rng = random.Random(seed_int(championship.lot_seed, f"ballot:{round_number}.{board_number}.{micro_match}"))
        return ballots64.draw(rng, table=table)
    return championship.ballot


# ---- the state of an encounter ------------------------------------------------------------------
@dataclass(frozen=True)
class NextGame:
    number: int
    micro_match: int
    board_white_has_white: bool
    ballot: str | None  # None: draw a new one (a new micro-match)
    time_control: clock.TimeControl


def _results(match_games: list[MatchGame]) -> list[str | None]:
    out = []
    for mg in match_games:
        game = mg.game
        done = game.status == Game.Status.FINISHED and vocabulary.is_result(game.result)
        out.append(game.result if done else None)
    return out


def encounter(championship: Championship, match_games: list[MatchGame]) -> tuple[str, NextGame | None]:
    """(the board's result so far, the game to create next).

    The result is "" while the encounter goes on or waits for the arbiter;
    else the last micro-match's result from the board's white's side (the
    earlier ones were drawn, or play would have stopped). Played all at once
    (correspondence), a micro-match's games are all due together: the next
    one is due while the others go on.
    """
    per = championship.games_per_pairing
    if not match_games:
        return "", NextGame(1, 1, True, None, championship.time_control)
    results = _results(match_games)
    last = match_games[-1]
    series = series_number(championship)
    if any(r is None for r in results):
        in_micro_match = sum(mg.micro_match == last.micro_match for mg in match_games)
        if championship.all_at_once and last.micro_match != series and in_micro_match < per:
            return "", NextGame(
                last.number + 1,
                last.micro_match,
                not last.board_white_has_white,
                last.ballot,
                _control(championship, last.micro_match),
            )
        return "", None
    if last.micro_match == series:
        # 3.6.4: the first win decides; a draw is followed by the next game, colours swapped.
        decisive = pairing.micro_match([(results[-1], last.board_white_has_white)], championship.scoring)
        if vocabulary.winner(decisive) is not None:
            return decisive, None
        return "", NextGame(
            last.number + 1, series, not last.board_white_has_white, last.ballot, _control(championship, series)
        )
    current = [
        (r, mg.board_white_has_white) for r, mg in zip(results, match_games) if mg.micro_match == last.micro_match
    ]
    if len(current) < per:
        return "", NextGame(
            last.number + 1,
            last.micro_match,
            not last.board_white_has_white,
            last.ballot,
            _control(championship, last.micro_match),
        )
    result = pairing.micro_match(current, championship.scoring)
    if result != vocabulary.DRAW:
        return result, None
    further = last.micro_match + 1
    within = further <= 1 + championship.tie_matches
    if not within and series is not None:
        return "", NextGame(last.number + 1, series, True, None, _control(championship, series))
    faster = championship.tie_time_control is not None and not within
    if within or (faster and championship.is_knockout):
        return "", NextGame(last.number + 1, further, True, None, _control(championship, further))
    if championship.is_knockout:
        return "", None  # a tie needs a winner: the chief arbiter decides it (match_result_set)
    return result, None


def series_number(championship: Championship) -> int | None:
    """The micro-match number the Lehmann–Georgiev series' games carry (after the
    first micro-match and the further ones), or None without a series."""
    return 2 + championship.tie_matches if championship.tie_break == LEHMANN_GEORGIEV else None


def _control(championship: Championship, micro_match: int) -> str:
    if micro_match == series_number(championship):
        return championship.series_time_control
    if micro_match > 1 + championship.tie_matches and championship.tie_time_control is not None:
        return championship.tie_time_control
    return championship.time_control


def _arbiter_decided(board: Board) -> str | None:
    decision = (
        Decision.objects.filter(
            championship_id=board.round.championship_id, action="match-result", data__board=board.pk
        )
        .order_by("-at", "-id")
        .first()
    )
    return decision.data.get("result") if decision else None


# ---- creating the games -------------------------------------------------------------------------
def match_game_next(
    championship: Championship,
    the_round: Round,
    board: Board,
    *,
    now: datetime,
    starts_at: datetime | None = None,
) -> Game | None:
    """Create the encounter's next game if one is due (idempotent: none while a
    game is going on or the encounter is decided). ``starts_at``: the round's
    scheduled start for its first game (live); later live games start after the
    break (1.11)."""
    match_games = list(board.match_games.select_related("game").order_by("number"))
    _result, due = encounter(championship, match_games)
    if due is None:
        return None
    ballot = due.ballot
    if ballot is None:
        ballot = ballot_for(championship, the_round.number, board.number, due.micro_match)
    white, black = (board.white, board.black) if due.board_white_has_white else (board.black, board.white)
    tc = due.time_control
    live = not tc.correspondence
    clock_ms = None
    in_series = bool(match_games) and due.micro_match == series_number(championship) == match_games[-1].micro_match
    if in_series:
        # 3.6.4: one clock budget; the next game starts at once, when the previous one ended.
        board_white_ms, board_black_ms = _left_at_end(match_games[-1])
        clock_ms = (board_white_ms, board_black_ms) if due.board_white_has_white else (board_black_ms, board_white_ms)
        starts_at = max(now, match_games[-1].game.ended_at or now)
    elif live:
        if not (starts_at and due.number == 1):
            # 1.11: the break runs from the end of the previous game (its recorded end, else now).
            ended = match_games[-1].game.ended_at if match_games else None
            starts_at = max(now, ended or now) + BREAK
    else:
        starts_at = None  # correspondence: the game opens now
    game = event_game_create(
        championship,
        white=white,
        black=black,
        round_label=f"{the_round.number}.{board.number}.{due.number}",
        now=now,
        starts_at=starts_at,
        time_control=tc,
        ballot=ballot,
        clock_ms=clock_ms,
        present=in_series,  # 3.6.4: the series goes on at once, at the same board
    )
    MatchGame.objects.create(
        board=board,
        game=game,
        number=due.number,
        micro_match=due.micro_match,
        board_white_has_white=due.board_white_has_white,
        ballot=ballot,
    )
    if board.game_id is None:
        board.game = game
        board.save(update_fields=["game"])
    if championship.all_at_once:  # the micro-match's other games start with it (encounter)
        match_game_next(championship, the_round, board, now=now, starts_at=starts_at)
    return game


def _left_at_end(mg: MatchGame) -> tuple[int, int]:
    """(the board's white's, the board's black's) time left when the game ended:
    the side to move loses the time he had been thinking."""
    game = mg.game
    left = {vocabulary.WHITE: game.white_ms, vocabulary.BLACK: game.black_ms}
    if game.ended_at and game.turn_started_at and game.to_move in left:
        left[game.to_move] = max(0, left[game.to_move] - thinking(game, game.ended_at))
    if mg.board_white_has_white:
        return left[vocabulary.WHITE], left[vocabulary.BLACK]
    return left[vocabulary.BLACK], left[vocabulary.WHITE]


def match_game_recorded(*, game_id: int, now: datetime | None = None) -> str:
    """A game of a micro-match ended or its result changed: create the next
    game if one is due, and set the board's result to the encounter's
    (``results.board_result_record`` hands micro-match games here).
    Idempotent: a second delivery finds the next game already going on."""
    now = now or timezone.now()
    located = MatchGame.objects.filter(game_id=game_id).values_list("board__round__championship_id", flat=True).first()
    if located is None:
        return "not-a-championship-game"
    with transaction.atomic():
        championship = championship_locked(located)
        mg = MatchGame.objects.select_related("board__round", "board__white", "board__black").get(game_id=game_id)
        board, the_round = mg.board, mg.board.round
        match_games = list(board.match_games.select_related("game").order_by("number"))
        result, due = encounter(championship, match_games)
        created = None
        if due is not None and the_round.status == Round.Status.PUBLISHED:
            created = match_game_next(championship, the_round, board, now=now)
        decided = _arbiter_decided(board)
        if decided and due is None and not result:
            result = decided
        if board.result == result:
            outcome = "next-game" if created else "unchanged"
        else:
            Board.objects.filter(pk=board.pk).update(result=result)
            board.result = result
            outcome = "recorded"
            round_close_if_over(championship, the_round, now)
    standings_recompute_after_commit(championship.pk)
    return outcome


# ---- the chief arbiter decides a tie --------------------------------------------------------------
def match_result_set(
    *,
    by,
    championship_id: int,
    board_id: int,
    result: str,
    reason: str,
    clause: str = "1.11",
    now: datetime | None = None,
) -> Board:
    """The chief arbiter (or deputy) decides an encounter whose micro-matches
    are over but undecided — a knockout tie drawn after its further
    micro-matches (1.11: as the regulations set, e.g. by a game played over
    the board or by lot). Refused for a decided (finished) match, while a game
    of it is going on, and in a system other than a knockout a draw is a
    result of its own and needs no decision."""
    now = now or timezone.now()
    reason = reason_given(reason)
    with transaction.atomic():
        championship = championship_locked(championship_id)
        chief_required(championship, by, clause)
        board = Board.objects.select_related("round").filter(pk=board_id, round__championship=championship).first()
        if board is None or board.black_id is None:
            raise NotFound("no-such-match", _("There is no match %(b)s in this championship.") % {"b": board_id})
        if not championship.plays_micro_matches:
            raise Invalid("not-a-match", _("This championship's pairings are single games: set the game's result."))
        if board.result:
            raise Conflict("match-finished", _("This match is decided already: %(r)s.") % {"r": board.result})
        allowed = (vocabulary.WHITE_WINS, vocabulary.BLACK_WINS) if championship.is_knockout else vocabulary.PLAYED
        if result not in allowed:
            raise Invalid("bad-result", _("A match result is one of %(r)s.") % {"r": ", ".join(allowed)})
        match_games = list(board.match_games.select_related("game").order_by("number"))
        if not match_games or any(r is None for r in _results(match_games)):
            raise Conflict("match-in-progress", _("A game of this match is still going on."))
        Board.objects.filter(pk=board.pk).update(result=result)
        decision_record(
            championship,
            by,
            "match-result",
            now=now,
            reason=reason,
            clause=clause,
            board=board.pk,
            round=board.round.number,
            result=result,
        )
        round_close_if_over(championship, board.round, now)
    standings_recompute_after_commit(championship.pk)
    board.result = result
    return board


# ---- knockout (1.2) ------------------------------------------------------------------------------
def knockout_pairs(championship: Championship, number: int, entry_list) -> list[tuple[int, int | None] | None]:
    """The ties of knockout round ``number`` by bracket position (the board's
    number): round 1 from the seeding (start numbers, ``pairing.knockout``),
    later rounds from the bracket — the winners of the previous round's ties 1
    and 2 meet, 3 and 4, …

    A tie lost by both players (−/−: neither came, 1.9.2, or both were
    forfeited) sends nobody through: the next opponent gets a walkover (a bye,
    1.12.2), and a slot with no player left stays empty (``None``, no board)."""
    if number == 1:
        by_number = {e.start_number: e.member_id for e in entry_list}
        return [(by_number[a], by_number[b] if b else None) for a, b in pairing.knockout(len(entry_list))]
    previous = {b.number: b for b in championship.rounds.get(number=number - 1).boards.all()}
    slots = 2 ** (pairing.knockout_rounds(len(entry_list)) - number + 1)
    winners = []
    for position in range(1, slots + 1):
        board = previous.get(position)
        if board is None or board.result == vocabulary.BOTH_FORFEIT:
            winners.append(None)
            continue
        winner = winner_of(board)
        if winner is None:
            raise RuleRefusal("no-winner", _("A tie of round %(n)s has no winner yet.") % {"n": number - 1})
        winners.append(winner)
    return pairing.knockout_next(winners)
