"""Thin API views of team events (1.14), which are championships whose entrants
are teams: parse, call the engine's service or selector, answer.

A service's refusal (foundation/refusals.py) becomes the club's JSON error in the
API's exception handler (foundation/api/errors.py): 400 invalid, 403, 404, 409.
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from foundation.refusals import NotFound
from members.models import Member

from .. import services
from ..models import Championship
from ..selectors import events, team_pages
from ..selectors import teams as selectors
from ..selectors.board_rankings import board_rankings
from . import team_serializers as s
from . import views
from .serializers import PairSerializer
from .views import visible_or_404


def _event(pk: int, member) -> Championship:
    """The team event, unless it is a draft ``member`` may not see (as ``visible_or_404``)."""
    event = visible_or_404(pk, member)
    if event.entrants != Championship.Entrants.TEAMS:
        raise Http404
    return event


def _detail(event: Championship, viewer) -> dict:
    data = dict(s.TeamEventSerializer(event).data)
    data["arbiters"] = [
        {"member_id": a.member_id, "name": str(a.member), "role": a.role} for a in events.appointments(event)
    ]
    data["teams"] = s.TeamSerializer(selectors.teams_with_rosters(event), many=True).data
    data["rounds"] = s.TeamRoundSerializer(team_pages.rounds_seen(event, viewer=viewer), many=True).data
    return data


def _member(pk: int) -> Member:
    return get_object_or_404(Member, pk=pk)


def _round(event: Championship, number: int, viewer) -> dict:
    rounds = team_pages.rounds_seen(event, number, viewer)
    if not rounds:
        raise NotFound("no-such-round", _("There is no round %(n)s.") % {"n": number})
    return s.TeamRoundSerializer(rounds[0]).data


class ForTeams(views.ForPlayers):
    """The championship's views at a team event's addresses: the same rules, the team event's
    answers (its teams, rosters and matches) and its own forms where a team's differ (1.14)."""

    # the team branch of the engine: its play-offs' service and states (1.14.6)
    playoff_create = staticmethod(services.team_playoff_create)
    playoff_states = staticmethod(selectors.playoff_states)
    # what a team event's answers and forms are
    created_as = {"entrants": Championship.Entrants.TEAMS}
    event_serializer = s.TeamEventSerializer
    create_serializer = s.TeamEventCreateSerializer
    publish_serializer = s.TeamPublishSerializer
    playoff_serializer = s.TeamPlayoffSerializer
    playoff_create_serializer = s.TeamPlayoffCreateSerializer

    def found(self, pk: int, member) -> Championship:
        """The team event, unless it is a draft ``member`` may not see; any other event is not here."""
        return _event(pk, member)

    def detail(self, championship: Championship, viewer) -> dict:
        return _detail(championship, viewer)

    def round_numbered(self, championship: Championship, number: int, viewer) -> dict:
        return _round(championship, number, viewer)


@extend_schema_view(
    get=extend_schema(description="Every team event, newest first."),
    post=extend_schema(
        request=s.TeamEventCreateSerializer,
        responses={201: s.TeamEventSerializer},
        description="An organiser creates a team event (1.14); registration opens at once.",
    ),
)
class TeamEventListView(ForTeams, views.ChampionshipListView):
    """Every team event, newest first: one list, not a page at a time."""

    pagination_class = None

    def get_queryset(self):
        return selectors.team_events()


@extend_schema_view(
    get=extend_schema(
        responses=s.TeamEventDetailSerializer,
        description="The event with its arbiters, teams (rosters, line-ups) and rounds (matches, boards).",
    )
)
class TeamEventDetailView(ForTeams, views.ChampionshipDetailView):
    """A team event as its championship's detail, with its teams and matches."""


class _Action(APIView):
    permission_classes = [IsAuthenticated]


@extend_schema_view(post=extend_schema(request=s.TeamAppointSerializer, responses=s.TeamEventDetailSerializer))
class AppointView(ForTeams, views.AppointView):
    """The championship's appointment (002 §17), answered with the team event."""


class TeamRegisterView(ForTeams, _Action):
    @extend_schema(request=s.TeamRegisterSerializer, responses={201: s.TeamEventDetailSerializer})
    def post(self, request, pk):
        """Register a team: its captain and its players in board order, reserves last (1.14.2)."""
        data = s.TeamRegisterSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        ids = data.validated_data["player_ids"]
        found = Member.objects.in_bulk(ids)
        missing = [i for i in ids if i not in found]
        if missing:
            raise NotFound("no-such-member", _("There is no member %(id)s.") % {"id": missing[0]})
        services.team_register(
            by=request.user,
            championship_id=pk,
            name=data.validated_data["name"],
            captain=_member(data.validated_data["captain_id"]),
            players=[found[i] for i in ids],
        )
        return Response(self.event(request, pk), status=status.HTTP_201_CREATED)


class InvitationAnswerView(ForTeams, _Action):
    @extend_schema(request=s.TeamInvitationAnswerSerializer, responses=s.TeamEventDetailSerializer)
    def post(self, request, pk, team_id):
        """An invited member accepts or declines his place in the team's roster (1.14.2)."""
        data = s.TeamInvitationAnswerSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        event = _event(pk, request.user)
        if not event.teams.filter(pk=team_id).exists():
            raise NotFound("no-such-team", _("There is no team %(id)s in this event.") % {"id": team_id})
        services.team_invitation_answer(member=request.user, team_id=team_id, accept=data.validated_data["accept"])
        return Response(self.event(request, pk))


@extend_schema_view(post=extend_schema(request=None, responses=s.TeamEventDetailSerializer))
class CloseView(ForTeams, views.CloseEntriesView):
    """Close registration and draw the start numbers by lot: the server draws its seed and
    publishes it (``lot_seed``), so that anyone can draw the lot again and check it."""


@extend_schema_view(post=extend_schema(request=PairSerializer, responses={201: s.TeamRoundSerializer}))
class RoundsView(ForTeams, views.RoundsView):
    """An appointed arbiter pairs the next round."""


@extend_schema_view(
    get=extend_schema(
        responses=s.TeamRoundSerializer, description="One round: its matches with their boards, players and games."
    )
)
class RoundDetailView(ForTeams, views.RoundDetailView):
    """A team event's round (1.15: an unpublished pairing only to those who may read the drafts)."""


class LineupView(_Action):
    @extend_schema(request=s.TeamLineupSubmitSerializer, responses=s.TeamLineupSerializer)
    def post(self, request, pk, number):
        """The captain's line-up for the round, in board order (1.14.2), until the round is published."""
        data = s.TeamLineupSubmitSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        lineup = services.lineup_submit(by=request.user, championship_id=pk, round_number=number, **data.validated_data)
        return Response(_lineup(lineup))


class LineupDecisionView(_Action):
    @extend_schema(request=s.TeamLineupDecisionSerializer, responses=s.TeamLineupSerializer)
    def post(self, request, pk, number):
        """The chief arbiter records a line-up the team's captain handed to the arbiters in person,
        with a note (1.14.2); until the line-ups are due (after that, 409 ``lineup-late``)."""
        data = s.TeamLineupDecisionSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        lineup = services.lineup_decide(by=request.user, championship_id=pk, round_number=number, **data.validated_data)
        return Response(_lineup(lineup))


def _lineup(lineup) -> dict:
    return {"round": lineup.round_number, "member_ids": lineup.members}


@extend_schema_view(
    post=extend_schema(
        request=s.TeamPublishSerializer,
        responses=s.TeamRoundSerializer,
        description="Publish the round with the players present (``absent_ids`` did not come: 1.14.4).",
    )
)
class PublishView(ForTeams, views.RoundPublishView):
    """The championship's publication (1.15), with the players who did not come (1.14.4)."""


class WithdrawView(ForTeams, _Action):
    @extend_schema(request=s.TeamWithdrawSerializer, responses=s.TeamEventDetailSerializer)
    def post(self, request, pk, team_id):
        """The chief arbiter records a team's withdrawal and how its matches count (1.14.5)."""
        data = s.TeamWithdrawSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.team_withdraw(by=request.user, championship_id=pk, team_id=team_id, **data.validated_data)
        return Response(self.event(request, pk))


class IneligibleView(_Action):
    @extend_schema(request=s.TeamIneligibleSerializer, responses=s.TeamBoardGameSerializer)
    def post(self, request, pk, board_id):
        """The chief arbiter voids a game played on a board the player had no right to (1.14.4)."""
        data = s.TeamIneligibleSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        board = services.board_ineligible(by=request.user, championship_id=pk, board_id=board_id, **data.validated_data)
        return Response(s.TeamBoardGameSerializer(board).data)


class StandingsView(APIView):
    @extend_schema(responses=s.TeamStandingsSerializer)
    def get(self, request, pk):
        """The table (1.14.6) as last computed from the results, and the crosstable of board points."""
        event = _event(pk, request.user)
        states = selectors.playoff_states(event)
        return Response(
            {
                "rows": team_pages.standings_seen(event, request.user),
                "crosstable": team_pages.crosstable_seen(event, request.user)["rows"],
                "playoffs": s.TeamPlayoffSerializer(list(states), many=True, context={"states": states}).data,
            }
        )


@extend_schema_view(
    get=extend_schema(
        responses=s.TeamPlayoffSerializer(many=True),
        description="The event's play-offs, each with its state (1.13.2, 1.14.6): pending, decided, drawn\n"
        "(the next criterion decides) or void (a result corrected since broke the tie).",
    ),
    post=extend_schema(
        request=s.TeamPlayoffCreateSerializer,
        responses={201: s.TeamPlayoffSerializer},
        description="The chief arbiter (or deputy) creates a play-off from the final standings: between\n"
        "exactly the teams tied on points (1.13.2), or for first place with a second team that\n"
        "won every match (1.14.6); each pair plays matches_per_pair matches at time_control,\n"
        "on every board, with the line-ups that stand. Its result then orders those places.",
    ),
)
class PlayoffView(ForTeams, views.PlayoffView):
    """The championship's play-offs (1.13.2) between teams (1.14.6)."""


class BoardRankingsView(APIView):
    @extend_schema(responses=s.TeamBoardRankingsSerializer)
    def get(self, request, pk):
        """A personal-team event's ranking of each board's players (1.1), from their games in the
        team matches, with the event's coefficients; 404 for an event that ranks only teams."""
        event = _event(pk, request.user)
        if not event.ranks_boards:
            raise Http404
        return Response({"boards": board_rankings(event)})


class StandingsAfterView(APIView):
    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request, pk, number):
        """The team table after round ``number`` (/teams/<id>/standings/after/<n>/, 1.14.6)."""
        event = _event(pk, request.user)
        if not event.rounds.filter(number=number).exclude(status="paired").exists():
            raise Http404
        return Response(
            {
                "event_id": event.pk,
                "after_round": number,
                "rows": team_pages.standings_after_seen(event, number, request.user),
            }
        )


class TeamCardView(APIView):
    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request, pk, team_id):
        """A team's card: roster, every match with its board points and board-by-board results."""
        data = team_pages.team_card_plain_seen(_event(pk, request.user), team_id, request.user)
        if data is None:
            raise Http404
        return Response(data)
