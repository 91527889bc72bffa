"""The demo games load through the real services, once."""

from club.site.demo import load_demo
from games.models import Game


def test_the_demo_has_finished_and_ongoing_games_and_loads_once(db):
    load_demo()
    games = Game.objects.filter(event="Demo")
    assert games.filter(status="finished").count() == 2
    assert games.filter(status="active").count() == 2
    assert games.get(discipline="renju").ply == 8
    load_demo()
    assert Game.objects.filter(event="Demo").count() == 4
