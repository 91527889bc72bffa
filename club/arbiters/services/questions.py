"""Questions (1.3.1 «обращаться … к судьям и в организационный комитет»): a player of a game asks
its arbiter, a player of an event its organising committee, and sees the answer."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from club.championships.authority import Action, require
from club.championships.decisions import reason_given
from club.championships.models import Championship
from club.championships.selectors import championship_of_game
from club.championships.selectors.events import is_participant
from foundation.refusals import Conflict, Forbidden, NotFound
from games.models import Game

from ..models import Question
from .arrivals import question_arrived
from .audit import audit


def question_ask(*, member, game_id: int, text: str, now: datetime | None = None) -> Question:
    now = now or timezone.now()
    text = reason_given(text)
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise NotFound("no-such-game", _("There is no such game."))
    if not getattr(member, "is_authenticated", False) or game.colour_of(member.pk) is None:
        raise Forbidden("not-a-player", _("Only the players of the game may ask its arbiter."))
    with transaction.atomic():
        question = Question.objects.create(game=game, asked_by=member, asked_at=now, text=text)
        question_arrived(question)
    return question


def question_to_organisers(*, member, championship_id: int, text: str, now: datetime | None = None) -> Question:
    """A player of the event (entered, or on a team's roster) asks its organising committee."""
    now = now or timezone.now()
    text = reason_given(text)
    championship = Championship.objects.filter(pk=championship_id).first()
    if championship is None or championship.status == Championship.Status.DRAFT:
        raise NotFound("no-such-championship", _("There is no such championship."))
    if not getattr(member, "is_authenticated", False) or not is_participant(championship, member.pk):
        raise Forbidden("not-a-player", _("Only the event's players ask its organising committee (003 1.3.1)."))
    return Question.objects.create(championship=championship, asked_by=member, asked_at=now, text=text)


def question_answer(*, by, question_id: int, answer: str, now: datetime | None = None) -> Question:
    now = now or timezone.now()
    answer = reason_given(answer)
    with transaction.atomic():
        question = (
            # Lock the question's row only: its game may be none (an outer join PostgreSQL will not lock).
            Question.objects.select_for_update(of=("self",))
            .select_related("game", "championship")
            .filter(pk=question_id)
            .first()
        )
        if question is None:
            raise NotFound("no-question", _("There is no such question."))
        if question.game is None:  # to the organising committee: its organiser answers
            require(by, Action.EVENT_ORGANISE, question.championship)
            championship = question.championship
        else:
            require(by, Action.GAME_DESK, question.game)
            championship = championship_of_game(question.game)
        if question.answered_at is not None:
            raise Conflict("already-answered", _("This question has already been answered."))
        question.answer, question.answered_by, question.answered_at = answer, by, now
        question.save(update_fields=["answer", "answered_by", "answered_at"])
        audit(
            actor=by,
            action="question:answer",
            reason=answer,
            clause="003 1.3.1",
            championship=championship,
            game=question.game,
            member=question.asked_by,
            now=now,
            question=question.pk,
        )
        return question
