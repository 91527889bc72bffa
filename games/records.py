"""Game records: export any game as PDN or a renju record; import into a member's archive.

Only the rules module's record helpers are used (games/rules/pdn.py,
games/rules/renju_records.py) and its public API for replaying. An import is
validated move by move; a bad file is refused with a message naming the
game (its number in the file and its players) and the fault.

Results: ``Game.result`` is always from white's side ("1-0" white won, "+/-"
white won by forfeit, see games/results.py), and so is PDN. Renju records
list black first ("1-0" when black, the first player, won; see
renju_records.py) and are converted both ways; SGF names the winner (B+, W+).

Import budget (outside text, on the request path): settings with defaults —

``RECORD_IMPORT_MAX_BYTES`` (512 kB)
    the largest text one import reads (UTF-8 bytes);
``RECORD_IMPORT_MAX_GAMES`` (200)
    the most games one import stores;
``RECORD_IMPORT_MAX_PLIES`` (10,000)
    the most moves one import replays, all games together (a championship's
    PDN of 150 games has about 9,000);
``RECORD_IMPORTS_PER_HOUR`` (10)
    a member's imports per clock hour, counted in the cache whether they
    succeed or not (parsing is the cost); over it ``ImportsThrottled`` says
    how many seconds remain.

Parsing is linear in the text and replaying is bounded by the move budget,
so one import costs at most a bounded amount of work. Every stored
game replays from the start the game pages use, so an imported game can
always be shown. Imported games live in the member's archive, not in the
public game list.

Files (``RECORD_FILES``): a record is saved under its format's extension and
MIME type — PDN ``.pdn``, ``application/x-draughts-pdn`` (what lidraughts
serves PDN as); SGF ``.sgf``, ``application/x-go-sgf`` (shared-mime-info's
type for SGF, which renju tools read with GM[4]); the renju text record
``.renju``, ``text/x-renju``. Renju has no common text format to borrow a
name from — RenLib's ``.lib`` is a binary move tree, ShowRenju's ``.bdt`` one
game per CSV line, renju.net's ``.rif`` an XML database, Gomocup's ``.psq`` a
position — and the record here is the club's own PDN-like tag-pair text
(``games/rules/renju_records.py``). So it is named for what it is, with an
unregistered (``x-``) ``text/`` type that keeps it opening as text, rather
than ``.txt`` or another program's extension.
"""

from __future__ import annotations

import re
import time
from collections import defaultdict
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _

from games.models import Game, Move
from games.positions import DRAUGHTS, FIVE_ROW, game_start_position, replay, start_position
from games.pure_words import worded
from games.rules import IllegalMove, ballots64, pdn, renju_records, variant
from games.rules.words import N_
from games.services.errors import Conflict, Invalid

_TO_RENJU = {
    "1-0": "0-1",
    "0-1": "1-0",
    "1/2-1/2": "1/2-1/2",
    "0-0": "0-0",
    "+/-": "-/+",
    "-/+": "+/-",
    "-/-": "-/-",
}
_FROM_RENJU = {v: k for k, v in _TO_RENJU.items()}
# PDN results as written (two-point scoring too) to the club's vocabulary.
_FROM_PDN = {
    "1-0": "1-0",
    "0-1": "0-1",
    "1/2-1/2": "1/2-1/2",
    "2-0": "1-0",
    "0-2": "0-1",
    "1-1": "1/2-1/2",
    "0-0": "0-0",  # both lost a game played; as a forfeit PDN reads "-/-" (games/rules/pdn.py)
    "+/-": "+/-",
    "-/+": "-/+",
    "-/-": "-/-",
}
_PDN_GAMETYPE = {"russian": "25", "international": "20"}


@dataclass(frozen=True)
class RecordFile:
    extension: str
    content_type: str


# How each format is saved (see the module docstring); "plain" is the renju record's other name.
RECORD_FILES = {
    "pdn": RecordFile("pdn", "application/x-draughts-pdn; charset=utf-8"),
    "renju": RecordFile("renju", "text/x-renju; charset=utf-8"),
    "plain": RecordFile("renju", "text/x-renju; charset=utf-8"),
    "sgf": RecordFile("sgf", "application/x-go-sgf; charset=utf-8"),
}


class ImportsThrottled(Exception):
    """The member has used this hour's imports; ``retry_after`` is in seconds."""

    def __init__(self, retry_after: int):
        super().__init__(f"Too many imports: try again in {retry_after // 60 + 1} minutes.")
        self.retry_after = retry_after


def _budget(name: str, default: int) -> int:
    return int(getattr(settings, name, default))


def default_format(game: Game) -> str:
    return "pdn" if game.discipline in DRAUGHTS else "renju"


def _names(game: Game) -> tuple[str, str]:
    if game.imported_by_id:
        return game.white_name or "?", game.black_name or "?"
    return game.white.name, game.black.name


def records_of(games: list[Game], format: str) -> list[str]:
    """The records of many games (a championship's), their moves read in one query."""
    moves = defaultdict(list)
    for game_id, notation in (
        Move.objects.filter(game__in=[g.pk for g in games])
        .order_by("game_id", "ply")
        .values_list("game_id", "notation")
    ):
        moves[game_id].append(notation)
    return [game_record(game=game, format=format, moves=moves[game.pk]) for game in games]


def venue_site(game: Game) -> str:
    """The Site tag of a game whose record names no place: the club, and where in it (``games.venue``)."""
    with translation.override("en"):  # a record reads the same whoever downloads it
        return f"Club, {game.get_venue_display()}"


def game_record(*, game: Game, format: str, moves: list[str] | None = None) -> str:
    """One game's record in ``format``; ``moves`` are its moves when the caller read them already."""
    if moves is None:
        moves = list(game.moves.order_by("ply").values_list("notation", flat=True))
    white, black = _names(game)
    date = (game.started_at or game.created_at).strftime("%Y.%m.%d")
    if game.discipline in DRAUGHTS:
        if format != "pdn":
            raise Invalid("bad-format", _("Draughts games are exported as PDN (format=pdn)."))
        tags = {
            "Event": game.event or "Club game",
            "Site": game.site or venue_site(game),
            "Date": date,
            "Round": game.round or "-",
            "White": white,
            "Black": black,
        }
        if game.discipline in _PDN_GAMETYPE:
            tags["GameType"] = _PDN_GAMETYPE[game.discipline]
        else:
            tags["Variant"] = game.discipline
        if game.start_fen or game.ballot:
            tags["FEN"] = variant(game.discipline).to_fen(game_start_position(game))
        if game.ballot:
            tags["Ballot"] = game.ballot  # шашки-64 starting position drawn by lot (003 2.2.2)
            tags["Opening"] = ballots64.describe(game.ballot)  # as players read it: "idf 2-III: 1. ab4 bc5 …"
        if game.time_control.timed:
            tags["TimeControl"] = str(game.time_control)
        if game.termination == "adjudication":
            # PGN's (and so PDN's) standard Termination value: the arbiter decided it after play closed.
            tags["Termination"] = "adjudication"
        return pdn.write_game(tags, moves, game.result or "*")
    if format not in ("renju", "plain", "sgf"):
        raise Invalid("bad-format", _("Renju games are exported as format=renju (plain) or format=sgf."))
    # The plain record's PGN-style header carries the same Termination tag; SGF has no property for it.
    adjudicated = {"Termination": "adjudication"} if game.termination == "adjudication" else {}
    record = renju_records.Record(
        moves=moves,
        rule=game.opening_rule or "none",
        result=_TO_RENJU.get(game.result, "*"),
        tags={
            "Event": game.event or "Club game",
            "Site": game.site or venue_site(game),
            "Date": date,
            "Round": game.round or "-",
            "Black": black,
            "White": white,
            **adjudicated,
        },
        variant=game.discipline,
    )
    return renju_records.write_record(record, "sgf" if format == "sgf" else "plain")


# ---- import -------------------------------------------------------------------------------------
def _is_renju(text: str) -> bool:
    head = text.lstrip()
    if head.startswith("("):
        return True
    variant_tag = re.search(r'\[\s*Variant\s+"([^"\n]*)"', text)
    if variant_tag and variant_tag.group(1) in FIVE_ROW:
        return True
    return bool(re.search(r'\[\s*Rule\s+"', text))


def _import_allowed(member) -> None:
    """Count this import against the member's hour; ImportsThrottled when it is over."""
    now = time.time()
    hour = int(now // 3600)
    key = f"records-import:{member.pk}:{hour}"
    cache.add(key, 0, timeout=3600 + 60)
    if cache.incr(key) > _budget("RECORD_IMPORTS_PER_HOUR", 10):
        raise ImportsThrottled(max(1, int((hour + 1) * 3600 - now)))


def records_import(*, member, text: str) -> list[Game]:
    """Import every game of a PDN or renju text into ``member``'s archive.

    All or nothing: if any game cannot be read, replayed or stored, nothing is
    stored and the refusal names the game and the fault. Raises
    ``ImportsThrottled`` over the member's hourly budget (see the module docstring).
    """
    _import_allowed(member)
    parsed = records_read(text)
    games = []
    with transaction.atomic():
        for item in parsed:
            game = Game.objects.create(
                white=member,
                black=member,
                imported_by=member,
                rated=False,
                speed="untimed",
                time_control="-",
                status=Game.Status.FINISHED,
                termination="imported",
                **item["game"],
            )
            _moves_store(game, item["moves"])
            games.append(game)
    return games


def records_read(text: str) -> list[dict]:
    """Every game of a PDN or renju text, read and replayed within the import budget:
    ``{"game": the Game fields it records, "moves": [(notation, colour), …]}``.
    ``Invalid`` names the first game that cannot be read and the fault."""
    max_bytes = _budget("RECORD_IMPORT_MAX_BYTES", 512 * 1024)
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > max_bytes:
        raise Invalid(
            "record-too-large",
            _("The file has %(size)s bytes; an import reads at most %(max_bytes)s.")
            % {"size": size, "max_bytes": max_bytes},
        )
    if not text.strip():
        raise Invalid("empty-record", _("The file is empty."))
    max_games = _budget("RECORD_IMPORT_MAX_GAMES", 200)
    try:
        parsed = _read_renju(text, max_games) if _is_renju(text) else _read_pdn(text, max_games)
    except IllegalMove as error:
        raise Invalid("bad-record", worded(error)) from None
    if not parsed:
        raise Invalid("empty-record", _("No game found in the file."))
    return parsed


def record_attach(*, game: Game, item: dict) -> Game:
    """Attach the moves of a record (one item of ``records_read``) to a game played on a real
    board whose result the arbiter recorded: the game keeps its result, players and event.
    Refused if the game has moves already, the record is of another discipline, or its
    result says otherwise (a record that contradicts the result is not this game's, 2.1.10.4)."""
    if game.status != Game.Status.FINISHED:
        raise Conflict(
            "not-finished", _("Game %(pk)s has no result yet: record its result with its moves.") % {"pk": game.pk}
        )
    if game.ply or game.moves.exists():
        raise Conflict("has-moves", _("Game %(pk)s has its moves already.") % {"pk": game.pk})
    recorded = item["game"]
    if recorded["discipline"] != game.discipline or recorded.get("start_fen"):
        raise Invalid(
            "other-game",
            _("The record is not a %(discipline)s game from the start position.") % {"discipline": game.discipline},
        )
    if recorded.get("result") and recorded["result"] != game.result:
        raise Invalid(
            "record-contradicts-result",
            _("The record gives %(result)s, the game's result is %(game_result)s: one of them is wrong.")
            % {"result": recorded["result"], "game_result": game.result},
        )
    _moves_store(game, item["moves"])
    game.ply, game.fen, game.to_move = recorded["ply"], recorded["fen"], recorded["to_move"]
    game.save(update_fields=["ply", "fen", "to_move"])
    return game


def _moves_store(game: Game, moves: list[tuple[str, str]]) -> None:
    Move.objects.bulk_create(
        [
            Move(game=game, ply=n, notation=text_, colour=colour, played_at=game.created_at)
            for n, (text_, colour) in enumerate(moves, 1)
        ]
    )


def _game(n: int, tags: dict) -> dict:
    """The facts that name the file's game ``n`` in a refusal."""
    return {"game": n, "white": tags.get("White", "?")[:40], "black": tags.get("Black", "?")[:40]}


def _count(games: list, max_games: int) -> None:
    """Refuse a file over the budget before replaying any of it (replaying costs per move)."""
    if len(games) > max_games:
        raise IllegalMove(
            N_("the file has %(count)s games; an import takes at most %(max_games)s"),
            count=len(games),
            max_games=max_games,
        )
    plies, max_plies = sum(len(g.moves) for g in games), _budget("RECORD_IMPORT_MAX_PLIES", 10_000)
    if plies > max_plies:
        raise IllegalMove(
            N_("the file has %(plies)s moves; an import takes at most %(max_plies)s"), plies=plies, max_plies=max_plies
        )


def _checked(game: dict, moves: list) -> dict:
    """``game`` if it fits its columns and replays from the start the game pages use."""
    for name, value in game.items():
        limit = getattr(Game._meta.get_field(name), "max_length", None)
        if limit and isinstance(value, str) and len(value) > limit:
            raise IllegalMove(
                N_("%(name)s has %(count)s characters; the club stores at most %(limit)s"),
                name=name,
                count=len(value),
                limit=limit,
            )
    limit = Move._meta.get_field("notation").max_length
    for ply, (notation, _colour) in enumerate(moves, 1):
        if len(notation) > limit:
            raise IllegalMove(N_("move %(ply)s is longer than %(limit)s characters"), ply=ply, limit=limit)
    unsaved = Game(**game)
    v = variant(unsaved.discipline)
    if v.to_fen(replay(unsaved, [notation for notation, _colour in moves])) != game["fen"]:
        raise IllegalMove(N_("the stored moves do not replay to the recorded position"))
    return game


def _draughts_discipline(g: pdn.PdnGame) -> str:
    """The discipline from the Variant and GameType tags, refusing a contradiction."""
    tag_variant = g.tags.get("Variant", "").strip().lower()
    if tag_variant and tag_variant not in DRAUGHTS:
        raise IllegalMove(
            N_("Variant %(variant)r is not a draughts discipline (%(disciplines)s)"),
            variant=tag_variant[:40],
            disciplines=", ".join(sorted(DRAUGHTS)),
        )
    if not g.tags.get("GameType", "").strip():
        return tag_variant or pdn.game_variant(g)
    by_gametype = pdn.game_variant(g)
    # Giveaway is played on the Russian board, which GameType 25 names.
    if tag_variant and tag_variant != by_gametype and not (tag_variant == "giveaway" and by_gametype == "russian"):
        raise IllegalMove(
            N_("Variant %(tag_variant)r contradicts GameType %(gametype)s (%(by_gametype)s)"),
            tag_variant=tag_variant,
            gametype=g.tags["GameType"].strip()[:10],
            by_gametype=by_gametype,
        )
    return tag_variant or by_gametype


def _read_pdn(text: str, max_games: int) -> list[dict]:
    out = []
    parsed = pdn.read_games(text)
    _count(parsed, max_games)
    for n, g in enumerate(parsed, 1):
        game_facts = _game(n, g.tags)
        try:
            discipline = _draughts_discipline(g)
            v = variant(discipline)
            ballot, fen = g.tags.get("Ballot", "").strip(), g.tags.get("FEN", "").strip()
            if ballot and discipline != "russian":
                raise IllegalMove(
                    N_("Ballot %(ballot)r: only шашки-64 (Russian draughts) has ballots"), ballot=ballot[:40]
                )
            try:
                start = start_position(discipline=discipline, ballot=ballot)
            except (IllegalMove, KeyError, ValueError):
                raise IllegalMove(N_("no шашки-64 ballot %(ballot)r"), ballot=ballot[:40]) from None
            if fen:
                try:
                    given = v.from_fen(fen)
                except IllegalMove as error:
                    raise IllegalMove(N_("FEN %(fen)r: %(error)s"), fen=fen[:40], error=error) from None
                if ballot and v.to_fen(given) != v.to_fen(start):
                    raise IllegalMove(
                        N_("the FEN is not the starting position of ballot %(ballot)r"), ballot=ballot[:40]
                    )
                start = given
            _replayed, positions = pdn.replay_game(g, discipline, start=start)
        except IllegalMove as error:
            raise IllegalMove(
                N_("game %(game)s (%(white)s – %(black)s): %(error)s"), **game_facts, error=error
            ) from None
        moves = []
        for ply, (before, after) in enumerate(zip(positions, positions[1:]), 1):
            # Store each move in the discipline's own notation, so the game
            # replays through ``play`` whatever notation the file used; most
            # files already use it, and only the others pay for trying each move.
            legal = v.legal_moves(before)
            text_ = (
                g.moves[ply - 1]
                if any(m.notation == g.moves[ply - 1] for m in legal)
                else next((m.notation for m in legal if v.play(before, m) == after), None)
            )
            if text_ is None:
                raise IllegalMove(
                    N_("game %(game)s (%(white)s – %(black)s): ply %(ply)s (%(move)s) is ambiguous"),
                    **game_facts,
                    ply=ply,
                    move=g.moves[ply - 1],
                )
            moves.append((text_, v.turn(before)))
        final = positions[-1]
        game = dict(
            discipline=discipline,
            start_fen=v.to_fen(positions[0]) if fen else "",
            ballot=ballot,
            result=_FROM_PDN.get(g.result, ""),
            ply=len(moves),
            fen=v.to_fen(final),
            to_move=v.turn(final),
            event=g.tags.get("Event", "")[:120],
            site=g.tags.get("Site", "")[:120],
            round=g.tags.get("Round", "")[:20],
            white_name=g.tags.get("White", "")[:120],
            black_name=g.tags.get("Black", "")[:120],
        )
        try:
            out.append({"moves": moves, "game": _checked(game, moves)})
        except IllegalMove as error:
            raise IllegalMove(
                N_("game %(game)s (%(white)s – %(black)s): %(error)s"), **game_facts, error=error
            ) from None
    return out


def _read_renju(text: str, max_games: int) -> list[dict]:
    out = []
    parsed = renju_records.read_records(text)
    _count(parsed, max_games)
    for n, record in enumerate(parsed, 1):
        game_facts = _game(n, record.tags)
        v = variant(record.variant)
        rule = record.rule if record.variant == "renju" or record.rule != "none" else ""
        p = start_position(discipline=record.variant, opening_rule=rule)
        moves = []
        for number, move in enumerate(record.moves, 1):
            try:
                colour = v.turn(p)
                p = v.play(p, move)
            except IllegalMove as error:
                raise IllegalMove(
                    N_("game %(game)s (%(white)s – %(black)s): move %(number)s (%(move)s): %(error)s"),
                    **game_facts,
                    number=number,
                    move=move,
                    error=error,
                ) from None
            moves.append((move, colour))
        game = dict(
            discipline=record.variant,
            opening_rule=rule,
            result=_FROM_RENJU.get(record.result, ""),
            ply=len(moves),
            fen=v.to_fen(p),
            to_move=v.turn(p),
            event=record.tags.get("Event", "")[:120],
            round=record.tags.get("Round", "")[:20],
            white_name=record.tags.get("White", "")[:120],
            black_name=record.tags.get("Black", "")[:120],
        )
        try:
            out.append({"moves": moves, "game": _checked(game, moves)})
        except IllegalMove as error:
            raise IllegalMove(
                N_("game %(game)s (%(white)s – %(black)s): %(error)s"), **game_facts, error=error
            ) from None
    return out
