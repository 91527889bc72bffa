"""Reads of the game layer: lists with filters, the lobby, my games, an
archive, a game as one viewer sees it, its clocks now.

Facts only: no words and no URLs (games/presentation.py formats them), no
writes (games/services).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.contrib.auth.models import AnonymousUser
from django.db.models import Q, QuerySet
from django.utils import timezone

from games import clock, delay, results, sql
from games.models import BLACK, WHITE, Challenge, Game, Move
from games.positions import POINT, Replay, game_replay
from games.rules import IllegalMove, variant
from games.timing import (
    clock_running,
    clocks_stopped,
    clocks_stopped_of,
    first_move_free,
    first_move_grace_at,
    lateness_at,
    second_mover_awaited,
    to_ms,
)
from games.venue import venue_rules
from members.models import Member


# ---- lists ---------------------------------------------------------------------------------------
def game_list(
    *,
    member_id: int | None = None,
    status: str | None = None,
    discipline: str | None = None,
    rated: bool | None = None,
    speed: str | None = None,
    result: str | None = None,
    opponent_id: int | None = None,
    colour: str | None = None,
) -> QuerySet[Game]:
    games = Game.objects.select_related("white", "black")
    if member_id is not None:
        if colour == "white":
            games = games.filter(white_id=member_id)
        elif colour == "black":
            games = games.filter(black_id=member_id)
        else:
            games = games.filter(Q(white_id=member_id) | Q(black_id=member_id) | Q(imported_by_id=member_id))
    else:
        games = games.filter(imported_by__isnull=True)  # imported records stay in their importer's archive
    if opponent_id is not None:
        games = games.filter(Q(white_id=opponent_id) | Q(black_id=opponent_id))
    if status:
        games = games.filter(status=status)
    if discipline:
        games = games.filter(discipline=discipline)
    if rated is not None:
        games = games.filter(rated=rated)
    if speed:
        games = games.filter(speed=speed)
    if result:
        games = games.filter(result=result)
    return games.order_by("-created_at", "-id")


def game_moves(*, game_id: int, since: int = 0, as_of: datetime | None = None) -> QuerySet[Move]:
    """The game's moves after ply ``since``; with ``as_of``, only those made by then (``game_seen_by``)."""
    moves = Move.objects.filter(game_id=game_id, ply__gt=since)
    if as_of is not None:
        moves = moves.filter(played_at__lte=as_of)
    return moves.order_by("ply")


def challenge_list(*, member_id: int | None = None, status: str | None = "open") -> QuerySet[Challenge]:
    """Open challenges anyone may see, plus (for a member) those made by or to him."""
    challenges = Challenge.objects.select_related("challenger", "opponent")
    if status:
        challenges = challenges.filter(status=status)
    visible = Q(opponent__isnull=True)
    if member_id is not None:
        visible |= Q(challenger_id=member_id) | Q(opponent_id=member_id)
    return challenges.filter(visible).order_by("-created_at")


# ---- the play pages' lists -------------------------------------------------------------------------
def lobby(member: Member | None) -> dict[str, list]:
    """Open challenges, the ones addressed to ``member`` and his own, and the live games on now."""
    open_challenges = Challenge.objects.filter(status=Challenge.Status.OPEN)
    now = timezone.now()
    lists = {
        "open_challenges": list(
            open_challenges.filter(opponent__isnull=True).select_related("challenger").order_by("-created_at")[:100]
        ),
        "received": [],
        "sent": [],
        "live_games": live_games_seen(live_games(now), now),
        "live_games_listed": LIVE_GAMES_LISTED,
    }
    if member is not None:
        lists["received"] = list(open_challenges.filter(opponent=member).select_related("challenger"))
        lists["sent"] = list(open_challenges.filter(challenger=member).select_related("opponent"))
    return lists


# How many live games the lobby lists, the latest started first.
LIVE_GAMES_LISTED = 20


def _live_candidates(now: datetime) -> tuple[QuerySet[Game], QuerySet[Game]]:
    """The games the lobby may list: the latest started going on, and an event's games ended
    within the longest delay an event may set (each is still going for its spectators as long
    as its own delay has not passed)."""
    live = Game.objects.exclude(speed="correspondence").order_by("-started_at")
    ongoing = live.filter(status=Game.Status.ONGOING)[:LIVE_GAMES_LISTED]
    ended = live.filter(competition=True, ended_at__gt=now - delay.LONGEST).exclude(status=Game.Status.ONGOING)
    return ongoing, ended


def live_game_ids(now: datetime | None = None) -> set[int]:
    """The games whose changes the lobby's socket follows: those ``live_games`` may list, read
    without asking each one's delay (two queries): a game among them the page did not list has
    no row there, and its frames change nothing."""
    ongoing, ended = _live_candidates(now or timezone.now())
    return {*ongoing.values_list("pk", flat=True), *ended.values_list("pk", flat=True)}


def live_games(now: datetime | None = None) -> list[Game]:
    """The live games on now that the lobby lists, as a spectator sees them: the latest
    started of the games going on that are not played by correspondence. The lobby is a
    spectator's view (its page and its socket, games.consumers.LobbyConsumer, read this
    list): an event's game that ended less than its broadcast delay ago is still going
    for its spectators, so it is still listed. Each game carries ``spectator_late``, its
    spectators' delay."""
    now = now or timezone.now()
    ongoing, ended = _live_candidates(now)
    games = []
    candidates = [*ongoing.select_related("white", "black"), *ended.select_related("white", "black")]
    lates = delay.spectator_delays(candidates, None)
    for game in candidates:
        game.spectator_late = lates[game.pk]
        if game.ended_at is None or game.ended_at > now - game.spectator_late:
            games.append(game)
    games.sort(key=lambda game: game.started_at or game.created_at, reverse=True)
    return games[:LIVE_GAMES_LISTED]


def live_games_seen(games: list[Game], now: datetime | None = None) -> list[Game]:
    """``games`` (``live_games``) as a spectator sees them ``now``, each with ``seen_ply``
    (the plies he has seen) and ``seen_last`` (the last of them, its notation, or ""): an
    event's game with a broadcast delay shows the moves made the delay ago. One read of
    the moves per distinct delay."""
    now = now or timezone.now()
    by_delay: dict[timedelta, list[Game]] = {}
    for game in games:
        by_delay.setdefault(game.spectator_late, []).append(game)
    for late, group in by_delay.items():
        seen = games_seen(group, now - late if late else None)
        for game in group:
            replay = seen[game.pk][1]
            game.seen_ply = len(replay.steps)
            game.seen_last = replay.notations[-1] if replay.notations else ""
    return games


def _games_of(member: Member) -> QuerySet[Game]:
    return Game.objects.of(member).select_related("white", "black")


def waiting_for(member: Member | int) -> QuerySet[Game]:
    """``member``'s (a member or his id) ongoing games where it is his move,
    nearest deadline first."""
    return (
        Game.objects.ongoing()
        .filter(Q(white=member, to_move=WHITE) | Q(black=member, to_move=BLACK))
        .select_related("white", "black")
        .order_by("deadline", "-id")
    )


def awaiting_adjudication(games) -> set[int]:
    """Which of ``games`` are stopped because play has closed and the chief arbiter adjudicates
    them (a correspondence event past its closing date or a round's deadline): one query, and
    none when no game is stopped."""
    return {game_id for game_id, stop in clocks_stopped_of(games).items() if stop.get("adjudication")}


def my_games(member: Member) -> dict[str, list[Game]]:
    """``member``'s ongoing games, correspondence games where it is his turn
    first (nearest deadline first), then the rest; and his 20 latest results.
    Each game carries ``with_sides``' facts, the ongoing ones ``my_turn`` and
    ``awaiting_adjudication`` too."""
    ongoing = with_sides(_games_of(member).ongoing(), member)
    adjudicated = awaiting_adjudication(ongoing)
    for game in ongoing:
        # Play has closed and the chief arbiter adjudicates: nobody is to move.
        game.awaiting_adjudication = game.pk in adjudicated
        game.my_turn = game.to_move == game.my_colour and not game.awaiting_adjudication
    ongoing.sort(
        key=lambda g: (
            not (g.my_turn and g.time_control.correspondence),
            not g.my_turn,
            g.deadline.timestamp() if g.deadline else float("inf"),
        )
    )
    return {"ongoing": ongoing, "finished": with_sides(latest_finished(member, 20), member)}


def latest_finished(member: Member, limit: int) -> list[Game]:
    """``member``'s ``limit`` latest finished games, newest first: the latest
    as white and as black, each read down its own (player, ended_at) index
    and merged, instead of sorting every game he ever played."""
    sides = [
        Game.objects.filter(**{side: member})
        .exclude(status=Game.Status.ONGOING)
        .select_related("white", "black")
        .order_by("-ended_at", "-id")[:limit]
        for side in ("white", "black")
    ]
    merged = {game.pk: game for side in sides for game in side}.values()
    newest_first = sorted(merged, key=lambda g: (g.ended_at or g.created_at, g.pk), reverse=True)
    return newest_first[:limit]


def member_archive(member: Member, filters: dict | None = None) -> QuerySet[Game]:
    """``member``'s finished games, newest first, filtered by discipline, speed,
    colour, opponent (a username) and outcome (win, loss, draw: read as the
    row's outcome, games/results.py — a forfeit win is a win, -/- a loss)."""
    f = filters or {}
    games = _games_of(member).exclude(status=Game.Status.ONGOING).order_by("-ended_at", "-id")
    if f.get("discipline"):
        games = games.filter(discipline=f["discipline"])
    if f.get("speed"):
        games = games.filter(speed=f["speed"])
    if f.get("colour") == "white":
        games = games.filter(white=member)
    elif f.get("colour") == "black":
        games = games.filter(black=member)
    if f.get("opponent"):
        name = f["opponent"]
        games = games.filter(
            Q(white=member, black__username__iexact=name) | Q(black=member, white__username__iexact=name)
        )
    if f.get("outcome"):
        games = games.filter(imported_by__isnull=True)  # a record's result is not the member's
    if f.get("outcome") in ("win", "loss", "draw"):
        wanted = f["outcome"]
        games = games.filter(
            Q(white=member, result__in=results.results_with(results.WHITE, wanted))
            | Q(black=member, result__in=results.results_with(results.BLACK, wanted))
        )
    return games


def with_sides(games, member: Member) -> list[Game]:
    """``games`` as rows of ``member``'s: each with ``my_colour``, ``opponent``
    (None for an imported record: the member keeps it, the players are the
    record's) and ``outcome`` — "win", "loss" or "draw" (games/results.py),
    "aborted", or "" without a result."""
    rows = []
    for game in games:
        if game.imported_by_id:
            game.my_colour, game.opponent, game.outcome = None, None, ""
        else:
            game.my_colour = game.colour_of(member.id)
            game.opponent = game.black if game.my_colour == WHITE else game.white
            game.outcome = _outcome(game, game.my_colour)
        rows.append(game)
    return rows


def _outcome(game: Game, colour: str | None) -> str:
    if game.status == Game.Status.ABORTED:
        return "aborted"
    if colour is None:
        return ""
    return results.outcome(game.result, colour) or ""


# ---- clocks ----------------------------------------------------------------------------------------
# How a game ends on a flag (games.clock.flag_fall_verdict: 1.7.9, 2.1.9.1.2; "time-insufficient" in older rows).
FLAG_FALLS = ("time", "time-insufficient", "both-flags")


def game_clocks(game: Game, *, now: datetime | None = None) -> dict:
    """What each clock shows now (ms) and whose is running: the server's view,
    by ``clock.clocks_now`` (the one clock-now). No query: a correspondence
    clock runs to the stored deadline, which already counts vacations and a
    bank's cap per move; the other clock shows its stored time (a bank: all of it)."""
    now = now or timezone.now()
    tc = game.time_control
    # Not before a scheduled start, nor during a challenge's first moves (off the clock).
    running = (
        game.status == Game.Status.ONGOING
        and tc.timed
        and game.turn_started_at is not None
        and game.turn_started_at <= now
        and not first_move_free(game)
    )
    flag_ms = None
    runs = clock_running(game)  # the side to move's, or an absent player's (1.6.3)
    if running:
        if tc.correspondence and game.deadline is not None:
            flag_ms = to_ms(game.deadline)
        else:
            left = game.white_ms if runs == WHITE else game.black_ms
            flag_ms = clock.deadline_ms(turn_started_ms=to_ms(game.turn_started_at), left_ms=tc.allowance_ms(left))
    shown = clock.clocks_now(
        white_ms=game.white_ms,
        black_ms=game.black_ms,
        to_move=runs,
        now_ms=to_ms(now),
        flag_ms=flag_ms,
        flag_fell=game.status == Game.Status.FINISHED and game.termination in FLAG_FALLS,
    )
    return {
        "white_ms": shown[WHITE],
        "black_ms": shown[BLACK],
        "running": runs if running else None,
        "deadline": game.deadline,
        "control": str(game.time_control),
        "kind": tc.kind,
    }


# ---- one game as one viewer sees it --------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Action:
    """A game action open to the viewer: ``name`` ("resign", "claim", …), the
    request ``body`` it sends, and the API action it calls when not its name."""

    name: str
    body: dict = field(default_factory=dict)
    api: str = ""


@dataclass(frozen=True, slots=True)
class GameView:
    """The facts of a game for one viewer (the game page, its socket, its polling)."""

    game: Game
    replay: Replay
    me: str | None  # the viewer's colour; None for a spectator
    ongoing: bool
    my_turn: bool
    legal: list[dict]  # {"notation", "path"}, only for the player to move
    pair_points: list[str]  # Connect6's two-stone turns: the points, joined by the page
    fouls: dict[str, str]  # renju: black's forbidden points now, point → kind
    actions: list[Action]
    clocks: dict
    stopped: dict | None  # an arbiter's stop in force (its event data): no move is accepted now
    first_move_by: datetime | None  # a challenge's first move, off the clock, must come by then
    delay: timedelta = delay.NONE  # the game as it stood this long ago (a spectator of a delayed event)
    awaited: str | None = None  # 1.6.3: the absent second mover, while the first mover waits for him


def game_with_players(game_id: int) -> Game | None:
    return sql.game_with_players(game_id)


def viewer_colour(game: Game, member: Member | AnonymousUser | None) -> str | None:
    if member is None or not getattr(member, "is_authenticated", False):
        return None
    return game.colour_of(member.id)


def game_view(
    game_id: int,
    member: Member | AnonymousUser | None = None,
    *,
    now: datetime | None = None,
    delayed: bool = True,
    as_of: datetime | None = None,
) -> GameView | None:
    """Game ``game_id`` for ``member`` (None or anonymous: a spectator); None if there is none.

    A spectator of an event with a broadcast delay sees the game as it stood
    that long ago (``game_as_of``); ``delayed=False`` shows it as it is now
    (what the players and the officials see), ``as_of`` as it stood then."""
    if as_of is None:
        shown = sql.game_with_players_and_notations(game_id)
    else:  # its moves up to as_of are read by game_as_of
        found = sql.game_with_players(game_id)
        shown = None if found is None else (found, ())
    if shown is None:
        return None
    game, notations = shown
    now = now or timezone.now()
    me = viewer_colour(game, member)
    if as_of is not None:
        late = max(now - as_of, delay.NONE)
    else:
        late = delay.spectator_delay(game, member) if delayed and me is None else delay.NONE
        as_of = now - late if late else None
    if as_of is not None:
        game, notations = game_as_of(game, as_of)
        now = as_of
    v = variant(game.discipline)
    replay = game_replay(game, notations)
    position = replay.position
    ongoing = game.status == Game.Status.ONGOING
    stopped = clocks_stopped(game)
    # While the arbiter has the clocks stopped (an adjournment, an interruption) the move is refused: not his turn now.
    # 1.6.3: nor while his opponent, the second mover, has not come: the first mover waits.
    awaited = second_mover_awaited(game) if ongoing else None
    my_turn = (
        bool(me)
        and ongoing
        and game.to_move == me
        and stopped is None
        and awaited is None
        and venue_rules(game).moves_online
    )
    legal, pair_points = [], []
    if my_turn:
        moves = v.legal_moves(position)
        if hasattr(moves, "names") and hasattr(moves, "extra"):
            # Connect6's two-stone turns: tens of thousands of pairs. The page
            # gets the points and joins the two the player clicks ("j10,k11").
            pair_points = list(moves.names)
            moves = moves.extra
        for move in moves:
            path = [str(s) for s in getattr(move, "path", ())] or (
                [move.notation] if POINT.match(move.notation) else []
            )
            legal.append({"notation": move.notation, "path": path})
    fouls = {}
    if ongoing and hasattr(v, "fouls") and v.turn(position) == "black" and getattr(position, "phase", "play") == "play":
        fouls = v.fouls(position)
    claims = my_turn and hasattr(v, "can_claim_repetition")
    may_claim = claims and v.can_claim_repetition(position)
    claim_moves = _repeating_moves(v, position, legal) if claims else []
    return GameView(
        game=game,
        replay=replay,
        me=me,
        ongoing=ongoing,
        my_turn=my_turn,
        legal=legal,
        pair_points=pair_points,
        fouls=fouls,
        actions=game_actions(game, me, may_claim=may_claim, claim_moves=claim_moves),
        clocks=game_clocks(game, now=now),
        first_move_by=first_move_grace_at(game),
        stopped=stopped,
        delay=late,
        awaited=awaited,
    )


MOVE_FACTS = ("notation", "colour", "clock_ms", "played_at")  # what game_as_of reads of each move


def game_as_of(game: Game, as_of: datetime, moves: list[tuple] | None = None) -> tuple[Game, tuple[str, ...]]:
    """``game`` as it stood at ``as_of``, and its moves then: what a spectator of a
    delayed broadcast sees. An ending or a draw offer made since is not shown yet;
    each clock shows its player's time after his last move shown. ``moves``: its
    moves' ``MOVE_FACTS`` up to ``as_of`` in order, when the caller read them already."""
    if moves is None:
        moves = list(game.moves.filter(played_at__lte=as_of).order_by("ply").values_list(*MOVE_FACTS))
    seen = copy.copy(game)
    seen.ply = len(moves)
    if game.ended_at is None or game.ended_at > as_of:
        seen.status, seen.result, seen.termination, seen.termination_clause = Game.Status.ONGOING, "", "", ""
        seen.ended_at = None
    seen.draw_offer_by, seen.draw_offer_ply = "", None
    initial = game.time_control.initial_ms()
    seen.white_ms = seen.black_ms = initial
    for _notation, colour, clock_ms, _played_at in moves:
        if colour == WHITE:
            seen.white_ms = clock_ms
        else:
            seen.black_ms = clock_ms
    if moves:
        seen.turn_started_at = moves[-1][3]
    notations = tuple(notation for notation, *_rest in moves)
    replay = game_replay(seen, notations)
    seen.fen = replay.steps[-1].fen if replay.steps else replay.start_fen
    if seen.status == Game.Status.ONGOING:
        seen.to_move = variant(game.discipline).turn(replay.position)
    return seen, notations


def games_seen(games: list[Game], as_of: datetime | None = None) -> dict[int, tuple[Game, Replay]]:
    """Many games (a round's) as spectators see them, by id: each game (as it stood at
    ``as_of``, an event's broadcast delay) and its replay; their moves read in one query."""
    moves = Move.objects.filter(game_id__in=[game.pk for game in games])
    if as_of is not None:
        moves = moves.filter(played_at__lte=as_of)
    by_game: dict[int, list[tuple]] = {game.pk: [] for game in games}
    for game_id, *facts in moves.order_by("game_id", "ply").values_list("game_id", *MOVE_FACTS):
        by_game[game_id].append(tuple(facts))
    seen = {}
    for game in games:
        if as_of is not None:
            shown, notations = game_as_of(game, as_of, by_game[game.pk])
        else:
            shown, notations = game, tuple(notation for notation, *_rest in by_game[game.pk])
        seen[game.pk] = (shown, game_replay(shown, notations))
    return seen


def game_seen_by(game: Game, member: Member | AnonymousUser | None) -> tuple[Game, datetime | None]:
    """``game`` as ``member`` may see it now, and the instant it shows: for a spectator
    of an event with a broadcast delay, as it stood the delay ago (``game_as_of``);
    else the game itself and None. The API and the record files ask this."""
    if viewer_colour(game, member) is not None:
        return game, None
    late = delay.spectator_delay(game, member)
    if not late:
        return game, None
    as_of = timezone.now() - late
    return game_as_of(game, as_of)[0], as_of


def _repeating_moves(v, position, legal: list[dict]) -> list[str]:
    """The legal moves after which the position would stand a third time: the side to move may
    claim the draw by writing one down instead of playing it (003 2.1.9.2)."""
    found = []
    for notation in dict.fromkeys(m["notation"] for m in legal):
        try:
            if v.can_claim_repetition(v.play(position, notation)):
                found.append(notation)
        except IllegalMove:  # an ambiguous notation (two captures alike): the claim needs the plain one
            continue
    return found


def game_actions(game: Game, me: str | None, *, may_claim: bool, claim_moves: list[str] = ()) -> list[Action]:
    """The game actions open to the viewer now (moves and protocol steps are legal moves)."""
    if me is None or game.status != Game.Status.ONGOING or not venue_rules(game).moves_online:
        return []  # at the board the game is played on the table: nothing to do here (games.venue)
    opponent = BLACK if me == WHITE else WHITE
    actions = []
    if lateness_at(game) is not None and not game.is_present(me):
        actions.append(Action("present"))  # 1.9.1: present, so the allowed lateness no longer applies
    if game.draw_offer_by == opponent:
        actions += [Action("draw-accept"), Action("draw-decline")]
    elif not game.draw_offer_by and game.draw_barred != me and game.ply > 0 and game.to_move != me:
        # 2.1.9.3: right after one's own move (with the move itself: the page's check box).
        actions.append(Action("draw-offer"))
    if may_claim:  # 2.1.9.2: the side to move, once the position stands a third time
        actions.append(Action("claim", {"expected_ply": game.ply}))
    for move in claim_moves:  # 2.1.9.2: or with the written move that would repeat it, unplayed
        actions.append(Action("claim-with-move", {"expected_ply": game.ply, "move": move}, api="claim"))
    if game.ply < 2 and game.starts_at is None:  # a scheduled game is played or forfeited (1.9)
        actions.append(Action("abort"))
    else:
        actions.append(Action("resign"))
    return actions


def score_sheet_state(game: Game) -> dict:
    """What the score-sheet page draws (``games.services.score_sheet``): the moves typed so
    far, the position, and its legal moves with their paths to click on the board (none
    once the position is final). Connect6's two-stone pairs are typed, not clicked."""
    v = variant(game.discipline)
    notations = tuple(game.moves.order_by("ply").values_list("notation", flat=True))
    position = game_replay(game, notations).position
    final = v.result(position)
    legal = []
    if final is None:
        moves = v.legal_moves(position)
        for move in [] if hasattr(moves, "extra") else moves:
            path = [str(s) for s in getattr(move, "path", ())] or (
                [move.notation] if POINT.match(move.notation) else []
            )
            legal.append({"notation": move.notation, "path": path})
    return {
        "moves": list(notations),
        "ply": len(notations),
        "fen": v.to_fen(position),
        "to_move": v.turn(position),
        "final": final,
        "legal": legal,
    }
