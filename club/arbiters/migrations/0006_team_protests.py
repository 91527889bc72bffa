import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    """One protest model: a captain's protest for his team (1.14.7) is a protest
    with its team and match (club.teams 0003 moves the team protests here)."""

    dependencies = [
        ("arbiters", "0005_protest_panel"),
        ("teams", "0002_championship_links"),
    ]

    operations = [
        migrations.AddField(
            model_name="protest",
            name="team",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="protests",
                to="teams.team",
            ),
        ),
        migrations.AddField(
            model_name="protest",
            name="match",
            field=models.ForeignKey(
                blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name="+", to="teams.match"
            ),
        ),
    ]
