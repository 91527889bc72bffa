"""What "changes nothing" means in a test: every table's row count and chosen fields of chosen models.

``club_snapshot(watched)`` before and after a refused request must be equal
(tests/api_fuzz, tests/permissions)."""

from django.apps import apps
from django.db import connection

# Rows a rejected request may legitimately add: django-axes records every failed login
# (that is the lockout working), and the tests issue tokens between requests.
NOT_SNAPSHOTTED = {"axes.AccessAttempt", "axes.AccessFailureLog", "axes.AccessLog", "axes.AccessAttemptExpiration"}
NOT_SNAPSHOTTED |= {"knox.AuthToken"}


def club_snapshot(watched: dict[str, tuple[str, ...]]) -> dict:
    """Every table's row count (one statement: this runs twice per request), and the
    ``watched`` fields' values of every row, by model label."""
    counted = [model for model in apps.get_models(include_auto_created=True) if _counted(model)]
    tables = sorted({model._meta.db_table for model in counted})
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute("SELECT " + ", ".join(f"(SELECT count(*) FROM {quote(table)})" for table in tables))
        snapshot = dict(zip(tables, cursor.fetchone(), strict=True))
    for label, fields in watched.items():
        snapshot[label] = list(apps.get_model(label).objects.order_by("pk").values_list("pk", *fields))
    return snapshot


def _counted(model) -> bool:
    meta = model._meta
    return meta.managed and not meta.proxy and meta.label not in NOT_SNAPSHOTTED
