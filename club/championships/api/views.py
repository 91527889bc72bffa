"""Thin API views of championships: parse, call a service or selector, answer
(the published results and files: ``api.results``; team events: ``api.teams``).

Service refusals become the club's JSON errors through the API's exception
handler (foundation/api/errors.py): 400 invalid, 403 forbidden, 404, 409 conflict/rule.
"""

from __future__ import annotations

from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema
from rest_framework import status
from rest_framework.generics import ListAPIView
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from club.teams.models import BoardGame
from members.models import Member

from .. import authority, selectors, services
from ..models import Board, Championship
from ..selectors.board_results import boards_without_result
from ..selectors.versions import round_sheet_version
from ..selectors.visibility import rounds_visible
from . import serializers as s
from .team_serializers import TeamBoardGameSerializer


def championship_or_404(pk: int) -> Championship:
    return get_object_or_404(Championship.objects.select_related("organiser"), pk=pk)


def visible_or_404(pk: int, member) -> Championship:
    """The championship, unless it is a draft the member may not see."""
    championship = championship_or_404(pk)
    if championship.status == Championship.Status.DRAFT and not authority.may_see_draft(championship, member):
        raise Http404
    return championship


def _detail(championship: Championship, viewer) -> dict:
    championship.entry_list = list(selectors.entries(championship))
    championship.appointment_list = list(selectors.appointments(championship))
    championship.round_list = selectors.rounds_with_boards(championship, viewer)
    return s.ChampionshipDetailSerializer(championship).data


# What the event's addresses answer of an event whose entrants are players; ``api.teams.ForTeams``
# answers a team event's (1.14: a team event is a championship whose entrants are teams). The views
# below take it as a parameter where the engine's rule is the same for both kinds of entrant. (A
# comment, not a docstring: the OpenAPI document would take it for the views' description.)
class ForPlayers:
    created_as: dict = {}  # what ``championship_create`` is told besides the form: any kind of entrant
    event_serializer = s.ChampionshipSerializer
    create_serializer = s.ChampionshipCreateSerializer
    publish_serializer = s.PublishSerializer
    playoff_serializer = s.PlayoffSerializer
    playoff_create_serializer = s.PlayoffCreateSerializer
    playoff_create = staticmethod(services.playoff_create)
    playoff_states = staticmethod(selectors.playoff_states)

    def found(self, pk: int, member) -> Championship:
        """The event at this address, unless it is a draft ``member`` may not see."""
        return visible_or_404(pk, member)

    def detail(self, championship: Championship, viewer) -> dict:
        return _detail(championship, viewer)

    def event(self, request, pk) -> dict:
        """The event after an action, as its detail answers it (the actor may see it: a draft's
        only action is its organiser's appointment)."""
        return self.detail(self.found(pk, request.user), request.user)

    def round(self, request, the_round) -> dict:
        """A round after an action, as its own address answers it."""
        return self.round_numbered(the_round.championship, the_round.number, request.user)

    def round_numbered(self, championship: Championship, number: int, viewer) -> dict:
        """Round ``number`` as ``viewer`` may see it (1.15: an unpublished pairing only to the arbiters)."""
        return s.RoundSerializer(get_object_or_404(rounds_visible(championship, viewer), number=number)).data


class ChampionshipListView(ForPlayers, ListAPIView):
    """Running, upcoming and finished championships (drafts are not listed), a page at a time."""

    def get_serializer_class(self):
        return self.event_serializer

    def get_queryset(self):
        return selectors.championships_listed()

    @extend_schema(request=s.ChampionshipCreateSerializer, responses={201: s.ChampionshipSerializer})
    def post(self, request):
        data = self.create_serializer(data=request.data)
        data.is_valid(raise_exception=True)
        championship = services.championship_create(organiser=request.user, **self.created_as, **data.validated_data)
        return Response(self.event_serializer(championship).data, status=status.HTTP_201_CREATED)


class ChampionshipDetailView(ForPlayers, APIView):
    @extend_schema(responses=s.ChampionshipDetailSerializer)
    def get(self, request, pk):
        """One championship with its players, arbiters and rounds (a draft only to its organiser and arbiters)."""
        return Response(self.detail(self.found(pk, request.user), request.user))


class _Action(APIView):
    permission_classes = [IsAuthenticated]


class _EventAction(ForPlayers, _Action):
    """An action the engine takes alike for every kind of entrant (1.14: a team event is a
    championship whose entrants are teams); it answers with the event or the round, which the
    team API's subclass shows as a team event's."""


class AppointView(_EventAction):
    @extend_schema(request=s.AppointSerializer, responses=s.ChampionshipDetailSerializer)
    def post(self, request, pk):
        data = s.AppointSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        member = get_object_or_404(Member, pk=data.validated_data["member_id"])
        services.arbiter_appoint(
            by=request.user,
            championship_id=pk,
            member=member,
            role=data.validated_data["role"],
            reason=data.validated_data["reason"],
        )
        return Response(self.event(request, pk))


class OperatorView(_Action):
    @extend_schema(request=s.MemberIdSerializer, responses=s.ChampionshipDetailSerializer)
    def post(self, request, pk):
        """Appoint a board operator, who enters the moves of the games at the board live (the chief arbiter)."""
        data = s.MemberIdSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        member = get_object_or_404(Member, pk=data.validated_data["member_id"])
        services.board_operator_appoint(by=request.user, championship_id=pk, member=member)
        return Response(_detail(championship_or_404(pk), request.user))


class InviteView(_Action):
    @extend_schema(request=s.MemberIdSerializer, responses=s.ChampionshipDetailSerializer)
    def post(self, request, pk):
        data = s.MemberIdSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        member = get_object_or_404(Member, pk=data.validated_data["member_id"])
        services.invitation_add(by=request.user, championship_id=pk, member=member)
        return Response(_detail(championship_or_404(pk), request.user))


class EntryAddView(_Action):
    @extend_schema(request=s.EntryAddSerializer, responses={201: s.EntrySerializer})
    def post(self, request, pk):
        """The organiser enters a member in his open event (past the closing time: a late entry, with
        its reason, 002 §17)."""
        data = s.EntryAddSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        member = get_object_or_404(Member, pk=data.validated_data["member_id"])
        entry = services.entry_add(
            by=request.user, championship_id=pk, member=member, reason=data.validated_data["reason"]
        )
        return Response(s.EntrySerializer(entry).data, status=status.HTTP_201_CREATED)


class GuestEnterView(_Action):
    @extend_schema(request=s.GuestSerializer, responses={201: s.EntrySerializer})
    def post(self, request, pk):
        """The organiser enters a guest: a player with no account, unrated."""
        data = s.GuestSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = services.guest_enter(by=request.user, championship_id=pk, **data.validated_data)
        return Response(s.EntrySerializer(entry).data, status=status.HTTP_201_CREATED)


class GuestMergeView(_Action):
    @extend_schema(request=s.MemberIdSerializer, responses=s.ChampionshipDetailSerializer)
    def post(self, request, pk, guest_id):
        """The organiser merges a guest into a member's account: the guest's entries, games and
        results become the member's (still unrated)."""
        data = s.MemberIdSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        member = get_object_or_404(Member, pk=data.validated_data["member_id"])
        services.guest_merge(by=request.user, championship_id=pk, guest_id=guest_id, member=member)
        return Response(_detail(championship_or_404(pk), request.user))


class OpenEntriesView(_Action):
    @extend_schema(request=None, responses=s.ChampionshipDetailSerializer)
    def post(self, request, pk):
        services.entries_open(by=request.user, championship_id=pk)
        return Response(_detail(championship_or_404(pk), request.user))


class BroadcastDelayView(_Action):
    @extend_schema(request=s.BroadcastDelaySerializer, responses=s.ChampionshipDetailSerializer)
    def post(self, request, pk):
        """Set how many minutes late spectators see the event's games (0 to 30; the organiser)."""
        data = s.BroadcastDelaySerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.broadcast_delay_set(by=request.user, championship_id=pk, minutes=data.validated_data["minutes"])
        return Response(_detail(championship_or_404(pk), request.user))


class RelayFeedView(_Action):
    @extend_schema(request=s.RelayFeedSerializer, responses=s.ChampionshipDetailSerializer)
    def post(self, request, pk):
        """Name the relay feed of an event played at the board, or of one of its rounds (its
        organiser or chief arbiter): the PDN of the round's games, polled about every ten seconds
        into the boards' records. The feed is read once first; refused, nothing changes: 400
        ``relay-scheme`` (not http/https), ``relay-credentials``, ``relay-private-address`` (the club
        fetches public addresses only), ``relay-unreachable``, ``relay-status``, ``relay-redirect``,
        ``relay-timeout``, ``relay-too-large``, ``relay-not-pdn``, ``relay-not-at-board``; 403 not
        the organiser or the chief arbiter; 404 no such round."""
        data = s.RelayFeedSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.relay_url_set(
            by=request.user,
            championship_id=pk,
            url=data.validated_data["url"],
            round_number=data.validated_data["round"],
        )
        return Response(_detail(championship_or_404(pk), request.user))


class RelayTakeOverView(_Action):
    @extend_schema(request=None, responses=s.RelayBoardSerializer)
    def post(self, request, pk, game_id):
        """An arbiter of the board takes it over by hand: the relay feed no longer touches it, its
        moves are entered on its score sheet (403 not its arbiter; 404 not a game of the event)."""
        relay = services.relay_board_take_over(by=request.user, championship_id=pk, game_id=game_id)
        return Response(s.RelayBoardSerializer(relay).data)


class CloseEntriesView(_EventAction):
    @extend_schema(request=None, responses=s.ChampionshipDetailSerializer)
    def post(self, request, pk):
        """Close the entries and draw the lot: the server draws its seed and publishes it
        (``lot_seed``), so that anyone can draw the lot again and check it (1.6.2)."""
        services.entries_close(by=request.user, championship_id=pk)
        return Response(self.event(request, pk))


class EntryView(_Action):
    @extend_schema(request=None, responses={201: s.EntrySerializer})
    def post(self, request, pk):
        """Enter the championship yourself."""
        entry = services.entry_create(championship_id=pk, member=request.user)
        return Response(s.EntrySerializer(entry).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={204: None})
    def delete(self, request, pk):
        """Take your entry back (before the entries close)."""
        services.entry_withdraw(championship_id=pk, member=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class RoundsView(_EventAction):
    @extend_schema(request=s.PairSerializer, responses={201: s.RoundSerializer})
    def post(self, request, pk):
        """Pair the next round (an appointed arbiter); it is a draft until published."""
        data = s.PairSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        the_round = services.round_pair(by=request.user, championship_id=pk, **data.validated_data)
        return Response(self.round(request, the_round), status=status.HTTP_201_CREATED)


class RoundDetailView(ForPlayers, APIView):
    @extend_schema(responses=s.RoundSerializer)
    def get(self, request, pk, number):
        return Response(self.round_numbered(self.found(pk, request.user), number, request.user))


class RoundArbitersView(_Action):
    def get_permissions(self):
        return [] if self.request.method == "GET" else super().get_permissions()

    @extend_schema(responses=s.BoardArbiterSerializer(many=True))
    def get(self, request, pk, number):
        """Which arbiter judges which boards of the round (1.16.9); none listed: every arbiter of the event."""
        championship = visible_or_404(pk, request.user)
        the_round = get_object_or_404(rounds_visible(championship, request.user), number=number)
        return Response(s.BoardArbiterSerializer(selectors.round_board_arbiters(the_round), many=True).data)

    @extend_schema(request=s.BoardArbitersSerializer, responses=s.BoardArbiterSerializer(many=True))
    def put(self, request, pk, number):
        """Assign the event's arbiters to the round's boards (chief arbiter or deputy; 1.16.9):
        replaces the round's assignments; an empty list gives every board to every arbiter again."""
        data = s.BoardArbitersSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        groups = [
            services.BoardGroup(arbiter_id=g["member_id"], first=g["first_board"], last=g["last_board"])
            for g in data.validated_data["groups"]
        ]
        rows = services.board_arbiters_assign(by=request.user, championship_id=pk, round_number=number, groups=groups)
        return Response(s.BoardArbiterSerializer(rows, many=True).data)


class RoundOverrideView(_Action):
    @extend_schema(request=s.OverrideSerializer, responses=s.RoundSerializer)
    def post(self, request, pk, number):
        """Change a pair of the unpublished round (chief arbiter or deputy, with a reason; 1.15)."""
        data = s.OverrideSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        the_round = services.board_override(
            by=request.user,
            championship_id=pk,
            round_number=number,
            board_number=values["board"],
            white_id=values["white_id"],
            black_id=values["black_id"],
            reason=values["reason"],
            clause=values["clause"],
        )
        return Response(s.RoundSerializer(the_round).data)


class RoundDiscardView(_Action):
    @extend_schema(request=s.ReasonSerializer, responses={204: None})
    def post(self, request, pk, number):
        """Withdraw the unpublished round's pairing to pair it again (chief arbiter or deputy, with a reason)."""
        data = s.ReasonSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.round_discard(
            by=request.user, championship_id=pk, round_number=number, reason=data.validated_data["reason"]
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class RoundPublishView(_EventAction):
    @extend_schema(request=s.PublishSerializer, responses=s.RoundSerializer)
    def post(self, request, pk, number):
        """Publish the round: its games are created (live: starting at the scheduled time)."""
        data = self.publish_serializer(data=request.data)
        data.is_valid(raise_exception=True)
        the_round = services.round_publish(
            by=request.user, championship_id=pk, round_number=number, **data.validated_data
        )
        return Response(self.round(request, the_round))


class SectionStartView(_Action):
    @extend_schema(request=None, responses={201: s.RoundSerializer(many=True)})
    def post(self, request, pk):
        """The chief arbiter starts a section played all at once: every round is paired
        and published and every game starts now (correspondence, ICCF 0.3)."""
        started = services.section_start(by=request.user, championship_id=pk)
        return Response(s.RoundSerializer(started, many=True).data, status=status.HTTP_201_CREATED)


class AdjudicationView(_Action):
    @extend_schema(request=s.AdjudicationSerializer, responses=s.BoardSerializer)
    def post(self, request, pk):
        """The chief arbiter adjudicates a game whose play has closed (its round's deadline
        or the closing date passed), with his reason."""
        data = s.AdjudicationSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        pairing = services.game_adjudicate(by=request.user, championship_id=pk, **data.validated_data)
        pairing.refresh_from_db()
        if isinstance(pairing, BoardGame):
            return Response(TeamBoardGameSerializer(pairing).data)
        return Response(s.BoardSerializer(pairing).data)


class ResultView(_Action):
    @extend_schema(
        request=s.ResultSerializer,
        responses=PolymorphicProxySerializer(
            component_name="EventGamePairing",
            serializers=[s.BoardSerializer, TeamBoardGameSerializer],
            resource_type_field_name=None,
        ),
    )
    def post(self, request, pk):
        """Set the result of a game of this championship or team event (chief arbiter or deputy; 1.10.4):
        the pairing it belongs to (a board; in a team event, a match's board) is answered."""
        data = s.ResultSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        pairing = services.board_result_set(by=request.user, championship_id=pk, **data.validated_data)
        pairing.refresh_from_db()
        if isinstance(pairing, BoardGame):
            return Response(TeamBoardGameSerializer(pairing).data)
        return Response(s.BoardSerializer(pairing).data)


class RoundResultsView(_Action):
    @extend_schema(responses=s.RoundResultsSheetSerializer)
    def get(self, request, pk, number):
        """A published round's boards whose results are entered together (1.10.4), with the version
        of their results, to send back with them."""
        championship = visible_or_404(pk, request.user)
        authority.require(request.user, authority.round_results_action(championship), championship)
        boards = services.round_boards_to_record(championship, number)
        return Response({"version": round_sheet_version(boards), "boards": s.BoardSerializer(boards, many=True).data})

    @extend_schema(request=s.RoundResultsSerializer, responses=s.BoardSerializer(many=True))
    def post(self, request, pk, number):
        """Record a round's results in one go (the chief arbiter or deputy; at the board, an arbiter;
        1.10.4), all or nothing. A round whose results were recorded since ``version`` was read is
        refused (409 results-changed) and nothing is written: read it again."""
        data = s.RoundResultsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        changed = services.round_results_set(
            by=request.user,
            championship_id=pk,
            round_number=number,
            results={row["board"]: row["result"] for row in values["results"]},
            reason=values["reason"],
            version=values["version"],
        )
        return Response(s.BoardSerializer(changed, many=True).data)


def _board_of(pk: int, game_id: int) -> Board | None:
    """The board a game of the event belongs to (its own, or its micro-match's); None for a team match's board."""
    return (
        Board.objects.filter(round__championship_id=pk)
        .filter(Q(game_id=game_id) | Q(match_games__game_id=game_id))
        .distinct()
        .first()
    )


class BoardsWaitingView(APIView):
    @extend_schema(responses=s.BoardWaitingSerializer(many=True))
    def get(self, request, pk):
        """At the board (``venue: board``): the boards of the published rounds still without a
        result, each with the players' reports and who is to act; "disputed" is the arbiters' list."""
        championship = visible_or_404(pk, request.user)
        return Response(s.BoardWaitingSerializer(boards_without_result(championship), many=True).data)


class BoardReportView(_Action):
    @extend_schema(request=s.BoardReportSerializer, responses=s.BoardReportAnswerSerializer)
    def post(self, request, pk, game_id):
        """A player reports his own board's result at the board; it stands once his opponent
        reports the same or an arbiter decides (403 not-at-this-board, 409 board-decided)."""
        data = s.BoardReportSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        outcome = services.board_result_report(
            by=request.user, championship_id=pk, game_id=game_id, result=data.validated_data["result"]
        )
        board = _board_of(pk, game_id)
        return Response({"outcome": outcome, "board": s.BoardSerializer(board).data if board else None})


class NoShowView(_Action):
    @extend_schema(
        request=s.NoShowSerializer,
        responses=PolymorphicProxySerializer(
            component_name="NoShowPairing",
            serializers=[s.BoardSerializer, TeamBoardGameSerializer],
            resource_type_field_name=None,
        ),
    )
    def post(self, request, pk, game_id):
        """An arbiter records that a player did not come to the board (1.9.1: −/+; 1.9.2: −/−),
        once the event's allowed lateness has passed (409 lateness-not-passed before)."""
        data = s.NoShowSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        pairing = services.board_no_show(by=request.user, championship_id=pk, game_id=game_id, **data.validated_data)
        if isinstance(pairing, BoardGame):
            return Response(TeamBoardGameSerializer(pairing).data)
        return Response(s.BoardSerializer(pairing).data)


class ScoreSheetView(_Action):
    @extend_schema(request=s.ScoreSheetSerializer, responses=s.ScoreSheetAnswerSerializer)
    def post(self, request, pk, game_id):
        """Type a score sheet's moves into a board's record (a player of the board or an arbiter);
        an illegal move is refused naming it (409 illegal-move), and nothing is kept."""
        data = s.ScoreSheetSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = data.validated_data
        game = services.score_sheet_enter(
            by=request.user,
            championship_id=pk,
            game_id=game_id,
            text=values["moves"],
            expected_ply=values["ply"],
            reason=values["reason"],
        )
        moves = list(game.moves.order_by("ply").values_list("notation", flat=True))
        return Response({"game_id": game.pk, "ply": game.ply, "moves": moves})


class MatchResultView(_Action):
    @extend_schema(request=s.MatchResultSerializer, responses=s.BoardSerializer)
    def post(self, request, pk, board_id):
        """Decide a match whose micro-matches are over but undecided (chief arbiter or deputy; 1.11).
        A decided match is refused (409 match-finished)."""
        data = s.MatchResultSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        board = services.match_result_set(by=request.user, championship_id=pk, board_id=board_id, **data.validated_data)
        board.refresh_from_db()
        return Response(s.BoardSerializer(board).data)


class LeaveView(_Action):
    @extend_schema(request=s.LeaveSerializer, responses=s.EntrySerializer)
    def post(self, request, pk):
        """Record a player's withdrawal or exclusion (chief arbiter or deputy; 1.10)."""
        data = s.LeaveSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = services.player_leave(by=request.user, championship_id=pk, **data.validated_data)
        return Response(s.EntrySerializer(entry).data)


class AbsenceView(_Action):
    @extend_schema(request=s.AbsenceSerializer, responses={201: s.AbsenceDoneSerializer})
    def post(self, request, pk):
        """Mark a player known in advance to miss a Swiss round, before it is paired (organiser,
        chief arbiter or deputy; 1.15.2): he is not paired in it and loses it; nobody wins against him."""
        data = s.AbsenceSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        absence = services.absence_mark(
            by=request.user,
            championship_id=pk,
            member_id=data.validated_data["member_id"],
            round_number=data.validated_data["round"],
            reason=data.validated_data["reason"],
        )
        return Response(s.AbsenceDoneSerializer(absence).data, status=status.HTTP_201_CREATED)


class PlayoffView(_EventAction):
    def get_permissions(self):
        return [] if self.request.method == "GET" else super().get_permissions()

    @extend_schema(responses=s.PlayoffSerializer(many=True))
    def get(self, request, pk):
        """The event's play-offs, each with its state (1.13.2): pending, decided, drawn (the next
        criterion decides) or void (a result corrected since broke the tie; it orders nothing)."""
        states = self.playoff_states(self.found(pk, request.user))
        return Response(self.playoff_serializer(list(states), many=True, context={"states": states}).data)

    @extend_schema(request=s.PlayoffCreateSerializer, responses={201: s.PlayoffSerializer})
    def post(self, request, pk):
        """Create a play-off for tied places from the final standings (chief arbiter or deputy;
        1.13.2): exactly the players tied on points; each pair plays games_per_pair games at
        time_control. Once its games are over, its result orders those places."""
        self.found(pk, request.user)
        data = self.playoff_create_serializer(data=request.data)
        data.is_valid(raise_exception=True)
        playoff = self.playoff_create(by=request.user, championship_id=pk, **data.validated_data)
        return Response(self.playoff_serializer(playoff).data, status=status.HTTP_201_CREATED)


# ---- Scheveningen (1.2) -------------------------------------------------------------------------
class GroupView(_Action):
    @extend_schema(request=s.GroupSerializer, responses=s.EntrySerializer)
    def post(self, request, pk):
        """Put a player in group A or B of a Scheveningen (the organiser, while entries are open)."""
        data = s.GroupSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = services.entry_group_set(by=request.user, championship_id=pk, **data.validated_data)
        return Response(s.EntrySerializer(entry).data)


# ---- staged events (1.2) -------------------------------------------------------------------------
class StageLinkView(_Action):
    @extend_schema(request=s.StageLinkSerializer, responses=s.ChampionshipSerializer)
    def post(self, request, pk):
        """Chain this stage to the next: its top ``qualifiers`` by the final standings enter it (the organiser)."""
        data = s.StageLinkSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        championship = services.stage_link(by=request.user, championship_id=pk, **data.validated_data)
        return Response(s.ChampionshipSerializer(championship).data)


class StageAdvanceView(_Action):
    @extend_schema(request=None, responses=s.StageAdvanceSerializer)
    def post(self, request, pk):
        """Carry a finished stage's qualifiers into the next stage now (done by the worker on finishing;
        a second call changes nothing)."""
        return Response({"outcome": services.stage_advance(championship_id=pk, by=request.user)})
