from django.urls import path

from foundation import urlpaths  # noqa: F401  (registers <id:…>)

from . import inbox_views, views

app_name = "arbiters"
urlpatterns = [
    path("", inbox_views.my_inbox, name="inbox"),
    path("protests/<id:pk>/", inbox_views.protest, name="protest"),
    path("championships/<id:pk>/inbox/", inbox_views.event_inbox, name="event-inbox"),
    path("mine/", views.mine, name="mine"),
    path("championships/<id:pk>/", views.championship_log, name="championship-log"),
    path("championships/<id:pk>/protest-panel/", views.protest_panel, name="protest-panel"),
    path("games/<id:pk>/", views.game_desk, name="game"),
    path("games/<id:pk>/seal/", views.seal, name="seal"),
    path("games/<id:pk>/draw-claim/", views.draw_claim, name="draw-claim"),
]
