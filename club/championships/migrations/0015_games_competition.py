"""Mark the games the events already hold as competition games (games 0012): since then
only those get the competition follow-up (settings.GAME_FINISHED_COMPETITION_TASKS)."""

from django.db import migrations


def mark_event_games(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    held = set()
    for app, model in (
        ("championships", "Board"),
        ("championships", "MatchGame"),
        ("championships", "PlayoffGame"),
        ("teams", "BoardGame"),
    ):
        held.update(apps.get_model(app, model).objects.exclude(game=None).values_list("game_id", flat=True))
    held = sorted(held)
    for i in range(0, len(held), 5000):
        Game.objects.filter(pk__in=held[i : i + 5000]).update(competition=True)


class Migration(migrations.Migration):
    dependencies = [
        ("championships", "0014_personal_team_boards"),
        ("games", "0012_game_competition"),
        ("teams", "0005_invitations"),
    ]

    operations = [migrations.RunPython(mark_event_games, migrations.RunPython.noop)]
