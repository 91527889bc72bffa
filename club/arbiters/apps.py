from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ArbitersConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "club.arbiters"
    label = "arbiters"
    verbose_name = _("arbiters")
