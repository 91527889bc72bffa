from django.urls import path

from foundation import urlpaths  # noqa: F401  (registers <id:…>)
from ratings.api import views

urlpatterns = [
    path("", views.RatingListView.as_view(), name="api-rating-list"),
    path("leaderboards/", views.LeaderboardView.as_view(), name="api-rating-leaderboards"),
    path("members/<id:pk>/", views.MemberRatingsView.as_view(), name="api-rating-member"),
    path("members/<id:pk>/history/", views.MemberHistoryView.as_view(), name="api-rating-history"),
    path("games/<id:pk>/", views.GameRatingChangesView.as_view(), name="api-rating-game"),
]
