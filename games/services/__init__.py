"""Game services (writes). Keyword-only functions named <entity>_<action>."""

from .challenges import challenge_accept, challenge_cancel, challenge_create, challenge_decline, game_create
from .errors import Conflict, Forbidden, Invalid, NotFound, PlayRefused, RuleRefusal
from .finish import Ending, game_adjudicate, game_finish, games_sweep
from .fouls import game_foul_claim
from .play import (
    MoveOutcome,
    game_abort,
    game_check_in,
    game_draw_answer,
    game_draw_offer,
    game_move_make,
    game_repetition_claim,
    game_resign,
)
from .vacations import vacation_take

__all__ = [
    "challenge_accept",
    "challenge_cancel",
    "challenge_create",
    "challenge_decline",
    "game_create",
    "Conflict",
    "Forbidden",
    "Invalid",
    "NotFound",
    "PlayRefused",
    "RuleRefusal",
    "Ending",
    "game_adjudicate",
    "game_finish",
    "games_sweep",
    "MoveOutcome",
    "game_abort",
    "game_check_in",
    "game_draw_answer",
    "game_draw_offer",
    "game_move_make",
    "game_repetition_claim",
    "game_resign",
    "vacation_take",
    "game_foul_claim",
]
