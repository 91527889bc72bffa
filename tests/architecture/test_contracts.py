"""The house's layers hold (.importlinter, checked by import-linter), and no
module takes another module's private name: a seam shared between modules has
a public name in its own module.

Each check is also run on a copy of the tree with one wrong import added, to
show it catches what it is for."""

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("club", "games", "ratings", "members", "foundation")
LINT = Path(sys.executable).with_name("lint-imports")


def lint(tree: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(LINT), str(tree / ".importlinter"), "--no-cache"],
        cwd=tree,
        capture_output=True,
        text=True,
        env={"PYTHONPATH": str(tree), "PATH": "/usr/bin:/bin"},
        timeout=300,
    )


@pytest.fixture(scope="module")
def copy_of_the_house(tmp_path_factory) -> Path:
    tree = tmp_path_factory.mktemp("house")
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tree / package, ignore=shutil.ignore_patterns("__pycache__", "locale"))
    shutil.copy(ROOT / ".importlinter", tree / ".importlinter")
    return tree


def test_the_house_keeps_its_contracts():
    done = lint(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize(
    ("module", "wrong_import", "contract"),
    [
        ("games/clock.py", "import club.championships.models", "games imports no competition"),
        ("members/models.py", "import games.models", "The apps, top to bottom"),
        ("foundation/sql.py", "from members import models", "The apps, top to bottom"),
        ("games/rules/base.py", "import django.db", "The pure cores import no Django"),
        ("club/championships/team_rules.py", "from club.championships import models", "The pure cores"),
        ("club/notifications/models.py", "from club.notifications import services", "Inside every app"),
        # a selector reads: it never reaches a service, which may write
        ("club/championships/selectors/events.py", "from club.championships import services", "Inside every app"),
        # the layers inside an app, each new place: a read reaches no write, a write no edge,
        # a model no read, a leaf nothing of its app above it
        ("club/championships/authority.py", "from club.championships import decisions", "Inside every app"),
        ("club/arbiters/inbox.py", "from club.arbiters.services import arrivals", "Inside every app"),
        ("games/timing.py", "from games.services import play", "Inside every app"),
        ("games/selectors.py", "from games.services import finish", "Inside every app"),
        ("games/sql.py", "from games import selectors", "Inside every app"),
        ("games/venue.py", "from games import models", "Inside every app"),
        ("ratings/config.py", "from ratings import services", "Inside every app"),
        # a write hands work to a task by its registered name, never by importing the task
        ("club/championships/followups.py", "from club.championships import tasks", "Inside every app"),
        ("games/services/finish.py", "from games import tasks", "Inside every app"),
        ("games/board_picture.py", "import django.utils.html", "The pure cores"),
        ("ratings/recompute.py", "from ratings import models", "The pure cores"),
        ("ratings/elo.py", "import math", None),  # an import that breaks nothing
    ],
)
def test_a_wrong_import_breaks_its_contract(copy_of_the_house, module, wrong_import, contract):
    path = copy_of_the_house / module
    kept = path.read_text(encoding="utf-8")
    path.write_text(f"{kept}\n{wrong_import}  # noqa\n", encoding="utf-8")
    try:
        done = lint(copy_of_the_house)
    finally:
        path.write_text(kept, encoding="utf-8")
    if contract is None:
        assert done.returncode == 0, done.stdout
    else:
        assert done.returncode != 0 and "BROKEN" in done.stdout and contract in done.stdout, done.stdout


# ---- private names ----------------------------------------------------------------------------------
def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def private_imports(source: str, module: str, is_package: bool = False) -> list[str]:
    """``from M import _name`` where M is another first-party module than ``module``."""
    package = module.split(".") if is_package else module.split(".")[:-1]
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.ImportFrom):
            continue
        base = node.module or ""
        if node.level:
            base = ".".join(package[: len(package) - node.level + 1] + ([base] if base else []))
        if base.split(".")[0] not in PACKAGES or base == module:
            continue
        found += [
            f"{module}:{node.lineno} takes {base}.{a.name}"
            for a in node.names
            if a.name.startswith("_") and not a.name.startswith("__") and a.name != "_"
        ]
    return found


def test_no_module_takes_another_modules_private_name():
    offending = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            offending += private_imports(
                path.read_text(encoding="utf-8"), module_name(path, ROOT), path.name == "__init__.py"
            )
    assert offending == []


@pytest.mark.parametrize(
    "source",
    [
        "from games.services.play import _locked",
        "from .play import _flag_if_fallen",
        "from ..services import _enqueue_standings",
        "from club.championships import _private",
    ],
)
def test_the_private_name_check_sees_a_taken_name(source):
    assert private_imports(source, "games.services.fouls")


@pytest.mark.parametrize(
    "source",
    ["from django.utils.translation import gettext as _", "from .play import game_move_make", "from os import _exit"],
)
def test_the_private_name_check_leaves_public_and_foreign_names(source):
    assert not private_imports(source, "games.services.fouls")


# ---- code found by a dotted name ---------------------------------------------------------------------
# An import the linter cannot see: a module found by a string at run time. A lower layer reaches a
# task above it through foundation.task_registry, where the tasks module registers it by import.
# games.rules alone loads its own disciplines lazily, each a sibling inside the pure package.
NAME_LOADERS = {"import_string", "import_module", "__import__"}
LOADS_ITS_OWN_SIBLINGS = {"games.rules"}


def name_loaders(source: str) -> list[str]:
    """Every use of a function that imports a module named by a string."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            found += [f"{node.lineno} imports {a.name}" for a in node.names if a.name in NAME_LOADERS]
        elif isinstance(node, ast.Name) and node.id == "__import__":
            found.append(f"{node.lineno} calls __import__")
        elif isinstance(node, ast.Attribute) and node.attr in NAME_LOADERS:
            found.append(f"{node.lineno} calls {node.attr}")
    return found


def test_no_module_reaches_code_by_a_dotted_name():
    offending = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            module = module_name(path, ROOT)
            if "migrations" in path.parts or module in LOADS_ITS_OWN_SIBLINGS:
                continue
            offending += [f"{module}:{found}" for found in name_loaders(path.read_text(encoding="utf-8"))]
    assert offending == []


@pytest.mark.parametrize(
    "source",
    [
        "from django.utils.module_loading import import_string",
        "from importlib import import_module",
        "import importlib\nimportlib.import_module('ratings.tasks')",
        "__import__('ratings.tasks')",
    ],
)
def test_the_dotted_name_check_sees_a_loader(source):
    assert name_loaders(source)


def test_the_dotted_name_check_leaves_a_registry_lookup():
    assert not name_loaders("from foundation.task_registry import task_named\ntask_named('games.tasks.x')")
