"""Emails follow the member's language (issue 28): the interface language he
chose — the switcher in the page header, or the one he signed up in — is kept
on his account, and every email the club sends him is written in it."""

import pytest
from django.core import mail

from club.members.models import Member
from club.notifications.models import Notification
from club.notifications.services import notify
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
