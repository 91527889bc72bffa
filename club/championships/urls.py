"""Championship pages (the REST API lives in club/championships/api/)."""

from django.urls import path

from . import views

app_name = "championships"

urlpatterns = [
    path("", views.championship_list, name="list"),
    path("new/", views.championship_new, name="new"),
    path("<int:pk>/", views.championship_detail, name="detail"),
    path("<int:pk>/bracket/", views.championship_bracket, name="bracket"),
    path("<int:pk>/results/", views.championship_results, name="results"),
    path("<int:pk>/results/print/", views.championship_results_print, name="results-print"),
    path("<int:pk>/export/<str:kind>/", views.championship_export, name="export"),
    path("<int:pk>/<slug:action>/", views.championship_action, name="action"),
]
