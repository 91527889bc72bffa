"""Championship pages (the REST API lives in club/championships/api/)."""

from django.urls import path

from foundation import urlpaths  # noqa: F401  (registers <id:…>)

from .views import board_results, calendar, events, feeds, paper, results, round_results, score_sheets

app_name = "championships"

urlpatterns = [
    path("", events.championship_list, name="list"),
    path("feed.atom", feeds.club_feed, name="club-feed"),
    path("<id:pk>/results.atom", feeds.results_feed, name="results-feed"),
    path("new/", events.championship_new, name="new"),
    path("<id:pk>/", events.championship_detail, name="detail"),
    path("<id:pk>/bracket/", events.championship_bracket, name="bracket"),
    path("<id:pk>/results/", results.championship_results, name="results"),
    path("<id:pk>/results/print/", results.championship_results_print, name="results-print"),
    path("<id:pk>/export/<str:kind>/", results.championship_export, name="export"),
    path("<id:pk>/players/", results.championship_players, name="players"),
    path("<id:pk>/players/<str:username>/", results.championship_player, name="player"),
    path(
        "<id:pk>/players/<str:username>/arithmetic/<str:name>/",
        results.championship_arithmetic,
        name="arithmetic",
    ),
    path("<id:pk>/rounds/<id:number>/", results.championship_round, name="round"),
    path("<id:pk>/rounds/<id:number>/live/", results.championship_round_live, name="round-live"),
    path("<id:pk>/rounds/<id:number>/results/", round_results.round_results, name="round-results"),
    path("<id:pk>/boards/", board_results.board_results, name="boards"),
    path("<id:pk>/print/wallchart/", paper.print_wall_chart, name="print-wallchart"),
    path("<id:pk>/rounds/<id:number>/print/<slug:kind>/", paper.print_round, name="print-round"),
    path("<id:pk>/games/<id:game_id>/score-sheet/", score_sheets.score_sheet, name="score-sheet"),
    path("<id:pk>/standings/", results.championship_standings, name="standings"),
    path("<id:pk>/standings/after/<id:number>/", results.championship_standings, name="standings-after"),
    path("<id:pk>/crosstable/", results.championship_crosstable, name="crosstable"),
    path("<id:pk>/calendar.ics", calendar.championship_calendar, name="calendar"),
    path("calendar/mine.ics", calendar.my_calendar, name="my-calendar"),
    path("calendar/<str:token>.ics", calendar.member_calendar, name="member-calendar"),
    path("<id:pk>/<slug:action>/", events.championship_action, name="action"),
]
