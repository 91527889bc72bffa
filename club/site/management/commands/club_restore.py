"""``manage.py club_restore IN``: a club written by ``club_backup`` into this
database, which must be migrated and hold no club data yet (it refuses
otherwise: a restore never merges). Everything goes in one transaction —
a failure leaves the database empty — with the original ids, and the id
sequences are moved past them so new rows do not collide.
"""

from __future__ import annotations

import json
from pathlib import Path

from django.core import serializers
from django.core.management.base import BaseCommand, CommandError
from django.core.management.color import no_style
from django.db import connection, transaction

from .club_backup import FORMAT_VERSION, club_models

BATCH = 1000


class Command(BaseCommand):
    help = "Restore a club written by club_backup into an empty database."

    def add_arguments(self, parser):
        parser.add_argument("source", help="the folder club_backup wrote")

    def handle(self, *args, source: str, **options):
        path = Path(source) / "club.json"
        if not path.is_file():
            raise CommandError(f"{path} does not exist")
        backup = json.loads(path.read_text(encoding="utf-8"))
        if backup.get("format") != FORMAT_VERSION:
            raise CommandError(f"{path}: unknown format {backup.get('format')!r}")
        models = club_models()
        occupied = [model._meta.label for model in models if model._default_manager.exists()]
        if occupied:
            raise CommandError(
                f"the database already holds club data ({', '.join(occupied)}): restore needs an "
                "empty, migrated database"
            )
        with transaction.atomic():
            self._roles_to_ids(backup["rows"])
            by_model: dict = {}
            for item in serializers.deserialize("python", backup["rows"]):
                by_model.setdefault(type(item.object), []).append(item)
            for model in models:
                items = by_model.get(model, [])
                self._insert(model, [item.object for item in items])
                self._many_to_many(model, items)
            with connection.cursor() as cursor:
                for sql in connection.ops.sequence_reset_sql(no_style(), models):
                    cursor.execute(sql)
        self.stdout.write(f"{sum(backup['counts'].values())} rows restored from {path}")

    @staticmethod
    def _roles_to_ids(rows: list[dict]) -> None:
        """Members' roles are written as group names: this database's ids for them."""
        from django.contrib.auth.models import Group

        ids = dict(Group.objects.values_list("name", "pk"))
        for row in rows:
            if row["model"] == "club.member":
                names = row["fields"]["groups"]
                missing = set(names) - set(ids)
                if missing:
                    raise CommandError(f"groups missing from this database: {', '.join(sorted(missing))}")
                row["fields"]["groups"] = [ids[name] for name in names]

    @staticmethod
    def _insert(model, objects: list) -> None:
        """Insert in bulk, keeping the stored times of auto_now(_add) fields
        (bulk_create stamps them with now, as for a new row)."""
        stamped = [
            f for f in model._meta.concrete_fields if getattr(f, "auto_now", False) or getattr(f, "auto_now_add", False)
        ]
        stored = [[getattr(obj, f.attname) for f in stamped] for obj in objects]
        model._default_manager.bulk_create(objects, batch_size=BATCH)
        if stamped:
            for obj, values in zip(objects, stored):
                for field, value in zip(stamped, values):
                    setattr(obj, field.attname, value)
            model._default_manager.bulk_update(objects, [f.name for f in stamped], batch_size=BATCH)

    @staticmethod
    def _many_to_many(model, items: list) -> None:
        """bulk_create leaves many-to-many links out: their through rows, in bulk."""
        for name in {name for item in items for name in item.m2m_data}:
            field = model._meta.get_field(name)
            through = field.remote_field.through
            source, target = f"{field.m2m_field_name()}_id", f"{field.m2m_reverse_field_name()}_id"
            links = [through(**{source: item.object.pk, target: pk}) for item in items for pk in item.m2m_data[name]]
            through._default_manager.bulk_create(links, batch_size=BATCH)
