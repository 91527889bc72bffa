"""The free-standing club.Sanction goes: the arbiters' Sanction is the only one.

``arbiters 0004`` carried the rows that existed when it ran; the rows recorded
since then are carried here the same way (a club-scope sanction, same member,
author, kind, text and date, clause 003 1.4, with its audit entry) before the
table is dropped. A row already carried is recognised by the audit entry that
names it (``migrated-from-club-sanction``), so nothing is carried twice.

The role groups lose the club.*_sanction permissions (the content type goes,
its permissions with it) and gain ``arbiters.view_sanction``: the admin shows
the arbiters' sanctions read-only; they are recorded through its services.

Unapplied, the old table comes back with every carried row in it again (same
id), so that unapplying ``arbiters 0004`` then leaves the club as before.
"""

from django.contrib.auth.management import create_permissions
from django.core.management.color import no_style
from django.db import migrations

MIGRATED = "migrated-from-club-sanction"
KINDS = {"remark", "warning", "reprimand", "loss_of_game", "exclusion"}

# The role groups' permissions from here on, frozen (tests/club/test_roles.py compares them with members.roles).
ROLE_PERMISSIONS = {
    "member": {"club.view_member"},
    "arbiter": {"club.view_member", "arbiters.view_sanction"},
    "chief_arbiter": {"club.view_member", "arbiters.view_sanction"},
    "organiser": {"club.view_member", "arbiters.view_sanction"},
    "admin": {
        "club.view_member",
        "club.change_member",
        "club.assign_role",
        "arbiters.view_sanction",
        "auth.view_group",
    },
}
SANCTION_PERMISSIONS = {
    "arbiter": {"view", "add"},
    "chief_arbiter": {"view", "add", "change", "delete"},
    "organiser": {"view"},
    "admin": {"view", "change", "delete"},
}


def carry_the_rest(apps, schema_editor):
    Old = apps.get_model("club", "Sanction")
    New = apps.get_model("arbiters", "Sanction")
    AuditEntry = apps.get_model("arbiters", "AuditEntry")
    carried = {e.data[MIGRATED] for e in AuditEntry.objects.filter(data__has_key=MIGRATED)}
    for old in Old.objects.exclude(pk__in=carried).order_by("issued_at", "id"):
        if old.kind not in KINDS:
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
    """Put every carried row back into the recreated table, under its old id."""
    Old = apps.get_model("club", "Sanction")
    New = apps.get_model("arbiters", "Sanction")
    AuditEntry = apps.get_model("arbiters", "AuditEntry")
    for entry in AuditEntry.objects.filter(data__has_key=MIGRATED).order_by("id"):
        new = New.objects.get(pk=entry.data["sanction"])
        Old.objects.create(
            pk=entry.data[MIGRATED],
            member_id=new.member_id,
            kind=new.kind,
            reason=new.reason,
            issued_by_id=new.issued_by_id,
        )
        Old.objects.filter(pk=entry.data[MIGRATED]).update(issued_at=new.issued_at)  # auto_now_add set today's
    with schema_editor.connection.cursor() as cursor:
        for sql in schema_editor.connection.ops.sequence_reset_sql(no_style(), [Old]):
            cursor.execute(sql)


def _permission(apps, app_label, codename):
    return apps.get_model("auth", "Permission").objects.get(content_type__app_label=app_label, codename=codename)


def _create_permissions(apps, app_label):
    # Permissions are normally made after all migrations (post_migrate); make them now.
    app_config = apps.get_app_config(app_label)
    app_config.models_module = True
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None


def regroup(apps, schema_editor):
    # The content type goes with its permissions and the groups' grants of them.
    apps.get_model("contenttypes", "ContentType").objects.filter(app_label="club", model="sanction").delete()
    _create_permissions(apps, "arbiters")
    view = _permission(apps, "arbiters", "view_sanction")
    for group in apps.get_model("auth", "Group").objects.filter(name__in=ROLE_PERMISSIONS):
        if "arbiters.view_sanction" in ROLE_PERMISSIONS[group.name]:
            group.permissions.add(view)


def regroup_back(apps, schema_editor):
    _create_permissions(apps, "club")
    view = _permission(apps, "arbiters", "view_sanction")
    for group in apps.get_model("auth", "Group").objects.filter(name__in=SANCTION_PERMISSIONS):
        group.permissions.remove(view)
        group.permissions.add(
            *[_permission(apps, "club", f"{action}_sanction") for action in sorted(SANCTION_PERMISSIONS[group.name])]
        )


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0004_email_verified_and_hashed_tokens"),
        ("arbiters", "0004_old_club_sanctions"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("admin", "0003_logentry_add_action_flag_choices"),  # its entries about the content type keep a null one
    ]

    operations = [
        migrations.RunPython(carry_the_rest, carry_back),
        # Before the model leaves the state, so that unapplied it finds the model to make its permissions.
        migrations.RunPython(regroup, regroup_back),
        migrations.DeleteModel(name="Sanction"),
    ]
