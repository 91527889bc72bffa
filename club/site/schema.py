"""The OpenAPI schema at /api/schema/: YAML for API clients, readable JSON for a browser."""

from django.utils import translation
from django.utils.cache import patch_vary_headers
from drf_spectacular.renderers import OpenApiJsonRenderer2
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularAPIView


class SchemaView(SpectacularAPIView):
    """Clients keep getting YAML by default (and whatever ``Accept`` or ``?format=`` they ask for);
    a browser that opens the link (it asks for ``text/html``) gets ``application/json``, which it
    shows as text instead of downloading a ``.yaml`` file."""

    @extend_schema(exclude=True)
    def get(self, request, *args, **kwargs):
        """In English whatever the request's language (its field titles and descriptions would
        otherwise mix the translated and the untranslated); ``?lang=`` still chooses."""
        with translation.override("en"):
            return super().get(request, *args, **kwargs)

    def perform_content_negotiation(self, request, force=False):
        asks_for_a_page = "text/html" in request.META.get("HTTP_ACCEPT", "")
        if asks_for_a_page and not request.query_params.get(self.settings.URL_FORMAT_OVERRIDE or "format"):
            renderer = OpenApiJsonRenderer2()
            return renderer, renderer.media_type
        return super().perform_content_negotiation(request, force=force)

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        patch_vary_headers(response, ["Accept"])
        return response
