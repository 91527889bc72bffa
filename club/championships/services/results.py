"""Results: the game hook that copies a finished game's result to its
pairing, and the chief arbiter's result of a game of the event (1.10.4).

``board_result_record`` is the one hook for every event game: a game of a
board, a game of a micro-match (``services.matches``) or a board of a team
match (``services.teams``). It runs in a worker after the game's commit, may
be delivered twice, and records each result exactly once.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.notifications.services import decision_notify
from club.teams.models import BoardGame
from foundation import zones
from foundation.refusals import Conflict, Invalid, NotFound, RuleRefusal
from games import results as vocabulary
from games.models import Game
from games.records import record_attach, records_read
from games.services.arbiter import ANNULLED, game_result_apply, played_online
from games.services.guards import game_locked
from games.services.score_sheet import score_sheet_moves_apply
from games.timing import clocks_stopped
from games.venue import venue_rules

from ..authority import Action, require, result_still_open, round_results_action
from ..decisions import decision_record, reason_given
from ..followups import standings_recompute_after_commit
from ..locks import championship_locked
from ..models import Board, Championship, MatchGame, PlayoffGame, Round
from ..selectors.versions import round_sheet_version
from . import matches, teams
from .closing import round_close_if_over

Status = Championship.Status


def recorded_result(game: Game) -> str:
    """What a pairing records of its game: the result once the game is over, else ""."""
    return game.result if game.status == Game.Status.FINISHED and vocabulary.is_result(game.result) else ""


def board_result_record(*, game_id: int, now: datetime | None = None) -> str:
    """A championship or team game ended or its result was changed: copy the
    game's result to its pairing, exactly once; close the round when all its
    pairings have results, and finish the event after its last round.

    Idempotent (GAME_FINISHED_TASKS may deliver twice): a pairing already
    holding the game's result is left alone. Returns what happened.
    """
    now = now or timezone.now()
    playoff_of = PlayoffGame.objects.filter(game_id=game_id).values_list("playoff__championship_id", flat=True)
    if playoff_of:
        # 1.13.2: a play-off game has no pairing; its result may reorder the final standings.
        standings_recompute_after_commit(playoff_of[0])
        return "playoff"
    if MatchGame.objects.filter(game_id=game_id).exists():
        return matches.match_game_recorded(game_id=game_id, now=now)
    team_event = BoardGame.objects.filter(game_id=game_id).values_list("match__round__championship_id", flat=True)
    if team_event:
        return _team_board_recorded(team_event[0], game_id, now)
    located = Board.objects.filter(game_id=game_id).values_list("round__championship_id", flat=True).first()
    if located is None:
        return "not-a-championship-game"
    with transaction.atomic():
        championship = championship_locked(located)
        board = Board.objects.select_related("round").get(game_id=game_id)
        result = recorded_result(Game.objects.get(pk=game_id))
        if board.result == result:
            outcome = "unchanged"
        else:
            Board.objects.filter(pk=board.pk).update(result=result)
            board.result = result
            outcome = "recorded"
            round_close_if_over(championship, board.round, now)
    standings_recompute_after_commit(championship.pk)
    return outcome


def round_results_catch_up(championship: Championship, the_round: Round, now: datetime) -> None:
    """Record now, in the caller's transaction, each result of the round whose game has
    ended but whose follow-up (``board_result_record``, queued after the game's commit)
    has not run yet; the last of them closes the round. So the next round is never
    refused for a round whose games have all ended; the follow-up, when it
    comes, finds its result recorded. Call holding the championship's row lock."""
    if the_round.status != Round.Status.PUBLISHED:
        return
    for game_id in _ended_games_unrecorded(championship, the_round):
        board_result_record(game_id=game_id, now=now)
    the_round.refresh_from_db(fields=["status"])
    championship.refresh_from_db(fields=["status", "finished_at"])


def _ended_games_unrecorded(championship: Championship, the_round: Round) -> list[int]:
    """The ids of the round's ended games whose pairing has no result yet."""
    ended = Game.Status.FINISHED
    if championship.for_teams:
        team_boards = BoardGame.objects.filter(match__round=the_round, result="", game__status=ended)
        return list(team_boards.values_list("game_id", flat=True))
    match_games = MatchGame.objects.filter(board__round=the_round, board__result="", game__status=ended)
    boards = Board.objects.filter(round=the_round, result="", game__status=ended, match_games__isnull=True)
    return list(match_games.values_list("game_id", flat=True)) + list(boards.values_list("game_id", flat=True))


def _team_board_recorded(championship_id: int, game_id: int, now: datetime) -> str:
    with transaction.atomic():
        championship = championship_locked(championship_id)
        board = BoardGame.objects.select_related("match__round").get(game_id=game_id)
        if not teams.board_game_recorded(championship, board, Game.objects.get(pk=game_id)):
            return "unchanged"
        round_close_if_over(championship, board.match.round, now)
    standings_recompute_after_commit(championship.pk)
    return "recorded"


def board_result_set(
    *,
    by,
    championship_id: int,
    game_id: int,
    result: str,
    reason: str,
    clause: str = "1.10.4",
    grounds: str = "recording-error",
    now: datetime | None = None,
) -> Board | BoardGame:
    """The chief arbiter (or deputy) sets the result of a game of this
    championship — an unfinished game (1.10.4) or a correction — through the
    game layer's arbiter service; its pairing (a board, or a team match's
    board) follows through the game hooks, and is returned.

    A game its two members are still playing on the server, its clocks
    running, is not his to record (``grounds`` "recording-error": the results
    form): it ends on the board, by adjudication once play has closed or its
    clocks are stopped (1.10.4), or by a sanction, each with its own grounds;
    a forfeit (1.9) and an annulment stay his. A guest has no account: his
    game is played at a real board, and the arbiter records it.

    The pairing is returned holding the result now stored: it is recorded in
    this transaction rather than left to the game's follow-up (which then finds
    it done), so the arbiter's answer and every reader after it see his result."""
    now = now or timezone.now()
    with transaction.atomic():
        championship = championship_locked(championship_id)
        pairing = board_result_apply(
            by,
            championship,
            game_locked(game_id),
            result=result,
            reason=reason,
            clause=clause,
            grounds=grounds,
            now=now,
        )
        board_result_record(game_id=game_id, now=now)
    pairing.refresh_from_db()
    return pairing


def board_result_apply(
    by, championship: Championship, game: Game, *, result: str, reason: str, clause: str, grounds: str, now: datetime
) -> Board | BoardGame:
    """``board_result_set`` for a caller holding the championship's lock and then
    the game's (``game_locked``), each taken once in its transaction."""
    reason = reason_given(reason)
    board = (
        Board.objects.filter(game_id=game.pk, round__championship=championship).first()
        or Board.objects.filter(match_games__game_id=game.pk, round__championship=championship).first()
        or BoardGame.objects.filter(game_id=game.pk, match__round__championship=championship).first()
    )
    if board is None:
        raise NotFound("not-in-championship", _("Game %(g)s is not a game of this championship.") % {"g": game.pk})
    at_the_board = venue_rules(game).results_reported and game.status == Game.Status.ONGOING
    # At the board any appointed arbiter records a result (he watched the game, 1.16); a
    # correction, and every result of a game played online, is the chief arbiter's.
    require(by, Action.BOARD_RESULT if at_the_board else Action.GAME_RESULT, game)
    if result not in vocabulary.RESULTS:
        raise Invalid("bad-result", _("A result is one of %(r)s.") % {"r": ", ".join(vocabulary.RESULTS)})
    result_still_open(game, now).require()
    if at_the_board and game.starts_at is not None and now < game.starts_at:
        raise RuleRefusal(
            "not-started",
            _("The round starts at %(t)s: a game at the board has no result before it is played.")
            % {"t": zones.shown(game.starts_at)},
        )
    if at_the_board and vocabulary.is_forfeit(result):
        _lateness_passed_required(game, now)
    if game.status == Game.Status.ONGOING and game.took_place and vocabulary.is_forfeit(result):
        raise Invalid(
            "played-not-forfeit",
            _(
                "Moves were made in this game, so it was played (1.10.4): its result is a win, a draw "
                "or 0-0, not a forfeit sign (1.12.2)."
            ),
        )
    if grounds == "recording-error" and result_needs_play(game, result):
        raise RuleRefusal(
            "still-playing",
            _(
                "This game is still being played: it ends on the board, by adjudication once play "
                "has closed (1.10.4), or by a sanction."
            ),
        )
    game_result_apply(game=game, arbiter=by, result=result, reason=reason, clause=clause, grounds=grounds, now=now)
    decision_record(championship, by, "result", now=now, reason=reason, clause=clause, game=game.pk, result=result)
    for member, colour in ((game.white, "white"), (game.black, "black")):
        decision_notify(
            recipients=[member],
            key=f"result:{game.pk}:{now.isoformat()}",
            params={"what": "result", "result": result, "colour": colour, "reason": reason},
            url=f"/play/games/{game.pk}/",
            game_id=game.pk,
        )
    return board


def result_needs_play(game: Game, result: str) -> bool:
    """Would ``result`` decide a game still being played on the server (its clocks running)?"""
    if game.status != Game.Status.ONGOING or vocabulary.is_forfeit(result) or result == ANNULLED:
        return False
    return played_online(game) and clocks_stopped(game) is None


def lateness_passed_at(game: Game) -> datetime | None:
    """When a player still absent from ``game`` may be declared not to have come (1.9.1):
    its scheduled start plus the event's allowed lateness; None if it has no start."""
    if game.starts_at is None:
        return None
    return game.starts_at + timedelta(milliseconds=game.lateness_ms or 0)


def _lateness_passed_required(game: Game, now: datetime) -> None:
    """A no-show at the board (−/+, −/−) is declared only once the allowed lateness has passed (1.9.1)."""
    passed_at = lateness_passed_at(game)
    if passed_at is not None and now < passed_at:
        raise RuleRefusal(
            "lateness-not-passed",
            _("The allowed lateness runs until %(t)s: a player cannot be declared absent before then (1.9.1).")
            % {"t": zones.shown(passed_at)},
        )


def round_boards_to_record(championship: Championship, round_number: int) -> list[Board]:
    """The boards of a published round whose result an arbiter may enter row by row: two players
    and one game each (a micro-match's games are decided one by one, on their own pages)."""
    the_round = championship.rounds.filter(number=round_number).first()
    if the_round is None or the_round.status not in (Round.Status.PUBLISHED, Round.Status.CLOSED):
        raise NotFound("no-such-round", _("Round %(n)s is not published.") % {"n": round_number})
    return list(
        the_round.boards.filter(black__isnull=False, game__isnull=False, match_games__isnull=True)
        .select_related("white", "black", "game")
        .order_by("number")
    )


def round_results_set(
    *,
    by,
    championship_id: int,
    round_number: int,
    results: dict[int, str],
    reason: str,
    records: str = "",
    version: str | None = None,
    now: datetime | None = None,
) -> list[Board]:
    """A whole round's results in one go (a club night, an over-the-board round, 1.10.4):
    ``results`` maps a board's number to its result ("" leaves it as it is). All or
    nothing, in one transaction, each result through ``board_result_apply`` — the same
    authority, game-layer service and decision log as one at a time. ``records``: the
    text of a PDN file of the round's games, each attached to its board's game. The
    boards record their results last, once the records are attached: the last result
    of the event's last round finishes it, and a finished event's games take no record.

    ``version``: the round's ``round_sheet_version`` when the caller's form was read. A
    submission from another version is refused whole (409): someone recorded results of
    the round meanwhile. It is checked holding the event's lock and the round's games'
    locks, which every result of the event takes (``board_result_set``, the game hook),
    so two submissions from one read never both stand."""
    now = now or timezone.now()
    with transaction.atomic():
        championship = championship_locked(championship_id)
        # Who may enter the round is asked first: a stale version tells nothing to who may not.
        require(by, round_results_action(championship), championship)
        boards = {board.number: board for board in round_boards_to_record(championship, round_number)}
        for board in boards.values():
            board.game = game_locked(board.game_id)
        if version is not None and version != round_sheet_version(list(boards.values())):
            raise Conflict(
                "results-changed",
                _(
                    "Someone recorded results of round %(n)s after you opened this form: nothing of yours "
                    "was saved. The form now shows the results as they stand; check them and submit again."
                )
                % {"n": round_number},
            )
        unknown = sorted(set(results) - set(boards))
        if unknown:
            raise Invalid(
                "no-such-board", _("Round %(n)s has no board %(b)s to record.") % {"n": round_number, "b": unknown[0]}
            )
        changed = []
        for number, result in sorted(results.items()):
            board = boards[number]
            if not result or result == board.game.result:
                continue
            board_result_apply(
                by,
                championship,
                board.game,
                result=result,
                reason=reason,
                clause="1.10.4",
                grounds="recording-error",
                now=now,
            )
            changed.append(board)
        if records.strip():
            _records_attach(by, championship, round_number, list(boards.values()), records, now)
        for board in changed:
            board_result_record(game_id=board.game_id, now=now)
    for board in changed:
        board.refresh_from_db()
    return changed


def _records_attach(by, championship: Championship, round_number: int, boards: list[Board], text: str, now) -> None:
    """Attach each game of the file to its board: by its Round tag ("3.2": round 3, board 2,
    as the club's exports write it), else by its players' names."""
    by_label = {f"{round_number}.{b.number}": b for b in boards}
    by_names = {(str(b.white), str(b.black)): b for b in boards}
    for n, item in enumerate(records_read(text), 1):
        recorded = item["game"]
        board = by_label.get(recorded.get("round", "")) or by_names.get(
            (recorded.get("white_name", ""), recorded.get("black_name", ""))
        )
        if board is None:
            raise Invalid(
                "record-no-board",
                _("Game %(n)s of the file is of no board of round %(round)s (its Round tag or players).")
                % {"n": n, "round": round_number},
            )
        game = board.game  # locked by round_results_set
        if venue_rules(game).results_reported:
            # At the board a record is a score sheet like a typed one: the same arbiters, the
            # same rules, and refused where its final position contradicts the result.
            require(by, Action.BOARD_RESULT, game)
            if item["game"]["discipline"] != game.discipline or item["game"].get("start_fen"):
                raise Invalid(
                    "other-game", _("The record is not a %(d)s game from the start.") % {"d": game.discipline}
                )
            score_sheet_moves_apply(game=game, moves=[text for text, _colour in item["moves"]], expected_ply=0, now=now)
        else:
            require(by, Action.GAME_RESULT, game)
            result_still_open(game, now).require()  # 2.1.10.4: a final result's game takes no new record
            record_attach(game=game, item=item)
        decision_record(championship, by, "record", now=now, clause="1.10.4", game=game.pk, round=round_number)
