from rest_framework.negotiation import DefaultContentNegotiation


class FirstRenderer(DefaultContentNegotiation):
    """The view's first renderer whatever the client's Accept header says (DRF's
    ignore-the-client negotiation): for the endpoints of play, which answer JSON
    only and are asked hundreds of times a second. Parsers are still
    chosen by the request's Content-Type."""

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type
