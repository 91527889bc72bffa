"""``manage.py club_restore IN``: a club written by ``club_backup`` into this
database, which must be migrated and hold no club data yet (it refuses
otherwise: a restore never merges). The rows go in with their original ids,
and the id sequences are moved past them so new rows do not collide.

A backup written before the latest migrations is restored through them: the
empty database is migrated back to the backup's schema, the rows are loaded
into it as they were written, and the migrations carry them forward — the
same code that carried every other club forward. The rows load in one
transaction; whatever fails, the database ends at the latest schema.
"""

from __future__ import annotations

import json
from pathlib import Path

from django.contrib.auth.models import Group
from django.core import serializers
from django.core.management.base import BaseCommand, CommandError
from django.core.management.color import no_style
from django.db import connection, transaction
from django.db.migrations.executor import MigrationExecutor

from .club_backup import FORMAT_VERSION, club_app_labels, club_models, migration_state

BATCH = 1000
# What a backup of format 1 (before the state was written into it) was written under:
# the club's migrations on 2026-12-01, before team events became championships.
FORMAT_1_STATE = [
    ("arbiters", "0005_protest_panel"),
    ("championships", "0005_lehmann_georgiev"),
    ("club", "0005_remove_sanction"),
    ("games", "0009_followups_done"),
    ("notifications", "0002_alter_notificationsettings_reminder_email"),
    ("ratings", "0001_initial"),
    ("teams", "0001_initial"),
]


class Command(BaseCommand):
    help = "Restore a club written by club_backup into an empty database."

    def add_arguments(self, parser):
        parser.add_argument("source", help="the folder club_backup wrote")

    def handle(self, *args, source: str, **options):
        path = Path(source) / "club.json"
        if not path.is_file():
            raise CommandError(f"{path} does not exist")
        backup = json.loads(path.read_text(encoding="utf-8"))
        if backup.get("format") not in (1, FORMAT_VERSION):
            raise CommandError(f"{path}: unknown format {backup.get('format')!r}")
        occupied = [model._meta.label for model in club_models() if model._default_manager.exists()]
        if occupied:
            raise CommandError(
                f"the database already holds club data ({', '.join(occupied)}): restore needs an "
                "empty, migrated database"
            )
        written = sorted(tuple(node) for node in backup.get("migrations", FORMAT_1_STATE))
        latest = migration_state()
        if written == latest:
            self._load(backup["rows"], club_models())
        else:
            self._load_through_migrations(backup["rows"], written, latest)
        self.stdout.write(f"{sum(backup['counts'].values())} rows restored from {path}")

    def _load_through_migrations(self, rows: list[dict], written: list, latest: list) -> None:
        unknown = set(written) - set(MigrationExecutor(connection).loader.graph.nodes)
        if unknown:
            raise CommandError(f"the backup was written under migrations this code does not have: {sorted(unknown)}")
        executor = MigrationExecutor(connection)
        try:
            executor.migrate(written)
            then = executor.loader.project_state(written).apps
            labels = club_app_labels()
            models = [m for config in then.get_app_configs() if config.label in labels for m in config.get_models()]
            self._load(rows, sort_dependencies(models))
        finally:
            MigrationExecutor(connection).migrate(latest)

    def _load(self, rows: list[dict], models: list) -> None:
        by_label = {model._meta.label_lower: model for model in models}
        with transaction.atomic():
            self._roles_to_ids(rows)
            objects: dict = {model: [] for model in models}
            links: dict = {model: [] for model in models}
            for row in rows:
                model = by_label.get(row["model"])
                if model is None:
                    raise CommandError(f"the backup holds rows of {row['model']}, which this schema has no table for")
                obj, m2m = _instance(model, row)
                objects[model].append(obj)
                links[model].append((obj, m2m))
            for model in models:
                self._insert(model, objects[model])
                self._many_to_many(model, links[model])
            with connection.cursor() as cursor:
                for sql in connection.ops.sequence_reset_sql(no_style(), models):
                    cursor.execute(sql)

    @staticmethod
    def _roles_to_ids(rows: list[dict]) -> None:
        """Members' roles are written as group names: this database's ids for them."""
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
        if stamped and objects:
            for obj, values in zip(objects, stored):
                for field, value in zip(stamped, values):
                    setattr(obj, field.attname, value)
            model._default_manager.bulk_update(objects, [f.name for f in stamped], batch_size=BATCH)

    @staticmethod
    def _many_to_many(model, links: list) -> None:
        """bulk_create leaves many-to-many links out: their through rows, in bulk."""
        for name in {name for _obj, m2m in links for name in m2m}:
            field = model._meta.get_field(name)
            through = field.remote_field.through
            source, target = f"{field.m2m_field_name()}_id", f"{field.m2m_reverse_field_name()}_id"
            rows = [through(**{source: obj.pk, target: pk}) for obj, m2m in links for pk in m2m.get(name, ())]
            through._default_manager.bulk_create(rows, batch_size=BATCH)


def _instance(model, row: dict):
    """The unsaved instance of one backed-up row of ``model`` (a current or a
    historical model: both read the values as the serializer wrote them), and
    its many-to-many ids."""
    fields = row["fields"]
    values = {model._meta.pk.attname: model._meta.pk.to_python(row["pk"])}
    for field in model._meta.concrete_fields:
        if field.name not in fields or field.primary_key:
            continue
        value = fields[field.name]
        if field.is_relation:
            values[field.attname] = value if value is None else field.target_field.to_python(value)
        else:
            values[field.attname] = field.to_python(value)
    m2m = {f.name: fields[f.name] for f in model._meta.many_to_many if f.name in fields}
    return model(**values), m2m


def sort_dependencies(models: list) -> list:
    """The models, each after those it refers to (Django's serializer order)."""
    return serializers.sort_dependencies([(None, models)], allow_cycles=True)
