"""Counts read as sentences in both languages — a plural chosen by the number (ngettext,
``blocktranslate count``; Russian's forms for 1, 2–4, 5+ and 21), never "(s)" or "(es)" — and
an arbiter, who may be a woman, is named, never "he"."""

import re
from pathlib import Path

import pytest
from django.utils import translation

ROOT = Path(__file__).resolve().parents[2]
CATALOGS = [p for p in ROOT.glob("**/locale/ru/LC_MESSAGES/django.po") if ".venv" not in p.parts]
TEMPLATES = [p for p in ROOT.glob("**/templates/**/*.html") if ".venv" not in p.parts]
BRACKETED_PLURAL = re.compile(r"\w\((?:s|es)\)")
ARBITER_AS_HE = re.compile(r"\barbiters?\b[^.:]*\b(?:he|him|his)\b", re.I)


def msgids(catalog: Path) -> list[str]:
    text = catalog.read_text(encoding="utf-8")
    return ["".join(re.findall(r'"(.*)"', m)) for m in re.findall(r'^msgid(?:_plural)? ((?:".*"\n)+)', text, re.M)]


def test_the_catalogs_are_found():
    assert len(CATALOGS) >= 6 and len(TEMPLATES) > 50


@pytest.mark.parametrize("catalog", CATALOGS, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_string_counts_with_a_bracketed_plural_or_calls_the_arbiter_he(catalog):
    strings = msgids(catalog)
    assert [s for s in strings if BRACKETED_PLURAL.search(s)] == []
    assert [s for s in strings if ARBITER_AS_HE.search(s)] == []


def test_no_template_writes_a_bracketed_plural():
    found = [
        f"{path.relative_to(ROOT)}: {match.group(0)}"
        for path in TEMPLATES
        for match in BRACKETED_PLURAL.finditer(path.read_text(encoding="utf-8"))
    ]
    assert found == []


@pytest.mark.parametrize(
    "singular, plural, words",
    [
        (
            "after a draw: %(n)s further micro-match",
            "after a draw: %(n)s further micro-matches",
            {
                1: "после ничьей: 1 дополнительный микроматч",
                3: "после ничьей: 3 дополнительных микроматча",
                5: "после ничьей: 5 дополнительных микроматчей",
                21: "после ничьей: 21 дополнительный микроматч",
            },
        ),
        (
            "%(player)s: %(count)s violation in this game;",
            "%(player)s: %(count)s violations in this game;",
            {
                1: "Анна: 1 нарушение в этой партии;",
                2: "Анна: 2 нарушения в этой партии;",
                11: "Анна: 11 нарушений в этой партии;",
            },
        ),
    ],
)
def test_a_count_takes_the_numbers_plural_form(singular, plural, words):
    with translation.override("en"):
        assert translation.ngettext(singular, plural, 1) == singular
        assert translation.ngettext(singular, plural, 2) == plural
    for n, expected in words.items():
        with translation.override("ru"):
            assert translation.ngettext(singular, plural, n) % {"n": n, "count": n, "player": "Анна"} == expected
