"""What the championships API reads and answers (drf-spectacular documents them)."""

from __future__ import annotations

from decimal import Decimal

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from foundation.api.params import IdField
from games import results as vocabulary
from games.positions import FOUL_POLICIES
from games.venue import Venue

from ..decisions import REASON_MAX
from ..models import ROUNDS_MAX, Absence, Appointment, Board, Championship, Decision, Entry, Playoff, Round
from ..selectors.bracket import describe_ballot


class ChampionshipMemberSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.CharField(source="__str__")


class EntrySerializer(serializers.ModelSerializer):
    member = ChampionshipMemberSerializer()

    class Meta:
        model = Entry
        fields = [
            "id",
            "member",
            "start_number",
            "rating",
            "status",
            "left_after_round",
            "left_reason",
            "struck",
            "group",
        ]


class AppointmentSerializer(serializers.ModelSerializer):
    member = ChampionshipMemberSerializer()

    class Meta:
        model = Appointment
        fields = ["member", "role"]


class MatchGameSerializer(serializers.Serializer):
    """One game of a micro-match (1.11) with the ballot it started from (2.2.2)."""

    number = serializers.IntegerField()
    micro_match = serializers.IntegerField()
    game_id = IdField()
    board_white_has_white = serializers.BooleanField()
    ballot = serializers.CharField()
    ballot_text = serializers.SerializerMethodField()
    result = serializers.CharField(source="game.result")
    time_control = serializers.CharField(source="game.time_control")

    def get_ballot_text(self, obj) -> str:
        return describe_ballot(obj.ballot)


class BoardSerializer(serializers.ModelSerializer):
    white = ChampionshipMemberSerializer()
    black = ChampionshipMemberSerializer(allow_null=True)
    game_id = IdField(allow_null=True)
    games = MatchGameSerializer(
        many=True, source="match_games.all", help_text="Micro-matches (1.11): every game of the pairing, in order."
    )

    class Meta:
        model = Board
        fields = ["id", "number", "white", "black", "game_id", "result", "override_reason", "games"]


class RoundSerializer(serializers.ModelSerializer):
    boards = BoardSerializer(many=True)

    class Meta:
        model = Round
        fields = [
            "number",
            "status",
            "starts_at",
            "paired_at",
            "published_at",
            "closed_at",
            "deadline",
            "relay_url",
            "boards",
        ]


class ControlText(serializers.CharField):
    """A time control as its text; none set (a tie's faster control) is ""."""

    def get_attribute(self, instance):
        value = super().get_attribute(instance)
        return "" if value is None else str(value)


class ChampionshipSerializer(serializers.ModelSerializer):
    organiser = ChampionshipMemberSerializer()
    tie_time_control = ControlText(max_length=64, required=False, allow_blank=True)

    class Meta:
        model = Championship
        fields = [
            "id",
            "name",
            "status",
            "organiser",
            "discipline",
            "opening_rule",
            "ballot",
            "time_control",
            "venue",
            "rated",
            "scoring",
            "foul_policy",
            "lateness_minutes",
            "draw_after_moves",
            "broadcast_delay",
            "relay_url",
            "system",
            "cycles",
            "swiss_system",
            "rounds_planned",
            "initial_order",
            "accelerated_rounds",
            "accelerated_points",
            "rating_bands",
            "age_categories",
            "tie_criteria",
            "entries_open_at",
            "entries_close_at",
            "invitation_only",
            "lot_seed",
            "created_at",
            "started_at",
            "finished_at",
            "games_per_pairing",
            "ballot_table",
            "tie_matches",
            "tie_time_control",
            "tie_break",
            "next_stage",
            "qualifiers",
            "previous_stages",
            "play_mode",
            "round_days",
            "closes_at",
            "vacation_days_max",
            "section_size",
            "section_days",
            "standing_event",
        ]
        extra_kwargs = {"previous_stages": {"read_only": True}}


class ChampionshipDetailSerializer(ChampionshipSerializer):
    entries = EntrySerializer(many=True, source="entry_list")
    arbiters = AppointmentSerializer(many=True, source="appointment_list")
    rounds = RoundSerializer(many=True, source="round_list")

    class Meta(ChampionshipSerializer.Meta):
        fields = ChampionshipSerializer.Meta.fields + ["entries", "arbiters", "rounds"]


class ChampionshipCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    discipline = serializers.CharField(max_length=32)
    time_control = serializers.CharField(max_length=64)
    system = serializers.ChoiceField(choices=Championship.System.choices, default="round-robin")
    games_per_pairing = serializers.IntegerField(
        min_value=1,
        max_value=12,
        required=False,
        allow_null=True,
        default=None,
        help_text="1.11: games per pairing (шашки-64: 2).",
    )
    ballot_table = serializers.CharField(
        max_length=16,
        required=False,
        default="",
        allow_blank=True,
        help_text="2.2.2: шашки-64 table drawn from per micro-match (idf, fmjd).",
    )
    tie_matches = serializers.IntegerField(
        min_value=0,
        max_value=10,
        required=False,
        allow_null=True,
        default=None,
        help_text="1.11: further micro-matches after a drawn one.",
    )
    tie_time_control = serializers.CharField(
        max_length=64,
        required=False,
        default="",
        allow_blank=True,
        help_text="1.11: the faster control after the further micro-matches.",
    )
    tie_break = serializers.ChoiceField(
        choices=Championship.TieBreak.choices,
        required=False,
        default="",
        help_text="3.6.4: a drawn tie goes on to a Lehmann–Georgiev series (tie_time_control, default 300+3).",
    )
    cycles = serializers.IntegerField(min_value=1, max_value=4, default=1)
    swiss_system = serializers.ChoiceField(
        choices=Championship.SwissSystem.choices, required=False, allow_blank=True, default=""
    )
    rounds_planned = serializers.IntegerField(
        min_value=1, max_value=ROUNDS_MAX, required=False, allow_null=True, default=None
    )
    initial_order = serializers.ChoiceField(
        choices=Championship.InitialOrder.choices,
        allow_blank=True,
        default="",
        help_text="Empty: by rating (1.15.5.1), by lot for the blind draw (1.15.4, which refuses 'rating').",
    )
    accelerated_rounds = serializers.IntegerField(
        min_value=0, max_value=ROUNDS_MAX, default=0, help_text="1.15.9: the first rounds paired accelerated."
    )
    accelerated_points = serializers.DecimalField(
        max_digits=3,
        decimal_places=1,
        min_value=Decimal("0.5"),
        max_value=Decimal("9.5"),
        default=1,
        help_text="1.15.9: what the upper half counts more in the accelerated rounds.",
    )
    rating_bands = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=4000),
        max_length=9,
        default=list,
        help_text="1.15.9: lower bounds of rating bands, each paired as a Swiss of its own.",
    )
    age_categories = serializers.ListField(
        child=serializers.CharField(max_length=4),
        max_length=9,
        default=list,
        help_text="1.1: the age categories the event is for, e.g. ['U14'] or ['U14', '60+']; empty: every age.",
    )
    rated = serializers.BooleanField(default=True)
    scoring = serializers.ChoiceField(choices=Championship.Scoring.choices, default="1-1/2-0")
    opening_rule = serializers.CharField(max_length=16, required=False, default="", allow_blank=True)
    ballot = serializers.CharField(max_length=32, required=False, default="", allow_blank=True)
    foul_policy = serializers.ChoiceField(choices=FOUL_POLICIES, default="reject")
    lateness_minutes = serializers.IntegerField(
        min_value=0, max_value=60, required=False, allow_null=True, default=None
    )
    draw_after_moves = serializers.IntegerField(
        min_value=1,
        max_value=1000,
        required=False,
        allow_null=True,
        default=None,
        help_text="Renju (003 5.2.7.2): the regulations' draw after this many moves, e.g. 150.",
    )
    tie_criteria = serializers.ListField(child=serializers.CharField(), required=False, default=list)
    entries_open_at = serializers.DateTimeField(required=False, allow_null=True, default=None)
    entries_close_at = serializers.DateTimeField(required=False, allow_null=True, default=None)
    invitation_only = serializers.BooleanField(default=False)
    venue = serializers.ChoiceField(
        choices=Venue.choices,
        required=False,
        default="",
        allow_blank=True,
        help_text="Where the games are played: online (server clocks), at the board (results reported by the "
        "players and arbiters, score sheets typed in) or by correspondence. Empty: what the time control implies.",
    )
    play_mode = serializers.ChoiceField(
        choices=Championship.PlayMode.choices,
        default=Championship.PlayMode.ROUNDS,
        help_text="Correspondence: all-at-once plays every game of a round robin, Scheveningen or knockout stage "
        "at once (the chief arbiter starts the section).",
    )
    round_days = serializers.IntegerField(
        min_value=1, max_value=3650, required=False, allow_null=True, default=None, help_text="Days for each round."
    )
    closes_at = serializers.DateTimeField(
        required=False, allow_null=True, default=None, help_text="The closing date: then the arbiter adjudicates."
    )
    vacation_days_max = serializers.IntegerField(
        min_value=0, max_value=366, required=False, allow_null=True, default=None
    )
    section_size = serializers.IntegerField(
        min_value=3,
        max_value=40,
        required=False,
        allow_null=True,
        default=None,
        help_text="A standing event: a section of this many players starts whenever they are waiting.",
    )
    section_days = serializers.IntegerField(min_value=1, max_value=3650, required=False, allow_null=True, default=None)


class AppointSerializer(serializers.Serializer):
    member_id = IdField()
    role = serializers.ChoiceField(choices=Appointment.Role.choices)
    reason = serializers.CharField(
        max_length=REASON_MAX,
        allow_blank=True,
        required=False,
        default="",
        help_text="Required once the entries have closed: the club's chief arbiter's recorded decision (002 §17).",
    )


class MemberIdSerializer(serializers.Serializer):
    member_id = IdField()


class EntryAddSerializer(serializers.Serializer):
    member_id = IdField()
    reason = serializers.CharField(
        max_length=REASON_MAX, required=False, allow_blank=True, default="", help_text="Needed for a late entry."
    )


class GuestSerializer(serializers.Serializer):
    """A player with no account, entered by the organiser."""

    name = serializers.CharField(max_length=80)
    city = serializers.CharField(max_length=80, required=False, allow_blank=True, default="")
    federation_rating = serializers.IntegerField(min_value=0, max_value=4000, required=False, allow_null=True)
    reason = serializers.CharField(
        max_length=REASON_MAX, required=False, allow_blank=True, default="", help_text="Needed for a late entry."
    )


class BroadcastDelaySerializer(serializers.Serializer):
    minutes = serializers.IntegerField(help_text="Minutes, 0 (live) to 30, spectators see each move after it is made.")


class RelayFeedSerializer(serializers.Serializer):
    url = serializers.CharField(
        max_length=500,
        allow_blank=True,
        help_text="The round's games as PDN, at a public http:// or https:// address; empty: no feed.",
    )
    round = serializers.IntegerField(
        min_value=1,
        required=False,
        allow_null=True,
        default=None,
        help_text="This round's own feed; without it, the event's (every round's).",
    )


class RelayBoardSerializer(serializers.Serializer):
    board = serializers.IntegerField(source="board.number")
    game_id = serializers.IntegerField(source="board.game_id")
    state = serializers.CharField(help_text="relaying, stalled or by-hand")
    reason = serializers.CharField()


class PairSerializer(serializers.Serializer):
    starts_at = serializers.DateTimeField(
        required=False, allow_null=True, default=None, help_text="Live rounds: the scheduled start (1.6.3)."
    )


class PublishSerializer(PairSerializer):
    pass


class OverrideSerializer(serializers.Serializer):
    board = serializers.IntegerField(min_value=1)
    white_id = IdField()
    black_id = IdField(allow_null=True, required=False, default=None)
    reason = serializers.CharField(max_length=300, allow_blank=True, required=False, default="")
    clause = serializers.CharField(max_length=40, required=False, default="1.15")


class ReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=500, allow_blank=True, required=False, default="")


class ResultSerializer(serializers.Serializer):
    game_id = IdField()
    result = serializers.ChoiceField(choices=list(vocabulary.RESULTS))
    reason = serializers.CharField(max_length=500, allow_blank=True, required=False, default="")
    clause = serializers.CharField(max_length=40, required=False, default="1.10.4")


class BoardResultSerializer(serializers.Serializer):
    board = serializers.IntegerField(min_value=1, max_value=10_000)
    result = serializers.ChoiceField(choices=list(vocabulary.RESULTS))


class RoundResultsSerializer(serializers.Serializer):
    results = BoardResultSerializer(many=True, max_length=10_000)
    reason = serializers.CharField(max_length=300)
    version = serializers.CharField(
        max_length=64, help_text="The version the round's results were read at (GET of this address)."
    )


class RoundResultsSheetSerializer(serializers.Serializer):
    version = serializers.CharField(help_text="Send it back with the results: it names the results read here.")
    boards = BoardSerializer(many=True)


class MatchResultSerializer(serializers.Serializer):
    result = serializers.CharField(max_length=8)
    reason = serializers.CharField(max_length=500, allow_blank=True, required=False, default="")
    clause = serializers.CharField(max_length=40, required=False, default="1.11")


class BracketGameSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    micro_match = serializers.IntegerField()
    game_id = IdField()
    white = ChampionshipMemberSerializer()
    black = ChampionshipMemberSerializer()
    result = serializers.CharField()
    status = serializers.CharField()
    time_control = serializers.CharField()
    ballot = serializers.CharField()
    ballot_text = serializers.CharField()


class BracketMatchSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    white = ChampionshipMemberSerializer()
    black = ChampionshipMemberSerializer(allow_null=True)
    result = serializers.CharField()
    winner_id = IdField(allow_null=True)
    games = BracketGameSerializer(many=True)


class BracketRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.CharField()
    matches = BracketMatchSerializer(many=True)


class LeaveSerializer(serializers.Serializer):
    member_id = IdField()
    excluded = serializers.BooleanField(default=False)
    reason = serializers.CharField(max_length=300, allow_blank=True, required=False, default="")


class BoardGroupSerializer(serializers.Serializer):
    """An arbiter and the boards he judges in the round (1.16.9); a team event's: its matches."""

    member_id = IdField()
    first_board = serializers.IntegerField(min_value=1, max_value=9999)
    last_board = serializers.IntegerField(min_value=1, max_value=9999)


class BoardArbitersSerializer(serializers.Serializer):
    groups = BoardGroupSerializer(many=True, max_length=999)


class BoardArbiterSerializer(serializers.Serializer):
    member_id = serializers.IntegerField(source="arbiter_id")
    name = serializers.CharField(source="arbiter.__str__")
    first_board = serializers.IntegerField()
    last_board = serializers.IntegerField()


class CategoryRowSerializer(serializers.Serializer):
    place = serializers.IntegerField(allow_null=True, help_text="In the category; null: struck (1.10.2).")
    overall = serializers.IntegerField(allow_null=True, help_text="In the whole event.")
    player = serializers.IntegerField()
    name = serializers.CharField()
    points = serializers.FloatField()


class CategoryStandingsSerializer(serializers.Serializer):
    category = serializers.CharField()
    rows = CategoryRowSerializer(many=True)


class AbsenceSerializer(serializers.Serializer):
    member_id = IdField()
    round = serializers.IntegerField(min_value=1, max_value=ROUNDS_MAX)
    reason = serializers.CharField(max_length=300, allow_blank=True, required=False, default="")


class AbsenceDoneSerializer(serializers.ModelSerializer):
    class Meta:
        model = Absence
        fields = ["member_id", "round_number", "reason", "marked_at"]


class PlayoffCreateSerializer(serializers.Serializer):
    member_ids = serializers.ListField(child=IdField(), min_length=2, max_length=ROUNDS_MAX)
    time_control = serializers.CharField(max_length=64)
    games_per_pair = serializers.IntegerField(min_value=1, max_value=4, default=2)
    reason = serializers.CharField(max_length=2000, allow_blank=True, required=False, default="")


# A play-off's state from the ``states`` the view read (``selectors.playoff_states``), for every kind
# of entrant (1.13.2, 1.14.6). (Comments, not docstrings: the OpenAPI document would show them.)
class PlayoffStateMixin:
    def get_state(self, playoff) -> str:
        # A new play-off's games are still to play.
        return self.context.get("states", {}).get(playoff, "pending")


class PlayoffSerializer(PlayoffStateMixin, serializers.ModelSerializer):
    games = serializers.SerializerMethodField()
    state = serializers.SerializerMethodField()

    class Meta:
        model = Playoff
        fields = ["id", "players", "time_control", "games_per_pair", "games", "created_at", "state"]

    def get_games(self, playoff) -> list[int]:
        return list(playoff.games.values_list("game_id", flat=True))


class DecisionSerializer(serializers.ModelSerializer):
    by = ChampionshipMemberSerializer(allow_null=True)

    class Meta:
        model = Decision
        fields = ["at", "by", "action", "reason", "clause", "data"]


class StandingsSerializer(serializers.Serializer):
    computed_at = serializers.DateTimeField(allow_null=True)
    rows = serializers.ListField(
        child=serializers.DictField(),
        help_text="ratings.standings.table rows: id, place, points, wins, coefficients, …",
    )


class CrosstableSerializer(serializers.Serializer):
    grid = serializers.DictField(help_text="{member id: {opponent id: [marks]}}")
    rounds = serializers.DictField(help_text="{member id: [{round, opponent, colour, mark, result}]}")


# ---- Scheveningen (1.2) -------------------------------------------------------------------------
class GroupSerializer(serializers.Serializer):
    member_id = IdField()
    group = serializers.ChoiceField(choices=["A", "B", ""], help_text="Scheveningen: A, B, or empty (by the lot).")


class ScheveningenRowSerializer(serializers.Serializer):
    member = ChampionshipMemberSerializer(source="entry.member")
    start_number = serializers.IntegerField(source="entry.start_number", allow_null=True)
    points = serializers.FloatField()
    cells = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text="Marks against each member of group B, in group B's order.",
    )


class ScheveningenSerializer(serializers.Serializer):
    team_a = EntrySerializer(many=True)
    team_b = EntrySerializer(many=True)
    rows = ScheveningenRowSerializer(many=True, help_text="Group A against group B.")
    b_points = serializers.ListField(child=serializers.FloatField())
    score = serializers.DictField(help_text='The match score: {"A", "B", "games", "pending"}.')


# ---- staged events (1.2) -------------------------------------------------------------------------
class StageLinkSerializer(serializers.Serializer):
    next_stage_id = IdField(help_text="The championship the qualifiers enter (a draft).")
    qualifiers = serializers.IntegerField(help_text="How many qualify, by this stage's final standings.")


class StageAdvanceSerializer(serializers.Serializer):
    outcome = serializers.CharField(help_text="carried, already-carried or no-next-stage")


class AdjudicationSerializer(serializers.Serializer):
    game_id = IdField()
    result = serializers.ChoiceField(
        choices=["1-0", "0-1", "1/2-1/2", "0-0", "+/-", "-/+", "-/-"],
        help_text="A game in which a move was made counts as played (1.10.4): a win, a draw or 0-0 (both lose);"
        " the forfeit signs only for a game in which no move was made (1.12.2).",
    )
    reason = serializers.CharField(max_length=2000)


class BoardReportSerializer(serializers.Serializer):
    result = serializers.ChoiceField(
        choices=["1-0", "1/2-1/2", "0-1"], help_text="The player's own board's result, a game played to its end."
    )


class BoardReportAnswerSerializer(serializers.Serializer):
    outcome = serializers.ChoiceField(
        choices=["waiting", "stands", "disputed"],
        help_text="waiting: the opponent has not reported; stands: both agree, the result is recorded; "
        "disputed: the reports disagree, an arbiter decides.",
    )
    board = BoardSerializer(allow_null=True, help_text="The board (null: a team match's board).")


class NoShowSerializer(serializers.Serializer):
    absent = serializers.ChoiceField(choices=["white", "black", "both"], help_text="Who did not come (1.9.1, 1.9.2).")
    reason = serializers.CharField(max_length=REASON_MAX, allow_blank=True, required=False, default="")


class BoardWaitingSerializer(serializers.Serializer):
    round = serializers.IntegerField(source="round.number")
    match = serializers.IntegerField(
        source="match.number", allow_null=True, help_text="A team event's: the number of the board's match (1.14)."
    )
    number = serializers.IntegerField(help_text="The board's number in the round, or in its team match.")
    board = serializers.SerializerMethodField(help_text="The board (null: a team match's board).")
    game_id = IdField(source="game.pk", help_text="The game waiting: the board's, or its micro-match's current one.")
    state = serializers.ChoiceField(choices=["no-report", "to-confirm", "disputed"])
    to_act = serializers.CharField(help_text="Who is to act, in words.")
    reports = serializers.SerializerMethodField()

    @extend_schema_field(BoardSerializer(allow_null=True))
    def get_board(self, waiting) -> dict | None:
        return BoardSerializer(waiting.board).data if waiting.match is None else None

    def get_reports(self, waiting) -> list[dict]:
        return [
            {"member_id": r.member_id, "result": r.result, "reported_at": r.reported_at.isoformat()}
            for r in waiting.reports
        ]


class ScoreSheetSerializer(serializers.Serializer):
    moves = serializers.CharField(max_length=20_000, help_text='One move, or a whole sheet: "1. c3-d4 f6-e5 2. …".')
    ply = serializers.IntegerField(min_value=0, max_value=10_000, help_text="The record's moves so far.")
    reason = serializers.CharField(
        max_length=REASON_MAX, allow_blank=True, required=False, default="", help_text="To correct a finished event."
    )


class ScoreSheetAnswerSerializer(serializers.Serializer):
    game_id = IdField()
    ply = serializers.IntegerField()
    moves = serializers.ListField(child=serializers.CharField())
