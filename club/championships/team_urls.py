"""Team event pages (the REST API lives in club/championships/api/team_urls.py)."""

from django.urls import path

from .views import teams as views

app_name = "teams"

urlpatterns = [
    path("", views.event_list, name="list"),
    path("<int:pk>/", views.event_detail, name="detail"),
    path("<int:pk>/rounds/<int:number>/", views.round_detail, name="round"),
    path("<int:pk>/standings/", views.standings, name="standings"),
    path("<int:pk>/standings/after/<int:number>/", views.standings, name="standings-after"),
    path("<int:pk>/teams/<int:team_id>/", views.team_card, name="team"),
    path("<int:pk>/<str:action>/", views.event_action, name="action"),
]
