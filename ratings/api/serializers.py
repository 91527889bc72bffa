from rest_framework import serializers

from foundation.api.params import IdField
from ratings.models import Rating, RatingChange


class MemberRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.CharField()


class RatingSerializer(serializers.ModelSerializer):
    member = MemberRefSerializer(read_only=True)
    provisional = serializers.BooleanField(source="is_provisional", read_only=True)

    class Meta:
        model = Rating
        fields = [
            "member",
            "discipline",
            "speed",
            "rating",
            "games",
            "provisional",
            "last_change",
            "last_game",
            "last_played_at",
        ]


class RatingChangeSerializer(serializers.ModelSerializer):
    """One point of a rating history: what a game did to one member's rating."""

    delta = serializers.FloatField(read_only=True)
    opponent = MemberRefSerializer(read_only=True)

    class Meta:
        model = RatingChange
        fields = [
            "game",
            "ended_at",
            "discipline",
            "speed",
            "colour",
            "opponent",
            "opponent_rating",
            "score",
            "expected",
            "k",
            "rating_before",
            "rating_after",
            "delta",
            "games",
        ]


class LeaderboardSerializer(serializers.Serializer):
    discipline = serializers.CharField()
    speed = serializers.CharField()
    leaders = RatingSerializer(many=True)


class GameRatingChangesSerializer(serializers.Serializer):
    game = IdField()
    white = RatingChangeSerializer(allow_null=True)
    black = RatingChangeSerializer(allow_null=True)
