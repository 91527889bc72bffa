import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    """The protest panel (003 1.3.1) becomes an appointment like the arbiters':
    one table of who holds which office in an event (club.arbiters 0007 moves
    the seats and drops the old table)."""

    dependencies = [
        ("championships", "0006_team_events"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AlterField(
            model_name="appointment",
            name="role",
            field=models.CharField(
                choices=[
                    ("chief", "chief arbiter"),
                    ("deputy", "deputy chief arbiter"),
                    ("arbiter", "arbiter"),
                    ("panel", "protest panel member"),
                ],
                max_length=8,
            ),
        ),
        migrations.AddField(
            model_name="appointment",
            name="appointed_by",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AddField(
            model_name="appointment",
            name="appointed_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
    ]
