"""Links in notification emails go where members reach the club: the
SITE_URL setting, which ``manage.py up`` sets from its --host and
--port when the environment does not."""

import os

import pytest
from django.conf import settings as django_settings
from django.core import mail

from club.site.management.commands import up
from games import services

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("eager_celery")]


def test_a_challenge_email_links_to_the_game_at_site_url(anna, boris, settings, django_capture_on_commit_callbacks):
    settings.SITE_URL = "https://club.example.org/"
    with django_capture_on_commit_callbacks(execute=True):
        services.challenge_create(challenger=boris, opponent=anna, discipline="renju", time_control="d5")
    (email,) = mail.outbox
    assert "https://club.example.org/play/" in email.body
    assert "localhost" not in email.body and "org//" not in email.body


@pytest.mark.parametrize(
    "host, port, url",
    [
        ("127.0.0.1", 8000, "http://localhost:8000"),
        ("0.0.0.0", 8123, "http://localhost:8123"),
        ("club.lan", 9000, "http://club.lan:9000"),
        ("fd00::5", 8000, "http://[fd00::5]:8000"),
    ],
)
def test_up_names_the_address_it_listens_on(host, port, url):
    assert up.club_url(host, port) == url


@pytest.fixture
def up_without_children(monkeypatch):
    """``up``'s own steps, with nothing migrated or started."""
    monkeypatch.setattr(up, "call_command", lambda *a, **k: None)
    monkeypatch.setattr(up.Command, "start_children", lambda self, *a: {})
    monkeypatch.setattr(up.Command, "wait_for_port", lambda self, *a: False)
    monkeypatch.setattr(up.Command, "watch", lambda self, children: None)
    monkeypatch.setattr(up.signal, "signal", lambda *a: None)
    return lambda **options: up.Command().handle(
        host="0.0.0.0", port=8123, demo=False, admin=None, concurrency=1, **options
    )


def test_up_sets_site_url_for_itself_and_its_children_when_unset(settings, monkeypatch, up_without_children):
    monkeypatch.delenv("SITE_URL", raising=False)
    up_without_children()
    assert os.environ["SITE_URL"] == "http://localhost:8123" == django_settings.SITE_URL


def test_up_leaves_a_configured_site_url_alone(settings, monkeypatch, up_without_children):
    monkeypatch.setenv("SITE_URL", "https://club.example.org")
    settings.SITE_URL = "https://club.example.org"
    up_without_children()
    assert os.environ["SITE_URL"] == "https://club.example.org" == django_settings.SITE_URL
