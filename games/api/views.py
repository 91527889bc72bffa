"""Thin API views: parse, check who asks, call a service or selector, answer.

A service's refusal (foundation/refusals.py) becomes the club's JSON error in the
API's exception handler (foundation/api/errors.py), the one place that maps its kind
to a status: 400 invalid, 403 forbidden, 404 not found, 409 conflict or rule.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, permissions, status
from rest_framework.generics import ListAPIView
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from foundation.api.negotiation import FirstRenderer
from foundation.api.pagination import CappedCountPagination
from foundation.api.params import query_int
from foundation.api.throttling import DirectChallengeThrottle
from games import clock, conditional, records, selectors, services
from games.models import Game, Vacation
from members.models import Member

from . import serializers as s


def _bool(value):
    if value in (None, ""):
        return None
    return value.lower() in ("1", "true", "yes")


# ---- challenges ---------------------------------------------------------------------------
class ChallengeListView(APIView):
    throttle_classes = [DirectChallengeThrottle]

    @extend_schema(
        responses=s.ChallengeSerializer(many=True),
        parameters=[OpenApiParameter("status", str, description="open (default), accepted, …, or all")],
    )
    def get(self, request):
        status_filter = request.query_params.get("status", "open")
        member_id = request.user.pk if request.user.is_authenticated else None
        challenges = selectors.challenge_list(
            member_id=member_id, status=None if status_filter == "all" else status_filter
        )
        return Response(s.ChallengeSerializer(challenges[:200], many=True).data)

    @extend_schema(request=s.ChallengeCreateSerializer, responses={201: s.ChallengeSerializer})
    def post(self, request):
        data = s.ChallengeCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        opponent_id = values.pop("opponent_id", None)
        opponent = get_object_or_404(Member, pk=opponent_id) if opponent_id else None
        challenge = services.challenge_create(challenger=request.user, opponent=opponent, **values)
        return Response(s.ChallengeSerializer(challenge).data, status=status.HTTP_201_CREATED)


class ChallengeDetailView(APIView):
    @extend_schema(responses=s.ChallengeSerializer)
    def get(self, request, pk):
        # A direct challenge is private to its two members: anyone else is told it does not exist.
        member_id = request.user.pk if request.user.is_authenticated else None
        return Response(
            s.ChallengeSerializer(
                get_object_or_404(selectors.challenge_list(member_id=member_id, status=None), pk=pk)
            ).data
        )


class ChallengeAcceptView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={201: s.GameSerializer})
    def post(self, request, pk):
        game = services.challenge_accept(challenge_id=pk, member=request.user)
        return Response(s.GameSerializer(game).data, status=status.HTTP_201_CREATED)


class ChallengeDeclineView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses=s.ChallengeSerializer)
    def post(self, request, pk):
        return Response(s.ChallengeSerializer(services.challenge_decline(challenge_id=pk, member=request.user)).data)


class ChallengeCancelView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses=s.ChallengeSerializer)
    def post(self, request, pk):
        return Response(s.ChallengeSerializer(services.challenge_cancel(challenge_id=pk, member=request.user)).data)


# ---- games ----------------------------------------------------------------------------------
_GAME_FILTERS = [
    OpenApiParameter("status", str, description="ongoing, finished, aborted"),
    OpenApiParameter("discipline", str),
    OpenApiParameter("rated", bool),
    OpenApiParameter("speed", str, description="blitz, rapid, classical, correspondence, untimed"),
    OpenApiParameter("result", str, description="1-0, 0-1, 1/2-1/2"),
    OpenApiParameter("colour", str, description="with a member: white or black"),
    OpenApiParameter("opponent", int, description="games against this member id"),
]


class _GameListBase(ListAPIView):
    serializer_class = s.GameSerializer
    permission_classes = [permissions.AllowAny]
    pagination_class = CappedCountPagination

    def member_id(self):
        return query_int(self.request, "member")

    def get_queryset(self):
        q = self.request.query_params
        return selectors.game_list(
            member_id=self.member_id(),
            status=q.get("status"),
            discipline=q.get("discipline"),
            rated=_bool(q.get("rated")),
            speed=q.get("speed"),
            result=q.get("result"),
            colour=q.get("colour"),
            opponent_id=query_int(self.request, "opponent"),
        )


@extend_schema(parameters=_GAME_FILTERS + [OpenApiParameter("member", int, description="games of this member")])
class GameListView(_GameListBase):
    pass


@extend_schema(parameters=_GAME_FILTERS)
class MemberGamesView(_GameListBase):
    """A member's games (played, and imported into his archive)."""

    def member_id(self):
        return get_object_or_404(Member, pk=self.kwargs["pk"]).pk


class GameDetailView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        responses=s.GameDetailSerializer,
        parameters=[OpenApiParameter("legal", bool, description="include the legal moves now")],
    )
    def get(self, request, pk):
        game = get_object_or_404(Game.objects.select_related("white", "black"), pk=pk)
        game, as_of = selectors.game_seen_by(game, request.user)  # an event's broadcast delay
        context = {"with_legal_moves": bool(_bool(request.query_params.get("legal"))), "as_of": as_of}
        return Response(s.GameDetailSerializer(game, context=context).data)


class GameMovesView(APIView):
    # Token first, as in settings (a missing login stays a 401); the token check is one prepared query.
    renderer_classes = [JSONRenderer]
    content_negotiation_class = FirstRenderer

    @extend_schema(
        responses=s.MoveSerializer(many=True),
        parameters=[OpenApiParameter("since", int, description="only moves after this ply")],
    )
    def get(self, request, pk):
        _game, as_of = selectors.game_seen_by(get_object_or_404(Game, pk=pk), request.user)
        moves = selectors.game_moves(game_id=pk, since=query_int(request, "since", default=0), as_of=as_of)
        return Response(s.MoveSerializer(moves, many=True).data)

    @extend_schema(
        request=s.MoveCreateSerializer,
        responses={201: s.MoveResultSerializer, 200: s.MoveResultSerializer},
        parameters=[OpenApiParameter("Idempotency-Key", str, OpenApiParameter.HEADER, required=False)],
    )
    def post(self, request, pk):
        values = _plain_move(request.data)
        if values is None:  # anything unusual: the serializer decides (and words the 400)
            data = s.MoveCreateSerializer(data=request.data)
            data.is_valid(raise_exception=True)
            values = data.validated_data
        key = values.get("idempotency_key") or request.headers.get("Idempotency-Key") or None
        outcome = services.game_move_make(
            game_id=pk,
            member=request.user,
            text=values["text"],
            expected_ply=values["expected_ply"],
            idempotency_key=key,
            offer_draw=values["offer_draw"],
        )
        # Built by hand (documented by MoveResultSerializer): this is the hot path of play.
        move, game = outcome.move, outcome.game
        body = {
            "move": {
                "ply": move.ply,
                "notation": move.notation,
                "colour": move.colour,
                "member": move.member_id,
                "played_at": move.played_at.isoformat().replace("+00:00", "Z"),
                "elapsed_ms": move.elapsed_ms,
                "clock_ms": move.clock_ms,
                "foul": move.foul,
            },
            "game": {
                "id": game.pk,
                "ply": game.ply,
                "status": game.status,
                "result": game.result,
                "termination": game.termination,
                "termination_clause": game.termination_clause,
                "to_move": game.to_move,
                "fen": game.fen,
                "white_ms": game.white_ms,
                "black_ms": game.black_ms,
                "deadline": game.deadline.isoformat().replace("+00:00", "Z") if game.deadline else None,
                "draw_offer_by": game.draw_offer_by,
                "white_id": game.white_id,
                "black_id": game.black_id,
            },
            "replayed": outcome.replayed,
        }
        return Response(body, status=status.HTTP_200_OK if outcome.replayed else status.HTTP_201_CREATED)


def _plain_move(data) -> dict | None:
    """MoveCreateSerializer's result for the everyday JSON body, without
    building a serializer (its fields are deep-copied per request); None for
    anything else, which then goes through the serializer itself."""
    if type(data) is not dict:
        return None
    text, ply = data.get("text"), data.get("expected_ply")
    key, offer = data.get("idempotency_key"), data.get("offer_draw", False)
    if (
        type(text) is not str
        or not text.strip()
        or type(ply) is not int
        or not 0 <= ply <= s.PLY_MAX
        or type(offer) is not bool
    ):
        return None
    values = {"text": text.strip(), "expected_ply": ply, "offer_draw": offer}
    if "idempotency_key" in data:
        if type(key) is not str or len(key.strip()) > 64:
            return None
        values["idempotency_key"] = key.strip()
    return values


def _game_action(service, doc: str, name: str | None = None, **fixed):
    class View(APIView):
        permission_classes = [permissions.IsAuthenticated]

        @extend_schema(request=None, responses=s.GameSerializer, description=doc)
        def post(self, request, pk):
            game = service(game_id=pk, member=request.user, **fixed)
            return Response(s.GameSerializer(game).data)

    View.__name__ = View.__qualname__ = name or f"{service.__name__.title().replace('_', '')}View"
    return View


GameResignView = _game_action(services.game_resign, "Resign: the opponent wins (2.1.8).")
GameAbortView = _game_action(services.game_abort, "Abort before both sides have moved (no result).")
GamePresentView = _game_action(
    services.game_check_in,
    "I am here: check in to a game with a scheduled start, so the allowed lateness no longer applies to you (1.9.1).",
    "GamePresentView",
)
GameDrawOfferView = _game_action(services.game_draw_offer, "Offer a draw right after your move (2.1.9.3).")
GameDrawAcceptView = _game_action(
    services.game_draw_answer, "Accept the opponent's draw offer (2.1.9.1.1).", "GameDrawAcceptView", accept=True
)
GameDrawDeclineView = _game_action(
    services.game_draw_answer, "Decline the opponent's draw offer (2.1.9.4).", "GameDrawDeclineView", accept=False
)
GameFoulClaimView = _game_action(
    services.game_foul_claim,
    "White points out black's renju foul under the 'foul-claim' policy (002 9.8).",
    "GameFoulClaimView",
)


class GameRepetitionClaimView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=s.ClaimSerializer,
        responses=s.GameSerializer,
        description="Claim a draw by threefold repetition (2.1.9.1.9, procedure 2.1.9.2).",
    )
    def post(self, request, pk):
        data = s.ClaimSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        game = services.game_repetition_claim(game_id=pk, member=request.user, **data.validated_data)
        return Response(s.GameSerializer(game).data)


class ConditionalLineView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=s.ConditionalLineSerializer, responses=s.ConditionalLineSerializer)
    def put(self, request, pk):
        """A correspondence player's conditional moves: the opponent's move, my answer, … checked
        against the rules from the current position; an empty list deletes them."""
        data = s.ConditionalLineSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        line = conditional.conditional_line_set(game_id=pk, member=request.user, moves=data.validated_data["moves"])
        return Response({"moves": line.moves if line else []})


# ---- records -----------------------------------------------------------------------------------
class GameRecordView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(
        responses=s.RecordSerializer,
        parameters=[
            OpenApiParameter("as", str, description="pdn (draughts), renju or sgf (renju); 'format' is taken by DRF")
        ],
    )
    def get(self, request, pk):
        game = get_object_or_404(Game.objects.select_related("white", "black"), pk=pk)
        game, as_of = selectors.game_seen_by(game, request.user)  # an event's broadcast delay
        fmt = request.query_params.get("as") or records.default_format(game)
        moves = list(selectors.game_moves(game_id=pk, as_of=as_of).values_list("notation", flat=True))
        return Response({"format": fmt, "text": records.game_record(game=game, format=fmt, moves=moves)})


class RecordImportView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=s.RecordImportSerializer, responses={201: s.GameSerializer(many=True)})
    def post(self, request):
        data = s.RecordImportSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            games = records.records_import(member=request.user, text=data.validated_data["text"])
        except records.ImportsThrottled as over:
            raise exceptions.Throttled(wait=over.retry_after, detail=str(over)) from None
        return Response(s.GameSerializer(games, many=True).data, status=status.HTTP_201_CREATED)


# ---- vacations, presets --------------------------------------------------------------------------
class VacationListView(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=s.VacationSerializer(many=True))
    def get(self, request):
        return Response(s.VacationSerializer(Vacation.objects.filter(member=request.user), many=True).data)

    @extend_schema(request=s.VacationSerializer, responses={201: s.VacationSerializer})
    def post(self, request):
        data = s.VacationSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        vacation = services.vacation_take(
            member=request.user, days=data.validated_data["days"], starts_at=data.validated_data.get("starts_at")
        )
        return Response(s.VacationSerializer(vacation).data, status=status.HTTP_201_CREATED)


class TimeControlPresetsView(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=s.PresetSerializer(many=True), parameters=[OpenApiParameter("discipline", str)])
    def get(self, request):
        discipline = request.query_params.get("discipline", "russian")
        return Response([{"name": p.name, "control": p.control, "clause": p.clause} for p in clock.presets(discipline)])
