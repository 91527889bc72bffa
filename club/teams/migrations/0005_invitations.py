from django.db import migrations, models


def rosters_accepted(apps, schema_editor):
    """The players of the rosters registered before invitations existed played: they count as accepted."""
    TeamPlayer = apps.get_model("teams", "TeamPlayer")
    for place in TeamPlayer.objects.select_related("team__championship").filter(accepted_at__isnull=True):
        place.accepted_at = place.team.championship.created_at
        place.save(update_fields=["accepted_at"])


class Migration(migrations.Migration):
    """A place in a team is an invitation until the member accepts it (1.14.2)."""

    dependencies = [
        ("teams", "0004_drop_team_events"),
    ]

    operations = [
        migrations.AddField(
            model_name="teamplayer",
            name="accepted_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(rosters_accepted, migrations.RunPython.noop),
        migrations.RemoveConstraint(model_name="teamplayer", name="team_player_one_team"),
        migrations.AddConstraint(
            model_name="teamplayer",
            constraint=models.UniqueConstraint(
                condition=models.Q(accepted_at__isnull=False),
                fields=("championship", "member"),
                name="team_player_one_team",
            ),
        ),
        migrations.AddConstraint(
            model_name="teamplayer",
            constraint=models.UniqueConstraint(fields=("team", "member"), name="team_player_once_in_a_team"),
        ),
    ]
