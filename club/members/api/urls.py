from django.urls import path

from club.members.api import views

urlpatterns = [
    path("auth/token/", views.TokenObtainView.as_view(), name="api-token"),
    path("members/", views.MemberListView.as_view(), name="api-member-list"),
    path("members/me/", views.OwnProfileView.as_view(), name="api-member-me"),
    path("members/<int:pk>/", views.MemberDetailView.as_view(), name="api-member-detail"),
    path("members/<int:pk>/roles/", views.MemberRolesView.as_view(), name="api-member-roles"),
]
