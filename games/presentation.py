"""How the play pages show the game layer's facts: words, labels, URLs, the
JSON the game page draws. The one formatting module of the pages: it reads
nothing from the database (games/selectors.py does) and imports no view, so
views, the game page's socket and template filters all use it.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from foundation import zones
from games import disciplines, results, time_words
from games.models import Game
from games.rules import ballots64, variant

if TYPE_CHECKING:  # the facts it formats; it reads nothing itself
    from games.selectors import Action, GameView


# ---- names and titles -------------------------------------------------------------------------------
def board_spec(discipline: str, position=None) -> dict:
    """How to draw the discipline's board: size, squares or intersections, notation; the infinite
    field (004) as far as it has grown in ``position``: its size and the point of its lower left corner."""
    v = variant(discipline)
    size = v.board_size
    if getattr(v, "infinite", False) and position is not None:
        left, bottom, right, _ = v.field(position)
        return {"size": right - left + 1, "kind": "stones", "notation": "algebraic", "origin": [left, bottom]}
    if v.family == "renju":
        return {"size": size, "kind": "stones", "notation": "algebraic"}
    return {"size": size, "kind": "draughts", "notation": "numeric" if size == 10 else "algebraic"}


def player(game: Game, colour: str) -> dict:
    member = game.white if colour == "white" else game.black
    name = (game.white_name if colour == "white" else game.black_name) or (str(member) if member else "?")
    return {"name": name, "username": member.username if member else ""}


def challenge_colours(challenge) -> str:
    """Who plays which colour in a challenge, as its lists show it: the challenger's choice."""
    name = str(challenge.challenger)
    if challenge.colour == "white":
        return _("%(name)s plays white") % {"name": name}
    if challenge.colour == "black":
        return _("%(name)s plays black") % {"name": name}
    return _("colours by lot")


def _colour_word(colour: str) -> str:
    return _("White") if colour == "white" else _("Black")


# ---- results ----------------------------------------------------------------------------------------
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
    "move-limit": gettext_lazy("the event's move limit"),
    "arbiter": gettext_lazy("arbiter's decision"),
    "adjudication": gettext_lazy("adjudication"),
}


def result_text(game: Game) -> str:
    """The game's result in words ("1-0 · White wins (resignation)"), "" while it goes on."""
    if game.status == Game.Status.ABORTED:
        return _("Game aborted")
    if game.status != Game.Status.FINISHED:
        return ""
    if results.is_result(game.result):  # whose point, by play or forfeit: games/results.py
        winner = {
            results.WHITE_WINS: _("White wins"),
            results.BLACK_WINS: _("Black wins"),
            results.DRAW: _("Draw"),
            results.BOTH_LOST: _("Both players lose"),
            results.WHITE_FORFEIT_WIN: _("White wins by forfeit"),
            results.BLACK_FORFEIT_WIN: _("Black wins by forfeit"),
            results.BOTH_FORFEIT: _("Both players lose by forfeit"),
        }[game.result]
    else:
        winner = game.result
    reason = TERMINATIONS.get(game.termination.split(":")[0], game.termination)
    return f"{results.shown(game.result)} · {winner}" + (f" ({reason})" if reason else "")


# ---- the game page ------------------------------------------------------------------------------------
FOUL_KINDS = {  # 002 9.2
    "double-three": gettext_lazy("double three"),
    "double-four": gettext_lazy("double four"),
    "overline": gettext_lazy("overline"),
}

# The look of each action's button: its label, the question it asks first, and
# "danger" (it ends the game for the viewer) or "secondary" (it turns something down).
_ACTIONS = {
    "present": (gettext_lazy("I am here"), "", ""),
    "draw-accept": (gettext_lazy("Accept draw"), "", ""),
    "draw-decline": (gettext_lazy("Decline draw"), "", "secondary"),
    "draw-offer": (gettext_lazy("Offer draw"), "", ""),
    "claim": (gettext_lazy("Claim threefold repetition"), "", ""),
    "claim-with-move": (
        gettext_lazy("Claim a draw with my move %(move)s (the position would stand a third time)"),
        "",
        "",
    ),
    "abort": (gettext_lazy("Abort"), gettext_lazy("Abort this game?"), "danger"),
    "resign": (gettext_lazy("Resign"), gettext_lazy("Resign this game?"), "danger"),
}


def url(name: str, *args) -> str | None:
    try:
        return reverse(name, args=args)
    except NoReverseMatch:
        return None


def buttons(game: Game, actions: list[Action]) -> list[dict]:
    """The viewer's open actions as the page's buttons (an action whose API is not served is left out)."""
    shown = []
    for action in actions:
        target = url(f"api-game-{action.api or action.name}", game.id)
        if not target:
            continue
        label, confirm, style = _ACTIONS[action.name]
        label = str(label) % {"move": action.body["move"]} if "move" in action.body else str(label)
        shown.append(
            {
                "id": action.name,
                "label": label,
                "url": target,
                "body": action.body,
                "confirm": str(confirm),
                "style": style,
            }
        )
    return shown


def clock(clocks: dict, game: Game) -> dict:
    """The clocks (selectors.game_clocks) as the page counts them down."""
    timed = clocks["kind"] != "untimed"
    return {
        "white_ms": clocks["white_ms"] if timed else None,
        "black_ms": clocks["black_ms"] if timed else None,
        "running": clocks["running"],
        "correspondence": game.time_control.correspondence,
        # A time bank's clocks show two things: the running one this move's time, the other the bank.
        "bank": game.time_control.kind == "correspondence-bank",
        "deadline": game.deadline.isoformat() if game.deadline and clocks["running"] else None,
    }


def offer_text(game: Game) -> str:
    if game.status != Game.Status.ONGOING or not game.draw_offer_by:
        return ""
    return _("White offers a draw") if game.draw_offer_by == "white" else _("Black offers a draw")


def start_text(view: GameView) -> str:
    """When the game starts, or by when the player to move must make his first move."""
    game = view.game
    if game.status != Game.Status.ONGOING:
        return ""
    if game.starts_at is not None and timezone.now() < game.starts_at:
        return _("The game starts at %(time)s.") % {"time": zones.shown(game.starts_at)}
    if view.first_move_by is not None and view.me == game.to_move:
        return _("Your first move is off the clock; make it by %(time)s or the game is aborted.") % {
            "time": zones.shown(view.first_move_by, seconds=True)
        }
    if view.awaited is not None and view.me:
        if view.me == view.awaited:
            return _("Your clock is running: say you are at the board (1.6.3).")
        return _("Your opponent has not come: his clock runs, and you move once he is here (1.6.3).")
    return ""


def paused_text(view: GameView) -> str:
    """Why no move can be made now, when the arbiter has stopped the clocks: an adjournment
    until its set time (003 5.3.3.3), play closed for adjudication, or an interruption."""
    stopped = view.stopped
    if stopped is None:
        return ""
    if stopped.get("adjudication"):
        return _("Play has closed: the chief arbiter adjudicates this game.")
    if stopped.get("adjourned") and stopped.get("resume_at"):
        resume_at = datetime.fromisoformat(stopped["resume_at"])
        return _("The game is adjourned until %(time)s: the sealed move is played when it resumes.") % {
            "time": zones.shown(resume_at)
        }
    return _("The arbiter has stopped the clocks; play resumes when the arbiter restarts them.")


def delay_text(view: GameView) -> str:
    """Why a spectator sees the game some minutes late: the event's broadcast delay."""
    if not view.delay:
        return ""
    minutes = round(view.delay.total_seconds() / 60)
    return ngettext(
        "The event shows its games to spectators %(minutes)d minute late.",
        "The event shows its games to spectators %(minutes)d minutes late.",
        minutes,
    ) % {"minutes": minutes}


def protocol_step(position) -> str:
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


def protocol(v, position, notations: tuple, steps: tuple, *, ongoing: bool) -> dict | None:
    """The renju opening protocol as players record it: the step asked for now,
    the 5th-move offers on the board, and its facts (opening, swaps, offers)."""
    if getattr(position, "rule", "none") == "none":
        return None
    facts, swaps, offers, chosen = [], [], [], []
    stones = 0
    for notation, step in zip(notations, steps):
        if not step.protocol:
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
        "step": protocol_step(position) if ongoing else "",
        "phase": position.phase,
        "offers": shown,
        "facts": facts,
    }


def game_state(view: GameView, *, since: int | None = None) -> dict:
    """The JSON the game page draws, for one viewer (``since``: only the moves after that ply)."""
    game, replay, me = view.game, view.replay, view.me
    v = variant(game.discipline)
    steps, position = replay.steps, replay.position
    first = 0 if since is None else max(0, min(since, len(steps)))
    return {
        "id": game.id,
        "discipline": game.discipline,
        "board": board_spec(game.discipline, position),
        "status": game.status,
        "ongoing": view.ongoing,
        "result": game.result,
        "termination": game.termination,
        "status_text": result_text(game),
        "offer_text": offer_text(game),
        "start_text": start_text(view),
        "paused_text": paused_text(view),
        "delay_s": int(view.delay.total_seconds()),
        "delay_text": delay_text(view),
        "ply": len(steps),
        "start_fen": replay.start_fen,
        "fen": steps[-1].fen if steps else replay.start_fen,
        "turn": game.to_move,
        "phase": getattr(position, "phase", ""),
        "my_color": me,
        "my_turn": view.my_turn,
        "players": {"white": player(game, "white"), "black": player(game, "black")},
        "moves": [
            {
                "ply": i + 1,
                "notation": replay.notations[i],
                "path": steps[i].path,
                "fen": steps[i].fen,
                "protocol": steps[i].protocol,
            }
            for i in range(first, len(steps))
        ],
        "legal_moves": view.legal,
        "pair_points": view.pair_points,
        "fouls": sorted(view.fouls),
        "foul_kinds": {point: FOUL_KINDS.get(kind, kind) for point, kind in view.fouls.items()},
        "foul_policy": getattr(position, "foul_policy", ""),
        "protocol": protocol(v, position, replay.notations, steps, ongoing=view.ongoing),
        "clock": clock(view.clocks, game),
        "draw_offer_by": game.draw_offer_by,
        "may_offer_with_move": view.my_turn and not game.draw_offer_by and game.draw_barred != me,
        "buttons": buttons(game, view.actions),
        "rated": game.rated,
        "speed": game.speed,
        "urls": {
            "state": reverse("games:game-state", args=[game.id]),
            "move": url("api-game-moves", game.id),
        },
    }


def page_texts() -> dict:
    """Words the game page script shows, in the page's language."""
    return {
        "yourMove": _("Your move"),
        "opponentsMove": _("Waiting for the opponent's move"),
        "networkError": _("The server cannot be reached; retrying."),
        "offerWithMove": _("Offer a draw with this move"),
        "days": _("d"),
        "clockThisMove": _("for this move"),
        "clockBank": _("bank"),
        # 002 9.2; %(point)s and %(kind)s are filled in by the page.
        "foulRefused": _("%(point)s is forbidden for black (%(kind)s): the stone is refused."),
        "foulLoses": _("%(point)s is a foul (%(kind)s): under this game's rules the stone loses the game. Play it?"),
        "actions": {
            "pass": _("Pass"),
            "swap": _("Swap colours"),
            "stay": _("Keep colours"),
            "place2": _("Place two more stones"),  # Swap2's third answer
            "declare": _("Declare 5th moves:"),
        },
        "board": {
            "board": _("board"),
            "white": _("white"),
            "black": _("black"),
            "whiteKing": _("white king"),
            "blackKing": _("black king"),
            "selected": _("selected"),
            "cancelled": _("choice cancelled"),
        },
    }


DOWNLOADS = {"draughts": [("pdn", "PDN")], "stones": [("renju", "Renju"), ("sgf", "SGF")]}


def claims_open(game: Game, state: dict) -> dict:
    """The claims the page's forms offer a player of an ongoing game, where the rules could grant
    them: the side to move in draughts claims a threefold repetition once the position stands a
    third time, or with the written move that would make it so (003 2.1.9.2: the game's open
    actions say when); white under the renju "foul-claim" policy points out a foul (002 9.8)."""
    me = state["my_color"] if state["ongoing"] else None
    repetition = {"claim", "claim-with-move"} & {button["id"] for button in state["buttons"]}
    return {
        "repetition": bool(me) and state["my_turn"] and bool(repetition),
        "foul": me == "white" and game.discipline == "renju" and game.foul_policy == "foul-claim",
    }


def game_page(game: Game, state: dict) -> dict:
    """The game page's words around the board: its title, the game's terms, the record downloads."""
    # The first player first: white in draughts, black in renju and its family.
    first, second = ("black", "white") if state["board"]["kind"] == "stones" else ("white", "black")
    return {
        "title": f"{state['players'][first]['name']} – {state['players'][second]['name']}",
        "texts": page_texts(),
        "discipline_title": disciplines.discipline_title(game.discipline),
        "time_control_html": time_words.abbr(game.time_control),
        "downloads": [
            {"url": reverse("games:game-download", args=[game.id]) + f"?format={fmt}", "label": label}
            for fmt, label in DOWNLOADS[state["board"]["kind"]]
        ],
        "ballot_text": ballots64.describe(game.ballot) if game.ballot else "",  # шашки-64 (003 2.2.2)
        "opening_rule_text": disciplines.opening_rule_title(game.opening_rule)
        if game.discipline == "renju" or game.opening_rule not in ("", "none")
        else "",
        "foul_policy_text": disciplines.foul_policy_title(game.foul_policy) if game.discipline == "renju" else "",
    }


# ---- rows of the lists ----------------------------------------------------------------------------------
def challenge_rows(challenges) -> list:
    """Challenges with their discipline's title."""
    rows = list(challenges)
    for challenge in rows:
        challenge.discipline_title = disciplines.discipline_title(challenge.discipline)
    return rows


def game_rows(games) -> list[Game]:
    """Games of a member's list (selectors.with_sides) with their discipline's title; an
    imported record's "opponent" is its two players' names."""
    rows = list(games)
    for game in rows:
        game.discipline_title = disciplines.discipline_title(game.discipline)
        if game.imported_by_id:
            game.opponent = f"{game.white_name or '?'} – {game.black_name or '?'}"
    return rows
