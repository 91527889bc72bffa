"""Password guessing ends in a lockout, proxy headers count only from trusted proxies,
and API tokens are stored hashed, expire, and are revoked on a password change or on demand."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone
from knox.models import AuthToken
from rest_framework.test import APIClient

from foundation.api.throttling import ClientScopedRateThrottle
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

ATTACKER, OWNER, PROXY = "203.0.113.66", "198.51.100.7", "10.0.0.2"


@pytest.fixture(autouse=True)
def _five_failures_lock_an_address(settings):
    settings.AXES_FAILURE_LIMIT = 5


def web_login(client, password, address, **headers):
    return client.post(reverse("login"), {"username": "anna", "password": password}, REMOTE_ADDR=address, **headers)


def api_login(address, password, **headers):
    return APIClient().post(
        "/api/auth/token/", {"username": "anna", "password": password}, REMOTE_ADDR=address, **headers
    )


def forged(n):
    return {"HTTP_X_FORWARDED_FOR": f"192.0.2.{n}"}


class TestWebLogin:
    def test_a_brute_force_is_locked_out_with_a_429(self, client, anna):
        answers = [web_login(client, f"guess {n}", ATTACKER).status_code for n in range(8)]

        assert answers[:5] == [200] * 5  # the form again, with its error
        assert answers[5:] == [429] * 3

    def test_the_right_password_is_refused_to_the_locked_out_address(self, client, anna):
        for n in range(5):
            web_login(client, f"guess {n}", ATTACKER)

        assert web_login(client, PASSWORD, ATTACKER).status_code == 429

    def test_a_fresh_forged_forwarded_for_header_per_guess_changes_nothing(self, client, anna):
        answers = [web_login(client, f"guess {n}", ATTACKER, **forged(n)).status_code for n in range(7)]

        assert answers[5:] == [429, 429]

    def test_the_owner_still_logs_in_from_his_own_address(self, client, anna):
        for n in range(7):
            web_login(client, f"guess {n}", ATTACKER, **forged(n))

        response = web_login(client, PASSWORD, OWNER)

        assert response.status_code == 302
        assert client.get(reverse("home")).context["user"] == anna

    def test_guesses_spread_over_many_addresses_lock_the_account(self, client, anna, settings):
        for n in range(settings.AXES_FAILURE_LIMIT * settings.LOGIN_ACCOUNT_FACTOR):
            web_login(client, f"guess {n}", f"192.0.2.{n}")

        assert web_login(client, PASSWORD, OWNER).status_code == 429


class TestTrustedProxies:
    def test_behind_a_trusted_proxy_the_forwarded_client_is_counted(self, client, anna, settings):
        settings.TRUSTED_PROXIES = ["10.0.0.0/8"]
        for n in range(5):
            web_login(client, f"guess {n}", PROXY, HTTP_X_FORWARDED_FOR=f"{ATTACKER}, 10.0.0.9")

        assert web_login(client, "guess", PROXY, HTTP_X_FORWARDED_FOR=ATTACKER).status_code == 429
        assert web_login(client, PASSWORD, PROXY, HTTP_X_FORWARDED_FOR=OWNER).status_code == 302

    def test_a_client_cannot_name_itself_a_proxy_by_forging_the_chain(self, client, anna, settings):
        settings.TRUSTED_PROXIES = ["10.0.0.0/8"]
        for n in range(5):
            web_login(client, f"guess {n}", ATTACKER, HTTP_X_FORWARDED_FOR=f"192.0.2.{n}, 10.0.0.9")

        assert web_login(client, "guess", ATTACKER, HTTP_X_FORWARDED_FOR="192.0.2.99").status_code == 429


class TestApiLogin:
    def test_a_brute_force_for_a_token_ends_in_429_with_or_without_forged_headers(self, anna):
        answers = [api_login(ATTACKER, f"guess {n}", **(forged(n) if n % 2 else {})).status_code for n in range(8)]

        assert answers[:5] == [400] * 5
        assert answers[5:] == [429] * 3
        assert api_login(ATTACKER, PASSWORD).status_code == 429

    def test_the_owner_still_gets_a_token_from_his_own_address(self, anna):
        for n in range(8):
            api_login(ATTACKER, f"guess {n}", **forged(n))

        response = api_login(OWNER, PASSWORD)

        assert response.status_code == 200 and response.json()["token"]

    def test_the_request_rate_limit_counts_the_real_address_not_the_forged_one(self, anna, monkeypatch):
        monkeypatch.setattr(ClientScopedRateThrottle, "THROTTLE_RATES", {"auth": "3/min"})

        answers = [api_login(ATTACKER, PASSWORD, **forged(n)).status_code for n in range(4)]

        assert answers == [200, 200, 200, 429]


def token_for(address=OWNER, password=PASSWORD):
    return api_login(address, password).json()["token"]


def me(token):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client.get("/api/members/me/")


class TestTokens:
    def test_only_a_digest_of_the_token_is_stored(self, anna):
        key = token_for()

        stored = AuthToken.objects.get(user=anna)
        assert key not in (stored.digest, stored.token_key) and key.startswith(stored.token_key)
        assert me(key).json()["username"] == "anna"

    def test_every_login_issues_a_new_token_with_an_expiry(self, anna):
        first, second = token_for(), token_for()

        assert first != second
        assert all(t.expiry > timezone.now() + dt.timedelta(days=1) for t in AuthToken.objects.filter(user=anna))

    def test_an_expired_token_is_refused(self, anna):
        key = token_for()
        AuthToken.objects.filter(user=anna).update(expiry=timezone.now() - dt.timedelta(seconds=1))

        response = me(key)

        assert response.status_code == 401
        assert response.json()["error"] == "authentication-failed"

    def test_a_password_change_revokes_every_token(self, client, anna):
        key = token_for()
        client.force_login(anna)

        client.post(
            reverse("password_change"),
            {
                "old_password": PASSWORD,
                "new_password1": "another long secret 7",
                "new_password2": "another long secret 7",
            },
        )

        assert me(key).status_code == 401
        assert not AuthToken.objects.filter(user=anna).exists()

    def test_the_member_revokes_a_token_from_his_settings_page(self, client, anna):
        keep, revoke = token_for(), token_for()
        client.force_login(anna)
        page = client.get(reverse("profile-edit"))
        assert revoke[:15] in page.text and revoke not in page.text

        client.post(reverse("api-tokens-revoke"), {"token_key": revoke[:15]})

        assert me(revoke).status_code == 401
        assert me(keep).status_code == 200

    def test_the_member_revokes_all_his_tokens_at_once(self, client, anna, boris):
        keys = [token_for(), token_for()]
        client.force_login(anna)

        client.post(reverse("api-tokens-revoke"))

        assert [me(key).status_code for key in keys] == [401, 401]

    def test_a_client_revokes_the_token_it_uses(self, anna):
        key = token_for()
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {key}")

        assert client.delete("/api/auth/token/").status_code == 204
        assert me(key).status_code == 401

    def test_a_session_without_a_token_has_none_to_revoke(self, anna):
        client = APIClient()
        client.force_login(anna)

        assert client.delete("/api/auth/token/").status_code == 400

    def test_the_one_query_look_up_finds_what_the_orm_finds(self, anna, django_assert_num_queries):
        from knox.crypto import hash_token

        from members.api.authentication import ClubTokenAuthentication

        key = token_for()
        orm = AuthToken.objects.select_related("user").get(digest=hash_token(key))
        with django_assert_num_queries(1):
            member, token = ClubTokenAuthentication().authenticate_credentials(key)

        assert (member, member.email, token.pk, token.created, token.expiry) == (
            orm.user,
            orm.user.email,
            orm.pk,
            orm.created,
            orm.expiry,
        )
