"""arbiters 0004 on an existing club: every sanction recorded in the old model
(the free-standing club.Sanction) becomes a club-scope sanction of the
arbiters (003 1.4) — same member, author, kind, text and date — with the
audit entry every sanction has. club 0005 then carries the rows recorded
since, each once, and drops the old table."""

from datetime import UTC, datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from club.arbiters.models import AuditEntry, Sanction

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("arbiters", "0003_draw_claims"), ("club", "0004_email_verified_and_hashed_tokens")]
AFTER = [("arbiters", "0004_old_club_sanctions")]
REMOVED = [("club", "0005_remove_sanction")]
LATER = datetime(2026, 6, 2, 19, 0, tzinfo=UTC)
WHEN = datetime(2026, 3, 1, 18, 30, tzinfo=UTC)


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor


@pytest.fixture
def club_before_0004():
    executor = migrate(BEFORE)
    apps = executor.loader.project_state(BEFORE).apps
    Member, Old = apps.get_model("club", "Member"), apps.get_model("club", "Sanction")
    anna = Member.objects.create(username="anna", display_name="Anna")
    boris = Member.objects.create(username="boris", display_name="Boris")
    arbiter = Member.objects.create(username="arbiter", display_name="Arbiter")
    Old.objects.create(member=anna, kind="warning", reason="Talked during play.", issued_by=arbiter)
    Old.objects.create(member=boris, kind="reprimand", reason="Left the hall.", issued_by=arbiter)
    Old.objects.update(issued_at=WHEN)  # auto_now_add set today's date on create
    yield
    migrate(executor.loader.graph.leaf_nodes())


def test_every_old_sanction_is_carried_across_with_its_author_and_date(club_before_0004):
    migrate(AFTER)

    carried = list(
        Sanction.objects.order_by("member__username").values_list(
            "member__username", "kind", "reason", "issued_by__username", "issued_at", "status"
        )
    )
    assert carried == [
        ("anna", "warning", "Talked during play.", "arbiter", WHEN, "in-force"),
        ("boris", "reprimand", "Left the hall.", "arbiter", WHEN, "in-force"),
    ]
    assert {s.scope for s in Sanction.objects.all()} == {"club"}  # neither a game nor a championship


def test_each_carried_sanction_has_its_entry_in_the_audit_log(club_before_0004):
    migrate(AFTER)

    entries = AuditEntry.objects.order_by("member__username")
    # Columns by name: the member table is as it stood then (later migrations add to it).
    assert list(entries.values_list("actor__username", "action", "member__username", "at")) == [
        ("arbiter", "sanction:warning", "anna", WHEN),
        ("arbiter", "sanction:reprimand", "boris", WHEN),
    ]
    assert {e.data["sanction"] for e in entries} == set(Sanction.objects.values_list("pk", flat=True))


def test_unapplying_removes_only_what_was_carried(club_before_0004):
    migrate(AFTER)
    migrate(BEFORE)

    assert not Sanction.objects.exists() and not AuditEntry.objects.exists()


def test_the_rows_recorded_since_0004_are_carried_once_before_the_old_table_goes(club_before_0004):
    executor = migrate(AFTER)
    apps = executor.loader.project_state(AFTER + BEFORE[1:]).apps
    Member, Old = apps.get_model("club", "Member"), apps.get_model("club", "Sanction")
    late = Old.objects.create(
        member=Member.objects.get(username="anna"),
        kind="remark",
        reason="Phone rang.",
        issued_by=Member.objects.get(username="arbiter"),
    )
    Old.objects.filter(pk=late.pk).update(issued_at=LATER)
    old_ids = sorted(Old.objects.values_list("pk", flat=True))

    migrate(REMOVED)

    carried = Sanction.objects.order_by("issued_at", "member__username").values_list(
        "member__username", "kind", "reason", "issued_at"
    )
    assert list(carried) == [
        ("anna", "warning", "Talked during play.", WHEN),
        ("boris", "reprimand", "Left the hall.", WHEN),
        ("anna", "remark", "Phone rang.", LATER),
    ]
    markers = [e.data["migrated-from-club-sanction"] for e in AuditEntry.objects.all()]
    assert sorted(markers) == old_ids  # each old row once
    assert "club_sanction" not in connection.introspection.table_names()


def test_the_old_rows_come_back_when_0005_is_unapplied_and_are_not_carried_twice(club_before_0004):
    migrate(REMOVED)
    executor = migrate([("club", "0004_email_verified_and_hashed_tokens")])
    Old = executor.loader.project_state(AFTER + BEFORE[1:]).apps.get_model("club", "Sanction")

    back = Old.objects.order_by("member__username").values_list(
        "member__username", "kind", "reason", "issued_by__username", "issued_at"
    )
    assert list(back) == [
        ("anna", "warning", "Talked during play.", "arbiter", WHEN),
        ("boris", "reprimand", "Left the hall.", "arbiter", WHEN),
    ]

    migrate(REMOVED)

    assert Sanction.objects.count() == AuditEntry.objects.count() == 2
