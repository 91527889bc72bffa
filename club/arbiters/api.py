"""The arbiters' REST API (mounted at /api/arbiters/): thin views over
``services`` and ``selectors``; refusals become the club's JSON errors
through the API's exception handler (foundation/api/errors.py: 400, 403, 404, 409)."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.urls import path
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from club.championships import services as championships
from club.championships.authority import Action, may_see_draft, verdict
from club.championships.decisions import REASON_MAX
from club.championships.models import Championship
from foundation import urlpaths  # noqa: F401  (registers <id:…>)
from foundation.api.params import IdField, query_int
from foundation.refusals import Forbidden, NotFound
from games.api.serializers import GameSerializer
from games.models import Game
from games.services.arbiter import GROUNDS, RESULTS
from members.api.permissions import role_permission
from members.models import Member
from members.roles import Role

from . import selectors, services
from .models import Adjournment, AuditEntry, DrawClaim, Protest, Question, Sanction


class SanctionIn(serializers.Serializer):
    member = IdField()
    kind = serializers.ChoiceField(choices=Sanction.Kind.choices)
    reason = serializers.CharField(max_length=REASON_MAX)
    clause = serializers.CharField(max_length=40, required=False, default="003 1.4")
    game = IdField(required=False, allow_null=True, default=None)
    championship = IdField(required=False, allow_null=True, default=None)
    both = serializers.BooleanField(default=False, help_text="Loss of the game for both players (1.4).")


class SanctionOut(serializers.ModelSerializer):
    class Meta:
        model = Sanction
        fields = [
            "id",
            "member",
            "kind",
            "game",
            "championship",
            "reason",
            "clause",
            "issued_by",
            "issued_at",
            "status",
            "scope",
        ]


class ProtestIn(serializers.Serializer):
    text = serializers.CharField(max_length=REASON_MAX)
    sanction = IdField(required=False, allow_null=True, default=None)
    game = IdField(required=False, allow_null=True, default=None)
    decision = IdField(
        required=False, allow_null=True, default=None, help_text="A decision of the event that touches you (1.3.1)."
    )


class ProtestOut(serializers.ModelSerializer):
    class Meta:
        model = Protest
        fields = [
            "id",
            "member",
            "sanction",
            "game",
            "championship",
            "decision",
            "text",
            "filed_at",
            "status",
            "ruled_by",
            "ruled_at",
            "ruling",
        ]


class RulingIn(serializers.Serializer):
    upheld = serializers.BooleanField()
    ruling = serializers.CharField(max_length=REASON_MAX)


class QuestionIn(serializers.Serializer):
    text = serializers.CharField(max_length=REASON_MAX)


class AnswerIn(serializers.Serializer):
    answer = serializers.CharField(max_length=REASON_MAX)


class QuestionOut(serializers.ModelSerializer):
    class Meta:
        model = Question
        fields = ["id", "game", "championship", "asked_by", "asked_at", "text", "answer", "answered_by", "answered_at"]


class AuditOut(serializers.ModelSerializer):
    class Meta:
        model = AuditEntry
        fields = ["id", "actor", "at", "action", "reason", "clause", "championship", "game", "member", "data"]


class SanctionsView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=SanctionIn, responses={201: SanctionOut(many=True)})
    def post(self, request):
        """Sanction a member (003 1.4): remark, warning, reprimand by an arbiter of the competition; loss of
        the game (``both`` for both players) and exclusion by its chief arbiter or deputy."""
        data = SanctionIn(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        made = services.sanction_issue(
            by=request.user,
            member_id=v["member"],
            kind=v["kind"],
            reason=v["reason"],
            clause=v["clause"],
            game_id=v["game"],
            championship_id=v["championship"],
            both=v["both"],
        )
        return Response(SanctionOut(made, many=True).data, status=status.HTTP_201_CREATED)


class LadderView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request, pk, member):
        """The next step of the rapid/blitz ladder for a player of this game (1.16.6); for its arbiters."""
        game = get_object_or_404(Game, pk=pk)
        if not verdict(request.user, Action.GAME_DESK, game).allowed:
            raise Forbidden("not-arbiter", _("Only an arbiter of this game sees the ladder."))
        player = get_object_or_404(Member, pk=member)
        return Response(selectors.ladder_next(game=game, member=player))


class ProtestsView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=ProtestIn, responses={201: ProtestOut})
    def post(self, request):
        """Protest in writing a sanction against you, a decision in your game, or any decision of
        the event that touches you (003 1.3.1, 1.14.7)."""
        data = ProtestIn(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        protest = services.protest_file(
            member=request.user,
            text=v["text"],
            sanction_id=v["sanction"],
            game_id=v["game"],
            decision_id=v["decision"],
        )
        return Response(ProtestOut(protest).data, status=status.HTTP_201_CREATED)


class RulingView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=RulingIn, responses=ProtestOut)
    def post(self, request, pk):
        """The chief arbiter (or deputy), or the championship's protest panel if it names one (003 1.3.1),
        rules on a protest with reasons; upheld, the sanction is reversed."""
        data = RulingIn(data=request.data)
        data.is_valid(raise_exception=True)
        protest = services.protest_rule(by=request.user, protest_id=pk, **data.validated_data)
        return Response(ProtestOut(protest).data)


class QuestionsView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=QuestionOut(many=True))
    def get(self, request, pk):
        """A game's questions to its arbiter: a player sees his own, the arbiters all."""
        game = get_object_or_404(Game, pk=pk)
        return Response(QuestionOut(selectors.game_questions(game, request.user), many=True).data)

    @extend_schema(request=QuestionIn, responses={201: QuestionOut})
    def post(self, request, pk):
        """Ask the arbiter of your game (003 1.3.1)."""
        data = QuestionIn(data=request.data)
        data.is_valid(raise_exception=True)
        question = services.question_ask(member=request.user, game_id=pk, text=data.validated_data["text"])
        return Response(QuestionOut(question).data, status=status.HTTP_201_CREATED)


class OrganiserQuestionsView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=QuestionOut(many=True))
    def get(self, request, pk):
        """The questions to an event's organising committee: a player sees his own, its organiser all."""
        championship = get_object_or_404(Championship, pk=pk)
        return Response(QuestionOut(selectors.organiser_questions(championship, request.user), many=True).data)

    @extend_schema(request=QuestionIn, responses={201: QuestionOut})
    def post(self, request, pk):
        """Ask the organising committee of your event (003 1.3.1); its organiser answers."""
        data = QuestionIn(data=request.data)
        data.is_valid(raise_exception=True)
        question = services.question_to_organisers(
            member=request.user, championship_id=pk, text=data.validated_data["text"]
        )
        return Response(QuestionOut(question).data, status=status.HTTP_201_CREATED)


class AnswerView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=AnswerIn, responses=QuestionOut)
    def post(self, request, pk):
        """An arbiter of the game answers a player's question."""
        data = AnswerIn(data=request.data)
        data.is_valid(raise_exception=True)
        question = services.question_answer(by=request.user, question_id=pk, answer=data.validated_data["answer"])
        return Response(QuestionOut(question).data)


class MineView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request):
        """The sanctions, protests, questions and decisions that concern me."""
        mine = selectors.concerning(request.user)
        return Response(
            {
                "sanctions": SanctionOut(mine["sanctions"], many=True).data,
                "protests": ProtestOut(mine["protests"], many=True).data,
                "questions": QuestionOut(mine["questions"], many=True).data,
                "decisions": AuditOut(mine["decisions"], many=True).data,
            }
        )


class ChampionshipLogView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=AuditOut(many=True))
    def get(self, request, pk):
        """The championship's audit log: its arbiters, organiser and the club's administrators."""
        championship = get_object_or_404(Championship, pk=pk)
        if not selectors.may_see_log(request.user, championship):
            raise Forbidden("not-arbiter", _("The log is for the championship's arbiters."))
        return Response(AuditOut(selectors.championship_log(championship), many=True).data)


class PanelIn(serializers.Serializer):
    members = serializers.ListField(child=IdField(), max_length=15, allow_empty=True)


class PanelView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request, pk):
        """The championship's protest panel (003 1.3.1); empty: its chief arbiter rules on protests.
        A draft's panel is seen by those who see the draft: to anyone else the draft does not exist."""
        championship = get_object_or_404(Championship, pk=pk)
        if championship.status == Championship.Status.DRAFT and not may_see_draft(championship, request.user):
            raise NotFound("no-such-championship", _("There is no championship %(id)s.") % {"id": pk})
        return Response({"members": selectors.protest_panel(championship)})

    @extend_schema(request=PanelIn, responses=OpenApiTypes.OBJECT)
    def put(self, request, pk):
        """The organiser names the protest panel (003 1.3.1); an empty list dissolves it."""
        data = PanelIn(data=request.data)
        data.is_valid(raise_exception=True)
        championships.protest_panel_set(by=request.user, championship_id=pk, member_ids=data.validated_data["members"])
        return Response({"members": selectors.protest_panel(get_object_or_404(Championship, pk=pk))})


class ClubSanctionSerializer(serializers.Serializer):
    """A club-scope sanction (003 1.4): neither a game nor a championship."""

    member = IdField()
    kind = serializers.ChoiceField(
        choices=Sanction.Kind.choices,
        help_text="remark, warning or reprimand; the loss of a game and an exclusion are decided in the game "
        "or the championship (/api/arbiters/sanctions/).",
    )
    reason = serializers.CharField(max_length=REASON_MAX)


@extend_schema(parameters=[OpenApiParameter("member", int, description="Only this member's sanctions.")])
class SanctionListView(generics.ListCreateAPIView):
    """The arbiters' sanctions (club.arbiters): the club's arbiters, organisers and administrators
    read those they may see (``sanctions_visible``); an arbiter records a club-scope one."""

    serializer_class = SanctionOut

    def get_permissions(self):
        if self.request.method == "POST":
            return [role_permission(Role.ARBITER)()]
        return [role_permission(Role.ARBITER, Role.ORGANISER, Role.ADMIN)()]

    def get_queryset(self):
        member_id = query_int(self.request, "member")
        member = get_object_or_404(Member, pk=member_id) if member_id is not None else None
        return selectors.sanctions_visible(self.request.user, member=member)

    @extend_schema(request=ClubSanctionSerializer, responses={201: SanctionOut})
    def create(self, request, *args, **kwargs):
        """Record a remark, warning or reprimand against a member at club scope (003 1.4); never oneself."""
        data = ClubSanctionSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        (sanction,) = services.sanction_issue(
            by=request.user,
            member_id=data.validated_data["member"],
            kind=data.validated_data["kind"],
            reason=data.validated_data["reason"],
        )
        return Response(SanctionOut(sanction).data, status=status.HTTP_201_CREATED)


class ReasonIn(serializers.Serializer):
    reason = serializers.CharField(max_length=REASON_MAX, required=False, allow_blank=True, default="")


class CorrectionIn(serializers.Serializer):
    white_ms = serializers.IntegerField(min_value=1, max_value=86_400_000)
    black_ms = serializers.IntegerField(min_value=1, max_value=86_400_000)
    reason = serializers.CharField(max_length=REASON_MAX)


class AdjournIn(serializers.Serializer):
    resume_at = serializers.DateTimeField()
    reason = serializers.CharField(max_length=REASON_MAX)
    order = serializers.IntegerField(min_value=1, max_value=1000, default=1)


class SealIn(serializers.Serializer):
    move = serializers.CharField(max_length=120)
    expected_ply = serializers.IntegerField(min_value=0)


class AdjournmentOut(serializers.Serializer):
    """An adjournment as ``_adjournment`` answers it."""

    id = serializers.IntegerField()
    game = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Adjournment.Status.choices)
    resume_at = serializers.DateTimeField()
    order = serializers.IntegerField()
    reason = serializers.CharField()
    sealed = serializers.BooleanField()
    sealed_move = serializers.CharField(allow_null=True, help_text="Only for its sealer and the game's arbiters.")


def _game_state(game):
    return GameSerializer(game).data


def _adjournment(adjournment, viewer) -> dict:
    """The sealed move is shown to the player who sealed it and the game's arbiters only (5.3.3.3)."""
    sees = (
        getattr(viewer, "pk", None) == adjournment.sealed_by_id
        or verdict(viewer, Action.GAME_DESK, adjournment.game).allowed
    )
    return {
        "id": adjournment.id,
        "game": adjournment.game_id,
        "status": adjournment.status,
        "resume_at": adjournment.resume_at,
        "order": adjournment.order,
        "reason": adjournment.reason,
        "sealed": bool(adjournment.sealed_move),
        "sealed_move": adjournment.sealed_move if sees and adjournment.status != "resumed" else None,
    }


class ClocksStopView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=ReasonIn, responses=GameSerializer)
    def post(self, request, pk):
        """Stop both clocks for an interruption (003 5.3.1.6); an arbiter of the game."""
        data = ReasonIn(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(_game_state(services.clocks_stop(by=request.user, game_id=pk, **data.validated_data)))


class ClocksStartView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=ReasonIn, responses=GameSerializer)
    def post(self, request, pk):
        """Restart the clocks after an interruption."""
        data = ReasonIn(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(_game_state(services.clocks_start(by=request.user, game_id=pk, **data.validated_data)))


class ClockCorrectView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=CorrectionIn, responses=GameSerializer)
    def post(self, request, pk):
        """Correct both clocks with a reason; a shortened time keeps at least 15 min (draughts, 1.7.8) or
        5 min (renju, 5.3.1.5)."""
        data = CorrectionIn(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(_game_state(services.clock_correct(by=request.user, game_id=pk, **data.validated_data)))


class AdjournmentView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=AdjournmentOut(many=True))
    def get(self, request, pk):
        """The game's adjournments (the sealed move only for its sealer and the arbiters)."""
        rows = Adjournment.objects.filter(game=get_object_or_404(Game, pk=pk)).select_related("game")
        return Response([_adjournment(a, request.user) for a in rows])

    @extend_schema(request=AdjournIn, responses={201: AdjournmentOut})
    def post(self, request, pk):
        """The chief arbiter adjourns the game (003 5.3.3.2): the player to move seals his move."""
        data = AdjournIn(data=request.data)
        data.is_valid(raise_exception=True)
        adjournment = services.adjournment_order(by=request.user, game_id=pk, **data.validated_data)
        return Response(_adjournment(adjournment, request.user), status=status.HTTP_201_CREATED)


class SealView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=SealIn, responses=AdjournmentOut)
    def post(self, request, pk):
        """The player to move seals his move (003 5.3.3.3); the clocks stop."""
        data = SealIn(data=request.data)
        data.is_valid(raise_exception=True)
        adjournment = services.move_seal(member=request.user, game_id=pk, **data.validated_data)
        return Response(_adjournment(adjournment, request.user))


class ResumeView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses=GameSerializer)
    def post(self, request, pk):
        """Resume an adjourned game at its time: the clocks restart and the sealed move is played."""
        return Response(_game_state(services.adjournment_resume(by=request.user, adjournment_id=pk)))


class DrawClaimIn(serializers.Serializer):
    kind = serializers.ChoiceField(choices=DrawClaim.Kind.choices)


class DrawDecisionIn(serializers.Serializer):
    grant = serializers.BooleanField()
    reason = serializers.CharField(max_length=REASON_MAX)


def _claim(claim) -> dict:
    return {
        "id": claim.id,
        "game": claim.game_id,
        "kind": claim.kind,
        "status": claim.status,
        "ply": claim.ply,
        "claimed_by": claim.claimed_by_id,
        "claimed_at": claim.claimed_at,
        "decided_by": claim.decided_by_id,
        "reason": claim.reason,
    }


class DrawClaimView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=DrawClaimIn, responses={201: OpenApiTypes.OBJECT})
    def post(self, request, pk):
        """Claim a draw the arbiter decides: five-moves (2.1.9.1.6) or stop-clocks (1.7.13, 1.16.8)."""
        data = DrawClaimIn(data=request.data)
        data.is_valid(raise_exception=True)
        claim = services.draw_claim(member=request.user, game_id=pk, kind=data.validated_data["kind"])
        return Response(_claim(claim), status=status.HTTP_201_CREATED)


class DrawDecisionView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=DrawDecisionIn, responses=OpenApiTypes.OBJECT)
    def post(self, request, pk):
        """An arbiter of the game grants or refuses the draw claim, with reasons."""
        data = DrawDecisionIn(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(_claim(services.draw_claim_decide(by=request.user, claim_id=pk, **data.validated_data)))


# ---- a team's protests (1.14.7): /api/teams/<event>/protests/ -----------------------------------------
class MemberOut(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.CharField(source="__str__")


class TeamProtestIn(serializers.Serializer):
    team_id = IdField()
    text = serializers.CharField(max_length=REASON_MAX)
    match_id = IdField(required=False, allow_null=True)


class TeamProtestOut(serializers.Serializer):
    id = serializers.IntegerField()
    team_id = IdField()
    match_id = IdField(allow_null=True)
    filed_by = MemberOut(source="member")
    filed_at = serializers.DateTimeField()
    text = serializers.CharField()
    status = serializers.CharField()
    ruled_by = MemberOut(allow_null=True)
    ruled_at = serializers.DateTimeField(allow_null=True)
    ruling = serializers.CharField()


def _team_event(pk: int) -> Championship:
    return get_object_or_404(Championship, pk=pk, entrants=Championship.Entrants.TEAMS)


class TeamProtestsView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=TeamProtestOut(many=True))
    def get(self, request, pk):
        protests = Protest.objects.filter(championship=_team_event(pk), team__isnull=False).select_related(
            "member", "ruled_by"
        )
        return Response(TeamProtestOut(protests, many=True).data)

    @extend_schema(request=TeamProtestIn, responses={201: TeamProtestOut})
    def post(self, request, pk):
        """The captain's written protest to the arbiters (1.14.7)."""
        data = TeamProtestIn(data=request.data)
        data.is_valid(raise_exception=True)
        _team_event(pk)
        protest = services.protest_file(member=request.user, **data.validated_data)
        return Response(TeamProtestOut(protest).data, status=status.HTTP_201_CREATED)


class TeamProtestRuleView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=RulingIn, responses=TeamProtestOut)
    def post(self, request, pk, protest_id):
        """The chief arbiter (or the event's protest panel) rules on a protest, with reasons (1.3.1)."""
        data = RulingIn(data=request.data)
        data.is_valid(raise_exception=True)
        if not Protest.objects.filter(pk=protest_id, championship=_team_event(pk)).exists():
            raise NotFound("no-such-protest", _("There is no such protest."))
        protest = services.protest_rule(by=request.user, protest_id=protest_id, **data.validated_data)
        return Response(TeamProtestOut(protest).data)


# ---- a game's result (1.4, 1.10.4, 2.1.10.4): /api/games/<id>/result/ ------------------------------------
class ResultChangeSerializer(serializers.Serializer):
    result = serializers.ChoiceField(choices=RESULTS)  # games/results.py's six, and "annulled"
    reason = serializers.CharField(max_length=2000)
    clause = serializers.CharField(required=False, allow_blank=True, default="", max_length=40)
    grounds = serializers.ChoiceField(
        choices=GROUNDS, default="recording-error", help_text="Why a finished game's result changes (003 2.1.10.4)."
    )


class GameResultView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=ResultChangeSerializer,
        responses=GameSerializer,
        description="An arbiter sets, changes or annuls a game's result (003 1.4, 1.12.2): an event's chief "
        "arbiter or deputy for its games, the club's chief arbiter for a club game; never in his own game.",
    )
    def post(self, request, pk):
        data = ResultChangeSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = services.result_decide(by=request.user, game_id=pk, **data.validated_data)
        return Response(GameSerializer(game).data)


# /api/sanctions/, a team's protests and a game's result: under /api/, beside the members' and games' API.
club_urlpatterns = [
    path("sanctions/", SanctionListView.as_view(), name="api-sanction-list"),
    path("games/<id:pk>/result/", GameResultView.as_view(), name="api-game-result"),
    path("teams/<id:pk>/protests/", TeamProtestsView.as_view(), name="api-team-protests"),
    path("teams/<id:pk>/protests/<id:protest_id>/rule/", TeamProtestRuleView.as_view(), name="api-team-protest-rule"),
]

urlpatterns = [
    path("games/<id:pk>/draw-claims/", DrawClaimView.as_view(), name="api-arbiters-draw-claim"),
    path("draw-claims/<id:pk>/decision/", DrawDecisionView.as_view(), name="api-arbiters-draw-decision"),
    path("games/<id:pk>/clocks/stop/", ClocksStopView.as_view(), name="api-arbiters-clocks-stop"),
    path("games/<id:pk>/clocks/start/", ClocksStartView.as_view(), name="api-arbiters-clocks-start"),
    path("games/<id:pk>/clocks/", ClockCorrectView.as_view(), name="api-arbiters-clocks"),
    path("games/<id:pk>/adjournment/", AdjournmentView.as_view(), name="api-arbiters-adjournment"),
    path("games/<id:pk>/adjournment/seal/", SealView.as_view(), name="api-arbiters-seal"),
    path("adjournments/<id:pk>/resume/", ResumeView.as_view(), name="api-arbiters-resume"),
    path("sanctions/", SanctionsView.as_view(), name="api-arbiters-sanctions"),
    path("games/<id:pk>/ladder/<id:member>/", LadderView.as_view(), name="api-arbiters-ladder"),
    path("games/<id:pk>/questions/", QuestionsView.as_view(), name="api-arbiters-questions"),
    path("questions/<id:pk>/answer/", AnswerView.as_view(), name="api-arbiters-answer"),
    path("championships/<id:pk>/questions/", OrganiserQuestionsView.as_view(), name="api-arbiters-organiser-questions"),
    path("protests/", ProtestsView.as_view(), name="api-arbiters-protests"),
    path("protests/<id:pk>/ruling/", RulingView.as_view(), name="api-arbiters-ruling"),
    path("mine/", MineView.as_view(), name="api-arbiters-mine"),
    path("championships/<id:pk>/log/", ChampionshipLogView.as_view(), name="api-arbiters-log"),
    path("championships/<id:pk>/protest-panel/", PanelView.as_view(), name="api-arbiters-protest-panel"),
]
