"""Ratings API: read-only views over ratings.selectors."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics
from rest_framework.response import Response
from rest_framework.views import APIView

from foundation.api.errors import ApiError
from games.models import Game
from members.models import Member
from ratings import selectors
from ratings.api.serializers import (
    GameRatingChangesSerializer,
    LeaderboardSerializer,
    RatingChangeSerializer,
    RatingSerializer,
)

POOL_PARAMETERS = [
    OpenApiParameter("discipline", str, required=True, description="Rules variant, e.g. russian or renju."),
    OpenApiParameter("speed", str, required=True, description="correspondence, classical, rapid or blitz."),
]


def _pool(request) -> tuple[str, str]:
    discipline = request.query_params.get("discipline", "")
    speed = request.query_params.get("speed", "")
    if not discipline or not speed:
        raise ApiError("pool-required", "Give both discipline and speed.")
    return discipline, speed


@extend_schema(
    parameters=POOL_PARAMETERS
    + [
        OpenApiParameter("q", str, description="Part of a username or display name."),
        OpenApiParameter("established", bool, description="Only ratings that are no longer provisional."),
    ]
)
class RatingListView(generics.ListAPIView):
    """A pool's ratings, best first (paginated)."""

    serializer_class = RatingSerializer

    def get_queryset(self):
        discipline, speed = _pool(self.request)
        return selectors.rating_list(
            discipline=discipline,
            speed=speed,
            query=self.request.query_params.get("q", ""),
            established_only=self.request.query_params.get("established") in {"1", "true"},
        )


@extend_schema(
    parameters=[OpenApiParameter("limit", int, description="Leaders per pool (default 10, at most 100).")],
    responses=LeaderboardSerializer(many=True),
)
class LeaderboardView(APIView):
    """The best established ratings of every (discipline, speed) pool."""

    def get(self, request):
        try:
            limit = max(1, min(int(request.query_params.get("limit", 10)), 100))
        except ValueError:
            raise ApiError("bad-limit", "limit must be a whole number.") from None
        boards = [
            {"discipline": d, "speed": s, "leaders": selectors.leaderboard(discipline=d, speed=s, limit=limit)}
            for d, s in selectors.rating_pools()
        ]
        return Response(LeaderboardSerializer(boards, many=True).data)


@extend_schema(responses=RatingSerializer(many=True))
class MemberRatingsView(APIView):
    """All of a member's current ratings."""

    def get(self, request, pk: int):
        member = get_object_or_404(Member, pk=pk)
        return Response(RatingSerializer(selectors.member_ratings(member_id=member.pk), many=True).data)


@extend_schema(parameters=POOL_PARAMETERS, responses=RatingChangeSerializer(many=True))
class MemberHistoryView(APIView):
    """A member's rating history in one pool, oldest first (one entry per rated game; not paginated)."""

    def get(self, request, pk: int):
        member = get_object_or_404(Member, pk=pk)
        discipline, speed = _pool(request)
        history = selectors.rating_history(member_id=member.pk, discipline=discipline, speed=speed)
        return Response(RatingChangeSerializer(history, many=True).data)


@extend_schema(responses=GameRatingChangesSerializer)
class GameRatingChangesView(APIView):
    """Both players' rating changes from one game (null where the game changed nothing)."""

    def get(self, request, pk: int):
        game = get_object_or_404(Game, pk=pk)
        changes = selectors.game_rating_changes(game)
        return Response(
            GameRatingChangesSerializer({"game": game.pk, "white": changes.white, "black": changes.black}).data
        )
