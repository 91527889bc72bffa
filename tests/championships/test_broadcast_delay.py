"""An event's broadcast delay: its spectators see each move and each ending the
organiser's delay (0 to 30 minutes) after it is made; its players, arbiters
and organiser see it at once. On the game's page, its polling, its socket."""

import io
import zipfile
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
from club.championships.models import Board, Championship, Standings
from club.championships.selectors import result_pages
from club.site.routing import websocket_urlpatterns
from foundation.refusals import Forbidden, Invalid
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

    @pytest.mark.django_db
    def test_the_events_published_game_files_hold_the_delay_too(self, delayed):
        from club.championships.exports import export

        championship, board = delayed
        game_move_make(game_id=board.game_id, member=board.white, text="c3-d4", expected_ply=0, now=timezone.now())
        championship.refresh_from_db()
        assert b"c3-d4" not in export(championship, "games").content
        with zipfile.ZipFile(io.BytesIO(export(championship, "games.zip").content)) as archive:
            assert all(b"c3-d4" not in archive.read(name) for name in archive.namelist())
        services.broadcast_delay_set(by=championship.organiser, championship_id=championship.pk, minutes=0)
        championship.refresh_from_db()
        assert b"c3-d4" in export(championship, "games").content


class TestTheRoundView:
    """The round's page, its live parts and their standings tell a spectator no result
    the boards do not show yet: both the delay late; players and arbiters at once."""

    @staticmethod
    def _finish(championship, on_commit):
        """The first board's white wins (its black resigns) now; the standings are stored at once."""
        first = Board.objects.filter(round__championship=championship).order_by("number").first()
        moved = timezone.now()
        with on_commit():
            game_move_make(game_id=first.game_id, member=first.white, text="c3-d4", expected_ply=0, now=moved)
            game_resign(game_id=first.game_id, member=first.black, now=moved)
        return first, moved

    @staticmethod
    def _seen(championship, board, viewer, now=None):
        """The board's result and its white's points in the round's standings, as ``viewer`` sees them."""
        sheet = result_pages.round_sheet(championship, 1, viewer, now=now)
        shown = next(b for b in sheet["round"]["boards"] if b["game_id"] == board.game_id)
        points = {row["player"].id: row["points"] for row in sheet["standings"]}
        return shown["result"], points[board.white_id]

    @pytest.mark.django_db
    def test_a_spectator_sees_a_result_in_the_round_and_its_standings_only_the_delay_after_it(
        self, delayed, staff, django_capture_on_commit_callbacks, eager_celery
    ):
        championship, _board = delayed
        board, ended = self._finish(championship, lambda: django_capture_on_commit_callbacks(execute=True))
        championship.refresh_from_db()
        assert Standings.objects.get(championship=championship).rows  # the stored table holds the win already
        for spectator in (AnonymousUser(), make_member("bystander")):
            assert self._seen(championship, board, spectator, ended + timedelta(minutes=14)) == ("", "0")
            assert self._seen(championship, board, spectator, ended + timedelta(minutes=16)) == ("1-0", "1")
        # Its players and the event's officials see it at once.
        for insider in (board.white, board.black, staff["arbiter"], staff["organiser"]):
            assert self._seen(championship, board, insider, ended) == ("1-0", "1")

    @pytest.mark.django_db
    def test_the_round_page_and_its_polled_parts_hide_the_result_from_a_spectator_not_from_the_arbiter(
        self, delayed, staff, django_capture_on_commit_callbacks, eager_celery
    ):
        championship, _board = delayed
        board, _ended = self._finish(championship, lambda: django_capture_on_commit_callbacks(execute=True))
        winner = board.white.username
        page = reverse("championships:round", args=[championship.pk, 1])
        polled = reverse("championships:round-live", args=[championship.pk, 1])
        arbiter = Client()
        arbiter.force_login(staff["arbiter"])

        def winner_points(html: str) -> str:
            row = html.split(f'data-player="{winner}"', 1)[1].split("</tr>", 1)[0]
            return row.split('<td class="points">', 1)[1].split("<", 1)[0]

        spectator = Client()
        assert winner_points(spectator.get(page).content.decode()) == "0"
        assert winner_points(spectator.get(polled).json()["standings_html"]) == "0"
        assert winner_points(arbiter.get(page).content.decode()) == "1"
        assert winner_points(arbiter.get(polled).json()["standings_html"]) == "1"

    @pytest.mark.django_db(transaction=True)
    def test_the_round_socket_sends_a_spectator_the_ended_game_and_its_standings_the_delay_later(
        self, delayed, staff, monkeypatch, eager_celery
    ):
        championship, board = delayed
        from games import tasks

        monkeypatch.setattr(tasks.game_delayed_frame_task, "apply_async", lambda args, countdown: None)

        def socket(user):
            ws = WebsocketCommunicator(APP, f"/ws/championships/{championship.pk}/rounds/1/?lang=en")
            ws.scope["user"] = user
            return ws

        def winner_points(message) -> str:
            row = message["standings_html"].split(f'data-player="{board.white.username}"', 1)[1]
            return row.split('<td class="points">', 1)[1].split("<", 1)[0]

        async def main():
            spectator, arbiter = socket(AnonymousUser()), socket(staff["arbiter"])
            for ws in (spectator, arbiter):
                assert (await ws.connect())[0]
                await ws.receive_json_from(timeout=10)
            moved = timezone.now()
            await database_sync_to_async(game_move_make)(
                game_id=board.game_id, member=board.white, text="c3-d4", expected_ply=0, now=moved
            )
            assert (await arbiter.receive_json_from(timeout=10))["ply"] == 1  # the arbiter's frame, at once
            assert await spectator.receive_nothing(timeout=0.5)
            await database_sync_to_async(game_resign)(game_id=board.game_id, member=board.black, now=moved)
            seen = {"arbiter": [], "spectator": []}
            for name, ws in (("arbiter", arbiter), ("spectator", spectator)):
                while not await ws.receive_nothing(timeout=1):
                    seen[name].append(await ws.receive_json_from(timeout=10))
            # The delay later (the game's instants moved back past it) the spectators' frame of the
            # ended game comes: the spectator's round is drawn again, its table with the result.
            await database_sync_to_async(_past_the_delay)(board.game_id)
            await database_sync_to_async(events.game_delayed_send)(board.game_id, moved - timedelta(minutes=16))
            later = await spectator.receive_json_from(timeout=10)
            for ws in (spectator, arbiter):
                await ws.disconnect()
            return seen, later

        seen, later = async_to_sync(main)()
        rounds_sent = {name: [m for m in messages if m.get("type") == "round"] for name, messages in seen.items()}
        assert winner_points(rounds_sent["arbiter"][-1]) == "1"
        assert all(winner_points(m) == "0" for m in rounds_sent["spectator"])
        assert not any(m.get("type") == "state" for m in seen["spectator"])
        assert later["type"] == "round" and winner_points(later) == "1"


def _past_the_delay(game_id: int) -> None:
    """The game's moves and end as if made 16 minutes ago: past the fixture's 15-minute delay."""
    from games.models import Game, Move

    back = timedelta(minutes=16)
    game = Game.objects.get(pk=game_id)
    Game.objects.filter(pk=game_id).update(ended_at=game.ended_at - back)
    for move in Move.objects.filter(game_id=game_id):
        Move.objects.filter(pk=move.pk).update(played_at=move.played_at - back)
