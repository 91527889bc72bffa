"""Demo championships for ``club.site.demo.load_demo`` (``manage.py up --demo``): a
finished round robin, a Swiss in progress, a correspondence section played
all at once and in progress, and a club night's Swiss played at the board (its
first round's results reported by the players, two score sheets typed in, the
second round published with its boards waiting), so a newcomer sees a
crosstable at once.

Everything goes through the championship and game services — create, appoint,
enter, draw the lot, pair, publish, play the moves, resign or agree a draw —
so the games are legal and the standings are the real ones. The same
builders (``play_round``, ``round_robin``, ``swiss``) serve the tests of the
published results. Idempotent: a demo championship that exists is left alone.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta

from django.utils import timezone

from games.models import Game
from games.services import game_draw_answer, game_draw_offer, game_move_make, game_resign
from members.models import Member

from . import services
from .models import Championship, Round

ROUND_ROBIN_NAME = "Demo club championship (round robin)"
SWISS_NAME = "Demo open Swiss"
SECTION_NAME = "Demo correspondence section (all games at once)"
CLUB_NIGHT_NAME = "Demo club night (at the board)"

# Legal from the Russian start: white, black, white, black, white, black (capture, recapture).
RUSSIAN_OPENING = ["c3-d4", "f6-g5", "g3-f4", "b6-c5", "d4:b6", "a7:c5"]
# Six stones of the five-in-a-row family without an opening rule (black first at h8; no foul, no five).
FIVE_ROW_OPENING = ["h8", "a1", "h9", "a3", "j10", "a5"]
OPENINGS = {"russian": RUSSIAN_OPENING, "renju": FIVE_ROW_OPENING, "gomoku": FIVE_ROW_OPENING}

# Extra demo players (the club's demo has three), all plain members.
DEMO_PLAYERS = ["anna", "boris", "vera", "gleb"]  # beside sergey, natalia and timur (members.demo)

# decide(white, black) -> "white" | "black" | "draw"
Decide = Callable[[Member, Member], str]


def by_rating(white: Member, black: Member) -> str:
    """A demo outcome: the higher federation rating wins; within 100 points a draw."""
    w, b = white.federation_rating or 0, black.federation_rating or 0
    if abs(w - b) < 100:
        return "draw"
    return "white" if w > b else "black"


def play_game(game: Game, outcome: str, *, start: datetime, step: timedelta = timedelta(minutes=10)) -> Game:
    """Play the opening moves, then end the game: the loser resigns, or the
    player who has just moved offers a draw and the other accepts (2.1.9.1.1,
    2.1.9.3)."""
    moves = OPENINGS.get(game.discipline, [])
    moves = moves if outcome != "draw" else moves[:4]
    when = start
    for text in moves:
        game.refresh_from_db()
        mover = game.white if game.to_move == "white" else game.black
        when += step
        game_move_make(game_id=game.pk, member=mover, text=text, expected_ply=game.ply, now=when)
    game.refresh_from_db()
    when += step
    if outcome == "draw":
        offering, answering = (game.black, game.white) if game.to_move == "white" else (game.white, game.black)
        game_draw_offer(game_id=game.pk, member=offering, now=when)
        game_draw_answer(game_id=game.pk, member=answering, accept=True, now=when + step)
    else:
        loser = game.black if outcome == "white" else game.white
        game_resign(game_id=game.pk, member=loser, now=when)
    game.refresh_from_db()
    return game


def play_round(
    championship: Championship,
    *,
    arbiter,
    decide: Decide,
    now: datetime,
    skip: Callable[[Member, Member], bool] | None = None,
) -> Round:
    """Pair and publish the next round, then play each of its games with the
    outcome ``decide`` gives; ``skip(white, black)`` leaves a game unfinished.

    Each finished game's board is recorded through the hook's own service
    (``board_result_record``, idempotent), so the round closes whether or not
    Celery runs the on-commit hook."""
    the_round = services.round_pair(by=arbiter, championship_id=championship.pk, now=now)
    services.round_publish(by=arbiter, championship_id=championship.pk, round_number=the_round.number, now=now)
    for board in the_round.boards.select_related("game", "white", "black").order_by("number"):
        if board.game_id is None or (skip and skip(board.white, board.black)):
            continue
        play_game(board.game, decide(board.white, board.black), start=now)
        services.board_result_record(game_id=board.game_id, now=now + timedelta(hours=1))
    the_round.refresh_from_db()
    return the_round


def create(*, organiser, chief, arbiter, players: list[Member], now: datetime, **options) -> Championship:
    """Create, appoint the chief arbiter and an arbiter, enter the players, close the entries (lot "demo")."""
    championship = services.championship_create(organiser=organiser, now=now, **options)
    services.arbiter_appoint(by=organiser, championship_id=championship.pk, member=chief, role="chief", now=now)
    services.arbiter_appoint(by=organiser, championship_id=championship.pk, member=arbiter, role="arbiter", now=now)
    services.entries_open(by=organiser, championship_id=championship.pk, now=now)
    for player in players:
        services.entry_create(championship_id=championship.pk, member=player, now=now)
    services.entries_close(by=organiser, championship_id=championship.pk, now=now)
    championship.refresh_from_db()
    return championship


def round_robin(
    *,
    organiser,
    chief,
    arbiter,
    players: list[Member],
    start: datetime,
    decide: Decide = by_rating,
    name: str = ROUND_ROBIN_NAME,
    **options,
) -> Championship:
    """A round robin played to the end (one round a day from ``start``)."""
    options.setdefault("discipline", "russian")
    options.setdefault("time_control", "d3")
    championship = create(
        organiser=organiser,
        chief=chief,
        arbiter=arbiter,
        players=players,
        now=start,
        name=name,
        system="round-robin",
        **options,
    )
    number = 0
    while championship.status != Championship.Status.FINISHED:
        number += 1
        play_round(championship, arbiter=arbiter, decide=decide, now=start + timedelta(days=number))
        championship.refresh_from_db()
    services.standings_recompute(championship_id=championship.pk, now=start + timedelta(days=number + 1))
    return championship


def swiss(
    *,
    organiser,
    chief,
    arbiter,
    players: list[Member],
    start: datetime,
    rounds_planned: int,
    rounds_played: int,
    decide: Decide = by_rating,
    name: str = SWISS_NAME,
    **options,
) -> Championship:
    """A Swiss with ``rounds_played`` rounds finished; the next round is paired
    and published with one game still going (a tournament in progress)."""
    options.setdefault("discipline", "russian")
    options.setdefault("time_control", "d3")
    options.setdefault("swiss_system", "buchholz")
    championship = create(
        organiser=organiser,
        chief=chief,
        arbiter=arbiter,
        players=players,
        now=start,
        name=name,
        system="swiss",
        rounds_planned=rounds_planned,
        **options,
    )
    for number in range(1, rounds_played + 1):
        play_round(championship, arbiter=arbiter, decide=decide, now=start + timedelta(days=number))
    if rounds_played < rounds_planned:
        first = []

        def keep_first_going(white, black):
            first.append((white, black))
            return len(first) == 1

        play_round(
            championship,
            arbiter=arbiter,
            decide=decide,
            now=start + timedelta(days=rounds_played + 1),
            skip=keep_first_going,
        )
    services.standings_recompute(championship_id=championship.pk, now=start + timedelta(days=rounds_played + 2))
    championship.refresh_from_db()
    return championship


def correspondence_section(
    *,
    organiser,
    chief,
    arbiter,
    players: list[Member],
    start: datetime,
    finished: int,
    decide: Decide = by_rating,
    name: str = SECTION_NAME,
    **options,
) -> Championship:
    """A correspondence round robin played all at once: started by the
    chief arbiter, its first ``finished`` games played to a result, the rest going on."""
    options.setdefault("discipline", "russian")
    options.setdefault("time_control", "d5")
    championship = create(
        organiser=organiser,
        chief=chief,
        arbiter=arbiter,
        players=players,
        now=start,
        name=name,
        system="round-robin",
        play_mode="all-at-once",
        closes_at=start + timedelta(days=180),
        **options,
    )
    services.section_start(by=chief, championship_id=championship.pk, now=start)
    boards = [b for r in championship.rounds.order_by("number") for b in r.boards.order_by("number")]
    for board in [b for b in boards if b.game_id][:finished]:
        play_game(board.game, decide(board.white, board.black), start=start, step=timedelta(hours=6))
        services.board_result_record(game_id=board.game_id, now=start + timedelta(days=1))
    services.standings_recompute(championship_id=championship.pk, now=start + timedelta(days=2))
    championship.refresh_from_db()
    return championship


def club_night(
    *,
    organiser,
    chief,
    arbiter,
    players: list[Member],
    start: datetime,
    decide: Decide = by_rating,
    name: str = CLUB_NIGHT_NAME,
    sheets: int = 2,
    **options,
) -> Championship:
    """A Swiss played at the board (``games.venue``), in progress: round 1 played from an
    hour after ``start``, each result reported by both players (the last board's recorded
    by the arbiter), the first ``sheets`` score sheets typed in; round 2 published a day
    later with its boards waiting for their results."""
    options.setdefault("discipline", "russian")
    options.setdefault("time_control", "900+5")
    options.setdefault("swiss_system", "buchholz")
    options.setdefault("lateness_minutes", 10)
    championship = create(
        organiser=organiser,
        chief=chief,
        arbiter=arbiter,
        players=players,
        now=start,
        name=name,
        system="swiss",
        rounds_planned=4,
        venue="board",
        **options,
    )
    first = services.round_pair(by=arbiter, championship_id=championship.pk, now=start)
    began = start + timedelta(hours=1)
    services.round_publish(
        by=arbiter, championship_id=championship.pk, round_number=first.number, starts_at=began, now=start
    )
    boards = list(first.boards.filter(game__isnull=False).select_related("white", "black").order_by("number"))
    over = began + timedelta(hours=1)
    for n, board in enumerate(boards):
        outcome = decide(board.white, board.black)
        result = {"white": "1-0", "black": "0-1", "draw": "1/2-1/2"}[outcome]
        if n < len(boards) - 1:
            for player in (board.white, board.black):
                services.board_result_report(
                    by=player, championship_id=championship.pk, game_id=board.game_id, result=result, now=over
                )
        else:
            services.board_result_set(
                by=arbiter,
                championship_id=championship.pk,
                game_id=board.game_id,
                result=result,
                reason="seen at the board",
                clause="1.16",
                now=over,
            )
        if n < sheets:
            moves = OPENINGS[championship.discipline][: 6 if outcome != "draw" else 4]
            services.score_sheet_enter(
                by=board.white,
                championship_id=championship.pk,
                game_id=board.game_id,
                text=" ".join(moves),
                expected_ply=0,
                now=over + timedelta(minutes=10),
            )
        services.board_result_record(game_id=board.game_id, now=over + timedelta(minutes=15))
    second_day = start + timedelta(days=1)
    second = services.round_pair(by=arbiter, championship_id=championship.pk, now=second_day)
    services.round_publish(
        by=arbiter,
        championship_id=championship.pk,
        round_number=second.number,
        starts_at=second_day + timedelta(hours=1),
        now=second_day,
    )
    services.standings_recompute(championship_id=championship.pk, now=second_day + timedelta(minutes=1))
    championship.refresh_from_db()
    return championship


TWELVE_NAME = "Demo twelve-player Swiss"


def twelve(*, organiser, chief, arbiter, players: list[Member], start: datetime, **options) -> Championship:
    """A 12-player Swiss of 5 rounds, rated, correspondence (3 days a move): three rounds
    played, the fourth going on with one game unfinished — the results pages' browser
    tests read it at 390 and 1280 px."""
    assert len(players) == 12, "twelve players"
    options.setdefault("name", TWELVE_NAME)
    return swiss(
        organiser=organiser,
        chief=chief,
        arbiter=arbiter,
        players=players,
        start=start,
        rounds_planned=5,
        rounds_played=3,
        **options,
    )


def load_demo(members: dict) -> None:
    """The demo club's championships (called by ``club.site.demo.load_demo``)."""
    m = members
    extra = [m[username] for username in DEMO_PLAYERS]
    now = timezone.now()
    staff = {"organiser": m["olga"], "chief": m["irina"], "arbiter": m["pavel"]}
    if not Championship.objects.filter(name=ROUND_ROBIN_NAME).exists():
        round_robin(
            **staff, players=[m["sergey"], m["natalia"], m["timur"], *extra[:3]], start=now - timedelta(days=30)
        )
    if not Championship.objects.filter(name=SWISS_NAME).exists():
        swiss(
            **staff,
            players=[m["sergey"], m["natalia"], m["timur"], *extra],
            start=now - timedelta(days=4, hours=2),
            rounds_planned=5,
            rounds_played=3,
        )
    if not Championship.objects.filter(name=CLUB_NIGHT_NAME).exists():
        club_night(
            **staff,
            players=[m["sergey"], m["natalia"], m["timur"], *extra[:3]],
            start=now - timedelta(days=1, hours=1, minutes=30),
        )
    if not Championship.objects.filter(name=SECTION_NAME).exists():
        correspondence_section(
            **staff,
            players=[m["sergey"], m["natalia"], m["timur"], *extra[:3]],
            start=now - timedelta(days=3),
            finished=5,
        )
