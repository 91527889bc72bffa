"""A refusal that names a time shows it as its reader reads times — in his zone, as every page of
the club shows an instant (``foundation.zones.shown``) — in his language; never a raw UTC stamp.
(That every refusal is translated is checked over the whole source: tests/club/test_refusals_speak_russian.py.)"""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone, translation

from club.championships import services
from club.championships.models import Board
from games.models import Game

from .conftest import T0
from .test_pages import client_for

# games.services.play's refusal, read from the catalogue as a page shows it.
NOT_STARTED = "The game starts at %(start)s; no move before then (003 1.6.3)."


@pytest.mark.django_db
def test_a_game_s_start_is_refused_in_russian_in_the_player_s_zone_and_format(make_championship, players, staff):
    # 003 1.6.3: no move before the round's start; the refusal names the start as the player reads times.
    championship = make_championship(players[:2], time_control="2700")
    now = timezone.now()
    starts_at = (now + timedelta(hours=3)).replace(minute=30, second=0, microsecond=0)
    services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=T0)
    services.round_publish(
        by=staff["arbiter"], championship_id=championship.pk, round_number=1, starts_at=starts_at,
        start_confirmed=True, now=now,
    )  # fmt: skip
    board = Board.objects.get(round__championship=championship, game__isnull=False)
    game = Game.objects.get(pk=board.game_id)
    first = game.white  # found on the board, not assumed from the lot
    first.time_zone = "Asia/Yekaterinburg"  # UTC+5, no summer time
    first.save(update_fields=["time_zone"])
    page = client_for(first)

    answer = page.post(
        reverse("games:game-claim", args=[game.pk, "repetition"]),
        {"expected_ply": 0, "move": "c3-d4"},
        HTTP_ACCEPT_LANGUAGE="ru",
        follow=True,
    )

    shown = answer.content.decode()
    local = timezone.localtime(starts_at, timezone.get_fixed_timezone(5 * 60)).strftime("%Y-%m-%d %H:%M")
    with translation.override("ru"):
        sentence = translation.gettext(NOT_STARTED)
    assert sentence != NOT_STARTED
    assert sentence.split("%(start)s")[0] in shown
    assert f"{local} +05" in shown or f"{local} UTC+05:00" in shown
    assert starts_at.isoformat() not in shown and "+00:00" not in shown
    assert not re.search(r"\d{4}-\d\d-\d\dT\d\d:\d\d", shown.split("<main", 1)[-1])
