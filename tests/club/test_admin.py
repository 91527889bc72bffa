"""The Django admin manages members and their groups, and shows the arbiters' sanctions."""

import pytest

from members.models import Member

pytestmark = pytest.mark.django_db


@pytest.fixture
def superuser(db):
    return Member.objects.create_superuser("root", "root@club.test", "x")


@pytest.mark.parametrize(
    "url",
    [
        "/admin/club/member/",
        "/admin/club/member/add/",
        "/admin/arbiters/sanction/",
        "/admin/auth/group/",
    ],
)
def test_the_admin_pages_open(client, superuser, url):
    client.force_login(superuser)

    assert client.get(url).status_code == 200


def test_a_club_administrator_edits_member_profiles_in_the_admin(client, club_admin, anna):
    client.force_login(club_admin)

    page = client.get(f"/admin/club/member/{anna.pk}/change/")

    assert page.status_code == 200
    assert "Anna Orlova" in page.text


def test_a_plain_member_cannot_enter_the_admin(client, anna):
    client.force_login(anna)

    response = client.get("/admin/club/member/")

    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]
