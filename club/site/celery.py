"""The Celery app: Redis in production, a file-system broker on the embedded default."""

import os

from celery import Celery, signals
from django.db import close_old_connections

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.site.settings")

app = Celery("club")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


@signals.task_prerun.connect
@signals.task_postrun.connect
def _connections_as_for_a_request(task=None, **kwargs) -> None:
    """A worker's task treats its database connection as a request does: kept
    for CONN_MAX_AGE, dropped after an error. (CELERY_DB_REUSE_MAX stops
    Celery's Django fix-up from closing it around every task.) An eager task
    runs inside its caller's request or test, which owns the connection."""
    if task is not None and not getattr(task.request, "is_eager", False):
        close_old_connections()
