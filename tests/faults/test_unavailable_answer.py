"""The answer when the database or Redis cannot be reached (handler500): 503
with Retry-After, so clients and the proxy retry; a real bug stays a 500.
The restart tests show it on the real stack; this pins it on any database."""

import json

import pytest
from django.db import OperationalError
from redis.exceptions import ConnectionError as RedisConnectionError

from club.site.views import server_error


def answer_while_handling(error: Exception, path: str):
    from django.test import RequestFactory

    try:
        raise error
    except Exception:  # Django calls the handler inside its own except block
        return server_error(RequestFactory().get(path))


@pytest.mark.parametrize("error", [OperationalError("connection refused"), RedisConnectionError("refused")])
def test_an_unreachable_service_answers_503_with_retry_after(error):
    api = answer_while_handling(error, "/api/games/1/")
    assert (api.status_code, json.loads(api.content)["error"]) == (503, "service-unavailable")
    assert api["Retry-After"]
    page = answer_while_handling(error, "/games/1/")
    assert page.status_code == 503 and page["Retry-After"]


def test_a_bug_stays_a_500():
    api = answer_while_handling(ValueError("a bug"), "/api/games/1/")
    assert (api.status_code, json.loads(api.content)["error"]) == (500, "server-error")
    assert not api.has_header("Retry-After")
