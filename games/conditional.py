"""Conditional moves in correspondence: "if he plays X, answer Y".

A player sets a line right after his own move, while the opponent is to
move: pairs of (the opponent's move, my answer). When the opponent's move
is the line's next one, the server plays the answer — through
``services.game_move_make``, exactly as if the player had sent it — from the
correspondence-turn hook (``games.events.on_turns_passed``, run by beat every
few seconds). A different reply deletes the line.
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from games.models import ConditionalLine, Game, Move
from games.positions import game_position, rules_of
from games.pure_words import worded
from games.rules.base import IllegalMove
from games.rules.words import N_
from games.services import game_move_make
from games.services.errors import Forbidden, Invalid, PlayRefused, RuleRefusal

MAX_PLIES = 20  # ten "if … then …" pairs are deeper than anyone prepares


def _canonical(v, position, text: str) -> str:
    """The notation the game stores for ``text`` in ``position`` (IllegalMove if none)."""
    target = v.to_fen(v.play(position, text))
    for move in v.legal_moves(position):
        if move.notation == text or v.to_fen(v.play(position, move.notation)) == target:
            return move.notation
    raise IllegalMove(N_("%(text)r is not a move here"), text=text)


def conditional_line_set(*, game_id: int, member, moves: list[str]) -> ConditionalLine | None:
    """Store ``member``'s line (replacing his previous one); an empty list deletes it.

    Each move is checked against the rules from the current position: the
    opponent's first, then the answer, and so on.
    """
    game = Game.objects.filter(id=game_id).first()
    if game is None or game.colour_of(member.id) is None:
        raise Forbidden("not-a-player", _("Only a player of this game prepares its moves."))
    if not moves:
        ConditionalLine.objects.filter(game=game, member=member).delete()
        return None
    if game.status != Game.Status.ONGOING or not game.time_control.correspondence:
        raise RuleRefusal("not-correspondence", _("Conditional moves are for ongoing correspondence games."))
    if game.to_move == game.colour_of(member.id):
        raise RuleRefusal("your-turn", _("It is your move: make it; prepare answers after it."))
    if len(moves) % 2 or len(moves) > MAX_PLIES:
        raise Invalid(
            "bad-line",
            _("A line is pairs of moves (the opponent's, then yours), at most %(n)s.") % {"n": MAX_PLIES // 2},
        )
    v, position, canonical = rules_of(game), game_position(game), []
    for n, text in enumerate(moves, 1):
        try:
            canonical.append(_canonical(v, position, str(text).strip()))
            position = v.play(position, canonical[-1])
        except IllegalMove as error:
            raise RuleRefusal(
                "illegal-move",
                _("Move %(n)s of the line, %(text)s: %(error)s") % {"n": n, "text": repr(text), "error": worded(error)},
            ) from None
        if v.result(position) is not None and n < len(moves):
            raise RuleRefusal("line-after-end", _("The game would be over after move %(n)s of the line.") % {"n": n})
    line, _created = ConditionalLine.objects.update_or_create(
        game=game, member=member, defaults={"after_ply": game.ply, "moves": canonical}
    )
    return line


def conditional_lines_apply(game_ids: list[int]) -> None:
    """The correspondence-turn hook: answer each opponent's move a line foresaw."""
    for line in ConditionalLine.objects.filter(game_id__in=game_ids).select_related("game", "member"):
        game = line.game
        last = Move.objects.filter(game=game, ply=line.after_ply + 1).values_list("notation", flat=True).first()
        if game.ply != line.after_ply + 1 or game.status != Game.Status.ONGOING:
            if game.ply > line.after_ply + 1 or game.status != Game.Status.ONGOING:
                line.delete()  # the game went past the line (the player moved himself, or it ended)
            continue
        if last != line.moves[0]:
            line.delete()  # he answered otherwise: the line no longer applies
            continue
        with transaction.atomic():
            try:
                game_move_make(
                    game_id=game.id,
                    member=line.member,
                    text=line.moves[1],
                    expected_ply=game.ply,
                    idempotency_key=f"conditional-{line.id}-{game.ply}",
                )
            except PlayRefused:
                line.delete()  # e.g. the flag fell meanwhile; the player answers himself
                continue
            rest = line.moves[2:]
            if rest:
                ConditionalLine.objects.filter(id=line.id).update(after_ply=game.ply + 1, moves=rest)
            else:
                line.delete()


def conditional_line_of(game: Game, member) -> list[str]:
    if not getattr(member, "is_authenticated", False):
        return []
    line = ConditionalLine.objects.filter(game=game, member=member).first()
    return line.moves if line and line.after_ply == game.ply else []
