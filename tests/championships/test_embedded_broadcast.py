"""An embedded game (/embed/games/<id>/) keeps its event's broadcast delay: a frame on another site
shows a move only the organiser's minutes after it was made, as the game page shows a spectator."""

from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from club.championships import services
from club.championships.models import Board
from games.services import game_move_make
from tests.championships.test_live_round import live_swiss

pytestmark = pytest.mark.django_db


def test_an_embedded_game_shows_a_move_only_the_delay_after_it(staff):
    championship = live_swiss(staff, 4, "delayed")
    services.broadcast_delay_set(by=staff["organiser"], championship_id=championship.pk, minutes=15)
    board = Board.objects.filter(round__championship=championship).first()
    url = reverse("embed-game", args=[board.game_id])
    before = Client().get(url).content
    game_move_make(game_id=board.game_id, member=board.white, text="c3-d4", expected_ply=0, now=timezone.now())
    assert Client().get(url).content == before
    later = timezone.now() - timedelta(minutes=16)
    board.game.moves.update(played_at=later)
    assert Client().get(url).content != before
