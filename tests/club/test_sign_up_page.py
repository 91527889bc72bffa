"""The sign-up page: its password rules are all rules, its zones are places, and it tells
nobody whose email address belongs to a member — a taken address is answered exactly as a
free one, and the address's owner is the one told."""

import re

import pytest
from django.contrib.messages import get_messages
from django.core import mail
from django.test import Client
from django.urls import reverse

from members.models import Member
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def sign_up(client, username, email):
    return client.post(
        reverse("signup"),
        {
            "username": username,
            "email": email,
            "display_name": "Katya Petrova",
            "city": "Omsk",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )


def seen(response, username, email):
    """What the visitor sees of a sign-up's answer, the username and address he typed and the
    session's tokens put aside."""
    page = Client(HTTP_ACCEPT_LANGUAGE="en")
    page.cookies = response.client.cookies
    landing = page.get(response["Location"]) if response.status_code == 302 else response
    text = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", landing.content.decode())
    return (
        response.status_code,
        response.get("Location", "").replace(username, "*"),
        [str(m) for m in get_messages(response.wsgi_request)],
        text.replace(email, "@").replace(username, "*"),
    )


def test_a_taken_email_is_answered_exactly_as_a_free_one(anna):
    taken = sign_up(Client(HTTP_ACCEPT_LANGUAGE="en"), "katya", anna.email)
    free = sign_up(Client(HTTP_ACCEPT_LANGUAGE="en"), "masha", "masha@club.test")
    assert seen(taken, "katya", anna.email) == seen(free, "masha", "masha@club.test")
    assert taken.status_code == 302 and "email" not in str(taken.content)


def test_the_owner_of_a_taken_address_is_told_and_the_new_account_is_sent_no_link(anna):
    anna.language = "en"  # the notice is written in its reader's language
    anna.save(update_fields=["language"])
    mail.outbox.clear()
    sign_up(Client(HTTP_ACCEPT_LANGUAGE="en"), "katya", anna.email)
    [notice] = mail.outbox
    assert notice.to == [anna.email] and notice.subject == "Someone signed up with your email address"
    assert '"katya"' in notice.body and "log in as anna" in notice.body and "/verify-email/" not in notice.body
    katya = Member.objects.get(username="katya")
    assert not katya.email_verified  # a confirmed address stays its owner's alone (Member.Meta)


def test_a_free_address_gets_its_confirmation_link():
    mail.outbox.clear()
    sign_up(Client(HTTP_ACCEPT_LANGUAGE="en"), "masha", "masha@club.test")
    [link] = mail.outbox
    assert link.to == ["masha@club.test"] and "/verify-email/" in link.body


def test_the_password_rules_list_has_no_empty_bullet_and_the_zones_are_places():
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(reverse("signup")).content.decode()
    rules = page.split('id="id_password1_helptext"', 1)[1].split("</ul>", 1)[0]
    assert "<li></li>" not in rules and rules.count("<li>") == 6
    assert "A new password ends your API tokens" in rules
    assert 'value="Europe/Moscow"' in page
    assert not re.search(r'value="(Factory|localtime|posixrules)"', page)


def test_the_password_reset_of_a_confirmed_address_reaches_its_owners_account_only(anna):
    sign_up(Client(HTTP_ACCEPT_LANGUAGE="en"), "katya", anna.email)  # katya's account holds anna's address
    mail.outbox.clear()
    Client(HTTP_ACCEPT_LANGUAGE="en").post(reverse("password_reset"), {"email": anna.email})
    [reset] = mail.outbox
    assert reset.to == [anna.email] and "anna" in reset.body and "katya" not in reset.body
