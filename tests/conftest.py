"""Fixtures and markers shared by the whole suite.

``@pytest.mark.services`` tests need real PostgreSQL and Redis (DATABASE_URL
and REDIS_URL set); ``@pytest.mark.browser`` tests need Debian's chromium.
They skip with a reason on a machine without them, and CI sets
CLUB_REQUIRE_SERVICES / CLUB_REQUIRE_BROWSER so that a skip there is a failure.
Tests that read ``../shared`` go through ``shared_path``: with ``CI`` set, a
missing shared/ fails them too.
"""

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.db import connection
from django.utils import translation

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
# The reference material (PDN corpus, FIDE tables) lies beside the clone, never in it.
SHARED = ROOT.parent / "shared"


def _services_missing() -> str | None:
    if not os.environ.get("REDIS_URL"):
        return "REDIS_URL is not set"
    if django_settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        return "DATABASE_URL does not point to PostgreSQL"
    return None


def _skip_or_fail(reason: str, required_by: str) -> None:
    if os.environ.get(required_by):
        pytest.fail(f"{reason}, but {required_by} is set")
    pytest.skip(reason)


def pytest_runtest_setup(item):
    if item.get_closest_marker("services"):
        reason = _services_missing()
        if reason:
            _skip_or_fail(reason, "CLUB_REQUIRE_SERVICES")
    if item.get_closest_marker("browser") and not os.path.exists(CHROMIUM):
        _skip_or_fail(f"{CHROMIUM} is not installed", "CLUB_REQUIRE_BROWSER")


def pytest_addoption(parser):
    parser.addoption(
        "--database-tests",
        action="store_true",
        help="only the tests that use the database or the services, browser tests left out (CI's PostgreSQL pass)",
    )
    parser.addoption(
        "--no-database-tests",
        action="store_true",
        help="the rest: the pure tests, the browser tests and the embedded default's own (CI's SQLite pass); "
        "the two options split the suite",
    )


DATABASE_FIXTURES = {"db", "transactional_db", "django_db_setup", "live_server"}


def _uses_database(item) -> bool:
    return bool(item.get_closest_marker("django_db")) or bool(DATABASE_FIXTURES & set(item.fixturenames))


def _one_id_per_api_operation(items) -> None:
    """schemathesis makes one test per API operation, but on pytest 9.2 they all get
    the test function's id: pytest builds an item's id from its original name, and
    schemathesis 4.32 (the newest) gives each the function's. pytest-xdist schedules
    tests by id, so it ran one operation of them all: each gets its operation as its
    parameter, as on older pytests. Any other id held twice stops the run before a
    test is dropped."""
    for item in items:
        label = getattr(item, "operation_label", None)
        if label and item._id.params is None:
            item._id = item._id.with_params(label)
    seen, twice = set(), set()
    for item in items:
        (twice if item.nodeid in seen else seen).add(item.nodeid)
    if twice:
        raise pytest.UsageError(f"tests share an id, and pytest-xdist would run one of each: {sorted(twice)}")


def in_database_half(item) -> bool:
    """Whether CI runs the test on PostgreSQL + Redis: it uses the database or the
    services, and it is neither a browser test nor one of the embedded default's own."""
    needs_backend = _uses_database(item) or item.get_closest_marker("services")
    on_the_embedded_default = item.get_closest_marker("browser") or item.get_closest_marker("embedded")
    return bool(needs_backend) and not on_the_embedded_default


def pytest_collection_modifyitems(config, items):
    _one_id_per_api_operation(items)
    for item in items:
        if item.get_closest_marker("services"):
            # One xdist process runs them all, one after another: they start, kill and
            # restart servers and Celery workers of their own, and time what they see.
            item.add_marker(pytest.mark.xdist_group("services"))
    database_half, other_half = config.getoption("--database-tests"), config.getoption("--no-database-tests")
    if database_half or other_half:
        kept, left_out = [], []
        for item in items:
            (kept if in_database_half(item) == bool(database_half) else left_out).append(item)
        config.hook.pytest_deselected(items=left_out)
        items[:] = kept


def pytest_sessionfinish(session, exitstatus):
    """With CLUB_REQUIRE_NO_SKIP set (.ci/run), a skipped test fails the run: in
    CI each test runs in the half whose backend can break it, so a skip there is
    a test that never runs anywhere."""
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    if not os.environ.get("CLUB_REQUIRE_NO_SKIP") or reporter is None or exitstatus != pytest.ExitCode.OK:
        return
    skipped = reporter.stats.get("skipped", [])
    if skipped:
        for report in skipped:
            reporter.write_line(f"skipped, but CLUB_REQUIRE_NO_SKIP is set: {report.nodeid}", red=True)
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def shared_path(relative: str) -> Path:
    """A file or folder of ``../shared``; a test that needs it calls this first.

    Missing, it skips the test on a developer's machine but fails it in CI
    (``CI`` set), where shared/ is always laid beside the clone: a reference
    test must never pass there by not running.
    """
    path = SHARED / relative
    if not path.exists():
        _skip_or_fail(f"{path} is not here", "CI")
    return path


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _default_language():
    """Each test starts in the club's default language, whatever an earlier test in this process
    left active: a refusal is worded in the reader's language, so a test reading English says so."""
    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Login lockouts (django-axes) and API throttles count in the cache per address,
    account and member: every test starts from zero, and what the cache keeps a
    while (the home page's member count, the results' tables) is read afresh.
    Only those keys go: on Redis the same database holds the Celery broker's queues."""
    from django.core.cache import cache

    client = getattr(cache._cache, "get_client", None)
    if client is None:  # the local-memory cache of the embedded default
        cache.clear()
        return
    redis = client(write=True)
    patterns = ("throttle_*", "axes-*", "club-member-count", "template.cache.*")
    for pattern in (cache.make_key(p) for p in patterns):
        keys = list(redis.scan_iter(match=pattern))
        if keys:
            redis.delete(*keys)


@pytest.fixture(autouse=True)
def _fresh_result_sets():
    """Each test reads its events' results afresh (they are kept per process, foundation.memo)."""
    from club.championships import exports
    from club.championships.selectors import result_pages, results, results_json

    for memo in (results.RESULT_SETS, results_json.PUBLISHED, result_pages.STANDINGS_AFTER, exports.GAME_FILES):
        memo.clear()


@pytest.fixture
def eager_celery():
    """Celery tasks run at once, in this process (follow-ups, notifications)."""
    from club.site.celery import app

    before = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = before


def database_url_for_other_processes() -> str:
    """The PostgreSQL test database, for another process of ours to use."""
    db = connection.settings_dict
    return f"postgres://{db['USER'] or 'postgres'}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.fixture
def celery_worker_process(transactional_db):
    """A real ``celery worker`` process on Redis, using the test database.

    Needs committed data (hence ``transactional_db``): the worker is another
    process with its own connection. Yields the Popen; stops it afterwards.
    """
    reason = _services_missing()
    if reason:
        _skip_or_fail(reason, "CLUB_REQUIRE_SERVICES")
    env = dict(os.environ, DATABASE_URL=database_url_for_other_processes(), CELERY_TASK_ALWAYS_EAGER="0")
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "club",
            "worker",
            "--pool=solo",
            "--loglevel=INFO",
            "--without-heartbeat",
            "--without-gossip",
            "--without-mingle",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        _wait_until_worker_ready(worker)
        yield worker
    finally:
        worker.terminate()
        try:
            worker.wait(timeout=20)
        except subprocess.TimeoutExpired:
            worker.kill()


def _wait_until_worker_ready(worker: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    seen = []
    while time.monotonic() < deadline:
        line = worker.stdout.readline()
        if not line and worker.poll() is not None:
            break
        seen.append(line)
        if "ready." in line:
            # Keep reading so a full pipe never blocks the worker.
            threading.Thread(target=worker.stdout.read, daemon=True).start()
            return
    worker.kill()
    pytest.fail("celery worker did not start:\n" + "".join(seen[-40:]))


# --- Club personas ------------------------------------------------------------------
# One cast for the whole suite, made through the sign-up service so every persona
# holds the member role like a real account. The password of all of them is PASSWORD.

PASSWORD = "a long club password"


def make_member(username: str, *roles, **profile):
    from django.contrib.auth.models import Group

    from members import services

    member = services.member_sign_up(username=username, email=f"{username}@club.test", password=PASSWORD)
    member.email_verified = True  # as if the persona had followed the link mailed at sign-up
    member.save(update_fields=["email_verified"])
    if profile:
        services.member_profile_update(member=member, **profile)
    member.groups.add(*Group.objects.filter(name__in=[str(role) for role in roles]))
    if "admin" in roles:
        member.is_staff = True
        member.save(update_fields=["is_staff"])
    return member


@pytest.fixture
def anna(db):
    """A plain member."""
    return make_member("anna", display_name="Anna Orlova", city="Tver", federation_title="CM", federation_rating=2150)


@pytest.fixture
def boris(db):
    """Another plain member."""
    return make_member("boris", display_name="Boris Lebedev", city="Kazan")


@pytest.fixture
def arbiter(db):
    return make_member("yelena", "arbiter", display_name="Yelena Arbiter")


@pytest.fixture
def chief_arbiter(db):
    return make_member("valentin", "chief_arbiter", display_name="Valentin Chief")


@pytest.fixture
def organiser(db):
    return make_member("grigory", "organiser", display_name="Grigory Organiser")


@pytest.fixture
def club_admin(db):
    return make_member("dmitry", "admin", display_name="Dmitry Admin")
