"""The guards CI runs (.ci/run) catch what they are there to catch, and the
documents they protect name only things that exist."""

import importlib
import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from _pytest.nodeid import NodeId
from django.conf import settings

from club.site.i18n_check import read_po
from tests import conftest

ROOT = Path(__file__).resolve().parent.parent


def _guards():
    spec = importlib.util.spec_from_file_location("ci_guards", ROOT / ".ci" / "guards.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


guards = _guards()


# --- the lock ---------------------------------------------------------------------


def test_the_lock_reads_pins_with_extras_and_markers():
    pins = guards.read_lock(
        "# header\nDjango==5.2.9\n    # via draughts-club\nuvicorn[standard]==0.40.0\n"
        "async-timeout==5.0.1 ; python_full_version < '3.11.3'\nZope.Interface==8.7\n"
    )
    assert pins == {"django": "5.2.9", "uvicorn": "0.40.0", "async-timeout": "5.0.1", "zope-interface": "8.7"}


def test_an_unpinned_or_different_package_is_a_lock_problem():
    pins = {"django": "5.2.9", "celery": "5.5.0"}
    installed = {"django": "5.2.9", "celery": "5.6.0", "django-axes": "8.3.1", "pip": "25.0", "draughts-club": "0.1.0"}
    assert guards.lock_problems(installed, pins) == [
        "celery is 5.6.0 here but 5.5.0 in requirements.lock",
        "django-axes 8.3.1 is installed but not pinned in requirements.lock",
    ]


def test_the_committed_lock_pins_every_direct_dependency():
    import tomllib

    pins = guards.read_lock((ROOT / "requirements.lock").read_text(encoding="utf-8"))
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    direct = project["dependencies"] + project["optional-dependencies"]["test"]
    names = {guards.canonical(re.match(r"[A-Za-z0-9._-]+", req).group(0)) for req in direct}
    assert sorted(names - set(pins)) == []


# --- the audit --------------------------------------------------------------------


def _report(*deps):
    return json.dumps({"dependencies": list(deps), "fixes": []})


def test_a_found_vulnerability_fails_the_audit():
    code, message = guards.audit_verdict(
        1,
        _report(
            {"name": "django", "version": "5.2.0", "vulns": [{"id": "PYSEC-2025-1", "fix_versions": ["5.2.1"]}]},
            {"name": "celery", "version": "5.5.0", "vulns": []},
        ),
        "",
    )
    assert code == 1
    assert "django 5.2.0: PYSEC-2025-1 (fixed in 5.2.1)" in message


def test_an_unreachable_vulnerability_database_is_reported_and_does_not_fail():
    skipped = _report(
        *(
            {"name": n, "skip_reason": f"Dependency not found on PyPI and could not be audited: {n}"}
            for n in ("django", "celery")
        )
    )
    assert guards.audit_verdict(0, skipped, "")[0] == 0
    assert "NOT RUN" in guards.audit_verdict(0, skipped, "")[1]
    code, message = guards.audit_verdict(1, "", "requests.exceptions.ConnectionError: Max retries exceeded")
    assert code == 0 and "cannot be reached" in message


def test_a_clean_audit_passes_and_a_crash_fails():
    clean = _report({"name": "django", "version": "5.2.9", "vulns": []})
    assert guards.audit_verdict(0, clean, "") == (0, "audit: 1 locked packages, no known vulnerability")
    assert guards.audit_verdict(2, "", "Traceback: KeyError")[0] == 1


# --- the reference material beside the clone -----------------------------------


def test_a_missing_shared_folder_fails_in_ci(monkeypatch, tmp_path):
    monkeypatch.setattr(conftest, "SHARED", tmp_path / "no-shared")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="but CI is set"):
        conftest.shared_path("reference/pdn")


def test_a_missing_shared_folder_skips_on_a_developers_machine(monkeypatch, tmp_path):
    monkeypatch.setattr(conftest, "SHARED", tmp_path / "no-shared")
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception):
        conftest.shared_path("reference/pdn")


def test_no_test_reads_shared_without_shared_path():
    offenders = []
    for path in (ROOT / "tests").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        if path.name in ("conftest.py", "test_ci_guards.py"):
            continue
        fails_in_ci = "shared_path" in text or re.search(r"""environ.get\(["']CI["']\)""", text)
        if re.search(r"""["']/work/shared|/ ["']shared["']""", text) and not fails_in_ci:
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


# --- the two halves of CI ------------------------------------------------------------


def _pytest(tmp_path, *args, **env):
    """pytest in a child on the embedded default (whatever this run's backend)."""
    environment = {
        k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL", "CLUB_REQUIRE_NO_SKIP")
    }
    environment.update(CLUB_DATA_DIR=str(tmp_path), **env)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
    )


class _Item:
    """What the split reads of a collected test: its markers and fixtures."""

    def __init__(self, *markers, fixtures=()):
        self.markers, self.fixturenames = set(markers), list(fixtures)

    def get_closest_marker(self, name):
        return name if name in self.markers else None


@pytest.mark.parametrize(
    "item, on_postgresql",
    [
        (_Item(), False),  # a pure test
        (_Item("django_db"), True),
        (_Item(fixtures=["transactional_db"]), True),
        (_Item("services"), True),
        (_Item("browser", fixtures=["live_server"]), False),  # the browser cannot tell the backends apart
        (_Item("embedded", "django_db"), False),  # SQLite's own statements, the file-system broker
    ],
)
def test_each_test_goes_to_the_half_whose_backend_can_break_it(item, on_postgresql):
    assert conftest.in_database_half(item) is on_postgresql


class _Operation:
    """A collected test as schemathesis makes it on pytest 9.2: the function's id, and its operation."""

    def __init__(self, label=None, nodeid="tests/api_fuzz/test_schema_fuzz.py::test_fuzz"):
        self._id, self.operation_label = NodeId.parse(nodeid), label

    @property
    def nodeid(self):
        return str(self._id)


def test_each_api_operation_is_a_test_of_its_own_for_pytest_xdist():
    # pytest-xdist schedules by id: under one id it ran one of the 118 operations.
    items = [_Operation("GET /api/games/"), _Operation("POST /api/games/{id}/moves/")]
    conftest._one_id_per_api_operation(items)
    assert [i.nodeid for i in items] == [
        "tests/api_fuzz/test_schema_fuzz.py::test_fuzz[GET /api/games/]",
        "tests/api_fuzz/test_schema_fuzz.py::test_fuzz[POST /api/games/{id}/moves/]",
    ]


def test_two_tests_under_one_id_stop_the_run():
    with pytest.raises(pytest.UsageError, match="share an id"):
        conftest._one_id_per_api_operation([_Operation(nodeid="tests/a.py::t"), _Operation(nodeid="tests/a.py::t")])


def test_a_skip_fails_the_run_when_ci_requires_none(tmp_path):
    planner = "tests/club/test_query_shapes.py::test_a_members_ongoing_games_are_read_as_games_without_an_end_even_in_a_generic_plan"
    run = _pytest(tmp_path, planner, CLUB_REQUIRE_NO_SKIP="1")  # PostgreSQL's planner: skipped on SQLite
    assert "1 skipped" in run.stdout and run.returncode == 1
    assert f"skipped, but CLUB_REQUIRE_NO_SKIP is set: {planner}" in run.stdout


# --- the translation check's reader -----------------------------------------------


def test_the_po_reader_sees_plurals_fuzzy_entries_escapes_and_untranslated_strings(tmp_path):
    po = tmp_path / "django.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: ru\\n"\n\n'
        '#: a.py:1\nmsgid "open"\nmsgstr "открыт"\n\n'
        '#: a.py:2\n#, fuzzy\n#| msgid "opened"\nmsgid "closed"\nmsgstr "открыт"\n\n'
        '#: a.py:3\nmsgid ""\n"Hello,\\n"\n"\\"you\\""\nmsgstr ""\n\n'
        '#: a.py:4\nmsgid "%(n)d token"\nmsgid_plural "%(n)d tokens"\nmsgstr[0] "%(n)d токен"\nmsgstr[1] ""\n\n'
        '#~ msgid "gone"\n#~ msgstr "ушёл"\n',
        encoding="utf-8",
    )
    entries = {e.msgid: e for e in read_po(po)}
    assert set(entries) == {"open", "closed", 'Hello,\n"you"', "%(n)d token"}
    assert entries["open"].translated and not entries["open"].fuzzy
    assert entries["closed"].fuzzy
    assert not entries['Hello,\n"you"'].translated
    assert entries["%(n)d token"].plural == "%(n)d tokens" and not entries["%(n)d token"].translated
    assert entries["open"].where == ["a.py:1"]


# --- the benchmarks ------------------------------------------------------------------


BENCHES = sorted(
    p.name
    for p in (ROOT / "bench").glob("*.py")
    # Helpers of the benchmarks (pyspy_summary.py sums a profile: tests/test_pyspy_summary.py),
    # and play_load.py, which CI runs on the services.
    if p.name not in ("machine.py", "throwaway_db.py", "club_fill.py", "play_load.py", "pyspy_summary.py")
)


@pytest.mark.parametrize("name", BENCHES)
def test_ci_runs_every_bench_script_small(name):
    assert re.search(
        rf"bench/{re.escape(name)} --(smoke|players|size tiny)", (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    )


def test_every_figure_source_named_in_the_readme_and_the_bench_docstrings_is_saved():
    texts = [(ROOT / "README.md").read_text(encoding="utf-8")]
    texts += [(ROOT / "bench" / name).read_text(encoding="utf-8") for name in BENCHES]
    named = {m for text in texts for m in re.findall(r"bench/results/[\w.*-]+\.txt", text)}
    assert named
    missing = [n for n in sorted(named) if not list(ROOT.glob(n))]
    assert missing == []


# --- the contract page ---------------------------------------------------------------


def _resolves(dotted: str) -> bool:
    if dotted.startswith("settings."):
        return hasattr(settings, dotted.split(".", 1)[1])
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for attr in parts[cut:]:
                obj = getattr(obj, attr)
        except AttributeError:
            return False
        return True
    return False


@pytest.mark.parametrize("page", ["contracts.md", "architecture.md"])
def test_every_name_in_the_docs_of_the_code_exists(page):
    text = (ROOT / "docs" / page).read_text(encoding="utf-8")
    names = [
        n
        for n in re.findall(r"`([a-z_][\w]*(?:\.[A-Za-z_]\w*)+)`", text)
        if n.split(".")[0] in ("games", "ratings", "club", "members", "foundation", "settings")
    ]
    assert len(names) > 10
    assert [n for n in names if not _resolves(n)] == []
