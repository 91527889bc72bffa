"""What this club's socket consumers share: Channels' dispatch without its thread hop,
and its sign-in without its session's wrapper around every send.

Channels' ``AsyncConsumer.dispatch`` runs ``close_old_connections`` in the
thread pool (``aclose_old_connections``) before every handler, for consumers
that reach the database from the event loop. Ours never do: every read goes
through ``database_sync_to_async``, which closes stale connections itself in
the thread that reads, before and after. So the hop is only a cost, paid for
each message by each socket: with a game's spectators it was the largest
part of a watched move's server CPU (bench/spectators.py, its profile in
bench/results/). A consumer that mixes this in must keep to that rule: no ORM
call outside ``database_sync_to_async``.
"""

from __future__ import annotations

from urllib.parse import parse_qs

from channels.auth import AuthMiddleware
from channels.consumer import get_handler_name
from channels.sessions import CookieMiddleware, InstanceSessionWrapper
from django.conf import settings


class DispatchOnTheLoop:
    """Mixed in before a Channels ``AsyncConsumer``: a message's handler runs
    on the loop at once, without ``aclose_old_connections`` first."""

    async def dispatch(self, message):
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)


def query_of(scope) -> dict[str, str]:
    """A socket's query string, each parameter's first value."""
    return {key: values[0] for key, values in parse_qs(scope.get("query_string", b"").decode("latin-1")).items()}


def page_language(query: dict[str, str]) -> str:
    """The language of the page that opened the socket (its ``?lang=``, the page's <html lang>),
    one of the site's; the site's default otherwise. A socket's texts and buttons follow it."""
    asked = query.get("lang")
    return asked if asked in {code for code, _name in settings.LANGUAGES} else settings.LANGUAGE_CODE


def signed_in(inner):
    """Channels' ``AuthMiddlewareStack`` (the member of the socket's session cookie in
    ``scope["user"]``), with the session only read."""
    return CookieMiddleware(SessionOfTheCookie(AuthMiddleware(inner)))


class SessionOfTheCookie:
    """Channels' ``SessionMiddleware`` that hands the server's own send on: ``scope["session"]``
    is the session the socket's cookie names, loaded by the first who reads it and never
    saved. Channels wraps the send, to save a session the socket has changed before each
    message goes out; the club's sockets never change it (signing in and out are pages),
    and that wrapper ran for every frame sent to every spectator."""

    def __init__(self, inner):
        self.inner = inner

    async def __call__(self, scope, receive, send):
        session = InstanceSessionWrapper(scope, send)
        await session.resolve_session()
        return await self.inner(session.scope, receive, send)
