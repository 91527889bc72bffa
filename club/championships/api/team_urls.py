"""The team events API (a team's protests, 1.14.7, are the arbiters': club.arbiters.api)."""

from django.urls import path

from . import teams as views

urlpatterns = [
    path("", views.TeamEventListView.as_view(), name="api-team-event-list"),
    path("<int:pk>/", views.TeamEventDetailView.as_view(), name="api-team-event-detail"),
    path("<int:pk>/arbiters/", views.AppointView.as_view(), name="api-team-event-appoint"),
    path("<int:pk>/teams/", views.TeamRegisterView.as_view(), name="api-team-register"),
    path(
        "<int:pk>/teams/<int:team_id>/answer/", views.InvitationAnswerView.as_view(), name="api-team-invitation-answer"
    ),
    path("<int:pk>/teams/<int:team_id>/withdraw/", views.WithdrawView.as_view(), name="api-team-withdraw"),
    path("<int:pk>/close/", views.CloseView.as_view(), name="api-team-event-close"),
    path("<int:pk>/rounds/", views.RoundsView.as_view(), name="api-team-round-pair"),
    path("<int:pk>/rounds/<int:number>/", views.RoundDetailView.as_view(), name="api-team-round"),
    path("<int:pk>/rounds/<int:number>/lineups/", views.LineupView.as_view(), name="api-team-lineup"),
    path("<int:pk>/rounds/<int:number>/publish/", views.PublishView.as_view(), name="api-team-round-publish"),
    path("<int:pk>/boards/<int:board_id>/ineligible/", views.IneligibleView.as_view(), name="api-team-ineligible"),
    path("<int:pk>/standings/", views.StandingsView.as_view(), name="api-team-standings"),
    path("<int:pk>/standings/after/<int:number>/", views.StandingsAfterView.as_view(), name="api-team-standings-after"),
    path("<int:pk>/teams/<int:team_id>/card/", views.TeamCardView.as_view(), name="api-team-card"),
]
