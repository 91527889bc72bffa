import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    """The links of the team tables to the championship that the event becomes
    (nullable until 0003 fills them)."""

    dependencies = [
        ("teams", "0001_initial"),
        ("championships", "0006_team_events"),
    ]

    operations = [
        migrations.AddField(
            model_name="team",
            name="championship",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="teams",
                to="championships.championship",
            ),
        ),
        migrations.AddField(
            model_name="teamplayer",
            name="championship",
            field=models.ForeignKey(
                null=True, on_delete=django.db.models.deletion.CASCADE, related_name="+", to="championships.championship"
            ),
        ),
        migrations.AddField(
            model_name="lineup",
            name="championship",
            field=models.ForeignKey(
                null=True,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="lineups",
                to="championships.championship",
            ),
        ),
        migrations.AddField(
            model_name="match",
            name="championship_round",
            field=models.ForeignKey(
                null=True, on_delete=django.db.models.deletion.CASCADE, related_name="matches", to="championships.round"
            ),
        ),
    ]
