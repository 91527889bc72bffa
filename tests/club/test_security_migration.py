"""club 0004 on an existing club: members sharing an address keep it (unverified), and the
plaintext DRF tokens clients hold keep working, now stored as digests."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from knox.models import AuthToken
from rest_framework.test import APIClient

from members.models import Member

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE, AFTER = [("club", "0003_roles")], [("club", "0004_email_verified_and_hashed_tokens")]
KEY = "0123456789abcdef0123456789abcdef01234567"


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor


@pytest.fixture
def club_before_0004():
    migrate(BEFORE)
    with connection.cursor() as cursor:
        for username, email in (("olga", "Shared@club.test"), ("oleg", "shared@CLUB.test"), ("ivan", "ivan@club.test")):
            cursor.execute(
                "INSERT INTO club_member (username, email, password, is_superuser, is_staff, is_active, first_name,"
                " last_name, date_joined, display_name, city, federation_title) "
                "VALUES (%s, %s, '!', FALSE, FALSE, TRUE, '', '', CURRENT_TIMESTAMP, '', '', '')",
                [username, email],
            )
        cursor.execute("CREATE TABLE authtoken_token (key varchar(40) PRIMARY KEY, created timestamp, user_id bigint)")
        cursor.execute(
            "INSERT INTO authtoken_token SELECT %s, CURRENT_TIMESTAMP, id FROM club_member WHERE username = 'ivan'",
            [KEY],
        )
    yield
    with connection.cursor() as cursor:
        cursor.execute("DROP TABLE IF EXISTS authtoken_token")
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())  # every app as the other tests expect it


def test_members_sharing_an_address_keep_it_unverified_and_the_others_count_as_verified(club_before_0004):
    migrate(AFTER)

    verified = dict(Member.objects.values_list("username", "email_verified"))
    assert verified == {"olga": False, "oleg": False, "ivan": True}


def test_a_token_issued_before_keeps_working_and_is_stored_only_as_a_digest(club_before_0004):
    migrate(AFTER)
    # ... and on today's club, whose members have gained columns since (0006: the time zone).
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())

    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {KEY}")
    assert client.get("/api/members/me/").json()["username"] == "ivan"
    assert AuthToken.objects.get().digest != KEY
    with connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM authtoken_token")
        assert cursor.fetchone()[0] == 0
