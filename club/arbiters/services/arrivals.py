"""Telling the officials that something has arrived for them to decide: a draw
claim or a question at a game (any arbiter of it may act), a protest (whoever
rules on it, 1.3.1). The recipients are those the authority lets act on the
object itself (``officials_who_may``), never a list the caller passes; the
notice goes out once the caller's transaction commits."""

from __future__ import annotations

from django.urls import reverse

from club.championships.authority import Action, officials_who_may
from club.championships.selectors import championship_of_game
from club.notifications.services import arbiter_notify

from ..models import DrawClaim, Protest, Question
from ..selectors import protest_url


def _game_label(game) -> str:
    return f"{game.white} – {game.black}"


def _game_desk_notify(game, key: str, what: str, player, **params) -> None:
    """Tell a game's officials that something waits at its desk."""
    championship = championship_of_game(game)
    arbiter_notify(
        recipients=officials_who_may(Action.GAME_DESK, game),
        key=key,
        params={
            "what": what,
            "event": championship.name if championship else "",
            "player": str(player),
            "game": _game_label(game),
            **params,
        },
        url=reverse("arbiters:game", args=[game.pk]),
        game_id=game.pk,
    )


def claim_arrived(claim: DrawClaim) -> None:
    _game_desk_notify(claim.game, f"inbox:claim:{claim.pk}", "claim", claim.claimed_by, kind=claim.kind)


def question_arrived(question: Question) -> None:
    _game_desk_notify(question.game, f"inbox:question:{question.pk}", "question", question.asked_by)


def protest_arrived(protest: Protest) -> None:
    arbiter_notify(
        recipients=officials_who_may(Action.PROTEST_RULE, protest),
        key=f"inbox:protest:{protest.pk}",
        params={
            "what": "protest",
            "event": protest.championship.name if protest.championship_id else "",
            "player": str(protest.member),
        },
        url=protest_url(protest),
        game_id=protest.game_id,
    )
