"""Championship pages (the REST API lives in club/championships/api/)."""

from django.urls import path

from .views import events, results

app_name = "championships"

urlpatterns = [
    path("", events.championship_list, name="list"),
    path("new/", events.championship_new, name="new"),
    path("<int:pk>/", events.championship_detail, name="detail"),
    path("<int:pk>/bracket/", events.championship_bracket, name="bracket"),
    path("<int:pk>/results/", results.championship_results, name="results"),
    path("<int:pk>/results/print/", results.championship_results_print, name="results-print"),
    path("<int:pk>/export/<str:kind>/", results.championship_export, name="export"),
    path("<int:pk>/<slug:action>/", events.championship_action, name="action"),
]
