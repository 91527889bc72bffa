"""API shapes of challenges, games, moves and records."""

from __future__ import annotations

from rest_framework import serializers

from foundation.api.params import IdField
from games.models import Challenge, Game, Move, Vacation
from games.positions import FOUL_POLICIES, game_position, rules_of
from games.selectors import game_clocks


class PlayerRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.CharField()


class ChallengeSerializer(serializers.ModelSerializer):
    challenger = PlayerRefSerializer(read_only=True)
    opponent = PlayerRefSerializer(read_only=True, allow_null=True)
    game_id = IdField(read_only=True, allow_null=True)

    class Meta:
        model = Challenge
        fields = [
            "id",
            "challenger",
            "opponent",
            "discipline",
            "opening_rule",
            "ballot",
            "start_fen",
            "colour",
            "rated",
            "time_control",
            "foul_policy",
            "rating_min",
            "rating_max",
            "status",
            "created_at",
            "expires_at",
            "game_id",
        ]


# Bounds of the numbers and texts a request may carry (the columns and services hold them).
RATING_MAX = 4000
ID_MAX = 2**63 - 1
PLY_MAX = 100_000


class ChallengeCreateSerializer(serializers.Serializer):
    discipline = serializers.CharField(max_length=32)
    time_control = serializers.CharField(
        max_length=64,
        help_text="e.g. 300, 1800+30, 7200/50,3600/25, d3 (days per move); live controls from 3 "
        "minutes to 2 hours, increments up to 60 s (see /api/time-controls/)",
    )
    opponent_id = IdField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=ID_MAX,
        help_text="Direct challenge; omit for an open one.",
    )
    colour = serializers.ChoiceField(choices=["white", "black", "random"], default="random")
    rated = serializers.BooleanField(default=True)
    opening_rule = serializers.CharField(required=False, allow_blank=True, default="", max_length=16)
    ballot = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=32,
        help_text="шашки-64: 'random' (drawn at acceptance) or a ballot key.",
    )
    start_fen = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=2000,
        help_text="A custom start position (FEN); such a game is never rated.",
    )
    foul_policy = serializers.ChoiceField(choices=FOUL_POLICIES, default="reject")
    rating_min = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=0,
        max_value=RATING_MAX,
        help_text="Open challenges: the lowest club rating (in the discipline "
        "and speed class) that may accept; unrated members may not.",
    )
    rating_max = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=RATING_MAX)
    expires_at = serializers.DateTimeField(
        required=False, allow_null=True, help_text="In the future, within 30 days; default a week."
    )


class MoveSerializer(serializers.ModelSerializer):
    class Meta:
        model = Move
        fields = ["ply", "notation", "colour", "member", "played_at", "elapsed_ms", "clock_ms", "foul"]


class ClocksSerializer(serializers.Serializer):
    white_ms = serializers.IntegerField()
    black_ms = serializers.IntegerField()
    running = serializers.CharField(allow_null=True)
    deadline = serializers.DateTimeField(allow_null=True)
    control = serializers.CharField()
    kind = serializers.CharField()


class GameSerializer(serializers.ModelSerializer):
    white = PlayerRefSerializer(read_only=True)
    black = PlayerRefSerializer(read_only=True)
    clocks = serializers.SerializerMethodField()

    class Meta:
        model = Game
        fields = [
            "id",
            "discipline",
            "white",
            "black",
            "rated",
            "speed",
            "time_control",
            "opening_rule",
            "ballot",
            "start_fen",
            "foul_policy",
            "status",
            "result",
            "termination",
            "termination_clause",
            "ply",
            "fen",
            "to_move",
            "clocks",
            "draw_offer_by",
            "draw_barred",
            "event",
            "site",
            "round",
            "white_name",
            "black_name",
            "created_at",
            "started_at",
            "ended_at",
            "starts_at",
            "lateness_ms",
            "white_checked_in_at",
            "black_checked_in_at",
        ]

    def get_clocks(self, game) -> ClocksSerializer:
        return ClocksSerializer(game_clocks(game, now=self.context.get("now"))).data


class GameDetailSerializer(GameSerializer):
    moves = serializers.SerializerMethodField()
    legal_moves = serializers.SerializerMethodField()

    class Meta(GameSerializer.Meta):
        fields = GameSerializer.Meta.fields + ["moves", "legal_moves"]

    def get_moves(self, game) -> MoveSerializer(many=True):
        moves = game.moves.order_by("ply")
        if self.context.get("as_of") is not None:  # a spectator of an event with a broadcast delay
            moves = moves.filter(played_at__lte=self.context["as_of"])
        return MoveSerializer(moves, many=True).data

    def get_legal_moves(self, game) -> list[str]:
        if game.is_over or not self.context.get("with_legal_moves") or self.context.get("as_of") is not None:
            return []
        return [m.notation for m in rules_of(game).legal_moves(game_position(game))]


class MoveCreateSerializer(serializers.Serializer):
    text = serializers.CharField(
        help_text="A move or protocol action as the rules module reads it: "
        "c3-d4, c3:e5:g3, h8, pass, swap, stay, declare 3, i9,k10 …"
    )
    expected_ply = serializers.IntegerField(
        min_value=0, max_value=PLY_MAX, help_text="The ply the move follows (the game's current ply)."
    )
    idempotency_key = serializers.CharField(required=False, allow_blank=True, max_length=64)
    offer_draw = serializers.BooleanField(default=False, help_text="Offer a draw with this move (2.1.9.3).")


class GameAfterMoveSerializer(serializers.Serializer):
    """The game right after a move: what a client needs to go on, no extra queries."""

    id = serializers.IntegerField()
    ply = serializers.IntegerField()
    status = serializers.CharField()
    result = serializers.CharField()
    termination = serializers.CharField()
    termination_clause = serializers.CharField()
    to_move = serializers.CharField()
    fen = serializers.CharField()
    white_ms = serializers.IntegerField()
    black_ms = serializers.IntegerField()
    deadline = serializers.DateTimeField(allow_null=True)
    draw_offer_by = serializers.CharField()
    white_id = IdField()
    black_id = IdField()


class MoveResultSerializer(serializers.Serializer):
    move = MoveSerializer()
    game = GameAfterMoveSerializer()
    replayed = serializers.BooleanField()


class ClaimSerializer(serializers.Serializer):
    expected_ply = serializers.IntegerField(min_value=0, max_value=PLY_MAX)
    move = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=120,
        help_text="The intended move that would repeat the position (2.1.9.2), unplayed.",
    )


class RecordSerializer(serializers.Serializer):
    format = serializers.CharField()
    text = serializers.CharField()


class RecordImportSerializer(serializers.Serializer):
    text = serializers.CharField(help_text="PDN, or a renju record (plain or SGF).")


class VacationSerializer(serializers.ModelSerializer):
    days = serializers.IntegerField(write_only=True, min_value=1, max_value=366)

    class Meta:
        model = Vacation
        fields = ["id", "starts_at", "ends_at", "days"]
        read_only_fields = ["ends_at"]
        extra_kwargs = {"starts_at": {"required": False}}


class PresetSerializer(serializers.Serializer):
    name = serializers.CharField()
    control = serializers.CharField()
    clause = serializers.CharField()


class ConditionalLineSerializer(serializers.Serializer):
    moves = serializers.ListField(
        child=serializers.CharField(max_length=40),
        max_length=200,
        allow_empty=True,
        help_text="The opponent's move, my answer, the opponent's next, …; empty deletes the line.",
    )
