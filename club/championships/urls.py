"""Championship pages (the REST API lives in club/championships/api/)."""

from django.urls import path

from club.platform import urlpaths  # noqa: F401  (registers <id:…>)

from .views import events, results

app_name = "championships"

urlpatterns = [
    path("", events.championship_list, name="list"),
    path("new/", events.championship_new, name="new"),
    path("<id:pk>/", events.championship_detail, name="detail"),
    path("<id:pk>/bracket/", events.championship_bracket, name="bracket"),
    path("<id:pk>/results/", results.championship_results, name="results"),
    path("<id:pk>/results/print/", results.championship_results_print, name="results-print"),
    path("<id:pk>/export/<str:kind>/", results.championship_export, name="export"),
    path("<id:pk>/<slug:action>/", events.championship_action, name="action"),
]
