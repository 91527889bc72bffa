"""The state of a game as the game page, its WebSocket and its polling see it.

A read-only selector for the browser: one JSON-ready dict per (game, viewer),
built from the game row, its moves and the rules module. The rules module
supplies the legal moves (with the squares each one passes through), the
renju foul points and every position of the viewer; the page never judges a
move itself.
"""

from __future__ import annotations

import re
from functools import lru_cache

from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import disciplines, results
from games.rules import IllegalMove, variant

from .models import Game
from .services.positions import start_position
from .services.timing import first_move_free, first_move_grace_at, flag_deadline, lateness_at

_POINT = re.compile(r"^[a-z]\d{1,2}$")


def game_exists(game_id: int) -> bool:
    return Game.objects.filter(id=game_id).exists()


def board_spec(discipline: str) -> dict:
    """How to draw the discipline's board: size, squares or intersections, notation."""
    v = variant(discipline)
    size = v.board_size
    if hasattr(v, "geometry"):
        return {"size": size, "kind": "stones", "notation": "algebraic"}
    return {"size": size, "kind": "draughts", "notation": "numeric" if size == 10 else "algebraic"}


def discipline_title(discipline: str) -> str:
    return disciplines.discipline_title(discipline)


def _path(v, spec: dict, position, notation: str) -> list[str]:
    """The squares a move passes through, for drawing it and for clicking it."""
    if spec["kind"] == "stones":
        return [point for point in notation.split(",") if _POINT.match(point)]
    for move in v.legal_moves(position):
        if move.notation == notation:
            return [str(s) for s in move.path]
    return []


@lru_cache(maxsize=512)
def _replay(discipline: str, start_key: tuple, notations: tuple) -> tuple:
    """(start fen, [(path, fen after)], final position) of a move list; memoised,
    as every viewer of a game asks for the same replay after each move."""
    v = variant(discipline)
    spec = board_spec(discipline)
    position = start_position(
        discipline=discipline,
        start_fen=start_key[0],
        opening_rule=start_key[1],
        ballot=start_key[2],
        foul_policy=start_key[3],
    )
    start_fen = v.to_fen(position)
    steps = []
    for notation in notations:
        path = _path(v, spec, position, notation)
        # Renju protocol steps (swap, declaration, 5th-move offers) are not stones:
        # the page keeps them out of the numbered moves; a chosen offer is the 5th stone.
        protocol = getattr(position, "phase", "play") in PROTOCOL_PHASES
        position = v.play(position, notation)
        steps.append((path, v.to_fen(position), protocol))
    return start_fen, tuple(steps), position


PROTOCOL_PHASES = ("swap", "declare", "propose")


def _member_view(game: Game, member) -> str | None:
    if member is None or not getattr(member, "is_authenticated", False):
        return None
    return game.colour_of(member.id)


def _player(game: Game, colour: str) -> dict:
    member = game.white if colour == "white" else game.black
    name = (game.white_name if colour == "white" else game.black_name) or (str(member) if member else "?")
    return {"name": name, "username": member.username if member else ""}


FLAG_FALLS = ("time", "time-insufficient", "both-flags")  # games.clock.flag_fall_verdict (1.7.9, 2.1.9.1.2)


def _clock(game: Game) -> dict:
    """Each side's time left now, by the server's clock; the page only counts down."""
    now = timezone.now()
    left = {"white": game.white_ms, "black": game.black_ms}
    running = None
    # Not before a scheduled start, nor during a challenge's first moves (off the clock).
    if (
        game.status == Game.Status.ONGOING
        and game.turn_started_at
        and game.time_control not in ("", "-")
        and game.turn_started_at <= now
        and not first_move_free(game)
    ):
        running = game.to_move
        flag = flag_deadline(game)  # vacations counted
        left[running] = max(0, int((flag - now).total_seconds() * 1000)) if flag else 0
    if game.status == Game.Status.FINISHED and game.termination in FLAG_FALLS:
        # The stored time is what was left when the turn began; the flag fell on the side to move.
        left[game.to_move] = 0
    timed = game.time_control not in ("", "-")
    return {
        "white_ms": left["white"] if timed else None,
        "black_ms": left["black"] if timed else None,
        "running": running,
        "correspondence": game.speed == "correspondence",
        "deadline": game.deadline.isoformat() if game.deadline and running else None,
    }


def _url(name: str, *args) -> str | None:
    try:
        return reverse(name, args=args)
    except NoReverseMatch:
        return None


def _result_text(game: Game) -> str:
    if game.status == Game.Status.ABORTED:
        return _("Game aborted")
    if game.status != Game.Status.FINISHED:
        return ""
    if results.is_result(game.result):  # whose point, by play or forfeit: games/results.py
        winner = {
            (results.WHITE, False): _("White wins"),
            (results.BLACK, False): _("Black wins"),
            (None, False): _("Draw"),
            (results.WHITE, True): _("White wins by forfeit"),
            (results.BLACK, True): _("Black wins by forfeit"),
            (None, True): _("Both players lose by forfeit"),
        }[results.winner(game.result), results.is_forfeit(game.result)]
    else:
        winner = game.result
    reason = TERMINATIONS.get(game.termination.split(":")[0], game.termination)
    return f"{game.result} · {winner}" + (f" ({reason})" if reason else "")


TERMINATIONS = {
    "resign": gettext_lazy("resignation"),
    "time": gettext_lazy("time"),
    "no-pieces": gettext_lazy("no pieces left"),
    "blocked": gettext_lazy("no move left"),
    "five": gettext_lazy("five in a row"),
    "agreement": gettext_lazy("agreement"),
    "draw": gettext_lazy("draw by the rules"),
    "repetition": gettext_lazy("threefold repetition"),
    "foul": gettext_lazy("foul"),
    "forfeit": gettext_lazy("forfeit"),
    "no-first-move": gettext_lazy("no first move"),
    "passes": gettext_lazy("two passes"),
    "full-board": gettext_lazy("full board"),
}


def _buttons(game: Game, me: str | None, *, may_claim: bool, claim_moves: list[str] = ()) -> list[dict]:
    """The game actions open to the viewer now (moves and protocol steps are legal moves).

    ``style`` sets the look apart: "danger" ends the game for the viewer
    (resign, abort), "secondary" turns something down.
    """
    if me is None or game.status != Game.Status.ONGOING:
        return []
    opponent = "black" if me == "white" else "white"
    buttons = []

    def add(action: str, label: str, confirm: str = "", body: dict | None = None, style: str = "", api: str = ""):
        url = _url(f"api-game-{api or action}", game.id)
        if url:
            buttons.append(
                {"id": action, "label": label, "url": url, "body": body or {}, "confirm": confirm, "style": style}
            )

    if lateness_at(game) is not None and not game.is_present(me):
        add("present", _("I am here"))  # 1.9.1: present, so the allowed lateness no longer applies
    if game.draw_offer_by == opponent:
        add("draw-accept", _("Accept draw"))
        add("draw-decline", _("Decline draw"), style="secondary")
    elif not game.draw_offer_by and game.draw_barred != me and game.ply > 0 and game.to_move != me:
        # 2.1.9.3: right after one's own move (with the move itself: the page's check box).
        add("draw-offer", _("Offer draw"))
    if may_claim:  # 2.1.9.2: the side to move, once the position stands a third time
        add("claim", _("Claim threefold repetition"), body={"expected_ply": game.ply})
    for move in claim_moves:  # 2.1.9.2: or with the written move that would repeat it, unplayed
        add(
            "claim-with-move",
            _("Claim a draw with my move %(move)s (the position would stand a third time)") % {"move": move},
            body={"expected_ply": game.ply, "move": move},
            api="claim",
        )
    if game.ply < 2 and game.starts_at is None:  # a scheduled game is played or forfeited (1.9)
        add("abort", _("Abort"), _("Abort this game?"), style="danger")
    else:
        add("resign", _("Resign"), _("Resign this game?"), style="danger")
    return buttons


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


FOUL_KINDS = {  # 002 9.2
    "double-three": gettext_lazy("double three"),
    "double-four": gettext_lazy("double four"),
    "overline": gettext_lazy("overline"),
}


def _colour_word(colour: str) -> str:
    return _("White") if colour == "white" else _("Black")


def _protocol_step(position) -> str:
    """What the opening protocol asks for now, and of whom (002 §12; Taraguchi-10 and Swap2:
    games/rules/renju.py)."""
    phase, stones, rule = position.phase, position.stones, position.rule
    if phase == "place":  # Swap2: one player puts stones of both colours
        if stones < 3:
            return _("Black (tentative): place three stones — black, white, black (stone %(n)d of 3)") % {
                "n": stones + 1
            }
        return _("White (tentative): place one white and then one black stone (stone %(n)d of 2)") % {"n": stones - 2}
    if phase == "swap" and rule == "swap2":
        if stones == 3:
            return _(
                "White: take black (swap), keep white and play the 4th stone (stay), or place two more "
                "stones and let black choose"
            )
        return _("Black: choose your colour — swap to white or keep black; white then plays the 6th stone")
    if phase == "swap" and rule == "taraguchi10" and stones == 4:
        return _(
            "Black: swap colours or keep them, and black places the 5th stone inside the central 9×9; "
            "or declare ten 5th moves for white to choose from"
        )
    if phase == "play" and rule == "taraguchi10" and stones < 5:
        side = 2 * stones + 1
        return _("%(colour)s: place stone %(n)d inside the central %(side)d×%(side)d square") % {
            "colour": _colour_word(position.actor),
            "n": stones + 1,
            "side": side,
        }
    if phase == "opening":
        return _("Black (tentative): place the first three stones, the 2nd one white (stone %(n)d of 3)") % {
            "n": stones + 1
        }
    if phase == "declare":
        return _("%(colour)s: declare how many 5th moves black will offer") % {"colour": _colour_word(position.actor)}
    if phase == "swap":
        return _("%(colour)s: swap colours or keep them") % {"colour": _colour_word(position.actor)}
    if phase == "play" and stones == 3:
        return _("White: place the 4th stone")
    if phase == "propose":
        return _("Black: offer %(count)d different 5th moves (%(done)d offered)") % {
            "count": position.declared,
            "done": len(position.proposals),
        }
    if phase == "choose":
        return _("White: choose one of black's 5th moves, then play the 6th")
    return ""


def _protocol(v, position, notations: tuple, steps: tuple, *, ongoing: bool) -> dict | None:
    """The renju opening protocol as players record it: the step asked for now,
    the 5th-move offers on the board, and its facts (opening, swaps, offers)."""
    if getattr(position, "rule", "none") == "none":
        return None
    facts, swaps, offers, chosen = [], [], [], []
    stones = 0
    for notation, step in zip(notations, steps):
        if not step[2]:
            stones += 1
            if stones == 5 and offers:
                chosen.append((_("5th move chosen"), notation))
        elif notation in ("swap", "stay"):
            swaps.append(
                _("after move %(n)d: %(choice)s")
                % {"n": stones, "choice": _("colours swapped") if notation == "swap" else _("colours kept")}
            )
        elif notation == "place2":  # Swap2's third answer
            swaps.append(_("after move %(n)d: two more stones placed") % {"n": stones})
        elif notation.startswith("declare "):
            facts.append((_("5th moves declared"), notation.split()[1]))
        else:
            offers.extend(notation.split(","))
    opening = v.opening(position) if position.stones >= 3 and hasattr(v, "opening") else None
    if opening is not None:
        facts.insert(0, (_("Opening"), f"{opening.code} {opening.name}"))
    if swaps:
        facts.insert(1 if opening else 0, (_("Swap"), "; ".join(swaps)))
    if offers:
        facts.append((_("5th moves offered"), ", ".join(offers)))
    facts += chosen
    shown = [v.geometry.name(i) for i in position.proposals] if position.phase in ("propose", "choose") else []
    return {
        "step": _protocol_step(position) if ongoing else "",
        "phase": position.phase,
        "offers": shown,
        "facts": facts,
    }


def _start_text(game: Game, me: str | None) -> str:
    """When the game starts, or by when the player to move must make his first move."""
    if game.status != Game.Status.ONGOING:
        return ""
    if game.starts_at is not None and timezone.now() < game.starts_at:
        return _("The game starts at %(time)s.") % {
            "time": date_format(timezone.localtime(game.starts_at), "SHORT_DATETIME_FORMAT")
        }
    grace = first_move_grace_at(game)
    if grace is not None and me == game.to_move:
        return _("Your first move is off the clock; make it by %(time)s or the game is aborted.") % {
            "time": timezone.localtime(grace).strftime("%H:%M:%S")
        }
    return ""


def game_state(game_id: int, member=None, *, since: int | None = None) -> dict | None:
    """The state of game ``game_id`` for ``member`` (None or anonymous: a spectator).

    ``moves`` lists only the moves after ply ``since`` (all without it), each
    with its notation, path and the FEN after it.
    """
    game = Game.objects.select_related("white", "black").filter(id=game_id).first()
    if game is None:
        return None
    v = variant(game.discipline)
    spec = board_spec(game.discipline)
    notations = tuple(game.moves.order_by("ply").values_list("notation", flat=True))
    start_fen, steps, position = _replay(
        game.discipline, (game.start_fen, game.opening_rule, game.ballot, game.foul_policy), notations
    )
    me = _member_view(game, member)
    turn = v.turn(position)
    ongoing = game.status == Game.Status.ONGOING
    my_turn = bool(me) and ongoing and game.to_move == me
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
                [move.notation] if _POINT.match(move.notation) else []
            )
            legal.append({"notation": move.notation, "path": path})
    fouls = {}
    if ongoing and hasattr(v, "fouls") and turn == "black" and getattr(position, "phase", "play") == "play":
        fouls = v.fouls(position)
    may_claim = my_turn and hasattr(v, "can_claim_repetition") and v.can_claim_repetition(position)
    claim_moves = _repeating_moves(v, position, legal) if my_turn and hasattr(v, "can_claim_repetition") else []
    first = 0 if since is None else max(0, min(since, len(steps)))
    offer_text = ""
    if ongoing and game.draw_offer_by:
        offer_text = _("White offers a draw") if game.draw_offer_by == "white" else _("Black offers a draw")
    return {
        "id": game.id,
        "discipline": game.discipline,
        "board": spec,
        "status": game.status,
        "ongoing": ongoing,
        "result": game.result,
        "termination": game.termination,
        "status_text": _result_text(game),
        "offer_text": offer_text,
        "start_text": _start_text(game, me),
        "ply": len(steps),
        "start_fen": start_fen,
        "fen": steps[-1][1] if steps else start_fen,
        "turn": game.to_move,
        "phase": getattr(position, "phase", ""),
        "my_color": me,
        "my_turn": my_turn,
        "players": {"white": _player(game, "white"), "black": _player(game, "black")},
        "moves": [
            {"ply": i + 1, "notation": notations[i], "path": steps[i][0], "fen": steps[i][1], "protocol": steps[i][2]}
            for i in range(first, len(steps))
        ],
        "legal_moves": legal,
        "pair_points": pair_points,
        "fouls": sorted(fouls),
        "foul_kinds": {point: FOUL_KINDS.get(kind, kind) for point, kind in fouls.items()},
        "foul_policy": getattr(position, "foul_policy", ""),
        "protocol": _protocol(v, position, notations, steps, ongoing=ongoing),
        "clock": _clock(game),
        "draw_offer_by": game.draw_offer_by,
        "may_offer_with_move": my_turn and not game.draw_offer_by and game.draw_barred != me,
        "buttons": _buttons(game, me, may_claim=may_claim, claim_moves=claim_moves),
        "rated": game.rated,
        "speed": game.speed,
        "urls": {
            "state": reverse("games:game-state", args=[game.id]),
            "move": _url("api-game-moves", game.id),
        },
    }
