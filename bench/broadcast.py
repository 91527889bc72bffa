"""CPU per live-update broadcast from plain sync code (a WSGI request thread,
a Celery worker) through the Redis channel layer, three ways side by side:

* ``async_to_sync(layer.group_send)``: Channels' documented call; with no
  server loop to hand back to, each call starts a loop, a thread and a Redis
  connection;
* the kept loop: the layer's coroutine on one event loop the process keeps
  for sending (``games.events.broadcast``'s way for a layer other than Redis
  pub/sub);
* the layer's bytes published through redis-py's client (``Redis.publish``
  on its pool), as ``games.events.broadcast`` did before;
* ``games.events.broadcast.group_send``: one PUBLISH of the layer's bytes
  written and read on the thread's own redis-py connection.

Each way is warmed up, then timed in alternating rounds; the figure is the
process CPU (all threads) per send, and the wall time until every send of a
round has reached Redis (a subscriber counts them).

    REDIS_URL=redis://127.0.0.1:6379/12 .venv/bin/python bench/broadcast.py
    REDIS_URL=... .venv/bin/python bench/broadcast.py --smoke     # CI's tiny run
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.site.settings")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sends", type=int, default=300, help="sends per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--smoke", action="store_true", help="a tiny run (CI)")
    args = parser.parse_args()
    if args.smoke:
        args.sends, args.rounds = 10, 1
    if not os.environ.get("REDIS_URL"):
        sys.exit("REDIS_URL must name a Redis server (the Redis channel layer is measured)")

    import django

    django.setup()
    import redis
    from asgiref.sync import async_to_sync
    from channels.layers import get_channel_layer

    from games.events.broadcast import _publisher, _sending_loop, group_send

    layer = get_channel_layer()
    group = f"bench-{os.getpid()}"
    message = {"type": "game.changed", "game_id": 1}
    watcher = redis.Redis.from_url(os.environ["REDIS_URL"]).pubsub()
    watcher.psubscribe(f"*{group}*")
    watcher.get_message(timeout=1)

    def received(expected: int, deadline: float) -> int:
        got = 0
        while got < expected and time.perf_counter() < deadline:
            if watcher.get_message(timeout=0.5):
                got += 1
        return got

    publisher = _publisher(layer)
    client = redis.Redis.from_url(os.environ["REDIS_URL"])
    ways = {
        "async_to_sync(group_send)": lambda: async_to_sync(layer.group_send)(group, message),
        "kept loop": lambda: asyncio.run_coroutine_threadsafe(layer.group_send(group, message), _sending_loop()),
        "redis-py client publish": lambda: client.publish(publisher.channel(group), layer.serialize(message)),
        "PUBLISH on own connection (games.events)": lambda: group_send(group, message),
    }
    figures = {name: {"cpu": [], "wall": []} for name in ways}
    for send in ways.values():  # warm up
        for _ in range(max(5, args.sends // 10)):
            send()
        received(10**9, time.perf_counter() + 1)
    for _ in range(args.rounds):
        for name, send in ways.items():
            cpu, wall = time.process_time(), time.perf_counter()
            for _ in range(args.sends):
                send()
            got = received(args.sends, time.perf_counter() + 30)
            figures[name]["cpu"].append((time.process_time() - cpu) / args.sends * 1000)
            figures[name]["wall"].append((time.perf_counter() - wall) / args.sends * 1000)
            if got != args.sends:
                sys.exit(f"{name}: {got} of {args.sends} sends reached Redis")
    print(f"# bench/broadcast.py --sends {args.sends} --rounds {args.rounds}; {type(layer).__name__}")
    print(f"# load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    for name, f in figures.items():
        print(
            f"{name:42} CPU per send median {statistics.median(f['cpu']):6.2f} ms (rounds {min(f['cpu']):.2f}"
            f"-{max(f['cpu']):.2f}); wall to Redis per send {statistics.median(f['wall']):6.2f} ms"
        )


if __name__ == "__main__":
    main()
