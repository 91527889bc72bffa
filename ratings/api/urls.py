from django.urls import path

from ratings.api import views

urlpatterns = [
    path("", views.RatingListView.as_view(), name="api-rating-list"),
    path("leaderboards/", views.LeaderboardView.as_view(), name="api-rating-leaderboards"),
    path("members/<int:pk>/", views.MemberRatingsView.as_view(), name="api-rating-member"),
    path("members/<int:pk>/history/", views.MemberHistoryView.as_view(), name="api-rating-history"),
    path("games/<int:pk>/", views.GameRatingChangesView.as_view(), name="api-rating-game"),
]
