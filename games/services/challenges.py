"""Challenges: create, accept (which starts the game), decline, cancel; expiry is swept."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import clock, events
from games import venue as venue_rules
from games.model_fields import time_control_of
from games.models import BLACK, WHITE, Challenge, Game
from games.positions import start_position
from games.pure_words import worded
from games.rules import IllegalMove, ballots64, variant
from games.timing import game_deadline
from games.venue import Venue, default_venue
from members.models import Member

from .errors import Conflict, Forbidden, Invalid, NotFound, RuleRefusal
from .start_rule import start_rule_check

RATING_BOUNDS = (0, 4000)
CHALLENGE_MAX_LIFE = timedelta(days=30)
START_FEN_MAX = 2000  # a full 19×19 board, written out, fits
# A renju challenge that names no opening rule plays the RIF rule (002 §11–12), as federation games do.
DEFAULT_OPENING_RULES = {"renju": "rif"}


def _expiry_default() -> timedelta:
    return timedelta(hours=settings.GAMES_CHALLENGE_HOURS)


def challenge_create(
    *,
    challenger: Member,
    discipline: str,
    time_control: clock.TimeControl | str,
    opponent: Member | None = None,
    colour: str = "random",
    rated: bool = True,
    opening_rule: str = "",
    ballot: str = "",
    start_fen: str = "",
    foul_policy: str = "reject",
    rating_min: int | None = None,
    rating_max: int | None = None,
    expires_at: datetime | None = None,
    now: datetime | None = None,
) -> Challenge:
    """Validate and store a challenge (open when ``opponent`` is None)."""
    rule = start_rule_check(
        discipline=discipline,
        time_control=time_control,
        opening_rule=opening_rule or DEFAULT_OPENING_RULES.get(discipline, ""),
        ballot=ballot,
        foul_policy=foul_policy,
    )
    opening_rule = rule.opening_rule
    if colour not in ("white", "black", "random"):
        raise Invalid("bad-colour", _("Colour is white, black or random."))
    if opponent is not None and opponent.pk == challenger.pk:
        raise Invalid("self-challenge", _("You cannot challenge yourself."))
    if ballot and start_fen:
        raise Invalid("bad-start", _("Give a ballot or a start position, not both."))
    if ballot and ballot != "random":
        _playable_start(discipline=discipline, opening_rule=opening_rule, ballot=ballot, foul_policy=foul_policy)
    if start_fen:
        start_fen = _playable_start(
            discipline=discipline, opening_rule=opening_rule, start_fen=start_fen, foul_policy=foul_policy
        )
        rated = False  # a position of the challenger's choosing is never rated
    for bound in (rating_min, rating_max):
        if bound is not None and (
            isinstance(bound, bool) or not isinstance(bound, int) or not RATING_BOUNDS[0] <= bound <= RATING_BOUNDS[1]
        ):
            raise Invalid(
                "bad-rating-range",
                _("A rating bound is a whole number from %(low)s to %(high)s.")
                % {"low": RATING_BOUNDS[0], "high": RATING_BOUNDS[1]},
            )
    if rating_min is not None and rating_max is not None and rating_min > rating_max:
        raise Invalid("bad-rating-range", _("The rating range is empty."))
    now = now or timezone.now()
    if expires_at is not None and not now < expires_at <= now + CHALLENGE_MAX_LIFE:
        raise Invalid(
            "bad-expiry",
            _("A challenge expires in the future, within %(days)s days.") % {"days": CHALLENGE_MAX_LIFE.days},
        )
    challenge = Challenge.objects.create(
        challenger=challenger,
        opponent=opponent,
        discipline=discipline,
        time_control=rule.time_control,
        colour=colour,
        rated=rated,
        opening_rule=opening_rule,
        ballot=ballot,
        start_fen=start_fen,
        foul_policy=foul_policy,
        rating_min=rating_min,
        rating_max=rating_max,
        expires_at=expires_at or now + _expiry_default(),
    )
    events.challenge_created_on_commit(challenge.pk)
    return challenge


def _playable_start(
    *, discipline: str, opening_rule: str = "", ballot: str = "", start_fen: str = "", foul_policy: str = "reject"
) -> str:
    """The start position's FEN as the rules write it, if a game can be
    played from it: legal, not already decided, a move for the side to move."""
    if len(start_fen) > START_FEN_MAX:
        raise Invalid(
            "bad-start",
            _("A start position is at most %(n)s characters.") % {"n": START_FEN_MAX},
        )
    try:
        p = start_position(
            discipline=discipline,
            opening_rule=opening_rule,
            ballot=ballot,
            start_fen=start_fen,
            foul_policy=foul_policy,
        )
    except (IllegalMove, ValueError) as error:
        raise Invalid("bad-start", worded(error)) from None
    v = variant(discipline)
    if v.result(p) is not None or not v.legal_moves(p):
        raise Invalid("bad-start", _("The start position is already decided: the side to move has no move to make."))
    return v.to_fen(p) if start_fen else ""


def _rating(member: Member, discipline: str, speed: str) -> float | None:
    """The member's club rating in the pool (None: unrated there). A
    self-declared federation rating never opens a rating-limited challenge.
    Asked of the ratings app through games.events: games does not import it."""
    return events.member_rating(member.pk, discipline, speed)


def _locked_challenge(challenge_id: int) -> Challenge:
    challenge = Challenge.objects.select_for_update().filter(pk=challenge_id).first()
    if challenge is None:
        raise NotFound(
            "no-such-challenge", _("There is no challenge %(challenge_id)s.") % {"challenge_id": challenge_id}
        )
    return challenge


def _still_open(challenge: Challenge, now: datetime) -> None:
    if challenge.status == Challenge.Status.OPEN and challenge.expires_at <= now:
        challenge.status = Challenge.Status.EXPIRED
        challenge.save(update_fields=["status"])
    if challenge.status != Challenge.Status.OPEN:
        raise Conflict("challenge-closed", _("The challenge is %(status)s.") % {"status": challenge.status})


def challenge_accept(
    *, challenge_id: int, member: Member, now: datetime | None = None, rng: random.Random | None = None
) -> Game:
    """Accept a challenge and start its game: colours drawn if random, a
    шашки-64 ballot drawn now if asked for (003 2.2.2), clocks set."""
    now = now or timezone.now()
    rng = rng or random.SystemRandom()
    with transaction.atomic():
        challenge = _locked_challenge(challenge_id)
        expired = challenge.status == Challenge.Status.OPEN and challenge.expires_at <= now
        if not expired:
            _still_open(challenge, now)
            if challenge.challenger_id == member.pk:
                raise Invalid("self-challenge", _("You cannot accept your own challenge."))
            if challenge.opponent_id and challenge.opponent_id != member.pk:
                raise Forbidden("not-your-challenge", _("This challenge is addressed to another member."))
            tc = challenge.time_control
            if challenge.opponent_id is None and (challenge.rating_min is not None or challenge.rating_max is not None):
                rating = _rating(member, challenge.discipline, tc.speed_in(challenge.discipline))
                low, high = challenge.rating_min, challenge.rating_max
                limits = f"{'…' if low is None else low}–{'…' if high is None else high}"
                if rating is None:
                    raise RuleRefusal(
                        "rating-out-of-range",
                        _(
                            "This open challenge is for club ratings %(limits)s in %(discipline)s %(speed)s; you have no club rating there yet (a federation rating does not count)."
                        )
                        % {
                            "limits": limits,
                            "discipline": challenge.discipline,
                            "speed": tc.speed_in(challenge.discipline),
                        },
                    )
                if (low is not None and rating < low) or (high is not None and rating > high):
                    raise RuleRefusal(
                        "rating-out-of-range",
                        _("This open challenge is for club ratings %(limits)s; yours is %(rating)s.")
                        % {"limits": limits, "rating": format(rating, ".0f")},
                    )
            return _start_game(challenge, member, tc, now, rng)
        challenge.status = Challenge.Status.EXPIRED
        challenge.save(update_fields=["status"])
    raise Conflict("challenge-closed", _("The challenge has expired."))


def _start_game(challenge: Challenge, member: Member, tc: clock.TimeControl, now: datetime, rng: random.Random) -> Game:
    colour = challenge.colour if challenge.colour != "random" else rng.choice((WHITE, BLACK))
    white, black = (challenge.challenger, member) if colour == WHITE else (member, challenge.challenger)
    ballot = challenge.ballot
    if ballot == "random":
        ballot = ballots64.draw(rng if isinstance(rng, random.Random) else None)
    game = game_create(
        discipline=challenge.discipline,
        white=white,
        black=black,
        time_control=tc,
        rated=challenge.rated,
        opening_rule=challenge.opening_rule,
        ballot=ballot,
        start_fen=challenge.start_fen,
        foul_policy=challenge.foul_policy,
        now=now,
    )
    challenge.status, challenge.game = Challenge.Status.ACCEPTED, game
    challenge.save(update_fields=["status", "game"])
    events.challenge_accepted_on_commit(challenge.pk, game.pk, challenge.challenger_id)
    return game


LATENESS_CAP_MS = 3_600_000  # 1.9.1: never more than an hour


def game_create(
    *,
    discipline: str,
    white: Member,
    black: Member,
    time_control: clock.TimeControl | str,
    rated: bool = True,
    opening_rule: str = "",
    ballot: str = "",
    start_fen: str = "",
    foul_policy: str = "reject",
    now: datetime | None = None,
    starts_at: datetime | None = None,
    lateness_ms: int | None = None,
    clock_ms: tuple[int, int] | None = None,
    present: bool = False,
    draw_after_moves: int | None = None,
    venue: str = "",
    **extra,
) -> Game:
    """Start a game between two members.

    ``starts_at``: a scheduled start (a championship round, 1.6.3): no move is
    accepted before it and the first mover's clock runs from it (for a
    correspondence game, the first move's period starts then). Without it the
    game starts now; a live game's first moves are then off the clock (see
    ``timing.first_move_free``).

    ``lateness_ms``: the allowed lateness (1.9.1), capped at the first
    period's time and an hour. A player who has neither moved nor checked in
    when it has passed loses by forfeit, both such players both lose (1.9.2).
    In a correspondence game it makes a first-move period that runs out a
    forfeit instead of a time loss.

    ``clock_ms``: (white's, black's) time to start with instead of the
    control's base time — a series on one clock budget (003 3.6.4).

    ``present``: both players are at the board when it starts (the next game of
    such a series, at once): checked in, so neither the lateness nor the
    sharing of the time both were absent (1.6.3) applies.

    ``draw_after_moves``: the event's own draw condition (renju, 003 5.2.7.2):
    the game is drawn once that many moves have been made.

    ``venue``: where it is played (``games.venue``; empty: what the control
    implies). A game at the board gets no server clock and no deadline: it waits
    for its result, whatever the time.

    A guest (a player with no account, ``Member.is_guest``) is never rated: nor is his game.
    """
    now = now or timezone.now()
    rated = rated and not (white.is_guest or black.is_guest)
    tc = time_control_of(time_control)  # a script's or a test's text is read here
    venue = venue or default_venue(correspondence=tc.correspondence)
    if venue not in Venue.values:
        raise Invalid("bad-venue", _("A game is played %(venues)s.") % {"venues": ", ".join(Venue.values)})
    if lateness_ms is not None:
        if isinstance(lateness_ms, bool) or not isinstance(lateness_ms, int) or lateness_ms < 0:
            raise Invalid("bad-lateness", _("The allowed lateness is a whole number of milliseconds, 0 or more."))
        if starts_at is None:
            raise Invalid("bad-lateness", _("An allowed lateness needs a scheduled start (starts_at)."))
        if not tc.correspondence:
            lateness_ms = min(lateness_ms, LATENESS_CAP_MS, tc.initial_ms() if tc.timed else LATENESS_CAP_MS)
    if starts_at is not None and timezone.is_naive(starts_at):
        raise Invalid("bad-start-time", _("The scheduled start needs a time zone."))
    for name, value in extra.items():  # event, round, site …: they must fit their columns
        limit = getattr(Game._meta.get_field(name), "max_length", None)
        if limit and isinstance(value, str) and len(value) > limit:
            raise Invalid("too-long", _("%(name)s is at most %(limit)s characters.") % {"name": name, "limit": limit})
    v = variant(discipline)
    if start_fen:
        start_fen = _playable_start(
            discipline=discipline, opening_rule=opening_rule, start_fen=start_fen, foul_policy=foul_policy
        )
    p = start_position(
        discipline=discipline, opening_rule=opening_rule, ballot=ballot, start_fen=start_fen, foul_policy=foul_policy
    )
    begins = starts_at or now
    rated = rated and white.pk != black.pk and not start_fen  # a custom start position is never rated
    game = Game(
        discipline=discipline,
        white=white,
        black=black,
        rated=rated,
        speed=tc.speed_in(discipline),
        time_control=tc,
        opening_rule=opening_rule,
        ballot=ballot,
        start_fen=start_fen,
        foul_policy=foul_policy,
        fen=v.to_fen(p),
        to_move=v.turn(p),
        white_ms=clock_ms[0] if clock_ms else tc.initial_ms(),
        black_ms=clock_ms[1] if clock_ms else tc.initial_ms(),
        turn_started_at=begins if tc.timed and venue_rules.rules_of(venue).server_clock else None,
        started_at=begins,
        starts_at=starts_at,
        lateness_ms=lateness_ms,
        draw_after_moves=draw_after_moves,
        venue=venue,
        white_checked_in_at=begins if present else None,
        black_checked_in_at=begins if present else None,
        **extra,
    )
    game.deadline = game_deadline(game)
    game.turn_unannounced = tc.correspondence  # the first mover's reminder
    game.save()
    events.game_changed_on_commit(game.pk)
    if not tc.correspondence:  # the lobby lists the live games (selectors.live_games)
        events.live_game_started_on_commit(game.pk)
    return game


def challenge_decline(*, challenge_id: int, member: Member, now: datetime | None = None) -> Challenge:
    return _challenge_close(
        challenge_id,
        now,
        Challenge.Status.DECLINED,
        allowed=lambda c: c.opponent_id == member.pk,
        refusal=_("Only the challenged member may decline."),
    )


def challenge_cancel(*, challenge_id: int, member: Member, now: datetime | None = None) -> Challenge:
    return _challenge_close(
        challenge_id,
        now,
        Challenge.Status.CANCELLED,
        allowed=lambda c: c.challenger_id == member.pk,
        refusal=_("Only the challenger may cancel."),
    )


def _challenge_close(
    challenge_id: int, now: datetime | None, status: str, *, allowed: Callable[[Challenge], bool], refusal: str
) -> Challenge:
    """Close a still-open challenge on behalf of the one member ``allowed`` to."""
    with transaction.atomic():
        challenge = _locked_challenge(challenge_id)
        if not allowed(challenge):
            raise Forbidden("not-your-challenge", refusal)
        _still_open(challenge, now or timezone.now())
        challenge.status = status
        challenge.save(update_fields=["status"])
        return challenge
