"""What the team events API reads and answers (drf-spectacular documents them).

Status fields are plain strings here so that their choice sets do not clash
with the other apps' "status" enums in the schema.
"""

from __future__ import annotations

from rest_framework import serializers

from foundation.api.params import IdField

from .. import pairing, team_rules
from .serializers import AppointSerializer, ChampionshipMemberSerializer, PlayoffStateMixin


# A member as the championship's API shows him, under the team event's name in the document.
class TeamMemberSerializer(ChampionshipMemberSerializer):
    pass


class TeamEventSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    organiser = TeamMemberSerializer()
    discipline = serializers.CharField()
    time_control = serializers.CharField()
    rated = serializers.BooleanField()
    boards = serializers.IntegerField()
    reserves = serializers.IntegerField()
    lineup_minutes = serializers.IntegerField(allow_null=True)
    fixed_boards = serializers.BooleanField()
    reserve_boards = serializers.ListField(child=serializers.IntegerField())
    lineup_moves_up = serializers.BooleanField()
    ranks_boards = serializers.BooleanField()
    system = serializers.CharField()
    swiss_system = serializers.CharField()
    rounds_planned = serializers.IntegerField(allow_null=True)
    scoring = serializers.CharField()
    tie_criteria = serializers.ListField(child=serializers.CharField())
    status = serializers.CharField()
    lot_seed = serializers.CharField()


class TeamEventCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120)
    discipline = serializers.CharField(max_length=32)
    time_control = serializers.CharField(max_length=64)
    boards = serializers.IntegerField(min_value=2, max_value=20)
    reserves = serializers.IntegerField(min_value=0, max_value=10, default=0)
    lineup_minutes = serializers.IntegerField(
        min_value=0,
        max_value=1440,
        required=False,
        allow_null=True,
        default=None,
        help_text="Line-ups are due this many minutes before the round (1.14.2; empty: 15).",
    )
    fixed_boards = serializers.BooleanField(
        default=False, help_text="1.14.2: each player of the main line-up plays only on his roster board."
    )
    reserve_boards = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=20),
        max_length=20,
        default=list,
        help_text="1.14.2: the boards reserves may play; empty: any.",
    )
    lineup_moves_up = serializers.BooleanField(
        default=False, help_text="1.14.2: a missing player's line-up moves up a board (else his chair stays empty)."
    )
    ranks_boards = serializers.BooleanField(
        default=False, help_text="A personal-team event (1.1): each board's players are ranked too."
    )
    system = serializers.CharField(default="round-robin", help_text="round-robin or swiss")
    swiss_system = serializers.CharField(
        required=False, allow_blank=True, default="", help_text="Swiss: " + ", ".join(pairing.SYSTEMS)
    )
    rounds_planned = serializers.IntegerField(min_value=1, max_value=30, required=False, allow_null=True)
    scoring = serializers.CharField(
        default=team_rules.DEFAULT_SCORING,
        help_text=" or ".join(team_rules.SCORINGS) + " (1.14.6: board points; its note allows match points)",
    )
    tie_criteria = serializers.ListField(
        child=serializers.CharField(), default=list, help_text="In order, from: " + ", ".join(team_rules.CRITERIA)
    )
    rated = serializers.BooleanField(default=True)


class TeamAppointSerializer(AppointSerializer):
    """A team event's arbiters are appointed as a championship's (002 §17)."""


class TeamRegisterSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=80)
    captain_id = IdField()
    player_ids = serializers.ListField(child=IdField(), min_length=1, max_length=40)


class TeamLineupDecisionSerializer(serializers.Serializer):
    team_id = IdField()
    member_ids = serializers.ListField(
        child=IdField(allow_null=True),
        min_length=1,
        max_length=20,
        help_text="By board; null: an empty board.",
        source="members",
    )
    reason = serializers.CharField(max_length=2000, allow_blank=True, required=False, default="")


class TeamLineupSubmitSerializer(serializers.Serializer):
    team_id = IdField()
    member_ids = serializers.ListField(
        child=IdField(allow_null=True),
        min_length=1,
        max_length=20,
        help_text="By board; null: an empty board (fixed boards, 1.14.2).",
        source="members",
    )


class TeamPublishSerializer(serializers.Serializer):
    starts_at = serializers.DateTimeField(required=False, allow_null=True)
    absent_ids = serializers.ListField(child=IdField(), required=False, default=list, source="absent")


class TeamWithdrawSerializer(serializers.Serializer):
    after_round = serializers.IntegerField(min_value=0)
    treatment = serializers.CharField(help_text="forfeit (remaining matches lost) or annul (1.14.5)")
    reason = serializers.CharField(max_length=300)


class TeamIneligibleSerializer(serializers.Serializer):
    member_id = IdField()
    reason = serializers.CharField(max_length=300)


class TeamRosterPlaceSerializer(serializers.Serializer):
    order = serializers.IntegerField()
    member = TeamMemberSerializer()
    reserve = serializers.BooleanField()
    accepted = serializers.BooleanField(help_text="The member accepted his place (he plays only then, 1.14.2).")


class TeamInvitationAnswerSerializer(serializers.Serializer):
    accept = serializers.BooleanField()


class TeamLineupSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    member_ids = serializers.ListField(child=IdField(allow_null=True))


class TeamSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    captain = TeamMemberSerializer()
    start_number = serializers.IntegerField(allow_null=True)
    status = serializers.CharField()
    left_after_round = serializers.IntegerField(allow_null=True)
    withdrawal = serializers.CharField()
    withdrawal_reason = serializers.CharField()
    players = TeamRosterPlaceSerializer(many=True)
    lineups = TeamLineupSerializer(many=True)


class TeamBoardGameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    board = serializers.IntegerField()
    white = TeamMemberSerializer(allow_null=True)
    black = TeamMemberSerializer(allow_null=True)
    game_id = IdField(allow_null=True)
    result = serializers.CharField()
    ineligible_reason = serializers.CharField()


class TeamMatchSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    home_id = IdField(help_text="White on board 1 (1.14.3).")
    away_id = IdField(allow_null=True)
    result = serializers.CharField(help_text="From the home team's side; 'bye', or '' while unfinished.")
    home_points = serializers.FloatField()
    away_points = serializers.FloatField()
    forfeit_reason = serializers.CharField()
    boards = TeamBoardGameSerializer(many=True, source="board_list")


class TeamRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.CharField()
    published_at = serializers.DateTimeField(allow_null=True)
    matches = TeamMatchSerializer(many=True, source="match_list")


class TeamEventDetailSerializer(TeamEventSerializer):
    arbiters = serializers.ListField(child=serializers.DictField())
    teams = TeamSerializer(many=True)
    rounds = TeamRoundSerializer(many=True)


class TeamStandingsRowSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    place = serializers.CharField()
    match_points = serializers.FloatField()
    board_points = serializers.FloatField()
    matches_won = serializers.IntegerField()
    matches_drawn = serializers.IntegerField()
    matches_lost = serializers.IntegerField()
    matches = serializers.IntegerField()
    coefficients = serializers.DictField()
    annulled = serializers.BooleanField()
    playoff_right = serializers.BooleanField(help_text="1.14.6: won every match but placed second.")
    playoff = serializers.BooleanField(help_text="1.13.2, 1.14.6: a play-off decided its place.")


class TeamCrosstableRowSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    cells = serializers.ListField(child=serializers.CharField())


class TeamBoardRankingSerializer(serializers.Serializer):
    board = serializers.IntegerField()
    rows = serializers.ListField(
        child=serializers.DictField(), help_text="ratings.standings.table rows: id, place, points, coefficients …"
    )


class TeamBoardRankingsSerializer(serializers.Serializer):
    boards = TeamBoardRankingSerializer(many=True)


class TeamPlayoffCreateSerializer(serializers.Serializer):
    team_ids = serializers.ListField(child=IdField(), min_length=2, max_length=20)
    time_control = serializers.CharField(max_length=64)
    matches_per_pair = serializers.IntegerField(min_value=1, max_value=2, default=1)
    reason = serializers.CharField(max_length=2000, allow_blank=True, required=False, default="")


class TeamPlayoffSerializer(PlayoffStateMixin, serializers.Serializer):
    id = serializers.IntegerField()
    teams = serializers.ListField(child=IdField(), source="players", help_text="In their order in the standings.")
    time_control = serializers.CharField()
    matches_per_pair = serializers.IntegerField(source="games_per_pair")
    games = serializers.SerializerMethodField()
    created_at = serializers.DateTimeField()
    state = serializers.SerializerMethodField(help_text="pending, decided, drawn (the next criterion) or void")

    def get_games(self, playoff) -> list[dict]:
        return [
            {"game_id": pg.game_id, "match": pg.match, "board": pg.board, "home_id": pg.home_id, "away_id": pg.away_id}
            for pg in playoff.games.order_by("number")
        ]


class TeamStandingsSerializer(serializers.Serializer):
    rows = TeamStandingsRowSerializer(many=True)
    crosstable = TeamCrosstableRowSerializer(many=True)
    playoffs = TeamPlayoffSerializer(many=True)
