"""Team event pages (the REST API lives in club/championships/api/team_urls.py)."""

from django.urls import path

from foundation import urlpaths  # noqa: F401  (registers <id:…>)

from .models import Championship
from .views import events
from .views import teams as views

app_name = "teams"

urlpatterns = [
    path("", views.event_list, name="list"),
    path("<id:pk>/", views.event_detail, name="detail"),
    path("<id:pk>/rounds/<id:number>/", views.round_detail, name="round"),
    path("<id:pk>/standings/", views.standings, name="standings"),
    path("<id:pk>/standings/after/<id:number>/", views.standings, name="standings-after"),
    path("<id:pk>/teams/<id:team_id>/", views.team_card, name="team"),
    path("<id:pk>/boards/", views.board_rankings, name="boards"),
    # the championship's action view, for a team event (its own table and page)
    path("<id:pk>/<str:action>/", events.championship_action, {"entrants": Championship.Entrants.TEAMS}, name="action"),
]
