"""Live push of a game to the browsers watching it (players and spectators).

Protocol, JSON text frames:

* connect to ``/ws/games/<id>/?since=<ply>&lang=<ru|en>``: the server answers at once with
  ``{"type": "state", ...}`` whose ``moves`` are those after ``since`` (all of
  them without it). A client that reconnects with the last ply it saw gets
  exactly what it missed.
* the client may send ``{"type": "sync", "since": <ply>}`` at any time and
  gets the same answer.
* after every committed change of the game (move, offer, result, clock),
  ``games.events.game_changed_on_commit`` sends ``game.changed`` to the group
  ``game-<id>`` with the spectators' state of the change, built once
  (``games.frames.public_frame``: its last moves, clocks, offer, result). The
  process's one subscription to the group (``foundation.fanout``) hands it
  to each of its sockets: a spectator's socket sends that text as it is; a
  player's socket, or one that has missed more than the frame's moves, reads
  the game for its member (his legal moves and actions) and sends what it has
  not sent yet. A socket reads one state at a time; a change heard meanwhile
  is read right after it, so its client gets the plies in order.
* an event's game with a broadcast delay: ``game.changed`` carries the game as
  it is, for the players and officials; its spectators' sockets send instead
  the ``game.delayed`` frame of the same change, which comes the delay later.

The consumer only reads (``games.live.game_state``); moves and other actions
go through the REST API and the game services.
"""

import asyncio

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.urls import reverse
from django.utils import translation

from foundation import channel_layer, fanout
from foundation.api.params import whole_number
from foundation.sockets import DispatchOnTheLoop, page_language, query_of

from . import events, frames, live, selectors


class GameConsumer(DispatchOnTheLoop, AsyncJsonWebsocketConsumer):
    async def connect(self):
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        self.member = self.scope.get("user")
        if not await database_sync_to_async(live.game_exists)(self.game_id):
            await self.close(code=4404)
            return
        query = query_of(self.scope)
        self.sent_ply = whole_number(query.get("since"))
        self.language = page_language(query)
        self.player = self.delayed = False  # a spectator without delay until his first state says otherwise
        # The first state is being read from here on: a change heard before it is sent is read after it.
        self.reading, self.again, self.tasks = True, [], set()
        self.group = events.game_group(self.game_id)
        self.send_text = fanout.text_sender(self.scope, self.base_send)
        await fanout.join(self.group, self)
        await self.accept()
        if self.member is not None and self.member.is_authenticated:
            # Opening the game reads what the notifications said about it (their hook).
            await database_sync_to_async(events.game_opened)(self.member, self.game_id)
        channel_layer.register(self)  # from here on a resync has the ply and language it needs
        await self._read_until_current(self.sent_ply)

    async def disconnect(self, code):
        channel_layer.unregister(self)
        if hasattr(self, "group"):
            fanout.leave(self.group, self)
            for task in self.tasks:
                task.cancel()

    async def layer_reconnected(self):
        """Redis came back: what was pushed while it was away is lost, so send what is new."""
        await self._send_state(since=_FROM_SENT)

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        # Frames that are not a JSON object (binary, broken JSON, a bare number) are ignored, not a crash.
        try:
            content = await self.decode_json(text_data) if text_data is not None else None
        except (ValueError, RecursionError):
            return
        if isinstance(content, dict):
            await self.receive_json(content)

    async def receive_json(self, content, **kwargs):
        if content.get("type") == "sync":
            since = content.get("since")
            await self._send_state(since=since if type(since) is int and 0 <= since < 2**63 else None)

    def group_message(self, message):
        """A message to the game's group, handed over by this process's one subscription to it
        (foundation.fanout), on the loop: a spectator's socket sends the change's frame as it
        is; a player's socket, or one the frame does not reach, reads the game (``_send_state``)."""
        frame = message.get("frame")
        # Every spectator of every change comes this way, so its case is asked first, with the
        # fewest reads: a spectator without delay, not reading, shows a change's frame as it is.
        if frame is None or self.reading or self.player or self.delayed or message["type"] != "game.changed":
            if message["type"] not in ("game.changed", "game.delayed"):
                return
            carried, frame = frame, frames.shown_to(message, delayed=self.delayed and not self.player)
            if frame is None and carried is not None:
                return  # the change reaches this viewer by its other message (at once, or the delay later)
            if self.reading or self.player or frame is None:
                self._read_soon()
                return
        text = frame["texts"].get(self.language)
        if text is None or self.sent_ply < frame["since"]:
            self._read_soon()
            return
        self.sent_ply = frame["ply"]
        self.send_text(text)

    def _read_soon(self):
        if self.reading:
            self.again.append(_FROM_SENT)
            return
        task = fanout.spawn(self._send_state(since=_FROM_SENT))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _send_state(self, *, since):
        """Read the game for this socket and send what it has not sent since ``since``. One read
        at a time: what asks meanwhile (a change, the client's sync) is answered by another read
        right after it, which the one in flight may not have seen."""
        if self.reading:
            self.again.append(since)
            return
        self.reading = True
        await self._read_until_current(since)

    async def _read_until_current(self, since):
        try:
            while True:
                state = await database_sync_to_async(self._state)(self.sent_ply if since is _FROM_SENT else since)
                if state is None:
                    await self.close(code=4404)
                    return
                self.sent_ply = state["ply"]
                self.player = state["my_color"] is not None  # a player's state is his own: legal moves, actions
                self.delayed = state["delay_s"] > 0  # a spectator of an event with a broadcast delay
                await self.send_json({"type": "state", **state})
                if not self.again:
                    return
                asked = [self.sent_ply if ask is _FROM_SENT else ask for ask in self.again]
                self.again.clear()
                since = None if None in asked else min(asked)
        finally:
            self.reading = False

    def _state(self, since):
        with translation.override(self.language):
            return live.game_state(self.game_id, self.member, since=since)


# A read's ``since`` that is the socket's last sent ply when the read starts.
_FROM_SENT = object()


class LobbyConsumer(DispatchOnTheLoop, AsyncJsonWebsocketConsumer):
    """``/ws/lobby/?lang=<ru|en>``: the lobby page's socket, open to every visitor.

    * The live games the lobby lists (``selectors.live_game_ids``, read on connect): the
      socket follows each through its game's group as one more spectator, on the process's
      one subscription to it (``foundation.fanout``), and sends each change's spectators'
      frame (``games.frames``) in its language as it is: nothing is read or built per socket.
      The lobby is a spectator's view for every reader: an event's game with a broadcast
      delay sends its ``game.delayed`` frame, the delay after the change, never the
      ``game.changed`` one. A change without a frame (its build failed) is skipped: the
      next frame carries the whole position.
    * A live game that starts while the page is open (``events.live_game_started``, to every
      lobby socket): ``{"type": "game-listed", "id", "row"}``, its row of the page's list
      rendered once in each language, and the socket follows the game from then on.
    * A signed-in member's lobby also waits here for his challenges to be accepted:
      ``{"type": "challenge-accepted", "challenge_id", "game_id", "url"}``
      (games.events.challenge_accepted_on_commit). A visitor's socket joins no member's
      group, so no challenge of anyone reaches it."""

    async def connect(self):
        self.language = page_language(query_of(self.scope))
        self.send_text = fanout.text_sender(self.scope, self.base_send)
        self.joining = {}  # group → its join under way, for a game listed since the socket opened
        self.watched = [
            events.game_group(game_id) for game_id in await database_sync_to_async(selectors.live_game_ids)()
        ]
        self.listed_from = len(self.watched)  # the games listed since the socket opened follow, oldest first
        await asyncio.gather(*(fanout.join(group, self) for group in [events.LOBBY_GROUP, *self.watched]))
        member = self.scope.get("user")
        if member is not None and member.is_authenticated:
            self.group = events.member_group(member.pk)
            await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        channel_layer.register(self)

    async def disconnect(self, code):
        channel_layer.unregister(self)
        for task in getattr(self, "joining", {}).values():
            task.cancel()  # a listed game's join not yet made is never made
        for group in [events.LOBBY_GROUP, *getattr(self, "watched", ())]:
            fanout.leave(group, self)
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def layer_reconnected(self):
        """Redis came back: an acceptance or a frame sent meanwhile is lost. Closing (1012,
        service restart) makes the lobby page poll for its challenges and connect again
        (static/games/lobby.js); the next frame of each game carries its whole position."""
        await self.close(code=1012)

    async def receive(self, text_data=None, bytes_data=None, **kwargs):
        pass  # the lobby socket only listens

    def group_message(self, message):
        """A listed game's change, from this process's one subscription to its group: its
        spectators' frame, sent as it is (a spectator's, the delay later for a delayed event).
        A live game that has started: its row, and the socket follows it from now on."""
        if message["type"] == "lobby.listed":
            self._list(message)
            return
        if message["type"] not in ("game.changed", "game.delayed") or message.get("frame") is None:
            return
        frame = frames.shown_to(message, delayed=bool(message["frame"]["delay_s"]))
        text = frame["texts"].get(self.language) if frame is not None else None
        if text is not None:
            self.send_text(text)

    def _list(self, message):
        """Send a started game's row and follow the game; the page keeps the newest
        ``LIVE_GAMES_LISTED`` rows, so the socket leaves the oldest game listed since it opened."""
        group, text = events.game_group(message["game_id"]), message["texts"].get(self.language)
        if text is None or group in self.watched:
            return
        self.send_text(text)
        self.watched.append(group)
        task = self.joining[group] = fanout.spawn(fanout.join(group, self))
        task.add_done_callback(lambda _task: self.joining.pop(group, None))
        if len(self.watched) - self.listed_from > selectors.LIVE_GAMES_LISTED:
            oldest = self.watched.pop(self.listed_from)
            if oldest in self.joining:
                self.joining.pop(oldest).cancel()
            fanout.leave(oldest, self)

    async def challenge_accepted(self, event):
        await self.send_json(
            {
                "type": "challenge-accepted",
                "challenge_id": event["challenge_id"],
                "game_id": event["game_id"],
                "url": reverse("games:game", args=[event["game_id"]]),
            }
        )
