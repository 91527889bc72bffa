"""Helpers of the tests that race requests or wait for a worker: calls released
together from threads, and a readiness poll."""

from __future__ import annotations

import threading
import time


def run_at_once(*calls):
    """Run the calls in threads released together; return their results in order.
    Each thread closes its own database connection; an exception in any fails the test."""
    from django.db import connection

    barrier = threading.Barrier(len(calls))
    results, errors = [None] * len(calls), []

    def run(i, call):
        try:
            barrier.wait()
            results[i] = call()
        except Exception as error:  # noqa: BLE001 - reported below
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i, call)) for i, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors
    return results


def race(target, times: int = 2) -> list:
    """``target`` called ``times`` times at once (see ``run_at_once``)."""
    return run_at_once(*[target] * times)


def wait_for(check, timeout: float = 90) -> bool:
    """Poll ``check`` until it is true; a readiness wait, never a timing assertion."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.2)
    return False
