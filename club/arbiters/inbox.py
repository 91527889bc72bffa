"""The arbiter's inbox: what waits for an official's decision, gathered from its sources.

Each source is a function of a ``Scope`` (the events looked at, and whether
club games are) that returns ``Item``s: a pending draw claim, a protest, an
unanswered question, a game awaiting adjudication. A new kind of waiting
thing is one more function registered with ``@source``; the pages, the home
panel and the counts read every source alike.

Whether the reader may act on an item is the authority's, asked of the
item's own object (``verdict(member, item.action, item.target)``): an
arbiter's inbox holds only what he may decide; the event's view (its chief
arbiter's, its organiser's) holds everything waiting in the event and says
who may act.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from datetime import datetime

from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from club.championships.authority import Action, club_powers, verdict
from club.championships.models import Appointment, Championship, Round
from club.championships.selectors import championship_of_game
from club.championships.selectors.adjudication import games_awaiting_adjudication
from club.championships.selectors.board_results import DISPUTED, boards_without_result
from club.championships.selectors.events import club_games_q, event_games_q
from games.models import Game
from games.venue import rules_of

from .models import DrawClaim, Protest, Question
from .selectors import protest_url


@dataclass(frozen=True)
class Scope:
    """Where to look: these events (a query or a list), and club games too if ``club``."""

    championships: object
    club: bool = False


@dataclass(frozen=True)
class Item:
    kind: str  # claim, protest, question, adjudication, … (one per source)
    what: str  # what waits, in the reader's language
    subject: str  # the game or the member concerned
    championship: Championship | None
    since: datetime
    deadline: datetime | None  # by when it must be decided, if the rules or the event say
    deadline_note: str  # what the deadline is, or why there is none
    url: str  # where to act on it
    action: Action  # what the authority must allow to act on it …
    target: object = field(compare=False)  # … asked of this object
    may_act: bool = False


Source = Callable[[Scope], Iterable[Item]]
SOURCES: list[Source] = []


def source(fn: Source) -> Source:
    """Register ``fn`` as a source of the inbox."""
    SOURCES.append(fn)
    return fn


def _games_q(scope: Scope, prefix: str = "") -> Q:
    found = event_games_q(scope.championships, prefix)
    return found | club_games_q(prefix) if scope.club else found


def _game_label(game: Game) -> str:
    return f"{game.white} – {game.black}"


def before_next_round(championship: Championship | None) -> tuple[datetime | None, str]:
    """The deadline of what must be settled before play goes on: the next round's start
    (paired, not yet played), else the event's closing date; at club scope, none."""
    if championship is None:
        return None, _("as soon as possible")
    upcoming = (
        championship.rounds.filter(
            status__in=(Round.Status.DRAFT, Round.Status.PAIRED, Round.Status.PUBLISHED),
            starts_at__isnull=False,
        )
        .order_by("starts_at")
        .first()
    )
    if upcoming is not None and (upcoming.status != Round.Status.PUBLISHED or upcoming.starts_at > _now()):
        return upcoming.starts_at, _("before round %(n)s starts") % {"n": upcoming.number}
    if championship.closes_at is not None and championship.closes_at > _now():
        return championship.closes_at, _("before the event closes")
    return None, _("before the results are final (2.1.10.4)")


def _now() -> datetime:
    return timezone.now()


@source
def draw_claims(scope: Scope) -> Iterable[Item]:
    """Pending draw claims (2.1.9.1.6, 1.16.7; 1.7.13, 1.16.8): a stopped clock waits at once."""
    claims = DrawClaim.objects.filter(_games_q(scope, "game__"), status=DrawClaim.Status.PENDING).select_related(
        "game__white", "game__black", "claimed_by"
    )
    for claim in claims:
        stop = claim.kind == DrawClaim.Kind.STOP_CLOCKS
        yield Item(
            kind="claim",
            what=_("Draw claim by %(player)s: %(kind)s")
            % {"player": claim.claimed_by, "kind": claim.get_kind_display()},
            subject=_game_label(claim.game),
            championship=championship_of_game(claim.game),
            since=claim.claimed_at,
            deadline=claim.claimed_at if stop else None,
            deadline_note=_("at once: the clocks are stopped") if stop else _("while the game is played"),
            url=reverse("arbiters:game", args=[claim.game_id]) + "#draw-claims",
            action=Action.GAME_DESK,
            target=claim.game,
        )


@source
def questions(scope: Scope) -> Iterable[Item]:
    """Players' questions to the arbiter not yet answered (1.3.1)."""
    waiting = Question.objects.filter(_games_q(scope, "game__"), answered_at__isnull=True).select_related(
        "game__white", "game__black", "asked_by"
    )
    for question in waiting:
        game = question.game
        yield Item(
            kind="question",
            what=_("Question from %(player)s: %(text)s") % {"player": question.asked_by, "text": question.text},
            subject=_game_label(game),
            championship=championship_of_game(game),
            since=question.asked_at,
            deadline=game.deadline if game.status == Game.Status.ONGOING else None,
            deadline_note=_("before the player's move is due") if game.deadline else _("as soon as possible"),
            url=reverse("arbiters:game", args=[game.pk]) + "#questions",
            action=Action.GAME_DESK,
            target=game,
        )


@source
def protests(scope: Scope) -> Iterable[Item]:
    """Protests waiting for a ruling (1.3.1, 1.14.7)."""
    where = Q(championship__in=scope.championships)
    if scope.club:
        where |= Q(championship__isnull=True)
    pending = Protest.objects.filter(where, status=Protest.Status.PENDING).select_related(
        "member", "championship", "sanction__game", "game", "team"
    )
    for protest in pending:
        deadline, note = before_next_round(protest.championship)
        yield Item(
            kind="protest",
            what=_("Protest by %(player)s: %(text)s") % {"player": protest.member, "text": protest.text},
            subject=str(protest.sanction.get_kind_display()) if protest.sanction_id else str(protest.game or ""),
            championship=protest.championship,
            since=protest.filed_at,
            deadline=deadline,
            deadline_note=note,
            url=protest_url(protest),
            action=Action.PROTEST_RULE,
            target=protest,
        )


@source
def adjudications(scope: Scope) -> Iterable[Item]:
    """Correspondence games whose round's deadline or event's closing date has passed:
    the chief arbiter adjudicates them (the event's rules)."""
    for championship in Championship.objects.filter(pk__in=_ids(scope.championships)):
        deadline, note = before_next_round(championship)
        for waiting in games_awaiting_adjudication(championship):
            game = waiting.game
            yield Item(
                kind="adjudication",
                what=_("Awaiting adjudication: play has closed"),
                subject=_game_label(game),
                championship=championship,
                since=waiting.stopped_at,
                deadline=deadline,
                deadline_note=note,
                url=reverse("championship-desk", args=[championship.pk]) + f"#adjudicate-{game.pk}",
                action=Action.GAME_RESULT,
                target=game,
            )


@source
def boards_waiting(scope: Scope) -> Iterable[Item]:
    """Games played at the board whose result has not come in: a disputed one (the players'
    reports disagree) is the arbiters' to decide; the others wait for the players' reports,
    or for an arbiter who watched the game to record it (``services.board_results``)."""
    for championship in Championship.objects.filter(pk__in=_ids(scope.championships)):
        if not rules_of(championship.venue).results_reported:
            continue
        deadline, note = before_next_round(championship)
        for waiting in boards_without_result(championship):
            disputed = waiting.state == DISPUTED
            yield Item(
                kind="disputed-result" if disputed else "no-result",
                what=(
                    _("Disputed result: the players' reports disagree")
                    if disputed
                    else _("Board without a result: %(to_act)s") % {"to_act": waiting.to_act}
                ),
                subject=f"{waiting.game.white} – {waiting.game.black}",
                championship=championship,
                since=(waiting.reports[-1].reported_at if disputed else None)
                or waiting.round.starts_at
                or waiting.round.published_at,
                deadline=deadline,
                deadline_note=note,
                url=reverse("championships:boards", args=[championship.pk]) + f"#{waiting.anchor}",
                action=Action.BOARD_RESULT,
                target=waiting.game,
            )


def _ids(championships) -> list[int]:
    return [c if isinstance(c, int) else c.pk for c in championships]


# ---- the two views ------------------------------------------------------------------------------
ACTIVE = (Championship.Status.ENTRIES_OPEN, Championship.Status.ENTRIES_CLOSED, Championship.Status.RUNNING)


def _gathered(scope: Scope) -> list[Item]:
    items = [item for each in SOURCES for item in each(scope)]
    far = datetime.max.replace(tzinfo=_now().tzinfo)
    return sorted(items, key=lambda i: (i.deadline or far, i.since))


def inbox_of(member) -> list[Item]:
    """What waits for ``member``'s decision in every event he is appointed to (and in
    the club's games if he holds a club arbiter's role), the most urgent first."""
    if not getattr(member, "is_authenticated", False):
        return []
    events = Appointment.objects.filter(member_id=member.pk, championship__status__in=ACTIVE).values_list(
        "championship_id", flat=True
    )
    scope = Scope(championships=list(events), club=bool(club_powers(member)))
    if not scope.championships and not scope.club:
        return []
    return [
        replace(item, may_act=True) for item in _gathered(scope) if verdict(member, item.action, item.target).allowed
    ]


def event_inbox(championship: Championship, viewer) -> list[Item]:
    """Everything waiting in the event, for its chief arbiter's and organiser's view,
    each saying whether ``viewer`` may act on it."""
    return [
        replace(item, may_act=verdict(viewer, item.action, item.target).allowed)
        for item in _gathered(Scope(championships=[championship.pk]))
    ]


def is_official(member) -> bool:
    """Has ``member`` an inbox at all: an appointment in an active event, or a club arbiter's role."""
    if not getattr(member, "is_authenticated", False):
        return False
    return (
        bool(club_powers(member))
        or Appointment.objects.filter(member_id=member.pk, championship__status__in=ACTIVE).exists()
    )
