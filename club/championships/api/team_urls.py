"""The team events API (a team's protests, 1.14.7, are the arbiters': club.arbiters.api)."""

from django.urls import path

from foundation import urlpaths  # noqa: F401  (registers <id:…>)

from . import teams as views

urlpatterns = [
    path("", views.TeamEventListView.as_view(), name="api-team-event-list"),
    path("<id:pk>/", views.TeamEventDetailView.as_view(), name="api-team-event-detail"),
    path("<id:pk>/arbiters/", views.AppointView.as_view(), name="api-team-event-appoint"),
    path("<id:pk>/teams/", views.TeamRegisterView.as_view(), name="api-team-register"),
    path("<id:pk>/teams/<id:team_id>/answer/", views.InvitationAnswerView.as_view(), name="api-team-invitation-answer"),
    path("<id:pk>/teams/<id:team_id>/withdraw/", views.WithdrawView.as_view(), name="api-team-withdraw"),
    path("<id:pk>/close/", views.CloseView.as_view(), name="api-team-event-close"),
    path("<id:pk>/rounds/", views.RoundsView.as_view(), name="api-team-round-pair"),
    path("<id:pk>/rounds/<id:number>/", views.RoundDetailView.as_view(), name="api-team-round"),
    path("<id:pk>/rounds/<id:number>/lineups/", views.LineupView.as_view(), name="api-team-lineup"),
    path(
        "<id:pk>/rounds/<id:number>/lineups/decision/",
        views.LineupDecisionView.as_view(),
        name="api-team-lineup-decision",
    ),
    path("<id:pk>/rounds/<id:number>/publish/", views.PublishView.as_view(), name="api-team-round-publish"),
    path("<id:pk>/boards/<id:board_id>/ineligible/", views.IneligibleView.as_view(), name="api-team-ineligible"),
    path("<id:pk>/standings/", views.StandingsView.as_view(), name="api-team-standings"),
    path("<id:pk>/boards/", views.BoardRankingsView.as_view(), name="api-team-board-rankings"),
    path("<id:pk>/playoffs/", views.PlayoffView.as_view(), name="api-team-playoffs"),
    path("<id:pk>/standings/after/<id:number>/", views.StandingsAfterView.as_view(), name="api-team-standings-after"),
    path("<id:pk>/teams/<id:team_id>/card/", views.TeamCardView.as_view(), name="api-team-card"),
]
