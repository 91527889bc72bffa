"""Each member's calendar feed gets its own secret: the addresses signed from his id alone stop."""

import secrets

from django.db import migrations, models

import members.models


def secrets_draw(apps, schema_editor):
    # AddField gave every existing member the same default: each draws his own.
    Member = apps.get_model("club", "Member")
    for pk in Member.objects.values_list("pk", flat=True):
        Member.objects.filter(pk=pk).update(calendar_secret=secrets.token_hex(16))


class Migration(migrations.Migration):
    dependencies = [
        ("club", "0010_member_birth_year"),
    ]

    operations = [
        migrations.AddField(
            model_name="member",
            name="calendar_secret",
            field=models.CharField(default=members.models.calendar_secret_new, editable=False, max_length=32),
        ),
        migrations.RunPython(secrets_draw, migrations.RunPython.noop),
    ]
