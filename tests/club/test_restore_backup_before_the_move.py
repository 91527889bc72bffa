"""A backup written before club.members and club.platform became the top-level
packages ``members`` and ``foundation`` restores into today's tree and reads the
same: the move changed where the code lives, not the app labels, the tables or
the migrations, so the database and its backups are the club's as they were.

tests/club/data/backup-2026-12-06 holds what ``club_backup --with-passwords``
wrote on that day's main (commit 4904333) and what the club read from it then
(its make.py, run with that commit's code): every model's rows, the members'
logins, every game's record and every championship's table."""

import gzip
import json
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse
from django.utils import translation

from club.championships.models import Championship
from club.championships.selectors.results import results
from club.site.demo import DEMO_PASSWORD
from club.site.management.commands.club_backup import club_models
from games.models import Game
from games.records import default_format, game_record
from members.models import Member

from .test_backup_restore import club_rows, wipe

pytestmark = pytest.mark.django_db(transaction=True)

DATA = Path(__file__).parent / "data" / "backup-2026-12-06"


@pytest.fixture
def reads() -> dict:
    return json.loads((DATA / "reads.json").read_text(encoding="utf-8"))


@pytest.fixture
def restored(tmp_path) -> Path:
    folder = tmp_path / "backup"
    folder.mkdir()
    with gzip.open(DATA / "club.json.gz", "rb") as packed:
        (folder / "club.json").write_bytes(packed.read())
    call_command("club_restore", str(folder))
    return folder


def standing_row(row: dict) -> dict:
    """The row as make.py kept it (the same fields, read the same way)."""
    keep = ("place", "points", "wins", "draws", "losses", "games", "played", "rating", "decided_by", "struck")
    return {
        **{k: row[k] for k in keep},
        "player": row["player"].split("username='")[1].split("'")[0],
        "figures": {f["name"]: f["value"] for f in row["figures"]},
        "coefficients": row["raw"]["coefficients"],
    }


def test_every_model_holds_the_rows_it_held(restored, reads):
    # The members' app among them: its label is still "club", its package now members.
    now = {model._meta.label: model._base_manager.count() for model in club_models()}
    assert set(reads["rows"]) <= set(now)
    assert {label: now[label] for label in reads["rows"]} == reads["rows"]
    assert now["club.Member"] == len(reads["logins"]) > 0


def test_each_member_logs_in_with_the_password_he_had(restored, reads, client, settings):
    # The backup's hashes are Django's default hasher's, which the tests' fast one cannot check.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher"]
    assert {m.username: m.check_password(DEMO_PASSWORD) for m in Member.objects.order_by("username")} == reads["logins"]
    username = next(name for name, logs_in in reads["logins"].items() if logs_in)
    response = client.post(reverse("login"), {"username": username, "password": DEMO_PASSWORD})
    assert response.status_code == 302
    assert client.get(reverse("home")).context["user"].username == username


def test_every_game_has_the_record_it_had(restored, reads):
    with translation.override("ru"):  # as the reads were taken
        now = {str(g.pk): game_record(game=g, format=default_format(g)) for g in Game.objects.order_by("pk")}
    assert now == reads["records"]


def test_every_championship_reads_the_table_it_had(restored, reads):
    with translation.override("ru"):
        now = {
            c.name: [standing_row(row) for row in json.loads(json.dumps(results(c)["standings"], default=str))]
            for c in Championship.objects.order_by("pk")
        }
    assert now == reads["standings"]


def test_the_restored_club_backs_up_and_restores_again_unchanged(restored, tmp_path):
    before = club_rows()
    call_command("club_backup", str(tmp_path / "again"), "--with-passwords")
    wipe()
    call_command("club_restore", str(tmp_path / "again"))
    assert club_rows() == before
