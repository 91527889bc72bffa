"""The live round page's socket: ``/ws/championships/<id>/rounds/<n>/?lang=<ru|en>``.

On connect the server sends ``{"type": "round", "boards_html", "standings_html", "live"}``;
it joins the Channels group of every game of the round (``games.events.game_group``,
told after each committed move or result) and the event's group
(``services.standings.event_group``, told when the stored table changes).

A move sends on the game's spectators' frame, built once for every socket
(``games.frames``: ``{"type": "state", "id", "fen", "moves", "clock", ...}``);
the page redraws that board from it (static/championships/pages.js). An
event with a broadcast delay sends the frame of each change the delay later
(``game.delayed``), as to the game page's spectators. When the stored table
changes, or a delayed frame ends a game, the round is rendered again: one
render per update, whatever the number of boards (``club.championships.live``),
and one for all the spectators' sockets of the process, which see the same
round (``live.sees_what_spectators_see``): they send its text as it is. Only
a socket of an official or a player of the event renders the round for him."""

import asyncio
from collections import OrderedDict

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.utils import translation

from foundation import channel_layer
from foundation.sockets import DispatchOnTheLoop, page_language, query_of
from games import events, frames

from . import live
from .selectors import result_pages
from .services.standings import event_group


class RoundConsumer(DispatchOnTheLoop, AsyncJsonWebsocketConsumer):
    async def connect(self):
        kwargs = self.scope["url_route"]["kwargs"]
        self.championship_id, self.number = int(kwargs["championship_id"]), int(kwargs["number"])
        self.language = page_language(query_of(self.scope))
        first = await database_sync_to_async(self._fragments)()
        if first is None:
            await self.close(code=4404)
            return
        game_ids = await database_sync_to_async(result_pages.round_game_ids)(self.championship_id, self.number)
        self.at_once = await database_sync_to_async(live.games_seen_at_once)(
            self.championship_id, self.number, self.scope.get("user")
        )
        self.public = await database_sync_to_async(live.sees_what_spectators_see)(
            self.championship_id, self.scope.get("user")
        )
        self.watched = [event_group(self.championship_id), *(events.game_group(g) for g in game_ids)]
        for group in self.watched:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()
        channel_layer.register(self)
        await self.send_json(first)

    async def disconnect(self, code):
        channel_layer.unregister(self)
        for group in getattr(self, "watched", ()):
            await self.channel_layer.group_discard(group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        pass  # the round socket only listens

    async def layer_reconnected(self):
        await self._send()

    async def game_changed(self, event):
        if event.get("frame") is None:
            await self._send()
            return
        frame = frames.shown_to(event, delayed=event["game_id"] not in self.at_once)
        if frame is not None:  # else the spectators' frame of this change comes the delay later
            await self._forward(frame)

    async def game_delayed(self, event):
        frame = frames.shown_to(event, delayed=event["game_id"] not in self.at_once)
        if frame is None:
            return  # its change was sent at once
        if frame["over"]:
            # The result, now public, reaches the standings too; the frame's text names the change.
            await self._send(change=("over", event["game_id"], frame["texts"].get(self.language)))
        else:
            await self._forward(frame)

    async def _forward(self, frame):
        text = frame["texts"].get(self.language)
        if text is None:
            await self._send()
        else:
            await self.send(text_data=text)

    async def standings_changed(self, event):
        change = event.get("change")
        await self._send(change=None if change is None else ("standings", change))

    async def _send(self, change=None):
        """The round again: a spectator's socket sends the text rendered once for the ``change``
        (a key naming it) for every spectator's socket of the process; any other renders his own."""
        if self.public and change is not None:
            text = await asyncio.shield(_public_round(self.championship_id, self.number, self.language, change))
            if text is not None:
                await self.send(text_data=text)
            return
        fragments = await database_sync_to_async(self._fragments)()
        if fragments is not None:
            await self.send_json(fragments)

    def _fragments(self):
        with translation.override(self.language):
            return live.round_fragments_of(self.championship_id, self.number, self.scope.get("user"))


# The spectators' round of each recent change (championship, round, language, change) in this
# process: rendered by the first of its sockets to hear of it, awaited by the others. A finished
# render is kept a little while for a socket that hears of the change after it is done, then
# dropped, so that a change named again later is rendered anew; the number kept is bounded too.
_public_rounds: OrderedDict[tuple, asyncio.Task] = OrderedDict()
_KEPT_RENDERS = 64
_KEPT_SECONDS = 5.0


def _public_round(championship_id: int, number: int, language: str, change: tuple) -> asyncio.Task:
    key = (championship_id, number, language, change)
    loop = asyncio.get_running_loop()
    task = _public_rounds.get(key)
    if task is None or task.get_loop() is not loop:  # a finished loop's (a test's) is not this one's
        task = loop.create_task(database_sync_to_async(live.public_round_text)(championship_id, number, language))
        _public_rounds[key] = task
        task.add_done_callback(lambda done: loop.call_later(_KEPT_SECONDS, _forget, key, done))
        while len(_public_rounds) > _KEPT_RENDERS:
            _public_rounds.popitem(last=False)
    return task


def _forget(key: tuple, task: asyncio.Task) -> None:
    if _public_rounds.get(key) is task:
        del _public_rounds[key]
