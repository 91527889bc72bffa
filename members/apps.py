from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


class MembersConfig(AppConfig):
    """The club's members and their roles. The label stays "club" (it was the
    app's before the site's configuration moved out): tables, migrations and
    the user model's name ``club.Member`` are unchanged."""

    name = "members"
    label = "club"
    verbose_name = _("Club")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from django.db import connections
        from django.db.backends.signals import connection_created

        from foundation.unicode_case import unicode_case_on_sqlite
        from members.roles import role_groups_sync

        connection_created.connect(unicode_case_on_sqlite, dispatch_uid="club.unicode_case_on_sqlite")
        for connection in connections.all(initialized_only=True):  # opened before this ran
            unicode_case_on_sqlite(None, connection)

        # Like Django's own permissions: back after every migrate and every test-database
        # flush (which would otherwise wipe what migration 0003 created).
        post_migrate.connect(role_groups_sync, sender=self, dispatch_uid="club.role_groups_sync")
