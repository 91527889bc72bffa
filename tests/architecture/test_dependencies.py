"""Dependencies point one way: a layer never imports the apps built on it.

Ratings, notifications, championships and arbiters subscribe to what games
publishes (games.events: settings' task lists, hooks registered in their
``AppConfig.ready``); an import the other way, even one inside a function,
would tie the game server to them again. Ratings, in turn, lies below
notifications, championships and arbiters.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HIGHER = ("ratings", "club.notifications", "club.championships", "club.arbiters")
ABOVE = {"games": HIGHER, "ratings": HIGHER[1:]}


def imported_modules(source: str, module: str) -> list[tuple[int, str]]:
    """Every module ``source`` (the module named ``module``) imports, anywhere
    in it — top level or inside a function — with relative imports resolved."""
    package = module.split(".")
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[: len(package) - node.level] + ([base] if base else []))
            # ``from club import notifications`` imports club.notifications.
            found += [(node.lineno, f"{base}.{alias.name}") for alias in node.names]
            found.append((node.lineno, base))
    return found


def higher(name: str, above: tuple[str, ...] = HIGHER) -> bool:
    return any(name == top or name.startswith(top + ".") for top in above)


def modules_of(app: str) -> list[tuple[Path, str]]:
    files = sorted((ROOT / app).rglob("*.py"))
    assert len(files) > 10  # the walk found the app
    return [(path, ".".join(path.relative_to(ROOT).with_suffix("").parts)) for path in files]


@pytest.mark.parametrize("app", sorted(ABOVE))
def test_no_module_of_a_lower_app_imports_an_app_built_on_it(app):
    offending = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path, module in modules_of(app)
        for line, name in imported_modules(path.read_text(encoding="utf-8"), module)
        if higher(name, ABOVE[app])
    ]
    assert offending == []


@pytest.mark.parametrize(
    "source",
    [
        "import ratings.models",
        "from ratings.models import Rating",
        "def f():\n    from club.notifications.services import notifications_mark_read",
        "class A:\n    def f(self):\n        import club.championships.tasks",
        "from club import arbiters",
        "from ...club.arbiters import services",  # relative, from games/services/x.py
    ],
)
def test_the_check_sees_every_form_of_import_of_a_higher_app(source):
    assert any(higher(name) for _, name in imported_modules(source, "games.services.x"))


@pytest.mark.parametrize(
    "source",
    [
        "from club.members.models import Member",
        "from games import events",
        "from . import errors",
        "import rest_framework",
    ],
)
def test_the_check_lets_games_import_what_lies_below_it(source):
    assert not any(higher(name) for _, name in imported_modules(source, "games.services.x"))
