"""Members join, log in and out, recover a password and keep their profile."""

import re

import pytest
from django.core import mail
from django.urls import reverse

from members.models import Member
from members.roles import Role, has_role
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def sign_up(client, username="katya", **extra):
    return client.post(
        reverse("signup"),
        {
            "username": username,
            "email": f"{username}@club.test",
            "display_name": "Katya Petrova",
            "city": "Omsk",
            "password1": PASSWORD,
            "password2": PASSWORD,
            **extra,
        },
    )


def test_a_visitor_signs_up_is_logged_in_and_lands_on_their_profile(client):
    response = sign_up(client)

    assert response.status_code == 302
    assert response["Location"] == reverse("member-profile", args=["katya"])
    katya = Member.objects.get(username="katya")
    assert has_role(katya, Role.MEMBER)
    assert (katya.display_name, katya.city) == ("Katya Petrova", "Omsk")
    profile = client.get(response["Location"])
    assert profile.context["user"] == katya
    assert "Katya Petrova" in profile.text


def test_sign_up_refuses_a_taken_username_and_mismatched_passwords(client, anna):
    response = sign_up(client, username="anna", email="another-anna@club.test", password2="something else entirely")

    assert response.status_code == 200
    assert set(response.context["form"].errors) == {"username", "password2"}
    assert Member.objects.filter(username="anna").count() == 1


def field_block(html, field):
    """The part of the sign-up page that belongs to one field: from its label to the next field's."""
    start = html.index(f'for="id_{field}"')
    following = html.find("<label", html.index(f'id="id_{field}"'))
    return html[start : following if following != -1 else len(html)]


def test_a_weak_password_is_reported_under_the_password_not_the_confirmation(client):
    response = sign_up(client, password1="12345", password2="12345")

    assert response.status_code == 200
    form = response.context["form"]
    assert "password_too_short" in [error.code for error in form.errors.as_data()["password1"]]
    assert "password2" not in form.errors
    assert 'id="id_password1_error"' in field_block(response.text, "password1")
    assert 'id="id_password2_error"' not in response.text
    assert not Member.objects.filter(username="katya").exists()


def test_mismatched_passwords_are_reported_under_the_confirmation(client):
    response = sign_up(client, password2="something else entirely")

    form = response.context["form"]
    assert [error.code for error in form.errors.as_data()["password2"]] == ["password_mismatch"]
    assert "password1" not in form.errors
    assert 'id="id_password2_error"' in field_block(response.text, "password2")
    assert 'id="id_password1_error"' not in response.text


def test_sign_up_needs_an_email_for_password_recovery(client):
    response = sign_up(client, email="")

    assert "email" in response.context["form"].errors
    assert not Member.objects.filter(username="katya").exists()


def test_a_member_logs_in_and_out(client, anna):
    response = client.post(reverse("login"), {"username": "anna", "password": PASSWORD})
    assert response.status_code == 302
    assert client.get(reverse("home")).context["user"] == anna

    client.post(reverse("logout"))
    assert not client.get(reverse("home")).context["user"].is_authenticated


def test_a_wrong_password_does_not_log_in(client, anna):
    response = client.post(reverse("login"), {"username": "anna", "password": "not it"})

    assert response.status_code == 200
    assert response.context["form"].errors


def test_a_forgotten_password_is_reset_through_the_emailed_link(client, anna):
    client.post(reverse("password_reset"), {"email": "anna@club.test"})

    assert len(mail.outbox) == 1
    link = re.search(r"https?://[^/]+(/accounts/reset/\S+)", mail.outbox[0].body).group(1)
    form_page = client.get(link, follow=True)
    assert form_page.context["validlink"]
    client.post(
        form_page.redirect_chain[-1][0],
        {
            "new_password1": "a brand new secret 42",
            "new_password2": "a brand new secret 42",
        },
    )
    login = client.post(reverse("login"), {"username": "anna", "password": "a brand new secret 42"})
    assert login.status_code == 302


def test_a_profile_shows_the_federation_facts_to_everyone(client, anna):
    page = client.get(reverse("member-profile", args=["anna"]))

    assert page.status_code == 200
    for fact in ("Anna Orlova", "Tver", "CM", "2150"):
        assert fact in page.text
    assert "anna@club.test" not in page.text  # the email is private


def test_a_member_edits_their_own_profile(client, anna):
    client.force_login(anna)
    response = client.post(
        reverse("profile-edit"),
        {
            "display_name": "Anna O.",
            "city": "Moscow",
            "federation_title": "MC",
            "federation_rating": "2210",
            "email": "anna@club.test",
        },
    )

    assert response.status_code == 302
    anna.refresh_from_db()
    assert (anna.display_name, anna.city, anna.federation_title, anna.federation_rating) == (
        "Anna O.",
        "Moscow",
        "MC",
        2210,
    )


def test_editing_a_profile_needs_a_login(client):
    response = client.get(reverse("profile-edit"))

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))


def test_the_member_list_finds_members_by_name_or_city(client, anna, boris):
    everyone = client.get(reverse("member-list"))
    assert [m.username for m in everyone.context["page"]] == ["anna", "boris"]

    kazan = client.get(reverse("member-list"), {"q": "kaz"})
    assert [m.username for m in kazan.context["page"]] == ["boris"]


def test_an_unknown_profile_is_a_404_page(client):
    response = client.get(reverse("member-profile", args=["nobody"]))

    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_a_member_changes_their_password(client, anna):
    client.force_login(anna)

    response = client.post(
        reverse("password_change"),
        {
            "old_password": PASSWORD,
            "new_password1": "another long secret 7",
            "new_password2": "another long secret 7",
        },
    )

    assert response.status_code == 302
    anna.refresh_from_db()
    assert anna.check_password("another long secret 7")


def test_the_profile_service_refuses_fields_outside_the_profile(anna):
    from django.core.exceptions import ValidationError

    from members import services

    with pytest.raises(ValidationError):
        services.member_profile_update(member=anna, is_superuser=True)
    anna.refresh_from_db()
    assert not anna.is_superuser
