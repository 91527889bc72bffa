"""What this club's socket consumers share: Channels' dispatch without its thread hop.

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

from channels.consumer import get_handler_name


class DispatchOnTheLoop:
    """Mixed in before a Channels ``AsyncConsumer``: a message's handler runs
    on the loop at once, without ``aclose_old_connections`` first."""

    async def dispatch(self, message):
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)
