"""What a profile offers: another member's a Challenge button to the challenge form, already
addressed to him; one's own the way to create an API token (shown once) and revoke it, through
the same token service as the API's POST /api/auth/token/."""

import re

import pytest
from django.test import Client
from django.urls import reverse
from knox.models import AuthToken

pytestmark = pytest.mark.django_db


@pytest.fixture
def client():
    return Client(HTTP_ACCEPT_LANGUAGE="en")


def test_another_members_profile_challenges_him_through_the_prefilled_challenge_form(client, anna, boris):
    client.force_login(anna)
    page = client.get(reverse("member-profile", args=["boris"])).content.decode()
    link = re.search(r'<a class="button challenge" href="([^"]+)">Challenge</a>', page)
    assert link and link.group(1) == reverse("games:challenge-new") + "?opponent=boris"
    form = client.get(link.group(1)).content.decode()
    assert re.search(r'<input type="text" name="opponent" value="boris"', form)


def test_ones_own_profile_and_a_visitor_get_no_challenge_button(client, anna, boris):
    assert "Challenge</a>" not in client.get(reverse("member-profile", args=["boris"])).content.decode()
    client.force_login(boris)
    own = client.get(reverse("member-profile", args=["boris"])).content.decode()
    assert "Challenge</a>" not in own and reverse("profile-edit") + "#api-tokens" in own


def test_a_member_creates_an_api_token_sees_its_key_once_and_revokes_it(client, anna):
    client.force_login(anna)
    edit = client.get(reverse("profile-edit")).content.decode()
    assert "You have no API tokens." in edit and f'action="{reverse("api-token-create")}"' in edit
    answer = client.post(reverse("api-token-create"))
    key = re.search(r'<code class="api-token-key">([^<]+)</code>', answer.content.decode()).group(1)
    assert "no-store" in answer["Cache-Control"]
    me = Client().get(reverse("api-member-me"), HTTP_AUTHORIZATION=f"Token {key}")
    assert me.status_code == 200 and me.json()["username"] == "anna"
    token = AuthToken.objects.get(user=anna)
    listed = client.get(reverse("profile-edit")).content.decode()
    assert key not in listed and f"<code>{token.token_key}…</code>" in listed  # only its public prefix again
    client.post(reverse("api-tokens-revoke"), {"token_key": token.token_key})
    assert not AuthToken.objects.filter(user=anna).exists()
    assert Client().get(reverse("api-member-me"), HTTP_AUTHORIZATION=f"Token {key}").status_code == 401


def test_creating_a_token_is_a_post_of_a_logged_in_member(client, anna):
    assert client.get(reverse("api-token-create")).status_code in (302, 405)
    assert client.post(reverse("api-token-create")).status_code == 302  # to the login page
    assert not AuthToken.objects.exists()
