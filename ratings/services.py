"""Writes to club ratings: applying a finished game, recomputing a pool.

Invariants (hold after every committed transaction):

1. A pool's history (``RatingChange`` rows of one discipline and speed class)
   is exactly what ``ratings.recompute.replay`` gives for the pool's rated
   games in end order (``ended_at``, then game id) — up to games whose task
   has not run yet, which can only be the latest ones.
2. At most one ``RatingChange`` per (game, member) — a unique constraint.
3. ``Rating`` equals the member's last ``RatingChange`` in the pool.

Every write runs inside ``transaction.atomic`` holding SELECT … FOR UPDATE on
the pool's ``RatingPool`` row (``_pool_lock``); the full recompute locks the
pools of a discipline in primary-key order, so two writers never deadlock.

Which games are rated: finished, ``rated``, a played result
(``games.results.is_played``: "1-0", "0-1", "1/2-1/2", "0-0"), one of the four
rated speed classes, and not a forfeit — no-show forfeits ``+/-``, ``-/+``,
``-/-`` (or termination "forfeit") are not rated (003 1.12.2), nor aborted,
annulled or casual games, nor untimed games, nor a game of a member against
himself; and ``ratings.eligibility``'s two rules: each side has moved, and a
pair's repeat games count at most ``PAIR_GAMES_PER_DAY`` a day.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import nullcontext
from dataclasses import dataclass
from datetime import datetime
from itertools import islice

from django.db import connection, transaction
from django.db.models import F, Q, QuerySet

from games import results
from games.models import Game
from games.venue import venue_rules, venues_where
from ratings import eligibility, elo, sql
from ratings.config import pair_games_per_day, rating_config
from ratings.elo import EloConfig, PlayerState
from ratings.models import SPEEDS, Rating, RatingChange, RatingPool
from ratings.recompute import GameChange, RatedGame, replay

Progress = Callable[[int, int], None]

APPLIED = "applied"
ALREADY_APPLIED = "already-applied"
NOT_RATED = "not-rated"
RECOMPUTED = "recomputed"
MISSING = "missing"

_BATCH = 2000
# Games read per query, and written per COPY statement, in a rebuild.
_CHUNK = 20_000


def rated_games() -> QuerySet[Game]:
    """All games that count for ratings (see the module docstring)."""
    return (
        Game.objects.filter(
            status="finished",
            rated=True,
            result__in=results.PLAYED,
            ended_at__isnull=False,
            speed__in=SPEEDS,
        )
        .exclude(termination="forfeit")
        .exclude(white_id=F("black_id"))
        .filter(
            Q(white_moves__gt=0, black_moves__gt=0)
            | Q(termination__in=eligibility.ARBITER_RECORDED)
            | Q(venue__in=venues_where("arbiter_result_played"))
        )
    )


def game_is_rated(game: Game) -> bool:
    """Does ``game`` itself qualify (every rule but the pair's daily limit)?"""
    return (
        game.status == "finished"
        and game.rated
        and results.is_played(game.result)
        and game.speed in SPEEDS
        and game.ended_at is not None
        and game.termination != "forfeit"
        and game.white_id != game.black_id
        and eligibility.each_side_moved(
            game.white_moves, game.black_moves, game.termination, attested=venue_rules(game).arbiter_result_played
        )
    )


def _same_day_before(games: QuerySet[Game], moment: datetime, game_id: int) -> QuerySet[Game]:
    """``games`` ended on the UTC day of ``moment`` before the point (moment, game_id)."""
    return games.filter(ended_at__gte=eligibility.day_start(moment)).exclude(_game_after(moment, game_id))


def _within_repeat_limit(game: Game) -> bool:
    """Rule 2 of ratings.eligibility for one game: fewer than the limit of the
    pair's qualifying games in its pool ended earlier that day."""
    pair = Q(white_id=game.white_id, black_id=game.black_id) | Q(white_id=game.black_id, black_id=game.white_id)
    pool = rated_games().filter(pair, discipline=game.discipline, speed=game.speed)
    return _same_day_before(pool, game.ended_at, game.id).count() < pair_games_per_day()


def _pool_lock(*, discipline: str, speed: str) -> RatingPool:
    """Lock the pool's row, creating it first if needed (call inside a transaction)."""
    pool = RatingPool.objects.select_for_update().filter(discipline=discipline, speed=speed).first()
    if pool is None:
        pool, _ = RatingPool.objects.get_or_create(discipline=discipline, speed=speed)
        pool = RatingPool.objects.select_for_update().get(pk=pool.pk)
    return pool


def _after(ended_at: datetime, game_id: int) -> Q:
    """History rows at or after the point (ended_at, game_id) in end order."""
    return Q(ended_at__gt=ended_at) | Q(ended_at=ended_at, game_id__gte=game_id)


def _game_after(ended_at: datetime, game_id: int) -> Q:
    return Q(ended_at__gt=ended_at) | Q(ended_at=ended_at, id__gte=game_id)


@dataclass
class _Last:
    """The last change of a member in a pool: what its Rating row shows."""

    rating: float
    games: int
    delta: float
    game_id: int | None
    ended_at: datetime | None


_HISTORY_FIELDS = (
    "game",
    "member",
    "opponent",
    "discipline",
    "speed",
    "ended_at",
    "colour",
    "score",
    "expected",
    "k",
    "rating_before",
    "rating_after",
    "opponent_rating",
    "games",
)


def _history_rows(change: GameChange, *, discipline: str, speed: str, ended_at) -> tuple[tuple, tuple]:
    """The two ``RatingChange`` rows of a game, as values in ``_HISTORY_FIELDS`` order.

    ``ended_at`` is already adapted for the database (``_history_insert``).
    """
    white = (
        change.game_id,
        change.white_id,
        change.black_id,
        discipline,
        speed,
        ended_at,
        "white",
        change.white_score,
        change.white_expected,
        change.white_k,
        change.white_before,
        change.white_after,
        change.black_before,
        change.white_games,
    )
    black = (
        change.game_id,
        change.black_id,
        change.white_id,
        discipline,
        speed,
        ended_at,
        "black",
        change.black_score,
        1.0 - change.white_expected,
        change.black_k,
        change.black_before,
        change.black_after,
        change.white_before,
        change.black_games,
    )
    return white, black


def _history_insert(rows: list[tuple]) -> None:
    sql.rows_insert(RatingChange, _HISTORY_FIELDS, rows)


def _last_of(change: GameChange, member_id: int, ended_at: datetime) -> _Last:
    """What ``change`` leaves in ``member_id``'s Rating row."""
    if member_id == change.white_id:
        return _Last(
            change.white_after, change.white_games, change.white_after - change.white_before, change.game_id, ended_at
        )
    return _Last(
        change.black_after, change.black_games, change.black_after - change.black_before, change.game_id, ended_at
    )


def _db_datetime(value: datetime):
    return connection.ops.adapt_datetimefield_value(value)


_RATING_FIELDS = ("member", "discipline", "speed", "rating", "games", "last_change", "last_game", "last_played_at")


def _ratings_save(
    *,
    discipline: str,
    speed: str,
    last: dict[int, _Last],
    existing: dict[int, Rating] | None = None,
    emptied: bool = False,
) -> None:
    """Make the pool's Rating rows of these members show their last change
    (and remove the rows of members left without a rated game).

    ``existing``: the members' Rating rows if the caller already read them
    (the per-game path); then the rows are updated in place. A rebuild
    replaces the rows instead: one DELETE and multi-row INSERTs beat
    thousands of UPDATEs. ``emptied``: the caller removed the pool's rows
    already (a rebuild from the start), so there is nothing to delete.
    """
    if existing is not None and len(last) <= 2:
        for member_id, state in last.items():
            row = existing.get(member_id) or Rating(member_id=member_id, discipline=discipline, speed=speed)
            row.rating, row.games, row.last_change = state.rating, state.games, state.delta
            row.last_game_id, row.last_played_at = state.game_id, state.ended_at
            row.save()
        return
    members = [] if emptied else list(last)
    pool = Rating.objects.filter(discipline=discipline, speed=speed)
    for i in range(0, len(members), _BATCH):
        pool.filter(member_id__in=members[i : i + _BATCH]).delete()
    adapt = connection.ops.adapt_datetimefield_value
    sql.rows_insert(
        Rating,
        _RATING_FIELDS,
        [
            (member_id, discipline, speed, state.rating, state.games, state.delta, state.game_id, adapt(state.ended_at))
            for member_id, state in _rated(last)
        ],
    )


def _rated(last: dict[int, _Last]):
    """The members of ``last`` left with a rated game, and their state: their Rating rows."""
    return ((member_id, state) for member_id, state in last.items() if state.game_id is not None)


def _rating_text(*, discipline: str, speed: str, last: dict[int, _Last]) -> str:
    """``_ratings_save``'s rows as COPY text, for a rebuild that loads them all at its end."""
    return sql.rating_lines(
        (
            (member_id, state.rating, state.games, state.delta, state.game_id, state.ended_at.isoformat())
            for member_id, state in _rated(last)
        ),
        sql.copy_text(discipline) + "\t" + sql.copy_text(speed),
    )


def _pool_replay_from(
    *,
    discipline: str,
    speed: str,
    since: tuple[datetime, int] | None,
    config: EloConfig,
    progress: Progress | None = None,
    ratings_kept: list[str] | None = None,
) -> int:
    """Rebuild a pool's history from the point ``since`` (None: from the start).

    Caller holds the pool lock (``_pool_lock``) inside a transaction.

    1. Delete the pool's history at and after the point; note whose it was.
    2. Put those members' Rating rows back to their last remaining change
       (or remove them: no rated game before the point).
    3. Replay the pool's rated games at and after the point, in end order,
       from the Rating rows as they now stand; write history and ratings.

    ``ratings_kept`` (a rebuild of everything, PostgreSQL, into emptied
    tables): the pool's Rating rows are not written but added to it as COPY
    text, for one load at the end.

    Returns the number of games replayed.
    """
    pool = Q(discipline=discipline, speed=speed)
    history = RatingChange.objects.filter(pool)
    last: dict[int, _Last] = {}
    if since is None:
        if ratings_kept is None:  # else the caller emptied both tables (table_reloaded)
            history.delete()
            Rating.objects.filter(pool).delete()
    else:
        later = history.filter(_after(*since))
        affected = set(later.values_list("member_id", flat=True))
        later.delete()
        for member_id in affected:
            row = (
                history.filter(member_id=member_id)
                .order_by("-ended_at", "-game_id")
                .values_list("rating_after", "games", "rating_before", "game_id", "ended_at")
                .first()
            )
            if row is None:
                last[member_id] = _Last(config.start_rating, 0, 0.0, None, None)
            else:
                last[member_id] = _Last(row[0], row[1], row[0] - row[2], row[3], row[4])
        _ratings_save(discipline=discipline, speed=speed, last=last)
        last = {}

    states = (
        {
            member_id: PlayerState(rating, played)
            for member_id, rating, played in Rating.objects.filter(pool).values_list("member_id", "rating", "games")
        }
        if since is not None
        else {}
    )
    games = rated_games().filter(discipline=discipline, speed=speed)
    if since is not None:
        games = games.filter(_game_after(*since))
    total = games.count() if progress else 0
    rows = games.order_by("ended_at", "id").values_list("id", "white_id", "black_id", "result", "ended_at")
    earlier = ()
    if since is not None:
        pool_games = rated_games().filter(discipline=discipline, speed=speed)
        earlier = (
            eligibility.pair_day(*row)
            for row in _same_day_before(pool_games, *since).values_list("white_id", "black_id", "ended_at")
        )
    repeats = eligibility.RepeatLimit(pair_games_per_day(), earlier)

    ended: dict[int, datetime] = {}

    def rated(stream: Iterable[tuple]) -> Iterable[RatedGame]:
        scores = elo.RESULT_SCORES
        for game_id, white_id, black_id, result, ended_at in stream:
            if repeats.admits(white_id, black_id, ended_at):
                ended[game_id] = ended_at
                yield RatedGame(game_id, white_id, black_id, *scores[result])

    # Each member's last change in the pool: their Rating row, written once at the end.
    latest: dict[int, tuple[GameChange, datetime]] = {}
    done = 0
    copy = connection.vendor == "postgresql"
    pool_text = sql.copy_text(discipline) + "\t" + sql.copy_text(speed)
    # Bound once: each ``connection`` attribute read goes through asgiref's
    # thread-local proxy, a visible share of a rebuild (bench/ratings_recompute.py).
    adapt = connection.ops.adapt_datetimefield_value
    history_lines = sql.history_lines
    stream = rows.iterator(chunk_size=_CHUNK)
    # A chunk of games is read first, then written through one open COPY
    # (PostgreSQL) in blocks while the next block is computed; no read can run
    # while the COPY is open.
    while chunk := list(islice(stream, _CHUNK)):
        with sql.copy_stream(RatingChange, _HISTORY_FIELDS) if copy else nullcontext(_history_insert) as write:
            block: list = []
            for change in replay(rated(chunk), states, config):
                ended_at = ended.pop(change.game_id)
                if copy:
                    block.append(history_lines(change, pool_text, ended_at.isoformat()))
                else:
                    block.extend(_history_rows(change, discipline=discipline, speed=speed, ended_at=adapt(ended_at)))
                latest[change.white_id] = latest[change.black_id] = (change, ended_at)
                done += 1
                if done % _BATCH == 0:
                    write("".join(block) if copy else block)
                    block = []
            if block:
                write("".join(block) if copy else block)
        if progress:
            progress(done, total)
    for member_id, (change, ended_at) in latest.items():
        last[member_id] = _last_of(change, member_id, ended_at)
    if ratings_kept is not None:
        ratings_kept.append(_rating_text(discipline=discipline, speed=speed, last=last))
    else:
        _ratings_save(discipline=discipline, speed=speed, last=last, emptied=since is None)
    return done


def rating_apply_game(*, game_id: int) -> str:
    """Apply one finished game to both players' ratings, once.

    Idempotent: a second call for the same game (a replayed or duplicated
    task) finds the game's history rows and changes nothing. If a later game
    of the pool has already been applied (this task ran late, or the game's
    end was recorded late), the pool is recomputed from this game on so that
    games always count in the order they ended. Returns what it did.
    """
    game = Game.objects.filter(pk=game_id).only("discipline", "speed", "rated").first()
    if game is None:
        return MISSING
    if not game.rated:  # fixed when the game was made: no pool lock needed to know
        return NOT_RATED
    with transaction.atomic():
        _pool_lock(discipline=game.discipline, speed=game.speed)
        # Re-read under the lock: an arbiter may have annulled it meanwhile.
        game = Game.objects.get(pk=game_id)
        if not game_is_rated(game):
            return NOT_RATED
        if RatingChange.objects.filter(game_id=game_id).exists():
            return ALREADY_APPLIED
        pool = RatingChange.objects.filter(discipline=game.discipline, speed=game.speed)
        if pool.filter(_after(game.ended_at, game.id)).exists():
            _pool_replay_from(
                discipline=game.discipline, speed=game.speed, since=(game.ended_at, game.id), config=rating_config()
            )
            return RECOMPUTED
        if not _within_repeat_limit(game):
            return NOT_RATED
        rows = {
            r.member_id: r
            for r in Rating.objects.filter(
                discipline=game.discipline, speed=game.speed, member_id__in=[game.white_id, game.black_id]
            )
        }
        states = {member_id: PlayerState(r.rating, r.games) for member_id, r in rows.items()}
        rated = RatedGame(game.id, game.white_id, game.black_id, *elo.RESULT_SCORES[game.result])
        (change,) = replay([rated], states, rating_config())
        _history_insert(
            list(
                _history_rows(
                    change, discipline=game.discipline, speed=game.speed, ended_at=_db_datetime(game.ended_at)
                )
            )
        )
        _ratings_save(
            discipline=game.discipline,
            speed=game.speed,
            last={
                member_id: _last_of(change, member_id, game.ended_at) for member_id in (game.white_id, game.black_id)
            },
            existing=rows,
        )
        return APPLIED


def rating_recompute_from_game(*, game_id: int) -> int:
    """An arbiter changed or annulled a game's result: rebuild its pool from
    that game on (the earlier of its end now and its end when it was rated).
    An annulled game drops out of the history, which reverses its change and
    every later change that depended on it. Returns the games replayed."""
    game = Game.objects.filter(pk=game_id).only("discipline", "speed").first()
    if game is None:
        return 0
    with transaction.atomic():
        _pool_lock(discipline=game.discipline, speed=game.speed)
        game = Game.objects.get(pk=game_id)
        points = [(c.ended_at, game.id) for c in RatingChange.objects.filter(game_id=game.id).only("ended_at")[:1]]
        if game.ended_at is not None:
            points.append((game.ended_at, game.id))
        if not points:
            return 0
        return _pool_replay_from(
            discipline=game.discipline, speed=game.speed, since=min(points), config=rating_config()
        )


def ratings_recompute(
    *,
    discipline: str | None = None,
    since: datetime | None = None,
    progress: Callable[[str, int, int], None] | None = None,
) -> dict[str, int]:
    """Rebuild ratings from the game history: one transaction per discipline
    (on PostgreSQL, one for the whole history when everything is rebuilt).

    ``since`` rebuilds only from that moment on (earlier history stays as it
    is). Produces exactly the history the incremental path produces, because
    both run the same replay over the same games in the same order. Returns
    {discipline: games replayed}.
    """
    config = rating_config()
    pairs = set(rated_games().order_by().values_list("discipline", "speed").distinct())
    pairs |= set(RatingChange.objects.order_by().values_list("discipline", "speed").distinct())
    pairs |= set(RatingPool.objects.values_list("discipline", "speed"))
    if discipline is not None:
        pairs = {p for p in pairs if p[0] == discipline}
    done: dict[str, int] = {}
    if discipline is None and since is None and connection.vendor == "postgresql":
        # The whole history: one transaction that empties the table and builds
        # its indexes once after the load (ratings/sql.py, table_reloaded); the
        # ratings likewise, at its end, so readers see the old ones until then.
        with transaction.atomic():
            _pools_locked(pairs)
            ratings: list[str] = []
            with sql.table_reloaded(RatingChange):
                for name, speed in sorted(pairs):
                    done[name] = done.get(name, 0) + _pool_rebuilt(name, speed, None, config, progress, ratings)
            with sql.table_reloaded(Rating), sql.copy_stream(Rating, _RATING_FIELDS) as write:
                for text in ratings:
                    write(text)
            # Every row is new: without fresh statistics the planner takes a pool for
            # one row and sorts all of it for the ratings list (bench/club_scale.py).
            sql.statistics_refreshed(RatingChange, Rating)
        return done
    for name in sorted({d for d, _ in pairs}):
        speeds = {(d, s) for d, s in pairs if d == name}
        with transaction.atomic():
            _pools_locked(speeds)
            done[name] = 0
            for _, speed in sorted(speeds):
                done[name] += _pool_rebuilt(name, speed, None if since is None else (since, 0), config, progress)
    return done


def _pools_locked(pairs: set[tuple[str, str]]) -> None:
    """Create the pools if needed and lock them in primary-key order (no
    deadlock with rating_apply_game, which locks one pool)."""
    if not pairs:
        return
    for name, speed in sorted(pairs):
        RatingPool.objects.get_or_create(discipline=name, speed=speed)
    keys = Q()
    for name, speed in pairs:
        keys |= Q(discipline=name, speed=speed)
    list(RatingPool.objects.select_for_update().filter(keys).order_by("pk"))


def _pool_rebuilt(name: str, speed: str, since, config: EloConfig, progress, ratings_kept=None) -> int:
    label = f"{name}/{speed}"
    return _pool_replay_from(
        discipline=name,
        speed=speed,
        since=since,
        config=config,
        progress=(lambda d, t: progress(label, d, t)) if progress else None,
        ratings_kept=ratings_kept,
    )
