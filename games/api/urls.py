from django.urls import path

from foundation import urlpaths  # noqa: F401  (registers <id:…>)

from . import views

urlpatterns = [
    path("challenges/", views.ChallengeListView.as_view(), name="api-challenge-list"),
    path("challenges/<id:pk>/", views.ChallengeDetailView.as_view(), name="api-challenge-detail"),
    path("challenges/<id:pk>/accept/", views.ChallengeAcceptView.as_view(), name="api-challenge-accept"),
    path("challenges/<id:pk>/decline/", views.ChallengeDeclineView.as_view(), name="api-challenge-decline"),
    path("challenges/<id:pk>/cancel/", views.ChallengeCancelView.as_view(), name="api-challenge-cancel"),
    path("games/", views.GameListView.as_view(), name="api-game-list"),
    path("games/import/", views.RecordImportView.as_view(), name="api-game-import"),
    path("games/<id:pk>/", views.GameDetailView.as_view(), name="api-game-detail"),
    path("games/<id:pk>/moves/", views.GameMovesView.as_view(), name="api-game-moves"),
    path("games/<id:pk>/resign/", views.GameResignView.as_view(), name="api-game-resign"),
    path("games/<id:pk>/abort/", views.GameAbortView.as_view(), name="api-game-abort"),
    path("games/<id:pk>/present/", views.GamePresentView.as_view(), name="api-game-present"),
    path("games/<id:pk>/draw/offer/", views.GameDrawOfferView.as_view(), name="api-game-draw-offer"),
    path("games/<id:pk>/draw/accept/", views.GameDrawAcceptView.as_view(), name="api-game-draw-accept"),
    path("games/<id:pk>/draw/decline/", views.GameDrawDeclineView.as_view(), name="api-game-draw-decline"),
    path("games/<id:pk>/claims/repetition/", views.GameRepetitionClaimView.as_view(), name="api-game-claim"),
    path("games/<id:pk>/claims/foul/", views.GameFoulClaimView.as_view(), name="api-game-claim-foul"),
    path("games/<id:pk>/conditional/", views.ConditionalLineView.as_view(), name="api-game-conditional"),
    path("games/<id:pk>/record/", views.GameRecordView.as_view(), name="api-game-record"),
    path("members/<id:pk>/games/", views.MemberGamesView.as_view(), name="api-member-games"),
    path("vacations/", views.VacationListView.as_view(), name="api-vacations"),
    path("time-controls/", views.TimeControlPresetsView.as_view(), name="api-time-controls"),
]
