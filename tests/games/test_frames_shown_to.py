"""Which frame of a change a socket shows (games.frames.shown_to): the one rule the game's,
the lobby's and the round's sockets share for an event's broadcast delay."""

import pytest

from games.frames import shown_to

NOT_DELAYED = {"since": 3, "ply": 5, "over": False, "delay_s": 0, "texts": {"en": "{}"}}
DELAYED = {**NOT_DELAYED, "delay_s": 900}


@pytest.mark.parametrize(
    ("kind", "frame", "viewer_delayed", "shown"),
    [
        # No delay in the event: everyone shows the change at once.
        ("game.changed", NOT_DELAYED, False, True),
        ("game.changed", NOT_DELAYED, True, True),
        # A delay: the players and officials at once, the spectators the delay later.
        ("game.changed", DELAYED, False, True),
        ("game.changed", DELAYED, True, False),
        ("game.delayed", DELAYED, True, True),
        ("game.delayed", DELAYED, False, False),
    ],
)
def test_a_viewer_shows_each_change_once_at_once_or_the_delay_later(kind, frame, viewer_delayed, shown):
    assert shown_to({"type": kind, "game_id": 7, "frame": frame}, delayed=viewer_delayed) == (frame if shown else None)


def test_a_change_without_a_frame_shows_none():
    assert shown_to({"type": "game.changed", "game_id": 7}, delayed=False) is None
