from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The site: settings, URLs, the Celery app, the servers' entry points and
    the commands that run or copy the whole club (up, club_backup, club_restore).
    No models."""

    name = "club.site"
    label = "site"
