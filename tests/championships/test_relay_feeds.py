"""Relay feeds: an event played at the board names the address of its rounds' PDN, which
the club polls (about every ten seconds) into the boards' records, as lidraughts' and
lichess' broadcasts do (002 §17: the moves entered live are the broadcast). Every move
goes through the rules module and the operators' path; a feed that stops, breaks or sends
an illegal move stalls only its board, with the reason, and stores nothing of it; a feed
that cannot be read changes nothing and tells the desk. The feed here is a PDN file served
by the test on 127.0.0.1, growing move by move."""

from __future__ import annotations

import json
import socket
import threading
import time
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.test import override_settings
from django.urls import reverse

from club.championships import live, services
from club.championships.models import Board, Championship, RelayBoard, Round
from club.championships.tasks import relays_poll
from foundation.refusals import Forbidden, Invalid
from games import frames
from games.models import Game, Move
from games.rules.pdn import write_game
from tests.conftest import make_member

from .conftest import at
from .test_services import pair_and_publish

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("loopback_allowed")]

START = at(60)
PLAYING = START + timedelta(minutes=5)


class Feed:
    """A relay machine on 127.0.0.1: ``files[path]`` is what it answers at ``path`` (bytes, or
    an HTTP status, or seconds it hangs before answering), rewritten by the test as the games go on."""

    def __init__(self):
        self.files: dict[str, bytes | int | float] = {}
        self.sent_whole: set[str] = set()  # the paths whose whole answer the club read
        feed = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                body = feed.files.get(self.path, 404)
                if isinstance(body, float):  # a relay machine that hangs: the headers come that late
                    time.sleep(body)
                    body = b""
                if isinstance(body, int):
                    self.send_response(body)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("Content-Type", "application/x-draughts-pdn")
                self.end_headers()  # no Content-Length: the club must cap what it reads by itself
                try:
                    self.wfile.write(body)
                except (BrokenPipeError, ConnectionResetError):
                    return  # the club stopped reading at its cap
                feed.sent_whole.add(self.path)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str = "/round.pdn") -> str:
        return f"http://127.0.0.1:{self.server.server_port}{path}"

    def close(self):
        if self.thread.is_alive():
            self.server.shutdown()
            self.server.server_close()


@pytest.fixture
def loopback_allowed():
    # The club refuses private addresses; a club may allow its own relay machine's network.
    with override_settings(RELAY_FEED_PRIVATE_NETWORKS=["127.0.0.0/8"]):
        yield


@pytest.fixture
def feed():
    served = Feed()
    yield served
    served.close()


@pytest.fixture
def night(make_championship, players, staff, on_commit):
    """Four players at the board, round 1 published and being played: its two boards."""
    championship = make_championship(players[:4], venue="board", time_control="180+2", lateness_minutes=1)
    with on_commit():
        pair_and_publish(championship, staff, starts_at=START)
    boards = list(
        Board.objects.filter(round__championship=championship, game__isnull=False)
        .select_related("white", "black")
        .order_by("number")
    )
    return championship, boards


def pdn(board, moves, *, by_names=False, result="*") -> str:
    """The feed's game of ``board``: tagged ``1.<board>`` or named by its players only."""
    tags = {"Event": "Club championship", "White": board.white.display_name, "Black": board.black.display_name}
    tags["Round"] = "?" if by_names else f"1.{board.number}"
    return write_game(tags, moves, result)


def serve(feed, *games: str):
    feed.files["/round.pdn"] = "".join(games).encode()


def record(board) -> list[str]:
    return list(Move.objects.filter(game_id=board.game_id).order_by("ply").values_list("notation", flat=True))


def poll(championship):
    the_round = Round.objects.get(championship=championship, number=1)
    return services.relay_poll(round_id=the_round.pk, now=PLAYING)


def relay_state(board) -> RelayBoard:
    return RelayBoard.objects.get(board=board)


def name_feed(championship, staff, feed, **where):
    services.relay_url_set(by=staff["organiser"], championship_id=championship.pk, url=feed.url(), now=START, **where)


class TestRelaying:
    def test_a_feed_growing_move_by_move_appears_on_the_round_view_and_in_the_frames(self, night, staff, feed):
        championship, (first, second) = night
        serve(feed, pdn(first, []), pdn(second, [], by_names=True))
        name_feed(championship, staff, feed)
        sheet = ["c3-d4", "f6-g5", "g3-f4", "g7-f6"]
        for ply in range(1, len(sheet) + 1):
            serve(feed, pdn(first, sheet[:ply]), pdn(second, sheet[:ply], by_names=True))
            poll(championship)
            assert record(first) == record(second) == sheet[:ply]
        assert relay_state(first).state == relay_state(second).state == RelayBoard.State.RELAYING
        frame = frames.public_frame(first.game_id)
        assert frame["ply"] == 4
        page = live.round_fragments_of(championship.pk, 1)["boards_html"]
        assert "playing, move 3" in page or "идёт игра, ход 3" in page  # four half-moves: the third move is played

    def test_a_feed_numbering_the_squares_as_pdn_does_enters_the_rules_own_notation(self, night, staff, feed):
        championship, (first, _second) = night
        serve(feed, pdn(first, ["22-18", "11-15"]))
        name_feed(championship, staff, feed)
        poll(championship)
        assert record(first) == ["c3-d4", "f6-e5"]

    def test_polling_twice_enters_each_move_once(self, night, staff, feed):
        championship, (first, _second) = night
        serve(feed, pdn(first, ["c3-d4", "f6-g5"]))
        name_feed(championship, staff, feed)
        poll(championship)
        poll(championship)
        assert record(first) == ["c3-d4", "f6-g5"]
        assert Game.objects.get(pk=first.game_id).ply == 2
        assert championship.decisions.filter(action="relay").count() == 1

    def test_the_beat_task_polls_every_round_being_played_at_the_board(self, night, staff, feed):
        championship, (first, _second) = night
        Championship.objects.filter(pk=championship.pk).update(status=Championship.Status.RUNNING)
        serve(feed, pdn(first, ["c3-d4"]))
        name_feed(championship, staff, feed)
        assert relays_poll() == 1
        assert record(first) == ["c3-d4"]

    def test_a_round_may_name_its_own_feed_before_the_events(self, night, staff, feed):
        championship, (first, _second) = night
        feed.files["/other.pdn"] = pdn(first, ["e3-f4"]).encode()
        serve(feed, pdn(first, ["c3-d4"]))
        name_feed(championship, staff, feed)
        services.relay_url_set(
            by=staff["chief"], championship_id=championship.pk, url=feed.url("/other.pdn"), round_number=1, now=START
        )
        poll(championship)
        assert record(first) == ["e3-f4"]


class TestJsonFeeds:
    """The many-files JSON of chess relays (LiveChessCloud's, which lichess and lidraughts read):
    a round's index of pairings, and each board's moves in ``game-N.json`` beside it."""

    def test_a_json_index_and_its_games_are_relayed_board_by_board(self, night, staff, feed):
        championship, boards = night
        pairings = [
            {"white": {"fname": b.white.display_name}, "black": {"fname": b.black.display_name}} for b in boards
        ]
        feed.files["/lcc/round.json"] = json.dumps({"pairings": pairings}).encode()
        feed.files["/lcc/game-1.json"] = json.dumps({"moves": ["c3-d4 1:59:58", "f6-g5 1:59:30"]}).encode()
        feed.files["/lcc/game-2.json"] = json.dumps({"moves": ["e3-f4 1:59:50"], "result": "*"}).encode()
        services.relay_url_set(
            by=staff["organiser"], championship_id=championship.pk, url=feed.url("/lcc/round.json"), now=START
        )
        poll(championship)
        assert record(boards[0]) == ["c3-d4", "f6-g5"] and record(boards[1]) == ["e3-f4"]

    def test_a_json_game_without_its_moves_is_refused_and_changes_nothing(self, night, staff, feed):
        championship, boards = night
        feed.files["/lcc/round.json"] = json.dumps({"pairings": [{"white": {}, "black": {}}]}).encode()
        feed.files["/lcc/game-1.json"] = b'{"result": "1-0"}'
        with pytest.raises(Invalid) as refusal:
            services.relay_url_set(
                by=staff["organiser"], championship_id=championship.pk, url=feed.url("/lcc/round.json")
            )
        assert refusal.value.code == "relay-not-pdn"
        assert Championship.objects.get(pk=championship.pk).relay_url == ""


class TestStalling:
    def test_an_illegal_move_stalls_only_its_board_and_nothing_of_it_is_stored(self, night, staff, feed):
        championship, (first, second) = night
        serve(feed, pdn(first, ["c3-d4"]), pdn(second, ["c3-d4"]))
        name_feed(championship, staff, feed)
        poll(championship)
        # 2.1.4: a man moves forward diagonally; f6-f5 is no move at all
        serve(feed, pdn(first, ["c3-d4", "f6-g5", "g3-f4", "f6-f5", "d4-c5"]), pdn(second, ["c3-d4", "f6-g5"]))
        poll(championship)
        assert record(first) == ["c3-d4", "f6-g5", "g3-f4"]
        stalled = relay_state(first)
        assert stalled.state == RelayBoard.State.STALLED and "f6-f5" in stalled.reason
        assert record(second) == ["c3-d4", "f6-g5"]
        assert relay_state(second).state == RelayBoard.State.RELAYING
        page = live.round_fragments_of(championship.pk, 1)["boards_html"]
        assert "relay-stalled" in page and "f6-f5" in page

    def test_a_feed_that_contradicts_the_record_stalls_the_board_and_changes_nothing(self, night, staff, feed):
        championship, (first, _second) = night
        serve(feed, pdn(first, ["c3-d4", "f6-g5"]))
        name_feed(championship, staff, feed)
        poll(championship)
        serve(feed, pdn(first, ["c3-b4", "f6-g5", "b4-a5"]))
        poll(championship)
        assert record(first) == ["c3-d4", "f6-g5"]
        assert relay_state(first).state == RelayBoard.State.STALLED

    def test_a_feed_that_stops_carrying_a_board_stalls_it_and_a_mended_feed_resumes_it(self, night, staff, feed):
        championship, (first, second) = night
        serve(feed, pdn(first, ["c3-d4"]), pdn(second, ["c3-d4"]))
        name_feed(championship, staff, feed)
        poll(championship)
        serve(feed, pdn(second, ["c3-d4", "f6-g5"]))
        poll(championship)
        assert relay_state(first).state == RelayBoard.State.STALLED
        serve(feed, pdn(first, ["c3-d4", "f6-e5"]), pdn(second, ["c3-d4", "f6-g5"]))
        poll(championship)
        assert relay_state(first).state == RelayBoard.State.RELAYING and record(first) == ["c3-d4", "f6-e5"]

    def test_an_arbiter_takes_a_stalled_board_over_and_the_feed_no_longer_touches_it(self, night, staff, feed):
        championship, (first, _second) = night
        serve(feed, pdn(first, ["c3-d4", "f6-f5"]))
        name_feed(championship, staff, feed)
        poll(championship)
        assert relay_state(first).state == RelayBoard.State.STALLED
        with pytest.raises(Forbidden):  # a player of the event judges no game of it
            services.relay_board_take_over(by=first.white, championship_id=championship.pk, game_id=first.game_id)
        services.relay_board_take_over(by=staff["arbiter"], championship_id=championship.pk, game_id=first.game_id)
        services.score_sheet_enter(
            by=staff["arbiter"], championship_id=championship.pk, game_id=first.game_id, text="f6-g5", expected_ply=1
        )
        serve(feed, pdn(first, ["c3-d4", "f6-e5", "g3-f4"]))
        poll(championship)
        assert record(first) == ["c3-d4", "f6-g5"]
        assert relay_state(first).state == RelayBoard.State.BY_HAND


class TestBadFeeds:
    @pytest.mark.parametrize(
        ("answer", "code"),
        [
            (b"<html><body>Not found</body></html>", "PDN"),
            (b"\x00\x01\x02 binary", "PDN"),
            (503, "503"),
            (b"[Event " + b"x" * 3_000_000, "1000000"),
        ],
        ids=["html", "binary", "server-error", "oversize"],
    )
    def test_an_unreadable_feed_tells_the_desk_and_changes_no_record(self, night, staff, feed, answer, code):
        championship, (first, _second) = night
        serve(feed, pdn(first, ["c3-d4"]))
        name_feed(championship, staff, feed)
        poll(championship)
        feed.files["/round.pdn"] = answer
        with override_settings(RELAY_FEED_MAX_BYTES=1_000_000):
            the_round = poll(championship)
        assert code in the_round.relay_error
        assert record(first) == ["c3-d4"]
        assert relay_state(first).state == RelayBoard.State.STALLED

    def test_a_feed_that_stops_answering_tells_the_desk_and_changes_no_record(self, night, staff, feed):
        championship, (first, _second) = night
        serve(feed, pdn(first, ["c3-d4"]))
        name_feed(championship, staff, feed)
        poll(championship)
        feed.close()
        the_round = poll(championship)
        assert the_round.relay_error
        assert record(first) == ["c3-d4"]
        stalled = relay_state(first)
        assert stalled.state == RelayBoard.State.STALLED and stalled.reason == the_round.relay_error

    def test_an_unreachable_feed_is_refused_when_named_and_the_address_stays_as_it_was(self, night, staff):
        championship, _boards = night
        with socket.socket() as closed:  # a port nothing listens on
            closed.bind(("127.0.0.1", 0))
            gone = f"http://127.0.0.1:{closed.getsockname()[1]}/round.pdn"
        with pytest.raises(Invalid) as refusal:
            services.relay_url_set(by=staff["organiser"], championship_id=championship.pk, url=gone)
        assert refusal.value.code == "relay-unreachable"
        assert Championship.objects.get(pk=championship.pk).relay_url == ""

    def test_a_feed_that_hangs_is_given_up_after_the_timeout(self, night, staff, feed):
        championship, _boards = night
        feed.files["/hangs.pdn"] = 3.0
        with override_settings(RELAY_FEED_TIMEOUT_SECONDS=1), pytest.raises(Invalid) as refusal:
            services.relay_url_set(by=staff["organiser"], championship_id=championship.pk, url=feed.url("/hangs.pdn"))
        assert refusal.value.code == "relay-timeout"
        assert Championship.objects.get(pk=championship.pk).relay_url == ""

    def test_a_redirect_is_refused_not_followed(self, night, staff, feed):
        championship, _boards = night
        feed.files["/moved.pdn"] = 302
        with pytest.raises(Invalid) as refusal:
            services.relay_url_set(by=staff["organiser"], championship_id=championship.pk, url=feed.url("/moved.pdn"))
        assert refusal.value.code == "relay-redirect"

    def test_a_feed_of_100_megabytes_is_refused_after_the_cap_not_read_whole(self, night, staff, feed):
        championship, _boards = night
        feed.files["/huge.pdn"] = b"[Event " + b"x" * 100_000_000
        with pytest.raises(Invalid) as refusal:
            services.relay_url_set(by=staff["organiser"], championship_id=championship.pk, url=feed.url("/huge.pdn"))
        assert refusal.value.code == "relay-too-large"
        assert "/huge.pdn" not in feed.sent_whole
        assert Championship.objects.get(pk=championship.pk).relay_url == ""

    @pytest.mark.parametrize(
        ("url", "code"),
        [
            ("ftp://example.org/round.pdn", "relay-scheme"),
            ("file:///etc/passwd", "relay-scheme"),
            ("gopher://127.0.0.1:6379/_INFO", "relay-scheme"),
            ("http://user:secret@example.org/round.pdn", "relay-credentials"),
            ("http://127.0.0.1:6379/", "relay-private-address"),
            ("http://localhost/round.pdn", "relay-private-address"),
            ("http://2130706433/round.pdn", "relay-private-address"),  # 127.0.0.1 written as one number
            ("http://0.0.0.0/round.pdn", "relay-private-address"),
            ("http://10.0.0.5/round.pdn", "relay-private-address"),
            ("http://169.254.169.254/latest/meta-data/", "relay-private-address"),
            ("http://[::1]/round.pdn", "relay-private-address"),
            ("http://[::ffff:127.0.0.1]/round.pdn", "relay-private-address"),
        ],
    )
    def test_only_a_public_http_address_is_fetched(self, night, staff, url, code):
        championship, _boards = night
        with override_settings(RELAY_FEED_PRIVATE_NETWORKS=[]), pytest.raises(Invalid) as refusal:
            services.relay_url_set(by=staff["organiser"], championship_id=championship.pk, url=url)
        assert refusal.value.code == code
        assert Championship.objects.get(pk=championship.pk).relay_url == ""

    def test_only_the_organiser_or_the_chief_arbiter_names_the_feed(self, night, staff, feed, players):
        championship, (first, _second) = night
        serve(feed, pdn(first, []))
        for member in (staff["arbiter"], players[0], make_member("passer-by")):
            with pytest.raises(Forbidden):
                services.relay_url_set(by=member, championship_id=championship.pk, url=feed.url())
        assert Championship.objects.get(pk=championship.pk).relay_url == ""
        services.relay_url_set(by=staff["chief"], championship_id=championship.pk, url=feed.url())
        assert Championship.objects.get(pk=championship.pk).relay_url == feed.url()


class TestApiAndPages:
    def test_the_api_names_the_feed_and_refuses_a_bad_one_with_a_clear_error(self, night, staff, feed, client):
        championship, (first, _second) = night
        serve(feed, pdn(first, []))
        client.force_login(staff["organiser"])
        url = reverse("api-championship-relay", args=[championship.pk])
        answer = client.post(url, {"url": feed.url()}, content_type="application/json")
        assert answer.status_code == 200, answer.content
        assert answer.json()["relay_url"] == feed.url()
        refused = client.post(url, {"url": "ftp://example.org/x.pdn", "round": 1}, content_type="application/json")
        assert refused.status_code == 400 and refused.json()["error"] == "relay-scheme"
        assert Round.objects.get(championship=championship, number=1).relay_url == ""

    def test_the_desk_shows_a_stalled_board_and_takes_it_over(self, night, staff, feed, client):
        championship, (first, _second) = night
        serve(feed, pdn(first, ["c3-d4", "f6-f5"]))
        name_feed(championship, staff, feed)
        poll(championship)
        client.force_login(staff["chief"])
        desk = client.get(reverse("championship-desk", args=[championship.pk]))
        assert "f6-f5" in desk.content.decode()
        client.post(reverse("championship-desk-relay-take-over", args=[championship.pk, first.game_id]))
        assert relay_state(first).state == RelayBoard.State.BY_HAND

    def test_the_desk_shows_why_the_feed_cannot_be_read(self, night, staff, feed, client):
        championship, (first, _second) = night
        serve(feed, pdn(first, ["c3-d4"]))
        name_feed(championship, staff, feed)
        feed.files["/round.pdn"] = b"<html>moved</html>"
        poll(championship)
        client.force_login(staff["arbiter"])
        desk = client.get(reverse("championship-desk", args=[championship.pk])).content.decode()
        assert "relay-error" in desk and "PDN" in desk
        assert record(first) == []

    def test_the_desk_form_names_the_feed_and_shows_a_refusal(self, night, staff, feed, client):
        championship, (first, _second) = night
        serve(feed, pdn(first, []))
        client.force_login(staff["organiser"])
        page = reverse("championship-desk-relay", args=[championship.pk])
        answer = client.post(page, {"url": "http://10.1.2.3/x.pdn", "round": ""}, follow=True)
        assert "10.1.2.3" in answer.content.decode()
        assert Championship.objects.get(pk=championship.pk).relay_url == ""
        client.post(page, {"url": feed.url(), "round": ""})
        assert Championship.objects.get(pk=championship.pk).relay_url == feed.url()
