"""Every unfinished game of an event with a closing date learns that date: from it on no move or
draw offer is accepted (the games created from now on carry it from their creation)."""

from django.db import migrations


def closing_dates_copy(apps, schema_editor):
    Championship = apps.get_model("championships", "Championship")
    Board = apps.get_model("championships", "Board")
    MatchGame = apps.get_model("championships", "MatchGame")
    BoardGame = apps.get_model("teams", "BoardGame")
    Game = apps.get_model("games", "Game")
    for championship in Championship.objects.filter(closes_at__isnull=False).only("pk", "closes_at"):
        ids = set(Board.objects.filter(round__championship=championship).values_list("game_id", flat=True))
        ids |= set(MatchGame.objects.filter(board__round__championship=championship).values_list("game_id", flat=True))
        ids |= set(BoardGame.objects.filter(match__round__championship=championship).values_list("game_id", flat=True))
        ids.discard(None)
        Game.objects.filter(pk__in=ids, status="active").update(play_closes_at=championship.closes_at)


class Migration(migrations.Migration):
    dependencies = [
        ("championships", "0026_team_board_policy"),
        ("games", "0015_game_play_closes_at"),
        ("teams", "0005_invitations"),
    ]

    operations = [migrations.RunPython(closing_dates_copy, migrations.RunPython.noop)]
