"""Championship pages (the REST API lives in club/championships/api/)."""

from django.urls import path

from .views import calendar, events, results

app_name = "championships"

urlpatterns = [
    path("", events.championship_list, name="list"),
    path("new/", events.championship_new, name="new"),
    path("<int:pk>/", events.championship_detail, name="detail"),
    path("<int:pk>/bracket/", events.championship_bracket, name="bracket"),
    path("<int:pk>/results/", results.championship_results, name="results"),
    path("<int:pk>/results/print/", results.championship_results_print, name="results-print"),
    path("<int:pk>/export/<str:kind>/", results.championship_export, name="export"),
    path("<int:pk>/players/", results.championship_players, name="players"),
    path("<int:pk>/players/<str:username>/", results.championship_player, name="player"),
    path("<int:pk>/rounds/<int:number>/", results.championship_round, name="round"),
    path("<int:pk>/rounds/<int:number>/live/", results.championship_round_live, name="round-live"),
    path("<int:pk>/standings/", results.championship_standings, name="standings"),
    path("<int:pk>/standings/after/<int:number>/", results.championship_standings, name="standings-after"),
    path("<int:pk>/crosstable/", results.championship_crosstable, name="crosstable"),
    path("<int:pk>/calendar.ics", calendar.championship_calendar, name="calendar"),
    path("calendar/mine.ics", calendar.my_calendar, name="my-calendar"),
    path("calendar/<str:token>.ics", calendar.member_calendar, name="member-calendar"),
    path("<int:pk>/<slug:action>/", events.championship_action, name="action"),
]
