"""The test runner's own settings live in tests/settings.py: production's settings module
knows nothing of pytest, and each pytest-xdist process gets its own Redis database."""

from pathlib import Path

from tests.settings import redis_for_test_process

ROOT = Path(__file__).resolve().parents[1]


def test_production_settings_know_nothing_of_the_test_runner():
    text = (ROOT / "club/site/settings.py").read_text()
    assert "PYTEST" not in text and "xdist" not in text and "testserver" not in text


def test_each_test_process_counts_down_from_the_given_redis_database():
    assert redis_for_test_process("redis://127.0.0.1:6379/15", "gw0") == "redis://127.0.0.1:6379/15"
    assert redis_for_test_process("redis://127.0.0.1:6379/15", "gw3") == "redis://127.0.0.1:6379/12"
    assert redis_for_test_process("redis://127.0.0.1:6379", "gw1") == "redis://127.0.0.1:6379/15"
