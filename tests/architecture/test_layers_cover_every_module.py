"""Every module of an app stands in a layer of the `kinds` contract (.importlinter).

import-linter checks the arrows between the modules its layers name and says
nothing of a module that no layer names: such a module could import anything of
its app, and anything could import it. So a new module must be placed (edges,
forms, writes, reads, models, leaves: docs/architecture.md) before the house
takes it; this test reads the contract and walks the apps' packages."""

import configparser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def kinds_contract(text: str) -> tuple[list[str], set[str]]:
    """The containers and every module name the layers place (parentheses mark a name optional)."""
    config = configparser.ConfigParser(inline_comment_prefixes=None)
    config.read_string(text)
    section = config["importlinter:contract:kinds"]
    containers = section["containers"].split()
    placed = set()
    for layer in section["layers"].strip().splitlines():
        for name in layer.replace("|", ":").split(":"):
            placed.add(name.strip().strip("()"))
    return containers, placed


def modules_in_no_layer(root: Path, containers: list[str], placed: set[str]) -> list[str]:
    """The Python modules and packages directly inside each container that no layer names;
    a package's submodules share its place, so only the first level is asked."""
    missing = []
    for container in containers:
        folder = root.joinpath(*container.split("."))
        for child in sorted(folder.iterdir()):
            if child.name == "__init__.py" or child.name == "__pycache__":
                continue
            if child.is_file() and child.suffix == ".py":
                name = child.stem
            elif child.is_dir() and any(child.rglob("*.py")):
                name = child.name
            else:
                continue  # templates, locale, static files, data: no code to place
            if name not in placed:
                missing.append(f"{container}.{name}")
    return missing


def test_every_module_of_every_app_stands_in_a_layer():
    containers, placed = kinds_contract((ROOT / ".importlinter").read_text(encoding="utf-8"))
    assert len(containers) >= 7
    assert modules_in_no_layer(ROOT, containers, placed) == []


@pytest.mark.parametrize(
    ("new_file", "expected"),
    [
        ("games/newcomer.py", ["games.newcomer"]),
        ("ratings/newpackage/__init__.py", ["ratings.newpackage"]),
        ("games/services/newcomer.py", []),  # inside a placed package: it shares the package's place
        ("games/templates/games/newcomer.html", []),  # not code
    ],
)
def test_a_module_in_no_layer_is_found(tmp_path, new_file, expected):
    containers, placed = kinds_contract((ROOT / ".importlinter").read_text(encoding="utf-8"))
    for container in containers:
        tmp_path.joinpath(*container.split(".")).mkdir(parents=True, exist_ok=True)
    (tmp_path / "games" / "services").mkdir(exist_ok=True)
    (tmp_path / "games" / "services" / "__init__.py").write_text("")
    target = tmp_path / new_file
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("")
    assert modules_in_no_layer(tmp_path, containers, placed) == expected
