"""Run on the main of 2026-12-06 (commit 4904333, before club.members and club.platform
became the top-level packages members and foundation): the demo club with its
follow-ups applied, then ``club_backup --with-passwords``, plus what the club reads
from it: the rows of every model, the members' logins, every game's record and every
championship's standings."""

import gzip
import json
import os
import shutil
import sys
from pathlib import Path

os.environ["DJANGO_SETTINGS_MODULE"] = "club.site.settings"
import django

django.setup()
from django.core.management import call_command
from django.db import transaction
from django.utils import translation

call_command("migrate", verbosity=0)
from club.site.celery import app

app.conf.task_always_eager = True

from club.members.models import Member
from club.site.demo import DEMO_PASSWORD, load_demo

with transaction.atomic():
    load_demo()

from club.championships.models import Championship
from club.championships.selectors.results import results
from club.site.management.commands.club_backup import club_models
from games.models import Game
from games.records import default_format, game_record



def standing_row(row: dict) -> dict:
    """A row of the table as the results page reads it: place, player, points, the
    tie-break figures and the rating change (their worked sums are left out, for size)."""
    keep = ("place", "points", "wins", "draws", "losses", "games", "played", "rating", "decided_by", "struck")
    return {
        **{k: row[k] for k in keep},
        "player": row["player"].split("username='")[1].split("'")[0],
        "figures": {f["name"]: f["value"] for f in row["figures"]},
        "coefficients": row["raw"]["coefficients"],
    }


out = Path(sys.argv[1])
call_command("club_backup", str(out / "backup"), "--with-passwords")
shutil.rmtree(out / "backup" / "records")  # the restore reads only club.json
with (out / "backup" / "club.json").open("rb") as plain, gzip.open(out / "club.json.gz", "wb", compresslevel=9) as packed:
    shutil.copyfileobj(plain, packed)  # gzipped for the repository's size; the test unpacks it
with translation.override("ru"):
    reads = {
        "rows": {model._meta.label: model._base_manager.count() for model in club_models()},
        "logins": {m.username: m.check_password(DEMO_PASSWORD) for m in Member.objects.order_by("username")},
        "records": {
            str(g.pk): game_record(game=g, format=default_format(g)) for g in Game.objects.order_by("pk")
        },
        "standings": {
            c.name: [standing_row(row) for row in json.loads(json.dumps(results(c)["standings"], default=str))]
            for c in Championship.objects.order_by("pk")
        },
    }
(out / "reads.json").write_text(json.dumps(reads, ensure_ascii=False, indent=1, sort_keys=True))
print("ok", out)
