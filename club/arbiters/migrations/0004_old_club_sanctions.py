"""Carry the free-standing club.Sanction rows (the old model) into the
arbiters' Sanction: a sanction with neither game nor championship is a
club-scope one (003 1.4). The kinds are the same five, same values; the
author and the date are kept; each gets the audit entry every sanction has."""

from django.db import migrations

MIGRATED = "migrated-from-club-sanction"


def carry_across(apps, schema_editor):
    Old = apps.get_model("club", "Sanction")
    New = apps.get_model("arbiters", "Sanction")
    AuditEntry = apps.get_model("arbiters", "AuditEntry")
    kinds = {"remark", "warning", "reprimand", "loss_of_game", "exclusion"}
    for old in Old.objects.order_by("issued_at", "id"):
        if old.kind not in kinds:
            raise ValueError(f"club.Sanction {old.pk} has an unknown kind {old.kind!r}")
        new = New.objects.create(
            member_id=old.member_id,
            kind=old.kind,
            reason=old.reason,
            clause="003 1.4",
            issued_by_id=old.issued_by_id,
            issued_at=old.issued_at,
        )
        AuditEntry.objects.create(
            actor_id=old.issued_by_id,
            at=old.issued_at,
            action=f"sanction:{old.kind}",
            reason=old.reason,
            clause="003 1.4",
            member_id=old.member_id,
            data={"sanction": new.pk, MIGRATED: old.pk},
        )


def carry_back(apps, schema_editor):
    """Unapplying removes only what ``carry_across`` made (the old rows are still there)."""
    New = apps.get_model("arbiters", "Sanction")
    AuditEntry = apps.get_model("arbiters", "AuditEntry")
    entries = AuditEntry.objects.filter(data__has_key=MIGRATED)
    New.objects.filter(pk__in=[e.data["sanction"] for e in entries]).delete()
    entries.delete()  # a queryset delete: the model's append-only guard is not in the historical model


class Migration(migrations.Migration):
    dependencies = [
        ("arbiters", "0003_draw_claims"),
        ("club", "0004_email_verified_and_hashed_tokens"),
    ]

    operations = [migrations.RunPython(carry_across, carry_back)]
