"""Create the club's role groups with their permissions.

The table is frozen here on purpose (migrations must not follow later code);
tests/club/test_roles.py checks it still matches members.roles.ROLE_PERMISSIONS.
"""
from django.contrib.auth.management import create_permissions
from django.db import migrations

ROLE_PERMISSIONS = {
    "member": {"club.view_member"},
    "arbiter": {"club.view_member", "club.view_sanction", "club.add_sanction"},
    "chief_arbiter": {
        "club.view_member", "club.view_sanction", "club.add_sanction",
        "club.change_sanction", "club.delete_sanction",
    },
    "organiser": {"club.view_member", "club.view_sanction"},
    "admin": {
        "club.view_member", "club.change_member", "club.assign_role",
        # Admins correct or remove sanctions; only arbiters issue them.
        "club.view_sanction", "club.change_sanction", "club.delete_sanction",
        "auth.view_group",
    },
}


def create_role_groups(apps, schema_editor):
    # Permissions are normally made after all migrations (post_migrate); make them now.
    for app_config in apps.get_app_configs():
        app_config.models_module = True
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None

    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for role, perms in ROLE_PERMISSIONS.items():
        group, _ = Group.objects.get_or_create(name=role)
        for dotted in sorted(perms):
            app_label, codename = dotted.split(".")
            group.permissions.add(
                Permission.objects.get(content_type__app_label=app_label, codename=codename)
            )


def remove_role_groups(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name__in=ROLE_PERMISSIONS).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0002_sanction"),
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(create_role_groups, remove_role_groups)]
