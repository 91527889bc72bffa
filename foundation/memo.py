"""A small in-process memo of values keyed by a version of what they are computed from.

For read models that are expensive to compute and cheap to identify (an
event's results under the digest of their inputs): the value stays a live
object, so a hit costs neither a computation nor a deserialisation. The key
must name everything the value depends on (a new version is a new key, so an
entry is never stale); the bound only returns the memory of old versions.
Callers only read what they get: the same object serves every request.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any


class VersionedMemo:
    def __init__(self, size: int):
        self.size = size
        self._values: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, compute: Callable[[], Any]) -> Any:
        with self._lock:
            if key in self._values:
                self._values.move_to_end(key)
                return self._values[key]
        value = compute()  # outside the lock: two first readers may both compute, alike
        with self._lock:
            self._values[key] = value
            self._values.move_to_end(key)
            while len(self._values) > self.size:
                self._values.popitem(last=False)
        return value

    def clear(self) -> None:
        with self._lock:
            self._values.clear()
