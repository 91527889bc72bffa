"""The club speaks Russian and English: chosen by the browser or by the switch in the header."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from club.site.i18n_check import ROOT, catalogues, read_po

pytestmark = pytest.mark.django_db


def po_entries() -> list[tuple[str, str, bool, bool]]:
    """(msgid, first msgstr, fuzzy, plural) for every entry of every app's catalogue."""
    return [
        (e.msgid, (e.msgstr or [""])[0], e.fuzzy, e.plural is not None) for po in catalogues(ROOT) for e in read_po(po)
    ]


def test_every_app_keeps_its_own_catalogue():
    apps = {po.relative_to(ROOT).parents[3].as_posix() for po in catalogues(ROOT)}
    assert {"club", "games", "ratings"} <= apps


def test_every_string_has_a_russian_translation():
    entries = po_entries()

    assert len(entries) > 50
    assert [msgid for msgid, msgstr, fuzzy, _ in entries if not msgstr or fuzzy] == []


def test_the_compiled_catalogues_match_the_po_files():
    with translation.override("ru"):
        stale = [
            msgid
            for msgid, msgstr, fuzzy, plural in po_entries()
            if msgstr and not fuzzy and not plural and translation.gettext(msgid) != msgstr
        ]
    assert stale == []


def test_a_russian_browser_gets_the_russian_site(client):
    page = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="ru")

    assert page["Content-Language"] == "ru"
    assert "Участники" in page.text
    assert '<html lang="ru">' in page.text


def test_an_english_browser_gets_the_english_site(client):
    page = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="en-GB,en;q=0.8")

    assert "Members" in page.text
    assert "Участники" not in page.text


def test_the_switch_overrides_the_browser(client):
    client.post(reverse("set_language"), {"language": "en", "next": "/"}, HTTP_ACCEPT_LANGUAGE="ru")

    page = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="ru")

    assert "Members" in page.text


def test_russian_plurals_count_members_correctly(client, anna, boris):
    page = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="ru")

    assert "В клубе 2 участника." in page.text


def test_api_errors_are_translated_too(client):
    response = client.get("/api/members/me/", HTTP_ACCEPT_LANGUAGE="ru")

    assert response.status_code == 401
    assert response.json()["error"] == "not-authenticated"  # codes stay English for clients
    assert re.search("[а-я]", response.json()["detail"])


def test_the_guard_fails_on_a_msgid_makemessages_finds_anywhere_in_the_tree(tmp_path, monkeypatch, capsys):
    """A test marking ``_("White wins by forfeit")`` put untranslated and fuzzy
    entries into club/locale when ``makemessages -l ru`` ran, and the guard, which skipped
    tests/, let them through. It scans what makemessages scans now."""
    import shutil

    from club.site import i18n_check

    tree = tmp_path / "tree"
    shutil.copytree(ROOT, tree, ignore=i18n_check.NOT_COPIED)
    (tree / "tests" / "test_marks_a_msgid.py").write_text(
        'from django.utils.translation import gettext as _\n\nWORDS = _("A msgid only a test marks")\n'
    )
    monkeypatch.setattr(i18n_check, "ROOT", tree)
    assert i18n_check.check() == 1
    assert "missing: 'A msgid only a test marks'  (tests/test_marks_a_msgid.py:3)" in capsys.readouterr().out
