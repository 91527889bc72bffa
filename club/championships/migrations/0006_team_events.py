import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    """Team events become championships whose entrants are teams, one engine for both:
    the fields only they have (club.teams 0003 moves the rows); and the
    decision log keeps every decision (no cascade, reasons of any length up
    to the services' limit)."""

    dependencies = [
        ("championships", "0005_lehmann_georgiev"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="championship",
            name="entrants",
            field=models.CharField(
                choices=[("players", "players"), ("teams", "teams")],
                default="players",
                max_length=8,
                verbose_name="entrants",
            ),
        ),
        migrations.AddField(
            model_name="championship",
            name="boards",
            field=models.PositiveSmallIntegerField(blank=True, null=True, verbose_name="boards per match"),
        ),
        migrations.AddField(
            model_name="championship",
            name="reserves",
            field=models.PositiveSmallIntegerField(default=0, verbose_name="reserves per team"),
        ),
        migrations.AlterField(
            model_name="championship",
            name="scoring",
            field=models.CharField(
                choices=[
                    ("1-1/2-0", "1 / ½ / 0"),
                    ("2-1-0", "2 / 1 / 0"),
                    ("match-points", "match points 2 / 1 / 0 (1.14.6, note)"),
                    ("board-points", "board points (1.14.6)"),
                ],
                default="1-1/2-0",
                max_length=12,
                verbose_name="scoring",
            ),
        ),
        migrations.AlterField(
            model_name="championship",
            name="tie_criteria",
            field=models.JSONField(blank=True, default=list, verbose_name="tie criteria (1.13.3, 1.14.6)"),
        ),
        migrations.AlterField(
            model_name="decision",
            name="championship",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT, related_name="decisions", to="championships.championship"
            ),
        ),
        migrations.AlterField(
            model_name="decision",
            name="by",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AlterField(model_name="decision", name="reason", field=models.TextField(blank=True)),
    ]
