"""/health/ answers 200 when the database, broker and cache all work, else 503 naming the failure."""

import pytest

from club.site.celery import app as celery_app

pytestmark = pytest.mark.django_db


def test_a_healthy_club_answers_200_with_every_check_ok(client):
    response = client.get("/health/")

    assert response.status_code == 200
    assert response.json() == {
        "status": "ok",
        "checks": {"database": "ok", "broker": "ok", "cache": "ok"},
        "failed": {},
    }


def test_an_unreachable_broker_is_a_503_naming_the_broker(client, monkeypatch):
    monkeypatch.setitem(celery_app.conf, "broker_url", "redis://127.0.0.1:1/0")

    response = client.get("/health/")

    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "fail"
    assert body["checks"] == {"database": "ok", "broker": "fail", "cache": "ok"}
    assert list(body["failed"]) == ["broker"]


@pytest.mark.embedded
def test_a_missing_broker_folder_is_a_503_that_logs_the_folder_but_does_not_show_it(
    client, monkeypatch, tmp_path, caplog
):
    if not celery_app.conf.broker_url.startswith("filesystem"):
        pytest.skip("the embedded file-system broker is not in use")
    options = dict(celery_app.conf.broker_transport_options, data_folder_in=str(tmp_path / "gone"))
    monkeypatch.setitem(celery_app.conf, "broker_transport_options", options)

    response = client.get("/health/")

    assert response.status_code == 503
    assert response.json()["failed"] == {"broker": "unavailable"}
    assert "gone" not in response.text and "gone" in caplog.text


def test_a_cache_that_forgets_is_a_503_naming_the_cache(client, settings):
    settings.CACHES = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}

    response = client.get("/health/")

    assert response.status_code == 503
    assert response.json()["checks"]["cache"] == "fail"


def test_behind_https_the_health_probe_is_not_redirected(client, settings):
    settings.SECURE_SSL_REDIRECT = True  # as with HTTPS=1

    assert client.get("/health/").status_code == 200
    assert client.get("/members/").status_code == 301
