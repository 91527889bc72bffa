"""Reads of club ratings: lists, leaderboards, a member's card and history, a game's changes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import BooleanField, Case, Exists, OuterRef, Q, QuerySet, Value, When

from ratings.config import rating_config
from ratings.models import SPEEDS, Rating, RatingChange, RatingPool


def rating_pools() -> list[tuple[str, str]]:
    """(discipline, speed) pairs that have ratings, speeds in their natural order.

    Every rating is written holding its pool's row (``services._pool_lock``),
    so the pools are the few ``RatingPool`` rows with a rating, one index probe
    each, not a DISTINCT over every rating of the club."""
    rated = Rating.objects.filter(discipline=OuterRef("discipline"), speed=OuterRef("speed"))
    pairs = set(RatingPool.objects.filter(Exists(rated)).values_list("discipline", "speed"))
    return sorted(pairs, key=lambda p: (p[0], SPEEDS.index(p[1]) if p[1] in SPEEDS else len(SPEEDS), p[1]))


def _with_provisional(queryset: QuerySet[Rating]) -> QuerySet[Rating]:
    limit = rating_config().provisional_games
    return queryset.annotate(
        is_provisional=Case(When(games__lt=limit, then=Value(True)), default=Value(False), output_field=BooleanField())
    )


def rating_list(
    *,
    discipline: str,
    speed: str,
    query: str = "",
    established_only: bool = False,
    min_games: int = 0,
) -> QuerySet[Rating]:
    """A pool's ratings, best first, each with ``is_provisional``.

    ``established_only`` hides provisional ratings; ``query`` matches part of
    a member's username or display name.
    """
    queryset = Rating.objects.filter(discipline=discipline, speed=speed).select_related("member")
    if established_only:
        queryset = queryset.filter(games__gte=rating_config().provisional_games)
    if min_games:
        queryset = queryset.filter(games__gte=min_games)
    if query:
        queryset = queryset.filter(Q(member__username__icontains=query) | Q(member__display_name__icontains=query))
    return _with_provisional(queryset).order_by("-rating", "member__username")


def leaderboard(*, discipline: str, speed: str, limit: int = 10) -> list[Rating]:
    """The top established ratings of a pool (provisional ones do not lead)."""
    return list(rating_list(discipline=discipline, speed=speed, established_only=True)[:limit])


def rating_value(member_id: int, discipline: str, speed: str) -> float | None:
    """The member's club rating in the pool (None: unrated there); games asks
    it through ``games.events.member_rating`` (rating-limited challenges)."""
    value = (
        Rating.objects.filter(member_id=member_id, discipline=discipline, speed=speed)
        .values_list("rating", flat=True)
        .first()
    )
    return None if value is None else float(value)


def member_ratings(*, member_id: int) -> list[Rating]:
    """All of a member's ratings, each with ``is_provisional``."""
    ratings = list(_with_provisional(Rating.objects.filter(member_id=member_id)))
    order = {s: i for i, s in enumerate(SPEEDS)}
    return sorted(ratings, key=lambda r: (r.discipline, order.get(r.speed, len(SPEEDS))))


def rating_history(*, member_id: int, discipline: str, speed: str) -> QuerySet[RatingChange]:
    """A member's rating changes in one pool, in the order the games ended."""
    return (
        RatingChange.objects.filter(member_id=member_id, discipline=discipline, speed=speed)
        .select_related("opponent")
        .order_by("ended_at", "game_id")
    )


@dataclass(frozen=True)
class GameRatingChanges:
    white: RatingChange | None
    black: RatingChange | None

    @property
    def rated(self) -> bool:
        return self.white is not None or self.black is not None


def game_rating_changes(game) -> GameRatingChanges:
    """Both players' rating changes from one game (None where none was made)."""
    changes = {c.member_id: c for c in RatingChange.objects.filter(game_id=game.pk)}
    return GameRatingChanges(white=changes.get(game.white_id), black=changes.get(game.black_id))


# --- The rating-history chart (an SVG drawn on the server) ---------------------------


@dataclass(frozen=True)
class ChartPoint:
    x: float
    y: float
    rating: float
    game_id: int
    label: str


@dataclass(frozen=True)
class RatingChart:
    width: int
    height: int
    points: tuple[ChartPoint, ...]
    polyline: str
    y_ticks: tuple[tuple[float, int], ...]  # (y, rating)
    start: str
    end: str

    @property
    def empty(self) -> bool:
        return not self.points


# A chart draws at most this many points (about two per horizontal pixel of the
# plot): a long history is drawn by each stretch's highest and lowest rating.
CHART_POINTS = 300


def chart_indices(ratings: Sequence[float], limit: int = CHART_POINTS) -> list[int]:
    """Which of ``ratings`` a chart of at most ``limit`` (+1) points draws: all of
    them, or the first, the last and each stretch's highest and lowest, in order
    (the line keeps every peak and trough the full one has)."""
    if len(ratings) <= limit:
        return list(range(len(ratings)))
    stretches = limit // 2
    size = -(-len(ratings) // stretches)  # ceiling division
    kept = {0, len(ratings) - 1}
    for start in range(0, len(ratings), size):
        stretch = range(start, min(start + size, len(ratings)))
        kept.add(max(stretch, key=ratings.__getitem__))
        kept.add(min(stretch, key=ratings.__getitem__))
    return sorted(kept)


def chart_history(*, member_id: int, discipline: str, speed: str) -> list:
    """What the chart draws of a member's history in a pool, in end order: plain rows
    (``ended_at``, ``rating_before``, ``rating_after``, ``game_id``), not model instances,
    since a busy member's thousands of games are all read to find each stretch's extremes."""
    return list(
        rating_history(member_id=member_id, discipline=discipline, speed=speed)
        .select_related(None)
        .values_list("ended_at", "rating_before", "rating_after", "game_id", named=True)
    )


def rating_chart(history: Sequence, *, width: int = 640, height: int = 220, pad: int = 36) -> RatingChart:
    """Lay a history out as SVG coordinates: one point per game (game index on
    x, so busy days do not bunch up) — for a long history each stretch's
    highest and lowest (``chart_indices``) — ratings on y with round-number ticks.

    ``history``: ``chart_history``'s rows (or ``RatingChange`` rows, which have the same fields)."""
    if not history:
        return RatingChart(width, height, (), "", (), "", "")
    values = [history[0].rating_before] + [c.rating_after for c in history]
    low, high = min(values), max(values)
    step = 50 if high - low <= 300 else 100 if high - low <= 800 else 200
    low = (int(low) // step) * step
    high = (int(high) // step + 1) * step
    span_x = max(len(values) - 1, 1)

    def x_of(i: int) -> float:
        return round(pad + (width - 2 * pad) * i / span_x, 1)

    def y_of(rating: float) -> float:
        return round(height - pad - (height - 2 * pad) * (rating - low) / (high - low), 1)

    points = []
    for i in chart_indices(values):
        if i == 0:
            points.append(ChartPoint(x_of(0), y_of(values[0]), values[0], 0, ""))
            continue
        change = history[i - 1]
        label = (
            f"{change.ended_at:%Y-%m-%d} {change.rating_after:.0f} ({change.rating_after - change.rating_before:+.1f})"
        )
        points.append(ChartPoint(x_of(i), y_of(change.rating_after), change.rating_after, change.game_id, label))
    ticks = tuple((y_of(r), r) for r in range(low, high + 1, step))
    return RatingChart(
        width=width,
        height=height,
        points=tuple(points),
        polyline=" ".join(f"{p.x},{p.y}" for p in points),
        y_ticks=ticks,
        start=f"{history[0].ended_at:%Y-%m-%d}",
        end=f"{history[-1].ended_at:%Y-%m-%d}",
    )
