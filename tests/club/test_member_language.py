"""Emails follow the member's language: the interface language he
chose — the switcher in the page header, or the one he signed up in — is kept
on his account, and every email the club sends him is written in it."""

import re

import pytest
from django.core import mail
from django.test import Client

from club.notifications.models import Notification
from club.notifications.services import notify
from members.models import Member
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def _challenge_notice(member, key):
    notify(
        recipient=member,
        kind=Notification.Kind.CHALLENGE,
        key=key,
        params={"challenger": "Boris", "discipline": "russian", "time_control": "d3"},
    )
    return mail.outbox[-1]


def test_a_member_who_switches_the_pages_to_english_gets_english_emails(client, anna):
    client.force_login(anna)
    russian = _challenge_notice(anna, "challenge:1")

    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"})

    assert response.status_code == 302
    anna.refresh_from_db()
    assert anna.language == "en"
    english = _challenge_notice(anna, "challenge:2")
    assert english.subject != russian.subject
    assert english.subject.isascii() and not russian.subject.isascii()


def test_a_visitor_switching_language_changes_no_account(client, anna):
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    anna.refresh_from_db()
    assert anna.language == "ru"


def test_the_language_one_signs_up_in_is_the_language_of_the_confirmation_email(client):
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    client.post(
        "/signup/",
        {
            "username": "dmitri",
            "email": "dmitri@club.test",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "display_name": "Dmitri",
            "city": "Tula",
        },
    )
    assert Member.objects.get(username="dmitri").language == "en"
    assert mail.outbox[-1].subject == "Confirm your email address"


# The interface language follows the member from browser to browser: two clients are two
# browsers (a phone and a desk) of the same member.


def _page_language(browser) -> str:
    html = browser.get("/").content.decode()
    return re.search(r'<html lang="(\w+)">', html).group(1)


def _log_in(browser, member) -> None:
    response = browser.post("/accounts/login/", {"username": member.username, "password": PASSWORD})
    assert response.status_code == 302, "logged in"


def test_a_language_chosen_on_one_browser_is_the_language_of_another_at_login(anna):
    phone, desk = Client(), Client()
    _log_in(phone, anna)
    phone.post("/i18n/setlang/", {"language": "en", "next": "/"})
    desk.post("/i18n/setlang/", {"language": "ru", "next": "/"})  # as a visitor, before logging in
    assert _page_language(desk) == "ru"

    _log_in(desk, anna)

    assert _page_language(desk) == "en"
    assert _page_language(phone) == "en"


def test_a_browser_where_he_chose_nothing_follows_his_latest_choice_on_each_request(anna):
    phone, desk = Client(), Client()
    _log_in(phone, anna)
    _log_in(desk, anna)
    assert _page_language(desk) == "ru"

    phone.post("/i18n/setlang/", {"language": "en", "next": "/"})

    assert _page_language(desk) == "en"  # no new login needed


def test_a_choice_made_in_this_browser_stays_with_this_browser(anna):
    phone, desk = Client(), Client()
    _log_in(phone, anna)
    _log_in(desk, anna)
    desk.post("/i18n/setlang/", {"language": "ru", "next": "/"})

    phone.post("/i18n/setlang/", {"language": "en", "next": "/"})

    assert _page_language(desk) == "ru"
    assert _page_language(phone) == "en"


def test_logging_out_leaves_the_page_in_his_language(anna):
    desk = Client()
    _log_in(desk, anna)
    desk.post("/i18n/setlang/", {"language": "en", "next": "/"})
    desk.cookies.pop("django_language")  # as if chosen in another browser

    desk.post("/accounts/logout/")

    assert _page_language(desk) == "en"


def test_until_he_chooses_a_language_his_browser_s_language_rules_as_a_visitor_s(anna):
    assert not anna.language_chosen  # signed up in the club's language, never switched
    desk = Client(HTTP_ACCEPT_LANGUAGE="en")
    _log_in(desk, anna)

    assert _page_language(desk) == "en"


def test_the_api_keeps_speaking_english_to_a_member_whose_language_is_russian(anna):
    desk, phone = Client(), Client()
    _log_in(desk, anna)
    _log_in(phone, anna)
    phone.post("/i18n/setlang/", {"language": "ru", "next": "/"})

    assert desk.get("/api/members/me/")["Content-Language"] == "en"
