"""Play pages (the REST API lives in games/api/)."""

from django.urls import path

from foundation import urlpaths  # noqa: F401  (registers <id:…>)

from . import views

app_name = "games"

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("challenges/new/", views.challenge_new, name="challenge-new"),
    path("challenges/<id:challenge_id>/<str:action>/", views.challenge_respond, name="challenge-respond"),
    path("games/<id:game_id>/", views.game_page, name="game"),
    path("games/<id:game_id>/state/", views.game_state, name="game-state"),
    path("games/<id:game_id>/download/", views.game_download, name="game-download"),
    path("games/<id:game_id>/conditional/", views.conditional_line_save, name="conditional-line"),
    path("games/<id:game_id>/claims/<str:kind>/", views.game_claim, name="game-claim"),
    path("mine/", views.my_games, name="my-games"),
    path("members/<str:username>/games/", views.member_archive, name="archive"),
]
