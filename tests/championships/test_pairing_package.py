"""The pairing package: one module per job, pure, its public names in one place.

Callers write ``from club.championships import pairing; pairing.swiss(...)``; the
package re-exports every name they use. Its modules are pure computation (house
style: plain data in, plain data out), so none imports Django; none reaches into
another's ``_private`` names, so each module's seams are the public names it offers.
"""

import ast
from pathlib import Path

import pytest

from club.championships import pairing

PACKAGE = Path(pairing.__file__).parent
MODULES = sorted(PACKAGE.glob("*.py"))
CALLERS_USE = {
    "BLACK",
    "PairingError",
    "SYSTEMS",
    "WHITE",
    "draw_lots",
    "initial_order",
    "knockout",
    "knockout_next",
    "knockout_order",
    "knockout_rounds",
    "micro_match",
    "OtherProcedures",
    "round_robin",
    "scheveningen",
    "swiss",
    "swiss_working",
}


def imports(tree):
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield node, [alias.name for alias in node.names], None
        elif isinstance(node, ast.ImportFrom):
            yield node, [alias.name for alias in node.names], node


def test_it_re_exports_every_name_callers_use():
    assert set(pairing.__all__) == CALLERS_USE
    for name in CALLERS_USE:
        assert getattr(pairing, name) is not None


def test_no_public_function_is_shadowed_by_a_module_of_the_same_name():
    # ``import club.championships.pairing.swiss as m`` would give the function, not a module.
    assert not {path.stem for path in MODULES} & CALLERS_USE


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_a_module_is_pure_and_imports_only_public_names(path):
    for node, names, from_node in imports(ast.parse(path.read_text(encoding="utf-8"))):
        modules = names if from_node is None else [from_node.module or ""]
        assert not any(m == "django" or m.startswith("django.") for m in modules), f"{path.name}:{node.lineno}"
        if from_node is not None and from_node.level:
            private = [name for name in names if name.startswith("_")]
            assert not private, f"{path.name}:{node.lineno} imports {private}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_imports_are_at_the_top_of_the_module(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {id(node) for node in tree.body}
    nested = [node.lineno for node, _names, _from in imports(tree) if id(node) not in top]
    assert nested == []


@pytest.mark.parametrize("path", MODULES, ids=lambda p: p.name)
def test_no_module_is_over_600_lines(path):
    assert len(path.read_text(encoding="utf-8").splitlines()) <= 600
