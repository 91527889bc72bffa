"""Reads of the arbiters' records."""

from __future__ import annotations

from datetime import datetime

from django.db.models import Q, QuerySet
from django.urls import reverse
from django.utils import timezone

from club.championships.authority import Action, verdict
from club.championships.decisions import PROTESTABLE, action_words, decision_concerns
from club.championships.models import Appointment, Championship, Entry
from games.models import Game
from games.positions import game_position, rules_of
from games.presentation import page_texts
from games.rules import family
from games.rules.draughts import king_endgame
from games.timing import clocks_stopped
from members.roles import Role, has_any_role, has_role

from .models import Adjournment, AuditEntry, DrawClaim, Protest, Question, Sanction

# The rapid/blitz ladder (1.16.6): first a remark, second a warning, third the loss of the game.
LADDER = (Sanction.Kind.REMARK, Sanction.Kind.WARNING, Sanction.Kind.LOSS_OF_GAME)


def ladder_next(*, game, member) -> dict:
    """The rapid/blitz ladder (1.16.6): the member's in-force sanctions in this
    game and the step the arbiter is offered next — first a remark, second a
    warning, third the loss of the game, after that the arbiter's choice
    (``next`` None). Classical games have no ladder (``applies`` False)."""
    count = Sanction.objects.filter(game=game, member=member, status=Sanction.Status.IN_FORCE).count()
    applies = game.speed in ("rapid", "blitz")
    step = LADDER[count] if applies and count < len(LADDER) else None
    return {"applies": applies, "violations": count, "next": step, "clause": "003 1.16.6"}


def concerning(member) -> dict:
    """What concerns a player: sanctions against him, his protests, his questions, and the log entries about him."""
    return {
        "sanctions": list(Sanction.objects.filter(member=member).select_related("game", "championship", "issued_by")),
        "protests": list(Protest.objects.filter(member=member).select_related("sanction", "ruled_by")),
        "questions": list(Question.objects.filter(asked_by=member).select_related("game", "answered_by")),
        "decisions": list(AuditEntry.objects.filter(member=member).select_related("actor")[:200]),
    }


def sanctions_visible(viewer, *, member=None) -> QuerySet[Sanction]:
    """The sanctions ``viewer`` may read (of ``member`` only, if given): his own; those
    of the club and its club games for the club's arbiters, organisers and
    administrators; a championship's (and its games') for those who may read its
    log (``may_see_log``: its arbiters, its organiser, the club's administrators)."""
    if not getattr(viewer, "is_authenticated", False) or not viewer.is_active:
        return Sanction.objects.none()
    sanctions = Sanction.objects.select_related("member", "issued_by", "game", "championship")
    if member is not None:
        sanctions = sanctions.filter(member=member)
    if has_role(viewer, Role.ADMIN):
        return sanctions
    readable = Q(member=viewer)
    readable |= Q(championship__organiser=viewer) | Q(
        championship__in=Appointment.objects.filter(member=viewer).values("championship")
    )
    if has_any_role(viewer, Role.ARBITER, Role.ORGANISER):
        readable |= Q(championship__isnull=True)
    return sanctions.filter(readable)


def may_see_log(member, championship: Championship) -> bool:
    """A championship's audit log is for its officials and its organiser (and the club's administrators)."""
    return verdict(member, Action.EVENT_READ, championship).allowed


def championship_log(championship: Championship) -> list[AuditEntry]:
    return list(AuditEntry.objects.filter(championship=championship).select_related("actor", "member", "game"))


def adjourned_games(championship: Championship) -> list[Adjournment]:
    """The championship's adjourned games in the order they resume (time, then the arbiter's order);
    a game decided meanwhile (a resignation, the arbiter's result) is adjourned no more."""
    return list(
        Adjournment.objects.filter(
            game__championship_board__round__championship=championship, game__status=Game.Status.ONGOING
        )
        .exclude(status=Adjournment.Status.RESUMED)
        .select_related("game", "ordered_by")
        .order_by("resume_at", "order", "id")
    )


def organiser_questions(championship: Championship, member) -> list[Question]:
    """An event's questions to its organising committee (1.3.1): the player sees his own, its
    organiser (and the club's administrators) every one."""
    questions = Question.objects.filter(championship=championship)
    if not verdict(member, Action.EVENT_ORGANISE, championship).allowed:
        questions = questions.filter(asked_by_id=getattr(member, "pk", None) or 0)
    return list(questions.select_related("asked_by", "answered_by"))


def concerning_decisions(championship: Championship, member) -> list:
    """The event's decisions that touch ``member``, which he may protest (1.3.1), latest first."""
    if not getattr(member, "is_authenticated", False):
        return []
    found = championship.decisions.filter(action__in=PROTESTABLE).order_by("-at", "-id")
    return [d for d in found if member.pk in decision_concerns(d)]


def game_questions(game, member) -> list[Question]:
    """The questions of a game a member may see: the players their own, the game's arbiters all."""
    questions = Question.objects.filter(game=game)
    if not verdict(member, Action.GAME_DESK, game).allowed:
        questions = questions.filter(Q(asked_by_id=getattr(member, "pk", None)))
    return list(questions.select_related("asked_by", "answered_by"))


def protest_panel(championship: Championship) -> list[dict]:
    """Who sits on the championship's protest panel (1.3.1), public as its arbiters are."""
    seats = championship.appointments.filter(role=Appointment.Role.PANEL).select_related("member").order_by("pk")
    return [{"id": s.member_id, "name": str(s.member)} for s in seats]


def may_arbitrate(member, game) -> bool:
    """May ``member`` act at ``game``'s desk: an arbiter of its event by appointment, of a
    club game by club role; never one of its players."""
    return verdict(member, Action.GAME_DESK, game).allowed


def game_desk(game) -> dict:
    """What the game's arbiter page acts on: the open adjournment, pending draw claims, unanswered questions,
    and each player's sanctions in the game with the ladder's next step (1.16.6)."""
    players = [game.white, game.black]
    adjournment = open_adjournment(game)
    return {
        "players": players,
        "may_resume": adjournment is not None and adjournment_resumable(adjournment, timezone.now()),
        "ladders": [(p, ladder_next(game=game, member=p)) for p in players],
        "sanctions": list(Sanction.objects.filter(game=game).select_related("member", "issued_by")),
        "adjournment": adjournment,
        "claims": list(
            DrawClaim.objects.filter(game=game, status=DrawClaim.Status.PENDING).select_related("claimed_by")
        ),
        "questions": list(
            Question.objects.filter(game=game, answered_at__isnull=True).select_related("asked_by").order_by("asked_at")
        ),
    }


def open_adjournment(game) -> Adjournment | None:
    """The game's adjournment not yet resumed, if any, while the game goes on."""
    if game.status != Game.Status.ONGOING:
        return None
    return Adjournment.objects.filter(game=game).exclude(status=Adjournment.Status.RESUMED).first()


def five_moves_claim_open(game, member) -> bool:
    """A player of an ongoing draughts game may ask the arbiter for a draw by the five-move
    rule (2.1.9.1.6) in an endgame of kings, while the clocks run (not in an adjournment nor
    once play has closed for adjudication), unless a claim in the game already waits."""
    return (
        game.status == Game.Status.ONGOING
        and game.colour_of(getattr(member, "pk", None)) is not None
        and family(game.discipline) == "draughts"
        and clocks_stopped(game) is None
        and king_endgame(game_position(game))
        and not DrawClaim.objects.filter(game=game, status=DrawClaim.Status.PENDING).exists()
    )


def seal_choices(game) -> list[tuple[str, str]]:
    """The opening-protocol answers open to the player to move (swap, keep colours, pass…),
    as (the move, the game page's button words): he seals one with the same words."""
    labels = page_texts()["actions"]
    legal = rules_of(game).legal_moves(game_position(game))
    return [(m.notation, str(labels[m.notation])) for m in legal if m.notation in labels]


def adjournment_resumable(adjournment: Adjournment, now: datetime) -> bool:
    """May the game resume now: its move sealed and the time the chief arbiter set come (5.3.3.3)."""
    return adjournment.status == Adjournment.Status.SEALED and now >= adjournment.resume_at


# ---- the event's desk ------------------------------------------------------------------------
def event_desk(championship: Championship, viewer) -> dict:
    """What the organiser and arbiters act on at the event's desk: its playing members (to
    sanction, 1.4), its protests (those waiting first, each with whether ``viewer`` may rule
    on it), its sanctions, its adjourned games."""
    protests = list(
        Protest.objects.filter(championship=championship)
        .select_related("member", "sanction", "ruled_by")
        .order_by("-status", "filed_at")
    )
    for protest in protests:
        protest.may_rule = (
            protest.status == Protest.Status.PENDING and verdict(viewer, Action.PROTEST_RULE, protest).allowed
        )
    return {
        "players": [e.member for e in championship.entries.filter(status=Entry.Status.ACTIVE).select_related("member")],
        "protests": protests,
        "sanctions": list(Sanction.objects.filter(championship=championship).select_related("member", "issued_by")),
        "adjourned": adjourned_games(championship),
    }


def event_part_of(member, championship: Championship) -> dict:
    """A player's own part of the event's desk: his sanctions (each with whether he may still
    protest it, 1.3.1), his protests with their rulings, his questions with their answers."""
    sanctions = list(Sanction.objects.filter(championship=championship, member=member).select_related("game"))
    waiting = set(
        Protest.objects.filter(sanction__in=sanctions, status=Protest.Status.PENDING).values_list(
            "sanction_id", flat=True
        )
    )
    # 1.14.7: in a team event only the captain protests, for his team (from the team's page).
    protests_himself = not championship.for_teams
    for sanction in sanctions:
        sanction.may_protest = (
            protests_himself and sanction.status == Sanction.Status.IN_FORCE and sanction.pk not in waiting
        )
    in_event = Q(championship_board__round__championship=championship) | Q(
        championship_match_game__board__round__championship=championship
    )
    questions = Question.objects.filter(asked_by=member, game__in=Game.objects.filter(in_event))
    return {
        # the games he may ask the arbiter about, or protest a decision in (1.3.1)
        "my_games": list(
            Game.objects.filter(in_event)
            .filter(Q(white=member) | Q(black=member))
            .select_related("white", "black")
            .distinct()
            .order_by("-pk")
        ),
        "my_sanctions": sanctions,
        "protests_himself": protests_himself,
        "my_protests": list(
            Protest.objects.filter(championship=championship, member=member).select_related("sanction", "ruled_by")
        ),
        "my_questions": list(questions.select_related("game", "answered_by").distinct()),
        # 1.3.1: the event's decisions that touch him, each protested once at a time
        "my_decisions": _protestable(championship, member),
        "organiser_questions": organiser_questions(championship, member),
    }


def _protestable(championship: Championship, member) -> list:
    decisions = concerning_decisions(championship, member)
    waiting = set(
        Protest.objects.filter(decision__in=decisions, member=member, status=Protest.Status.PENDING).values_list(
            "decision_id", flat=True
        )
    )
    for decision in decisions:
        decision.may_protest = decision.pk not in waiting
        decision.words = action_words(decision.action)
    return decisions


def protest_url(protest: Protest) -> str:
    """Where the protest is ruled on: its event's desk, or the club's protest page."""
    if protest.championship_id:
        return reverse("championship-desk", args=[protest.championship_id]) + f"#protest-{protest.pk}"
    return reverse("arbiters:protest", args=[protest.pk])
