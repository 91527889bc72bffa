"""Championship pages (the REST API lives in club/championships/api/)."""
from django.urls import path

from . import views

app_name = "championships"

urlpatterns = [
    path("", views.championship_list, name="list"),
    path("new/", views.championship_new, name="new"),
    path("<int:pk>/", views.championship_detail, name="detail"),
    path("<int:pk>/<slug:action>/", views.championship_action, name="action"),
]
