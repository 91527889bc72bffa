"""``manage.py club_backup OUT``: the whole club into the folder OUT.

OUT/club.json holds every row of the club's own apps (members and their
roles, sanctions, notifications, challenges, games with their moves and
events, vacations, ratings with their full history, championships with
rounds, boards, standings and decisions), primary keys kept: standings and
decisions name members by id, so ids must survive a restore; and the
migrations it was written under, so a later code restores it through them.
``manage.py club_restore OUT`` reads it back into an empty database.

Left out on purpose: password hashes (members get an unusable password and
reset it by email) unless ``--with-passwords``; API tokens, sessions and
login-lockout counters (secrets or transient). Roles are written as group
names, which the migrations create in any database.

OUT/records/ holds each game as its record — PDN for draughts, the plain
renju record for the five-in-a-row family — for other programs; the restore
reads only club.json.
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path

from django.apps import apps
from django.contrib.auth.models import Group
from django.core import serializers
from django.core.management.base import BaseCommand, CommandError
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection, transaction
from django.db.migrations.loader import MigrationLoader

from games.models import Game
from games.records import default_format, game_record

# The club's own apps (every app of these packages, so a new one is backed up
# too), whose every row is club data.
CLUB_PACKAGES = ("club", "games", "ratings", "members")
# 2: the migration state the rows were written under is in the file (club_restore
# carries an older backup forward through the migrations).
FORMAT_VERSION = 2
UNUSABLE_PASSWORD = "!"  # what Django's set_unusable_password stores, less its random suffix


class ExactJSONEncoder(DjangoJSONEncoder):
    """Times to the microsecond: Django's JSON encoder cuts them to milliseconds
    (as JavaScript's Date does), and a restored club would then differ from the one
    backed up, in the order of events a millisecond apart among them."""

    def default(self, o):
        if isinstance(o, datetime.datetime | datetime.time):
            text = o.isoformat()
            return text.removesuffix("+00:00") + "Z" if text.endswith("+00:00") else text
        return super().default(o)


def club_app_labels() -> set[str]:
    """The labels of the club's own apps."""
    return {config.label for config in apps.get_app_configs() if config.name.split(".")[0] in CLUB_PACKAGES}


def club_models() -> list:
    """The club's models, each after the models it refers to."""
    labels = club_app_labels()
    models = [model for config in apps.get_app_configs() if config.label in labels for model in config.get_models()]
    return serializers.sort_dependencies([(None, models)], allow_cycles=True)


def migration_state() -> list[tuple[str, str]]:
    """The club apps' latest migrations, the schema this code writes and reads."""
    labels = club_app_labels()
    graph = MigrationLoader(None, ignore_no_migrations=True).graph
    return sorted(node for node in graph.leaf_nodes() if node[0] in labels)


class Command(BaseCommand):
    help = "Export the whole club (members, games, ratings history, championships) into a folder."

    def add_arguments(self, parser):
        parser.add_argument("out", help="folder to write (created; must be empty if it exists)")
        parser.add_argument(
            "--with-passwords",
            action="store_true",
            help="keep members' password hashes (the folder then holds secrets)",
        )

    def handle(self, *args, out: str, with_passwords: bool, **options):
        folder = Path(out)
        if folder.exists() and any(folder.iterdir()):
            raise CommandError(f"{folder} is not empty")
        (folder / "records").mkdir(parents=True, exist_ok=True)
        # One snapshot: on PostgreSQL every table is read in the same
        # repeatable-read view while the club goes on playing.
        snapshot = connection.vendor == "postgresql" and not connection.in_atomic_block
        with transaction.atomic():
            if snapshot:
                connection.cursor().execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
            counts, rows = {}, []
            for model in club_models():
                objects = serializers.serialize("python", model._default_manager.order_by("pk"))
                if model._meta.label == "club.Member":
                    self._members_portable(model, objects, with_passwords)
                counts[model._meta.label_lower] = len(objects)
                rows += objects
            records = self._records(folder / "records")
        (folder / "club.json").write_text(
            json.dumps(
                {
                    "format": FORMAT_VERSION,
                    "migrations": migration_state(),
                    "passwords": with_passwords,
                    "counts": counts,
                    "rows": rows,
                },
                ensure_ascii=False,
                indent=0,
                cls=ExactJSONEncoder,
            ),
            encoding="utf-8",
        )
        self.stdout.write(f"{sum(counts.values())} rows, {records} game records in {folder}")

    @staticmethod
    def _members_portable(model, objects: list[dict], with_passwords: bool) -> None:
        """Roles as group names (ids differ between databases); no hashes unless asked."""
        names = dict(Group.objects.values_list("pk", "name"))
        for obj in objects:
            fields = obj["fields"]
            fields["groups"] = sorted(names[pk] for pk in fields["groups"])
            fields["user_permissions"] = []  # the club grants rights through roles only
            if not with_passwords:
                fields["password"] = UNUSABLE_PASSWORD

    @staticmethod
    def _records(folder: Path) -> int:
        written = 0
        for game in Game.objects.select_related("white", "black").order_by("pk").iterator(chunk_size=500):
            kind = default_format(game)
            suffix = "pdn" if kind == "pdn" else "renju.txt"
            (folder / f"{game.pk}.{suffix}").write_text(game_record(game=game, format=kind), encoding="utf-8")
            written += 1
        return written
