"""An ordinary refusal is one line in the server log, not a traceback:
a member who opens a page his role does not allow is the client's doing."""

import logging
import sys

import pytest

from club.site.logs import RefusalsInOneLine

pytestmark = pytest.mark.django_db


def _request_log(caplog):
    return [record for record in caplog.records if record.name == "django.request"]


def test_a_member_opening_the_new_championship_form_is_logged_as_one_line(client, anna, caplog):
    client.force_login(anna)

    with caplog.at_level(logging.WARNING, logger="django.request"):
        response = client.get("/championships/new/")

    assert response.status_code == 403
    [record] = _request_log(caplog)
    written = logging.Formatter().format(record)
    assert written == "Forbidden (Permission denied): /championships/new/"
    assert "Traceback" not in written


def test_a_server_error_keeps_its_traceback():
    # Only 4xx answers lose the attached exception: a 500 is a bug and is logged in full.
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        record = logging.LogRecord(
            "django.request", logging.ERROR, __file__, 1, "Internal Server Error", (), sys.exc_info()
        )
    record.status_code = 500

    assert RefusalsInOneLine().filter(record) is True
    assert "Traceback" in logging.Formatter().format(record)
