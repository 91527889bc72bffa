from django.urls import path

from ratings import views

urlpatterns = [
    path("", views.rating_list, name="rating-list"),
    path("members/<str:username>/", views.rating_card, name="rating-card"),
]
