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


def _game_label(game) -> str:
    return f"{game.white} – {game.black}"


def claim_arrived(claim: DrawClaim) -> None:
    game = claim.game
    championship = championship_of_game(game)
    arbiter_notify(
        recipients=officials_who_may(Action.GAME_DESK, game),
        key=f"inbox:claim:{claim.pk}",
        params={
            "what": "claim",
            "event": championship.name if championship else "",
            "player": str(claim.claimed_by),
            "game": _game_label(game),
            "kind": claim.kind,
        },
        url=reverse("arbiters:game", args=[game.pk]),
        game_id=game.pk,
    )


def question_arrived(question: Question) -> None:
    game = question.game
    championship = championship_of_game(game)
    arbiter_notify(
        recipients=officials_who_may(Action.GAME_DESK, game),
        key=f"inbox:question:{question.pk}",
        params={
            "what": "question",
            "event": championship.name if championship else "",
            "player": str(question.asked_by),
            "game": _game_label(game),
        },
        url=reverse("arbiters:game", args=[game.pk]),
        game_id=game.pk,
    )


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


def protest_url(protest: Protest) -> str:
    """Where the protest is ruled on: its event's desk, or the club's protest page."""
    if protest.championship_id:
        return reverse("championship-desk", args=[protest.championship_id]) + f"#protest-{protest.pk}"
    return reverse("arbiters:protest", args=[protest.pk])
