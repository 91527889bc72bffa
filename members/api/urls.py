from django.urls import path

from foundation import urlpaths  # noqa: F401  (registers <id:…>)
from members.api import views

urlpatterns = [
    path("auth/token/", views.TokenObtainView.as_view(), name="api-token"),
    path("auth/tokens/revoke/", views.TokensRevokeView.as_view(), name="api-tokens-revoke-all"),
    path("members/", views.MemberListView.as_view(), name="api-member-list"),
    path("members/me/", views.OwnProfileView.as_view(), name="api-member-me"),
    path("members/me/calendar/renew/", views.CalendarRenewView.as_view(), name="api-member-calendar-renew"),
    path("members/<id:pk>/", views.MemberDetailView.as_view(), name="api-member-detail"),
    path("members/<id:pk>/roles/", views.MemberRolesView.as_view(), name="api-member-roles"),
]
