"""The club speaks Russian and English: chosen by the browser or by the switch in the header."""
import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

PO_FILE = Path(__file__).resolve().parents[2] / "locale" / "ru" / "LC_MESSAGES" / "django.po"

pytestmark = pytest.mark.django_db


def po_entries() -> list[tuple[str, str, bool]]:
    """(msgid, first msgstr, fuzzy) for every entry except the header."""
    entries = []
    for block in PO_FILE.read_text(encoding="utf-8").split("\n\n")[1:]:
        def text(keyword):
            match = re.search(rf'^{re.escape(keyword)} ((?:".*"\n?)+)', block + "\n", re.M)
            return "".join(re.findall(r'"(.*)"', match.group(1))) if match else ""
        msgstr = text("msgstr") or text("msgstr[0]")
        entries.append((text("msgid"), msgstr, "#, fuzzy" in block))
    return entries


def test_every_string_has_a_russian_translation():
    entries = po_entries()

    assert len(entries) > 50
    assert [msgid for msgid, msgstr, fuzzy in entries if not msgstr or fuzzy] == []


def test_the_compiled_catalogue_matches_the_po_file():
    # Entries holding escapes (\n) are left out: po_entries() does not unescape them.
    plain = [(msgid, msgstr) for msgid, msgstr, _ in po_entries() if "\\" not in msgid + msgstr]
    with translation.override("ru"):
        stale = [msgid for msgid, msgstr in plain if translation.gettext(msgid) != msgstr]
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
