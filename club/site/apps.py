from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The site: settings, URLs, the Celery app, the servers' entry points and
    the commands that run or copy the whole club (up, club_backup, club_restore).
    No models."""

    name = "club.site"
    label = "site"

    def ready(self):
        from django.contrib.auth.signals import user_logged_in, user_logged_out

        from club.site.middleware import member_logged_in, member_logged_out

        user_logged_in.connect(member_logged_in, dispatch_uid="club.member_language_at_login")
        user_logged_out.connect(member_logged_out, dispatch_uid="club.member_language_at_logout")
