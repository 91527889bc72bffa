from django.urls import path

from . import views

urlpatterns = [
    path("challenges/", views.ChallengeListView.as_view(), name="api-challenge-list"),
    path("challenges/<int:pk>/", views.ChallengeDetailView.as_view(), name="api-challenge-detail"),
    path("challenges/<int:pk>/accept/", views.ChallengeAcceptView.as_view(), name="api-challenge-accept"),
    path("challenges/<int:pk>/decline/", views.ChallengeDeclineView.as_view(), name="api-challenge-decline"),
    path("challenges/<int:pk>/cancel/", views.ChallengeCancelView.as_view(), name="api-challenge-cancel"),
    path("games/", views.GameListView.as_view(), name="api-game-list"),
    path("games/import/", views.RecordImportView.as_view(), name="api-game-import"),
    path("games/<int:pk>/", views.GameDetailView.as_view(), name="api-game-detail"),
    path("games/<int:pk>/moves/", views.GameMovesView.as_view(), name="api-game-moves"),
    path("games/<int:pk>/resign/", views.GameResignView.as_view(), name="api-game-resign"),
    path("games/<int:pk>/abort/", views.GameAbortView.as_view(), name="api-game-abort"),
    path("games/<int:pk>/present/", views.GamePresentView.as_view(), name="api-game-present"),
    path("games/<int:pk>/draw/offer/", views.GameDrawOfferView.as_view(), name="api-game-draw-offer"),
    path("games/<int:pk>/draw/accept/", views.GameDrawAcceptView.as_view(), name="api-game-draw-accept"),
    path("games/<int:pk>/draw/decline/", views.GameDrawDeclineView.as_view(), name="api-game-draw-decline"),
    path("games/<int:pk>/claims/repetition/", views.GameRepetitionClaimView.as_view(), name="api-game-claim"),
    path("games/<int:pk>/claims/foul/", views.GameFoulClaimView.as_view(), name="api-game-claim-foul"),
    path("games/<int:pk>/record/", views.GameRecordView.as_view(), name="api-game-record"),
    path("members/<int:pk>/games/", views.MemberGamesView.as_view(), name="api-member-games"),
    path("vacations/", views.VacationListView.as_view(), name="api-vacations"),
    path("time-controls/", views.TimeControlPresetsView.as_view(), name="api-time-controls"),
]
