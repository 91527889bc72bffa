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
PACKAGES = ("club", "games", "ratings")
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
        ("club/members/models.py", "import games.models", "The apps, top to bottom"),
        ("club/platform/sql.py", "from club.members import models", "The apps, top to bottom"),
        ("games/rules/base.py", "import django.db", "The pure cores import no Django"),
        ("club/championships/team_rules.py", "from club.championships import models", "The pure cores"),
        ("club/notifications/models.py", "from club.notifications import services", "Inside every app"),
        # a selector reads: it never reaches a service, which may write
        ("club/championships/selectors/events.py", "from club.championships import services", "Inside every app"),
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
