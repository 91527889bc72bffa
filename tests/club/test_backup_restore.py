"""manage.py club_backup / club_restore: the demo club, with its games'
follow-ups applied (ratings history, notices, championship standings),
written out, wiped, restored into the emptied database, and compared row by
row with what it was."""

import pytest
from django.contrib.auth.hashers import is_password_usable
from django.core import serializers
from django.core.management import CommandError, call_command

from club.site.demo import DEMO_PASSWORD, load_demo
from club.site.management.commands.club_backup import club_models
from games.models import Game
from members.models import Member
from ratings.models import RatingChange

pytestmark = pytest.mark.django_db


def club_rows(*, passwords: bool = True) -> dict[str, list[dict]]:
    rows = {}
    for model in club_models():
        # The Python form: times compared to the microsecond, as the database holds them.
        objects = serializers.serialize("python", model._default_manager.order_by("pk"))
        for obj in objects:  # many-to-many ids come in no particular order
            for name in [f.name for f in model._meta.many_to_many]:
                obj["fields"][name] = sorted(obj["fields"][name])
        if not passwords and model is Member:
            for obj in objects:
                del obj["fields"]["password"]
        rows[model._meta.label] = objects
    return rows


def wipe() -> None:
    for model in reversed(club_models()):
        model._base_manager.all().delete()


@pytest.fixture
def demo_club(django_capture_on_commit_callbacks, eager_celery):
    with django_capture_on_commit_callbacks(execute=True):
        load_demo()
    assert RatingChange.objects.exists() and Game.objects.exists()  # the round trip carries real history


def test_a_club_round_trips_through_backup_and_restore(demo_club, tmp_path):
    before = club_rows(passwords=False)
    call_command("club_backup", str(tmp_path / "backup"))
    wipe()
    assert not any(club_rows().values())

    call_command("club_restore", str(tmp_path / "backup"))

    assert club_rows(passwords=False) == before
    assert not any(is_password_usable(m.password) for m in Member.objects.all())  # hashes stay out by default
    records = sorted(p.name for p in (tmp_path / "backup" / "records").iterdir())
    assert len(records) == Game.objects.count()
    assert {name.split(".", 1)[1] for name in records} <= {"pdn", "renju.txt"}


def test_with_passwords_the_members_keep_their_logins(demo_club, tmp_path):
    call_command("club_backup", str(tmp_path / "backup"), "--with-passwords")
    wipe()
    call_command("club_restore", str(tmp_path / "backup"))
    assert Member.objects.get(username="sergey").check_password(DEMO_PASSWORD)


def test_restore_refuses_a_database_that_holds_a_club(demo_club, tmp_path):
    call_command("club_backup", str(tmp_path / "backup"))
    before = club_rows()
    with pytest.raises(CommandError, match="already holds club data"):
        call_command("club_restore", str(tmp_path / "backup"))
    assert club_rows() == before


def test_new_rows_after_a_restore_get_fresh_ids(demo_club, tmp_path):
    call_command("club_backup", str(tmp_path / "backup"))
    highest = Member.objects.order_by("-pk").first().pk
    wipe()
    call_command("club_restore", str(tmp_path / "backup"))
    assert Member.objects.create_user("newcomer", password="x").pk > highest
