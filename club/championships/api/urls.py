from django.urls import path

from . import results, views

urlpatterns = [
    path("", views.ChampionshipListView.as_view(), name="api-championship-list"),
    path("<int:pk>/", views.ChampionshipDetailView.as_view(), name="api-championship-detail"),
    path("<int:pk>/arbiters/", views.AppointView.as_view(), name="api-championship-appoint"),
    path("<int:pk>/invitations/", views.InviteView.as_view(), name="api-championship-invite"),
    path("<int:pk>/open/", views.OpenEntriesView.as_view(), name="api-championship-open"),
    path("<int:pk>/close/", views.CloseEntriesView.as_view(), name="api-championship-close"),
    path("<int:pk>/entry/", views.EntryView.as_view(), name="api-championship-entry"),
    path("<int:pk>/rounds/", views.RoundsView.as_view(), name="api-championship-pair"),
    path("<int:pk>/rounds/<int:number>/", views.RoundDetailView.as_view(), name="api-championship-round"),
    path("<int:pk>/rounds/<int:number>/override/", views.RoundOverrideView.as_view(), name="api-championship-override"),
    path("<int:pk>/rounds/<int:number>/discard/", views.RoundDiscardView.as_view(), name="api-championship-discard"),
    path("<int:pk>/rounds/<int:number>/publish/", views.RoundPublishView.as_view(), name="api-championship-publish"),
    path("<int:pk>/results/", views.ResultView.as_view(), name="api-championship-result"),
    path(
        "<int:pk>/matches/<int:board_id>/result/", views.MatchResultView.as_view(), name="api-championship-match-result"
    ),
    path("<int:pk>/bracket/", results.BracketView.as_view(), name="api-championship-bracket"),
    path("<int:pk>/withdrawals/", views.LeaveView.as_view(), name="api-championship-withdraw"),
    path("<int:pk>/decisions/", results.DecisionsView.as_view(), name="api-championship-decisions"),
    path("<int:pk>/standings/", results.StandingsView.as_view(), name="api-championship-standings"),
    path("<int:pk>/crosstable/", results.CrosstableView.as_view(), name="api-championship-crosstable"),
    path("<int:pk>/published/", results.PublishedResultsView.as_view(), name="api-championship-published"),
    path("<int:pk>/groups/", views.GroupView.as_view(), name="api-championship-groups"),
    path("<int:pk>/scheveningen/", results.ScheveningenView.as_view(), name="api-championship-scheveningen"),
    path("<int:pk>/stages/", views.StageLinkView.as_view(), name="api-championship-stage-link"),
    path("<int:pk>/advance/", views.StageAdvanceView.as_view(), name="api-championship-stage-advance"),
    path("<int:pk>/export/<str:kind>/", results.ExportView.as_view(), name="api-championship-export"),
    path("<int:pk>/starting-list/", results.StartingListView.as_view(), name="api-championship-starting-list"),
    path(
        "<int:pk>/rounds/<int:number>/pairings/", results.RoundPairingsView.as_view(), name="api-championship-pairings"
    ),
    path(
        "<int:pk>/standings/after/<int:number>/",
        results.StandingsAfterView.as_view(),
        name="api-championship-standings-after",
    ),
    path("<int:pk>/crosstable/table/", results.CrosstableTableView.as_view(), name="api-championship-crosstable-table"),
    path("<int:pk>/players/<str:username>/", results.PlayerCardView.as_view(), name="api-championship-player"),
]
