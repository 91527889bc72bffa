from django.urls import path

from . import views

app_name = "arbiters"
urlpatterns = [
    path("mine/", views.mine, name="mine"),
    path("championships/<int:pk>/", views.championship_log, name="championship-log"),
    path("championships/<int:pk>/protest-panel/", views.protest_panel, name="protest-panel"),
    path("games/<int:pk>/", views.game_desk, name="game"),
    path("games/<int:pk>/seal/", views.seal, name="seal"),
]
