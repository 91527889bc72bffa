"""The API's token check (foundation/sql.py) reads what the ORM reads.

One statement by hand (token ⋈ member); this runs on SQLite by default and
on PostgreSQL with DATABASE_URL set (CI runs both).
"""

from datetime import timedelta

from django.utils import timezone
from knox.crypto import hash_token
from knox.models import AuthToken

from members import sql


def columns(instance) -> dict:
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


def test_the_token_and_its_member_are_those_select_related_reads(anna):
    _, key = AuthToken.objects.create(anna, expiry=timedelta(hours=1))
    digest = hash_token(key)
    by_hand = sql.token_with_member(digest)
    by_orm = AuthToken.objects.select_related("user").get(digest=digest)
    assert columns(by_hand) == columns(by_orm)
    assert columns(by_hand.user) == columns(by_orm.user) and by_hand.user.display_name == "Anna Orlova"


def test_an_expired_token_of_an_inactive_member_is_read_too_the_caller_refuses_it(anna):
    _, key = AuthToken.objects.create(anna, expiry=timedelta(hours=1))
    AuthToken.objects.update(expiry=timezone.now() - timedelta(minutes=1))
    anna.is_active = False
    anna.save(update_fields=["is_active"])
    token = sql.token_with_member(hash_token(key))
    assert token.expiry < timezone.now() and token.user.is_active is False


def test_an_unknown_digest_is_none(anna):
    assert sql.token_with_member(hash_token("not-a-key")) is None
