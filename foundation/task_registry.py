"""The Celery tasks a lower layer hands work to, found by the name they are queued under.

A service, or games.events, that leaves work to a worker must not import the
tasks module that runs it: the tasks stand above the services and call them
(.importlinter). So each tasks module registers those of its tasks that are
sent work from below (``@task_register`` on the task: an import that points
down, which lint-imports sees), and the sender asks for a task by its name
(``task_named``): the name Celery queues it under, the one settings' lists of a
game's follow-ups give, and the one a ``FollowupDone`` row keeps. Each app's
``AppConfig.ready`` imports its tasks module, so a web process, which never runs
Celery's autodiscovery, holds every task it may send work to."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

Task = TypeVar("Task", bound=Callable)

# (the name given, or None for a Celery task's own name; the task). A Celery task is asked its
# name only when it is looked up: at import time its app may not be configured yet.
_registered: list[tuple[str | None, Callable]] = []


def task_register(task: Task, *, name: str | None = None) -> Task:
    """Register ``task`` under its Celery name (or ``name``, for a plain callable); returns it."""
    if all(registered is not task for _, registered in _registered):
        _registered.append((name, task))
    return task


def task_named(name: str) -> Callable:
    """The task registered under ``name``; LookupError names the missing registration."""
    for given, task in reversed(_registered):
        if (given or task.name) == name:
            return task
    raise LookupError(f"no task is registered as {name!r}: its tasks module registers it with task_register")


def task_names() -> set[str]:
    return {given or task.name for given, task in _registered}
