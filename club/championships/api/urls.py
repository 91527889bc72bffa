from django.urls import path

from foundation import urlpaths  # noqa: F401  (registers <id:…>)

from .. import exports
from ..selectors import results_json
from . import results, views

urlpatterns = [
    path("", views.ChampionshipListView.as_view(), name="api-championship-list"),
    path(
        f"schemas/results-v{results_json.RESULTS_SCHEMA_VERSION}.json",
        results.ResultsSchemaView.as_view(),
        name="api-championship-results-schema",
    ),
    path("<id:pk>/", views.ChampionshipDetailView.as_view(), name="api-championship-detail"),
    path("<id:pk>/arbiters/", views.AppointView.as_view(), name="api-championship-appoint"),
    path("<id:pk>/operators/", views.OperatorView.as_view(), name="api-championship-operators"),
    path("<id:pk>/invitations/", views.InviteView.as_view(), name="api-championship-invite"),
    path("<id:pk>/open/", views.OpenEntriesView.as_view(), name="api-championship-open"),
    path("<id:pk>/broadcast-delay/", views.BroadcastDelayView.as_view(), name="api-championship-broadcast-delay"),
    path("<id:pk>/relay/", views.RelayFeedView.as_view(), name="api-championship-relay"),
    path(
        "<id:pk>/boards/<id:game_id>/relay-take-over/",
        views.RelayTakeOverView.as_view(),
        name="api-championship-relay-take-over",
    ),
    path("<id:pk>/close/", views.CloseEntriesView.as_view(), name="api-championship-close"),
    path("<id:pk>/entry/", views.EntryView.as_view(), name="api-championship-entry"),
    path("<id:pk>/entries/", views.EntryAddView.as_view(), name="api-championship-entry-add"),
    path("<id:pk>/guests/", views.GuestEnterView.as_view(), name="api-championship-guest"),
    path("<id:pk>/guests/<id:guest_id>/merge/", views.GuestMergeView.as_view(), name="api-championship-guest-merge"),
    path("<id:pk>/start/", views.SectionStartView.as_view(), name="api-championship-start"),
    path("<id:pk>/adjudications/", views.AdjudicationView.as_view(), name="api-championship-adjudicate"),
    path("<id:pk>/rounds/", views.RoundsView.as_view(), name="api-championship-pair"),
    path("<id:pk>/rounds/<id:number>/", views.RoundDetailView.as_view(), name="api-championship-round"),
    path(
        "<id:pk>/rounds/<id:number>/arbiters/",
        views.RoundArbitersView.as_view(),
        name="api-championship-board-arbiters",
    ),
    path(
        "<id:pk>/rounds/<id:number>/results/", views.RoundResultsView.as_view(), name="api-championship-round-results"
    ),
    path("<id:pk>/rounds/<id:number>/override/", views.RoundOverrideView.as_view(), name="api-championship-override"),
    path("<id:pk>/rounds/<id:number>/discard/", views.RoundDiscardView.as_view(), name="api-championship-discard"),
    path("<id:pk>/rounds/<id:number>/publish/", views.RoundPublishView.as_view(), name="api-championship-publish"),
    path("<id:pk>/results/", views.ResultView.as_view(), name="api-championship-result"),
    path("<id:pk>/boards/", views.BoardsWaitingView.as_view(), name="api-championship-boards"),
    path("<id:pk>/boards/<id:game_id>/report/", views.BoardReportView.as_view(), name="api-championship-report"),
    path("<id:pk>/boards/<id:game_id>/no-show/", views.NoShowView.as_view(), name="api-championship-no-show"),
    path(
        "<id:pk>/boards/<id:game_id>/score-sheet/", views.ScoreSheetView.as_view(), name="api-championship-score-sheet"
    ),
    path(
        "<id:pk>/matches/<id:board_id>/result/", views.MatchResultView.as_view(), name="api-championship-match-result"
    ),
    path("<id:pk>/bracket/", results.BracketView.as_view(), name="api-championship-bracket"),
    path("<id:pk>/playoffs/", views.PlayoffView.as_view(), name="api-championship-playoff"),
    path("<id:pk>/absences/", views.AbsenceView.as_view(), name="api-championship-absence"),
    path("<id:pk>/withdrawals/", views.LeaveView.as_view(), name="api-championship-withdraw"),
    path("<id:pk>/decisions/", results.DecisionsView.as_view(), name="api-championship-decisions"),
    path("<id:pk>/standings/", results.StandingsView.as_view(), name="api-championship-standings"),
    path(
        "<id:pk>/standings/categories/",
        results.CategoryStandingsView.as_view(),
        name="api-championship-category-standings",
    ),
    path("<id:pk>/crosstable/", results.CrosstableView.as_view(), name="api-championship-crosstable"),
    path("<id:pk>/published/", results.PublishedResultsView.as_view(), name="api-championship-published"),
    path("<id:pk>/groups/", views.GroupView.as_view(), name="api-championship-groups"),
    path("<id:pk>/scheveningen/", results.ScheveningenView.as_view(), name="api-championship-scheveningen"),
    path("<id:pk>/stages/", views.StageLinkView.as_view(), name="api-championship-stage-link"),
    path("<id:pk>/advance/", views.StageAdvanceView.as_view(), name="api-championship-stage-advance"),
    *(
        path(f"<id:pk>/export/{kind}/", results.export_view(kind), name=f"api-championship-export-{kind}")
        for kind in exports.EXPORTS
    ),
    path("<id:pk>/export/<str:kind>/", results.ExportView.as_view(), name="api-championship-export"),
    path("<id:pk>/starting-list/", results.StartingListView.as_view(), name="api-championship-starting-list"),
    path("<id:pk>/rounds/<id:number>/pairings/", results.RoundPairingsView.as_view(), name="api-championship-pairings"),
    path(
        "<id:pk>/standings/after/<id:number>/",
        results.StandingsAfterView.as_view(),
        name="api-championship-standings-after",
    ),
    path("<id:pk>/crosstable/table/", results.CrosstableTableView.as_view(), name="api-championship-crosstable-table"),
    path("<id:pk>/players/<str:username>/", results.PlayerCardView.as_view(), name="api-championship-player"),
]
