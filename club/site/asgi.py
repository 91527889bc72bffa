"""ASGI entry point: WebSockets through Channels, HTTP through Django's WSGI
handler on a thread pool (a2wsgi).

Django's own ASGI handler runs the club's synchronous middleware and views
through asgiref's thread-sensitive executor: one thread per process does every
request's database work in turn, plus event-loop hops around each piece. A move
then cost about twice the server CPU of the same request under WSGI, and
requests queued behind each other's database waits (bench/play_load.py). The
WSGI handler on a pool of ``HTTP_THREADS`` threads (each with its persistent
database connection) serves the same views and middleware unchanged.
"""

import os

from a2wsgi import WSGIMiddleware

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.site.settings")
# isort: off
from club.site.wsgi import application as wsgi_application  # noqa: E402  (sets Django up for the imports below)

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.conf import settings  # noqa: E402

from club.site.routing import websocket_urlpatterns  # noqa: E402
from foundation.sockets import signed_in  # noqa: E402
# isort: on


def club_application(http_app):
    """The club's ASGI application around a WSGI application for HTTP."""
    return ProtocolTypeRouter(
        {
            "http": WSGIMiddleware(http_app, workers=settings.HTTP_THREADS),
            "websocket": AllowedHostsOriginValidator(signed_in(URLRouter(websocket_urlpatterns))),
        }
    )


application = club_application(wsgi_application)
