"""Reads of championships and team events: lists, one event's entries,
rounds and appointments, how many rounds it has, whose next game is where."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Case, F, Prefetch, Q, QuerySet, Value, When

from club.teams.models import TeamPlayer
from games import results as vocabulary
from games.models import Game
from members.models import Member

from .. import pairing
from ..models import Appointment, Board, BoardArbiter, Championship, Entry, Round
from .visibility import decisions_visible, rounds_visible

UPCOMING = (Championship.Status.ENTRIES_OPEN, Championship.Status.ENTRIES_CLOSED)


def _listed() -> QuerySet[Championship]:
    return (
        Championship.objects.exclude(status=Championship.Status.DRAFT)
        .select_related("organiser")
        .prefetch_related("previous_stages")
    )


def championship_list() -> dict:
    """Running and upcoming (draft excluded) championships as lists, and the
    finished ones as a query to page through, latest first, for the list page."""
    visible = _listed()
    return {
        "running": list(visible.filter(status=Championship.Status.RUNNING)),
        "upcoming": list(visible.filter(status__in=UPCOMING)),
        "finished": visible.filter(status=Championship.Status.FINISHED).order_by("-finished_at", "-id"),
    }


def championships_listed() -> QuerySet[Championship]:
    """Every championship but drafts, for the API's pages: running, then upcoming, then finished (latest first)."""
    rank = Case(
        When(status=Championship.Status.RUNNING, then=Value(0)),
        When(status__in=UPCOMING, then=Value(1)),
        default=Value(2),
    )
    return _listed().order_by(rank, F("finished_at").desc(nulls_last=True), "-id")


def championship_get(championship_id: int) -> Championship | None:
    return Championship.objects.select_related("organiser").filter(pk=championship_id).first()


def entries(championship: Championship) -> QuerySet[Entry]:
    return championship.entries.select_related("member").order_by("start_number", "entered_at", "id")


def rounds_with_boards(championship: Championship, viewer=None) -> list[Round]:
    """The rounds ``viewer`` may see (``visibility``: the published ones, unless he reads
    drafts), each with its boards and their arbiters."""
    boards = Board.objects.select_related("white", "black", "game").order_by("number")
    judges = BoardArbiter.objects.select_related("arbiter").order_by("first_board")
    return list(
        rounds_visible(championship, viewer)
        .prefetch_related(Prefetch("boards", queryset=boards), Prefetch("board_arbiters", queryset=judges))
        .order_by("number")
    )


def appointments(championship: Championship) -> QuerySet[Appointment]:
    return championship.appointments.select_related("member").order_by("role", "member__username")


def entrant_count(championship: Championship) -> int:
    """Players entered, or teams registered."""
    return (championship.teams if championship.for_teams else championship.entries).count()


def rounds_total(championship: Championship, entry_count: int | None = None) -> int | None:
    """How many rounds the event has: the Berger schedule's length (every
    cycle), the Swiss rounds set, the knockout's rounds, a Scheveningen's."""
    if championship.is_swiss:
        return championship.rounds_planned
    n = entry_count if entry_count is not None else entrant_count(championship)
    if n < 2:
        return None
    if championship.is_knockout:
        return pairing.knockout_rounds(n)
    if championship.is_scheveningen:
        return n // 2  # each plays every member of the other group (1.2)
    rounds_per_cycle = n - 1 if n % 2 == 0 else n
    return rounds_per_cycle * championship.cycles


def games_scheduled(championship: Championship, entry_count: int) -> int:
    """Games one player is scheduled for in the whole event (1.10.2's "his games")."""
    if championship.is_swiss:
        return championship.rounds_planned or 0
    if championship.is_knockout:
        return pairing.knockout_rounds(entry_count)
    if championship.is_scheveningen:
        return entry_count // 2
    return (entry_count - 1) * championship.cycles


def is_live(championship: Championship) -> bool:
    return not championship.time_control.correspondence


def next_game_of(member) -> Board | None:
    """The member's next championship game: an ongoing one first, else the nearest scheduled."""
    if not getattr(member, "is_authenticated", False):
        return None
    # A micro-match's later games (1.11) are found through its match games; ``game`` is its first.
    ongoing = Q(game__status=Game.Status.ONGOING) | Q(match_games__game__status=Game.Status.ONGOING)
    mine = (
        Board.objects.filter(
            ongoing, Q(white=member) | Q(black=member), round__status=Round.Status.PUBLISHED, game__isnull=False
        )
        .distinct()
        .select_related("round__championship", "game", "white", "black")
        .order_by("round__starts_at", "round_id")
    )
    return mine.first()


def championship_of_game(game: Game | None) -> Championship | None:
    """The event a game is played in: through its board, its micro-match, its
    team match or its play-off (1.13.2); None for a club game."""
    if game is None or game.pk is None:
        return None
    return (
        Championship.objects.filter(
            Q(rounds__boards__game_id=game.pk)
            | Q(rounds__boards__match_games__game_id=game.pk)
            | Q(rounds__matches__board_games__game_id=game.pk)
            | Q(playoffs__games__game_id=game.pk)
        )
        .distinct()
        .first()
    )


@dataclass(frozen=True)
class GamePlace:
    """Where an event's game stands: its event, its round (None for a play-off game, 1.13.2)
    and board."""

    championship: Championship
    round_number: int | None
    board_number: int | None


def game_places(game_ids) -> dict[int, GamePlace]:
    """The event, round and board of each of ``game_ids`` that belongs to one (club games are
    left out), in one query whatever their number: each way a game belongs to an event is a
    one-to-one row of it."""
    places: dict[int, GamePlace] = {}
    for game in Game.objects.filter(pk__in=list(game_ids)).select_related(*_EVENT_PATHS):
        board = getattr(game, "championship_board", None)
        match_game = getattr(game, "championship_match_game", None)
        team_board = getattr(game, "team_board", None)
        playoff_game = getattr(game, "championship_playoff_game", None)
        if match_game is not None:
            board = match_game.board
        if board is not None:
            places[game.pk] = GamePlace(board.round.championship, board.round.number, board.number)
        elif team_board is not None:
            the_round = team_board.match.round
            places[game.pk] = GamePlace(the_round.championship, the_round.number, team_board.board)
        elif playoff_game is not None:
            places[game.pk] = GamePlace(playoff_game.playoff.championship, None, None)
    return places


@dataclass(frozen=True)
class PlayedEvent:
    """An event a member played in (or plays in now): his place and points in its stored
    standings, when it has them (a team event's table places teams, not him)."""

    championship: Championship
    team: str
    place: str
    points: float | None


def events_played(member) -> list[PlayedEvent]:
    """The events ``member`` has played in, running or finished, newest first: those he entered
    and those he plays in on a team's roster (1.14.2). Two queries, whatever their number."""
    played = (Championship.Status.RUNNING, Championship.Status.FINISHED)
    found = []
    for entry in (
        Entry.objects.filter(member=member, championship__status__in=played)
        .exclude(status=Entry.Status.EXCLUDED)
        .select_related("championship__standings")
    ):
        stored = getattr(entry.championship, "standings", None)
        row = next((row for row in (stored.rows if stored else []) if row.get("id") == member.pk), {})
        found.append(PlayedEvent(entry.championship, "", str(row.get("place", "")), row.get("points")))
    for place in TeamPlayer.objects.filter(
        member=member, accepted_at__isnull=False, championship__status__in=played
    ).select_related("championship", "team"):
        found.append(PlayedEvent(place.championship, place.team.name, "", None))
    return sorted(found, key=lambda event: event.championship.pk, reverse=True)


# Every way a game belongs to an event, as ``championship_of_game`` follows them.
_EVENT_PATHS = (
    "championship_board__round__championship",
    "championship_match_game__board__round__championship",
    "team_board__match__round__championship",
    "championship_playoff_game__playoff__championship",
)


def event_games_q(championships, prefix: str = "") -> Q:
    """A filter on games (reached through ``prefix``, e.g. ``"game__"``) played in any of ``championships``."""
    found = Q()
    for path in _EVENT_PATHS:
        found |= Q(**{f"{prefix}{path}__in": championships})
    return found


def club_games_q(prefix: str = "") -> Q:
    """A filter on games (through ``prefix``) that belong to no event: club games."""
    found = Q()
    for path in _EVENT_PATHS:
        found &= Q(**{f"{prefix}{path.split('__', 1)[0]}__isnull": True})
    return found


def is_participant(championship: Championship, member_id: int) -> bool:
    """Does the member play in the event: entered, or on a team's roster?"""
    if championship.for_teams:
        return championship.teams.filter(players__member_id=member_id).exists()
    return championship.entries.filter(member_id=member_id).exists()


def decisions_shown(championship: Championship, viewer=None, limit: int = 30) -> list[dict]:
    """The event's latest decisions as ``viewer`` may read them (``visibility``) and its page lists
    them: each with what it concerns in words — the game (its number, players and result), the
    player, the round, the games stopped. Three queries, whatever the number of decisions."""
    found = list(decisions_visible(championship, viewer)[:limit])
    data = {d.pk: d.data if isinstance(d.data, dict) else {} for d in found}
    games = Game.objects.select_related("white", "black").in_bulk({x.get("game") for x in data.values()} - {None})
    members = Member.objects.in_bulk({x.get("member") for x in data.values()} - {None})
    shown = []
    for decision in found:
        about = data[decision.pk]
        game = games.get(about.get("game"))
        member = members.get(about.get("member"))
        result = about.get("result", "")
        stopped = about.get("games") if isinstance(about.get("games"), list) else []
        shown.append(
            {
                "at": decision.at,
                "by": decision.by,
                "action": decision.action,
                "clause": decision.clause,
                "reason": decision.reason,
                "game": game,
                "result": f"{vocabulary.mark(result, vocabulary.WHITE)} – {vocabulary.mark(result, vocabulary.BLACK)}"
                if game and vocabulary.mark(result, vocabulary.WHITE)
                else "",
                "member": member,
                "round": about.get("round"),
                "games_stopped": len(stopped),
            }
        )
    return shown
