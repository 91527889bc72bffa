from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


class MembersConfig(AppConfig):
    """The club's members and their roles. The label stays "club" (it was the
    app's before the site's configuration moved out): tables, migrations and
    the user model's name ``club.Member`` are unchanged."""

    name = "club.members"
    label = "club"
    verbose_name = _("Club")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from club.members.roles import role_groups_sync

        # Like Django's own permissions: back after every migrate and every test-database
        # flush (which would otherwise wipe what migration 0003 created).
        post_migrate.connect(role_groups_sync, sender=self, dispatch_uid="club.role_groups_sync")
