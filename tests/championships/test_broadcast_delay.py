"""An event's broadcast delay: its spectators see each move and each ending the
organiser's delay (0 to 30 minutes) after it is made; its players, arbiters
and organiser see it at once. On the game's page, its polling, its socket."""

from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from club.championships import services
from club.championships.models import Board, Championship
from club.platform.refusals import Forbidden, Invalid
from club.site.routing import websocket_urlpatterns
from games import events, selectors
from games.services import game_move_make, game_resign
from tests.championships.test_live_round import live_swiss
from tests.conftest import make_member

APP = URLRouter(websocket_urlpatterns)


@pytest.fixture
def delayed(staff):
    """A Swiss whose first round is being played, broadcast 15 minutes late, and its first board."""
    championship = live_swiss(staff, 4, "delayed")
    services.broadcast_delay_set(by=staff["organiser"], championship_id=championship.pk, minutes=15)
    board = Board.objects.filter(round__championship=championship).select_related("white", "black").first()
    return championship, board


class TestSettingTheDelay:
    @pytest.mark.django_db
    def test_the_organiser_sets_it_in_whole_minutes_from_0_to_30(self, staff, client):
        championship = live_swiss(staff, 4, "setting")
        for minutes in (30, 0, 7):
            services.broadcast_delay_set(by=staff["organiser"], championship_id=championship.pk, minutes=minutes)
            championship.refresh_from_db()
            assert championship.broadcast_delay == minutes
        client.force_login(staff["organiser"])
        url = reverse("api-championship-broadcast-delay", args=[championship.pk])
        answer = client.post(url, {"minutes": 12}, content_type="application/json")
        assert answer.status_code == 200 and answer.json()["broadcast_delay"] == 12

    @pytest.mark.django_db
    @pytest.mark.parametrize("minutes", [31, -1, 2.5, "5", True, None])
    def test_a_delay_outside_0_to_30_minutes_is_refused_and_changes_nothing(self, staff, minutes):
        championship = live_swiss(staff, 4, "outside")
        services.broadcast_delay_set(by=staff["organiser"], championship_id=championship.pk, minutes=5)
        with pytest.raises(Invalid):
            services.broadcast_delay_set(by=staff["organiser"], championship_id=championship.pk, minutes=minutes)
        assert Championship.objects.get(pk=championship.pk).broadcast_delay == 5

    @pytest.mark.django_db
    def test_the_api_refuses_31_minutes_with_a_clear_error(self, staff, client):
        championship = live_swiss(staff, 4, "api")
        client.force_login(staff["organiser"])
        url = reverse("api-championship-broadcast-delay", args=[championship.pk])
        answer = client.post(url, {"minutes": 31}, content_type="application/json")
        assert answer.status_code == 400 and "30" in str(answer.json())
        assert Championship.objects.get(pk=championship.pk).broadcast_delay == 0

    @pytest.mark.django_db
    def test_nobody_but_the_organiser_sets_it(self, staff):
        championship = live_swiss(staff, 4, "nobody")
        player = championship.entries.first().member
        for member in (staff["arbiter"], player):
            with pytest.raises(Forbidden):
                services.broadcast_delay_set(by=member, championship_id=championship.pk, minutes=10)
        assert Championship.objects.get(pk=championship.pk).broadcast_delay == 0


class TestWhoSeesWhat:
    @pytest.mark.django_db
    def test_a_spectator_sees_a_move_and_an_ending_only_the_delay_after_them(self, delayed, staff):
        _championship, board = delayed
        moved = timezone.now()
        game_move_make(game_id=board.game_id, member=board.white, text="c3-d4", expected_ply=0, now=moved)
        game_resign(game_id=board.game_id, member=board.black, now=moved + timedelta(seconds=1))
        bystander = make_member("bystander")

        def seen(member, minutes):
            view = selectors.game_view(board.game_id, member, now=moved + timedelta(minutes=minutes))
            return len(view.replay.steps), view.game.status, view.game.result

        for spectator in (AnonymousUser(), bystander):
            assert seen(spectator, 14) == (0, "active", "")
            assert seen(spectator, 16) == (1, "finished", "1-0")
        for insider in (board.white, board.black, staff["arbiter"], staff["chief"], staff["organiser"]):
            assert seen(insider, 0) == (1, "finished", "1-0")

    @pytest.mark.django_db
    def test_the_polled_state_is_delayed_for_a_spectator_and_not_for_a_player(self, delayed):
        _championship, board = delayed
        game_move_make(game_id=board.game_id, member=board.white, text="c3-d4", expected_ply=0, now=timezone.now())
        url = reverse("games:game-state", args=[board.game_id])
        spectator = Client(HTTP_ACCEPT_LANGUAGE="en").get(url).json()
        assert spectator["ply"] == 0 and spectator["moves"] == []
        assert spectator["delay_s"] == 15 * 60 and "15 minutes late" in spectator["delay_text"]
        player = Client()
        player.force_login(board.black)
        mine = player.get(url).json()
        assert mine["ply"] == 1 and mine["delay_s"] == 0 and mine["legal_moves"]

    @pytest.mark.django_db(transaction=True)
    def test_the_socket_gives_the_arbiter_the_move_at_once_and_the_spectator_the_delay_later(
        self, delayed, staff, monkeypatch
    ):
        _championship, board = delayed
        scheduled = []
        from games import tasks

        monkeypatch.setattr(
            tasks.game_delayed_frame_task, "apply_async", lambda args, countdown: scheduled.append((args, countdown))
        )

        def socket(user):
            ws = WebsocketCommunicator(APP, f"/ws/games/{board.game_id}/?lang=en")
            ws.scope["user"] = user
            return ws

        async def main():
            spectator, arbiter = socket(AnonymousUser()), socket(staff["arbiter"])
            for ws in (spectator, arbiter):
                assert (await ws.connect())[0]
                assert (await ws.receive_json_from(timeout=10))["ply"] == 0
            moved = timezone.now()
            await database_sync_to_async(game_move_make)(
                game_id=board.game_id, member=board.white, text="c3-d4", expected_ply=0, now=moved
            )
            at_once = await arbiter.receive_json_from(timeout=10)
            nothing_yet = await spectator.receive_nothing(timeout=0.5)
            # The task's countdown has run out: the spectators' frame of that instant.
            await database_sync_to_async(events.game_delayed_send)(board.game_id, moved)
            later = await spectator.receive_json_from(timeout=10)
            arbiter_again = await arbiter.receive_nothing(timeout=0.3)
            for ws in (spectator, arbiter):
                await ws.disconnect()
            return at_once, nothing_yet, later, arbiter_again

        at_once, nothing_yet, later, arbiter_again = async_to_sync(main)()
        assert at_once["ply"] == 1 and at_once["delay_s"] == 0
        assert nothing_yet and arbiter_again
        assert [(args[0], countdown) for args, countdown in scheduled] == [(board.game_id, 15 * 60)]
        assert later["ply"] == 1 and [m["notation"] for m in later["moves"]] == ["c3-d4"]


class TestTheApiAndTheRecords:
    @pytest.mark.django_db
    def test_a_spectator_reads_the_game_the_delay_late_through_the_api_and_the_record_files(self, delayed):
        _championship, board = delayed
        game_move_make(game_id=board.game_id, member=board.white, text="c3-d4", expected_ply=0, now=timezone.now())
        bystander, player = Client(), Client()
        bystander.force_login(make_member("bystander"))
        player.force_login(board.white)
        urls = {
            "detail": reverse("api-game-detail", args=[board.game_id]),
            "moves": reverse("api-game-moves", args=[board.game_id]),
            "record": reverse("api-game-record", args=[board.game_id]),
            "file": reverse("games:game-download", args=[board.game_id]),
        }
        for client, played in ((bystander, False), (player, True)):
            detail = client.get(urls["detail"], {"legal": "1"}).json()
            assert (detail["ply"], len(detail["moves"])) == ((1, 1) if played else (0, 0))
            assert detail["to_move"] == ("black" if played else "white")
            # The legal moves now would tell a spectator the position: none under the delay.
            assert bool(detail["legal_moves"]) is played
            assert len(client.get(urls["moves"]).json()) == (1 if played else 0)
            assert ("c3-d4" in client.get(urls["record"]).json()["text"]) is played
            assert ("c3-d4" in client.get(urls["file"]).content.decode()) is played
