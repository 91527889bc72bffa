import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    """The team tables point only at the championship and its rounds; the
    event's own tables, whose rows 0003 moved, are dropped."""

    dependencies = [
        ("teams", "0003_events_into_championships"),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="team", name="team_name_once"),
        migrations.RemoveConstraint(model_name="teamplayer", name="team_player_one_team"),
        migrations.RemoveConstraint(model_name="match", name="team_match_once"),
        migrations.RemoveField(model_name="team", name="event"),
        migrations.RemoveField(model_name="teamplayer", name="event"),
        migrations.RemoveField(model_name="lineup", name="event"),
        migrations.RemoveField(model_name="match", name="round"),
        migrations.RenameField(model_name="match", old_name="championship_round", new_name="round"),
        migrations.AlterField(
            model_name="team",
            name="championship",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE, related_name="teams", to="championships.championship"
            ),
        ),
        migrations.AlterField(
            model_name="teamplayer",
            name="championship",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE, related_name="+", to="championships.championship"
            ),
        ),
        migrations.AlterField(
            model_name="lineup",
            name="championship",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE, related_name="lineups", to="championships.championship"
            ),
        ),
        migrations.AlterField(
            model_name="match",
            name="round",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE, related_name="matches", to="championships.round"
            ),
        ),
        migrations.AddConstraint(
            model_name="team",
            constraint=models.UniqueConstraint(fields=("championship", "name"), name="team_name_once"),
        ),
        migrations.AddConstraint(
            model_name="teamplayer",
            constraint=models.UniqueConstraint(fields=("championship", "member"), name="team_player_one_team"),
        ),
        migrations.AddConstraint(
            model_name="match",
            constraint=models.UniqueConstraint(fields=("round", "number"), name="team_match_once"),
        ),
        migrations.DeleteModel(name="Protest"),
        migrations.DeleteModel(name="TeamStandings"),
        migrations.DeleteModel(name="TeamRound"),
        migrations.DeleteModel(name="TeamArbiter"),
        migrations.DeleteModel(name="TeamEvent"),
    ]
