"""arbiters 0004 on an existing club: every sanction recorded before issue 15
(the free-standing club.Sanction) becomes a club-scope sanction of the
arbiters (003 1.4) — same member, author, kind, text and date — with the
audit entry every sanction has."""

from datetime import UTC, datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from club.arbiters.models import AuditEntry, Sanction

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("arbiters", "0003_draw_claims"), ("club", "0004_email_verified_and_hashed_tokens")]
AFTER = [("arbiters", "0004_old_club_sanctions")]
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
    assert [(e.actor.username, e.action, e.member.username, e.at) for e in entries] == [
        ("arbiter", "sanction:warning", "anna", WHEN),
        ("arbiter", "sanction:reprimand", "boris", WHEN),
    ]
    assert {e.data["sanction"] for e in entries} == set(Sanction.objects.values_list("pk", flat=True))


def test_unapplying_removes_only_what_was_carried(club_before_0004):
    migrate(AFTER)
    migrate(BEFORE)

    assert not Sanction.objects.exists() and not AuditEntry.objects.exists()
