"""The edge answers bad input with a clear 4xx and changes nothing; volume is limited;
GETs never write; private challenges stay private; sign-up, passwords and emails hold up."""

import json

import pytest
from asgiref.sync import async_to_sync
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.core import mail
from django.urls import reverse
from rest_framework.test import APIClient

from club.notifications import services as notifications
from club.notifications.models import Notification
from games.models import Challenge
from games.routing import websocket_urlpatterns
from members.forms import SignUpForm
from members.models import Member
from tests.conftest import PASSWORD
from tests.games_web.helpers import start_game

pytestmark = pytest.mark.django_db

HUGE = "9" * 30


def api(member=None):
    client = APIClient()
    if member is not None:
        client.force_authenticate(member)
    return client


def move_notice(member, game_id):
    return notifications.notify(
        recipient=member,
        kind="move",
        key=f"move:{game_id}:1",
        params={"opponent": "Boris", "discipline": "russian", "move": "c3-d4"},
        url=f"/play/games/{game_id}/",
        game_id=game_id,
    )


class TestNumbersInQueries:
    @pytest.mark.parametrize("query", ["member=²", "opponent=²", f"member={HUGE}", f"opponent={HUGE}", "member=-1"])
    def test_a_number_that_is_not_a_64_bit_id_is_a_400_naming_it(self, query):
        response = api().get(f"/api/games/?{query}")

        assert response.status_code == 400
        assert query.split("=")[0] in response.json()["fields"]

    @pytest.mark.parametrize("since", ["²", HUGE])
    def test_moves_since_a_bad_ply_is_a_400(self, anna, boris, since):
        game = start_game(white=anna, black=boris)

        assert api().get(f"/api/games/{game.id}/moves/?since={since}").status_code == 400

    def test_the_polling_state_ignores_a_bad_ply(self, client, anna, boris):
        game = start_game(white=anna, black=boris)

        assert client.get(f"/play/games/{game.id}/state/?since=²").status_code == 200

    def test_sanctions_of_a_bad_member_id_are_a_400(self, arbiter):
        assert api(arbiter).get("/api/sanctions/?member=²").status_code == 400

    @pytest.mark.parametrize("offset", [HUGE, str(2**31)])
    def test_an_offset_beyond_the_database_integers_is_a_400(self, offset):
        assert api().get(f"/api/games/?offset={offset}").status_code == 400

    @pytest.mark.parametrize(
        "url", [f"/api/games/{HUGE}/", f"/api/members/{HUGE}/", f"/api/challenges/{HUGE}/", f"/play/games/{HUGE}/"]
    )
    def test_an_id_beyond_64_bits_in_a_url_is_a_404(self, client, url):
        assert client.get(url).status_code == 404


class TestNulCharacters:
    # PostgreSQL text cannot hold NUL: a search or lookup with one was a 500 there.
    @pytest.mark.parametrize(
        "url",
        [
            "/api/ratings/?discipline=russian&speed=blitz&q=a%00b",
            "/api/members/?q=%00",
            "/api/games/?player=x&%00=1",
        ],
    )
    def test_a_nul_in_an_api_query_is_a_400_that_says_so(self, anna, url):
        response = api(anna).get(url)
        assert response.status_code == 400
        assert response.json()["error"] == "nul-character"

    @pytest.mark.parametrize("url", ["/members/an%00na/", "/ratings/members/a%00/", "/members/?q=%00"])
    def test_a_nul_in_a_page_address_is_a_400_page(self, client, anna, url):
        response = client.get(url)
        assert response.status_code == 400
        assert "NUL" in response.content.decode()

    def test_the_same_search_without_nul_answers(self, anna):
        assert api(anna).get("/api/ratings/?discipline=russian&speed=blitz&q=ab").status_code == 200


class TestBodies:
    def test_deeply_nested_json_on_the_token_endpoint_is_a_400(self):
        body = "[" * 100_000 + "]" * 100_000

        response = api().post("/api/auth/token/", body, content_type="application/json")

        assert response.status_code == 400
        assert response.json()["error"] == "parse-error"

    def test_a_10_mb_body_is_a_413_that_says_the_limit(self, anna):
        response = api(anna).post("/api/games/import/", {"text": "x" * 10_000_000}, format="json")

        assert response.status_code == 413
        assert response.json()["error"] == "too-large"

    def test_a_10_mb_form_is_a_413_page(self, client):
        response = client.post(reverse("signup"), {"username": "x" * 10_000_000})

        assert response.status_code == 413
        assert Member.objects.count() == 0


class TestPageSizes:
    def test_a_page_holds_at_most_200_whatever_the_client_asks(self):
        Member.objects.bulk_create([Member(username=f"m{i:03}", password="!") for i in range(205)])

        response = api().get("/api/members/?limit=100000")

        assert response.status_code == 200
        assert len(response.json()["results"]) == 200


class TestPrivateChallenges:
    @pytest.fixture
    def direct(self, anna, boris):
        return (
            api(anna)
            .post(
                "/api/challenges/",
                {"discipline": "russian", "time_control": "d3", "opponent_id": boris.pk},
                format="json",
            )
            .json()["id"]
        )

    def test_only_its_two_members_read_a_direct_challenge(self, direct, anna, boris, organiser):
        assert api(anna).get(f"/api/challenges/{direct}/").status_code == 200
        assert api(boris).get(f"/api/challenges/{direct}/").status_code == 200
        assert api(organiser).get(f"/api/challenges/{direct}/").status_code == 404
        assert api().get(f"/api/challenges/{direct}/").status_code == 404

    def test_an_open_challenge_is_readable_by_anyone(self, anna):
        open_id = (
            api(anna)
            .post("/api/challenges/", {"discipline": "russian", "time_control": "d3"}, format="json")
            .json()["id"]
        )

        assert api().get(f"/api/challenges/{open_id}/").status_code == 200


class TestVolume:
    def test_direct_challenges_to_one_member_are_limited_and_so_are_their_emails(self, anna, boris, settings):
        answers = [
            api(anna)
            .post(
                "/api/challenges/",
                {"discipline": "russian", "time_control": "d3", "opponent_id": boris.pk},
                format="json",
            )
            .status_code
            for _ in range(12)
        ]

        assert answers == [201] * 10 + [429] * 2
        assert Challenge.objects.filter(challenger=anna, opponent=boris).count() == 10

    def test_the_challenge_page_shares_the_limit(self, client, anna, boris):
        for _ in range(10):
            api(anna).post(
                "/api/challenges/",
                {"discipline": "russian", "time_control": "d3", "opponent_id": boris.pk},
                format="json",
            )
        client.force_login(anna)

        page = client.post(
            reverse("games:challenge-new"),
            {"discipline": "russian", "time_control": "d3", "opponent": "boris", "colour": "random"},
        )

        assert page.status_code == 200 and page.context["form"].non_field_errors()
        assert Challenge.objects.filter(challenger=anna, opponent=boris).count() == 10

    def test_open_challenges_are_not_counted(self, anna):
        answers = {
            api(anna)
            .post("/api/challenges/", {"discipline": "russian", "time_control": "d3"}, format="json")
            .status_code
            for _ in range(12)
        }

        assert answers == {201}

    def test_password_reset_emails_are_limited(self, client, anna):
        for _ in range(8):
            client.post(reverse("password_reset"), {"email": "anna@club.test"})

        assert len(mail.outbox) == 5


class TestGetsNeverWrite:
    def test_opening_the_game_page_leaves_its_notifications_unread(self, client, anna, boris):
        game = start_game(white=boris, black=anna)
        move_notice(anna, game.id)
        client.force_login(anna)

        assert client.get(reverse("games:game", args=[game.id])).status_code == 200
        assert Notification.objects.get(recipient=anna).read_at is None


def socket(game_id, user):
    communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), f"/ws/games/{game_id}/")
    communicator.scope["user"] = user
    return communicator


@pytest.mark.django_db(transaction=True)
class TestGameSocket:
    def test_the_players_socket_marks_the_games_notifications_read(self, anna, boris):
        game = start_game(white=boris, black=anna)
        move_notice(anna, game.id)
        move_notice(anna, game.id + 1000)

        async def main():
            ws = socket(game.id, anna)
            await ws.connect()
            await ws.receive_json_from(timeout=10)
            await ws.disconnect()

        async_to_sync(main)()
        unread = Notification.objects.filter(recipient=anna, read_at__isnull=True)
        assert list(unread.values_list("game_id", flat=True)) == [game.id + 1000]

    def test_junk_frames_are_ignored_and_the_socket_keeps_answering(self, anna, boris):
        game = start_game(white=boris, black=anna)

        async def main():
            ws = socket(game.id, anna)
            await ws.connect()
            await ws.receive_json_from(timeout=10)
            for junk in ("not json", "42", "[1, 2]", "[" * 100_000, json.dumps({"type": "sync", "since": "x"})):
                await ws.send_to(text_data=junk)
            await ws.send_to(bytes_data=b"\x00\xff")
            await ws.send_to(text_data=json.dumps({"type": "sync", "since": 2**70}))
            await ws.send_json_to({"type": "sync", "since": 0})
            answers = []
            while not await ws.receive_nothing(timeout=1):
                answers.append(await ws.receive_json_from(timeout=10))
            await ws.disconnect()
            return answers

        answers = async_to_sync(main)()
        assert answers and all(answer["type"] == "state" for answer in answers)


def sign_up(client, **fields):
    return client.post(
        reverse("signup"),
        {
            "username": "katya",
            "email": "katya@club.test",
            "display_name": "",
            "city": "",
            "password1": PASSWORD,
            "password2": PASSWORD,
            **fields,
        },
    )


class TestSignUp:
    def test_a_username_taken_by_a_simultaneous_sign_up_is_a_form_error(self, client, monkeypatch):
        # The other sign-up commits between this one's checks and its insert: only the
        # database's unique index sees it.
        Member.objects.create(username="katya", email="first@club.test")
        monkeypatch.setattr(SignUpForm, "clean_username", lambda form: form.cleaned_data["username"])
        monkeypatch.setattr(Member, "validate_unique", lambda member, exclude=None: None)

        response = sign_up(client)

        assert response.status_code == 200
        assert "username" in response.context["form"].errors
        assert Member.objects.filter(username="katya").count() == 1

    def test_a_password_of_spaces_only_is_refused(self, client):
        response = sign_up(client, password1=" " * 12, password2=" " * 12)

        # Reported under the password itself, not under its confirmation.
        assert "password_blank" in [e.code for e in response.context["form"].errors.as_data()["password1"]]
        assert not Member.objects.filter(username="katya").exists()

    def test_an_email_in_use_in_any_case_is_told_to_its_owner_not_to_the_visitor(self, client, anna):
        mail.outbox.clear()
        response = sign_up(client, email="ANNA@Club.Test")

        assert response.status_code == 302  # answered as any sign-up: nobody learns whose address it is
        katya = Member.objects.get(username="katya")
        assert not katya.email_verified  # a confirmed address stays unique (Member.Meta)
        assert [message.to for message in mail.outbox] == [[anna.email]]

    def test_the_new_member_confirms_his_email_through_the_mailed_link(self, client):
        sign_up(client)
        katya = Member.objects.get(username="katya")
        assert not katya.email_verified
        link = next(line for line in mail.outbox[-1].body.splitlines() if "/accounts/verify-email/" in line)

        client.get(link.strip())

        katya.refresh_from_db()
        assert katya.email_verified

    def test_notifications_are_emailed_only_once_the_address_is_confirmed(self, client):
        sign_up(client)
        katya = Member.objects.get(username="katya")
        link = mail.outbox[-1].body.split("http://testserver", 1)[1].split()[0]
        mail.outbox.clear()

        move_notice(katya, game_id=7)
        assert mail.outbox == []
        client.get(link)
        move_notice(Member.objects.get(pk=katya.pk), game_id=8)

        assert [message.to for message in mail.outbox] == [["katya@club.test"]]

    def test_a_new_address_must_be_confirmed_again(self, client, anna):
        Member.objects.filter(pk=anna.pk).update(email_verified=True)
        client.force_login(anna)

        client.post(
            reverse("profile-edit"),
            {
                "display_name": "Anna",
                "city": "Tver",
                "federation_title": "",
                "federation_rating": "",
                "email": "anna.new@club.test",
            },
        )

        anna.refresh_from_db()
        assert (anna.email, anna.email_verified) == ("anna.new@club.test", False)
        assert "/accounts/verify-email/" in mail.outbox[-1].body

    def test_a_forged_link_verifies_nothing(self, client):
        sign_up(client)

        client.get("/accounts/verify-email/forged:token/")

        assert not Member.objects.get(username="katya").email_verified


class TestContentSecurityPolicy:
    @pytest.mark.parametrize("url", ["/", "/members/", "/play/", "/accounts/login/"])
    def test_pages_carry_a_policy_without_inline_scripts(self, client, url):
        policy = client.get(url)["Content-Security-Policy"]

        assert "script-src 'self'" in policy and "unsafe-inline" not in policy
        assert "frame-ancestors 'none'" in policy
