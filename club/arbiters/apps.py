from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ArbitersConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "club.arbiters"
    label = "arbiters"
    verbose_name = _("arbiters")

    def ready(self):
        from functools import partial

        from games import events

        from . import services

        # The games admin's result correction, audited like every arbiter's act.
        events.on_admin_result_corrected(partial(services.audit, action="admin:result"))
