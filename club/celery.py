"""The Celery app: Redis in production, a file-system broker on the embedded default."""
import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "club.settings")

app = Celery("club")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
