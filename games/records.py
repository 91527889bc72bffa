"""Game records: export any game as PDN or a renju record; import into a member's archive.

Only the rules module's record helpers are used (games/rules/pdn.py,
games/rules/renju_records.py) and its public API for replaying. An import is
validated move by move; a bad file is refused with a message naming the
game (its number in the file and its players) and the move.

Results: ``Game.result`` is always from white's side ("1-0" white won). Renju
records use the renju convention, "1-0" when black (the first player) won,
and are converted both ways.
"""
from __future__ import annotations

import re

from django.db import transaction

from games.models import Game, Move
from games.rules import IllegalMove, variant
from games.rules import pdn, renju_records
from games.services.errors import Invalid
from games.services.positions import DRAUGHTS, FIVE_ROW, game_start_position

_TO_RENJU = {"1-0": "0-1", "0-1": "1-0", "1/2-1/2": "1/2-1/2", "": "*"}
_FROM_RENJU = {"1-0": "0-1", "0-1": "1-0", "1/2-1/2": "1/2-1/2", "*": ""}
_PDN_GAMETYPE = {"russian": "25", "international": "20"}


def default_format(game: Game) -> str:
    return "pdn" if game.discipline in DRAUGHTS else "renju"


def _names(game: Game) -> tuple[str, str]:
    if game.imported_by_id:
        return game.white_name or "?", game.black_name or "?"
    return game.white.name, game.black.name


def game_record(*, game: Game, format: str) -> str:
    moves = list(game.moves.order_by("ply").values_list("notation", flat=True))
    white, black = _names(game)
    date = (game.started_at or game.created_at).strftime("%Y.%m.%d")
    if game.discipline in DRAUGHTS:
        if format != "pdn":
            raise Invalid("bad-format", "Draughts games are exported as PDN (format=pdn).")
        tags = {"Event": game.event or "Club game", "Site": game.site or "Club", "Date": date,
                "Round": game.round or "-", "White": white, "Black": black}
        if game.discipline in _PDN_GAMETYPE:
            tags["GameType"] = _PDN_GAMETYPE[game.discipline]
        else:
            tags["Variant"] = game.discipline
        if game.start_fen or game.ballot:
            tags["FEN"] = variant(game.discipline).to_fen(game_start_position(game))
        if game.ballot:
            tags["Ballot"] = game.ballot  # шашки-64 starting position drawn by lot (003 2.2.2)
        if game.time_control and game.time_control != "-":
            tags["TimeControl"] = game.time_control
        return pdn.write_game(tags, moves, game.result or "*")
    if format not in ("renju", "plain", "sgf"):
        raise Invalid("bad-format", "Renju games are exported as format=renju (plain) or format=sgf.")
    record = renju_records.Record(
        moves=moves, rule=game.opening_rule or "none", result=_TO_RENJU.get(game.result, "*"),
        tags={"Event": game.event or "Club game", "Date": date, "Round": game.round or "-",
              "Black": black, "White": white},
        variant=game.discipline,
    )
    return renju_records.write_record(record, "sgf" if format == "sgf" else "plain")


# ---- import -------------------------------------------------------------------------------------
def _is_renju(text: str) -> bool:
    head = text.lstrip()
    if head.startswith("("):
        return True
    variant_tag = re.search(r'\[\s*Variant\s+"([^"]*)"', text)
    if variant_tag and variant_tag.group(1) in FIVE_ROW:
        return True
    return bool(re.search(r'\[\s*Rule\s+"', text))


def records_import(*, member, text: str) -> list[Game]:
    """Import every game of a PDN or renju text into ``member``'s archive.

    All or nothing: if any game has an illegal move, nothing is stored and the
    refusal names the game and the move.
    """
    if not text.strip():
        raise Invalid("empty-record", "The file is empty.")
    try:
        parsed = _read_renju(text) if _is_renju(text) else _read_pdn(text)
    except IllegalMove as error:
        raise Invalid("bad-record", str(error)) from None
    if not parsed:
        raise Invalid("empty-record", "No game found in the file.")
    games = []
    with transaction.atomic():
        for item in parsed:
            game = Game.objects.create(
                white=member, black=member, imported_by=member, rated=False, speed="untimed", time_control="-",
                status=Game.Status.FINISHED, termination="imported", **item["game"],
            )
            Move.objects.bulk_create([
                Move(game=game, ply=n, notation=text_, colour=colour, played_at=game.created_at)
                for n, (text_, colour) in enumerate(item["moves"], 1)
            ])
            games.append(game)
    return games


def _label(n: int, tags: dict) -> str:
    return f"game {n} ({tags.get('White', '?')} – {tags.get('Black', '?')})"


def _read_pdn(text: str) -> list[dict]:
    out = []
    for n, g in enumerate(pdn.read_games(text), 1):
        label = _label(n, g.tags)
        tag_variant = g.tags.get("Variant", "").strip().lower()
        try:
            discipline = tag_variant if tag_variant in DRAUGHTS else pdn.game_variant(g)
            v = variant(discipline)
            if discipline in pdn.GAMETYPES.values():
                _, positions = pdn.replay_game(g)
            else:
                p = v.from_fen(g.tags["FEN"]) if g.tags.get("FEN") else v.start()
                positions = [p]
                for ply, move in enumerate(g.moves, 1):
                    try:
                        positions.append(v.play(positions[-1], move))
                    except IllegalMove as error:
                        raise IllegalMove(f"ply {ply} ({move}): {error}") from None
        except IllegalMove as error:
            raise IllegalMove(f"{label}: {error}") from None
        moves = []
        for ply, (before, after) in enumerate(zip(positions, positions[1:]), 1):
            # Store each move in the discipline's own notation, so the game
            # replays through ``play`` whatever notation the file used.
            text_ = next((m.notation for m in v.legal_moves(before) if v.play(before, m.notation) == after), None)
            if text_ is None:
                raise IllegalMove(f"{label}: ply {ply} ({g.moves[ply - 1]}) is ambiguous")
            moves.append((text_, v.turn(before)))
        result = g.result if g.result in ("1-0", "0-1", "1/2-1/2") else ""
        final = positions[-1]
        out.append({"moves": moves, "game": dict(
            discipline=discipline, start_fen=g.tags.get("FEN", "") and v.to_fen(positions[0]),
            result=result, ply=len(moves), fen=v.to_fen(final), to_move=v.turn(final),
            event=g.tags.get("Event", "")[:120], site=g.tags.get("Site", "")[:120],
            round=g.tags.get("Round", "")[:20], white_name=g.tags.get("White", "")[:120],
            black_name=g.tags.get("Black", "")[:120], ballot=g.tags.get("Ballot", "")[:32],
        )})
    return out


def _read_renju(text: str) -> list[dict]:
    out = []
    for n, record in enumerate(renju_records.read_records(text), 1):
        label = _label(n, record.tags)
        v = variant(record.variant)
        p = v.start(rule=record.rule) if record.variant == "renju" else v.start()
        moves = []
        for number, move in enumerate(record.moves, 1):
            try:
                colour = v.turn(p)
                p = v.play(p, move)
            except IllegalMove as error:
                raise IllegalMove(f"{label}: move {number} ({move}): {error}") from None
            moves.append((move, colour))
        out.append({"moves": moves, "game": dict(
            discipline=record.variant, opening_rule=record.rule if record.variant == "renju" else "",
            result=_FROM_RENJU.get(record.result, ""), ply=len(moves), fen=v.to_fen(p), to_move=v.turn(p),
            event=record.tags.get("Event", "")[:120], round=record.tags.get("Round", "")[:20],
            white_name=record.tags.get("White", "")[:120], black_name=record.tags.get("Black", "")[:120],
        )})
    return out
