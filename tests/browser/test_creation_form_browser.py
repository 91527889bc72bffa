"""The organiser's creation form in the browser, at a phone's width in Russian and
a desktop's in English: its fields follow the chosen system, discipline and
venue (a live draughts round robin, a Swiss, a knockout; renju's own fields;
a correspondence event's), the time controls offered are the discipline's, and a
time bank with days added per move is written under "other…" and created."""

import pytest
from playwright.sync_api import expect

from club.championships.models import Championship
from tests.browser.test_arbiter_inbox_browser import official_page
from tests.browser.test_play_browser import club_server  # noqa: F401 (fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=15_000)

SYSTEM_FIELDS = {
    "round-robin": {"cycles"},
    "swiss": {"swiss_system", "rounds_planned", "initial_order"},
    "knockout": {"tie_matches", "tie_time_control", "tie_break"},
}


def row(page, name):
    return page.locator(f"#id_{name}").locator("xpath=ancestor::div[1]")


def shown(page, *names):
    for name in names:
        expect(row(page, name)).to_be_visible()


def hidden(page, *names):
    for name in names:
        expect(row(page, name)).to_be_hidden()
        expect(page.locator(f"#id_{name}")).to_be_disabled()  # not submitted either


@pytest.mark.parametrize(("width", "locale"), [(390, "ru-RU"), (1280, "en-GB")])
def test_the_creation_form_follows_the_system_the_discipline_and_the_venue(
    browser, club_server, organiser, width, locale
):
    page = official_page(browser, club_server, organiser, width=width, locale=locale)
    page.goto("/championships/new/")
    page.locator("#id_discipline").select_option("russian")
    page.locator("#id_time_control").select_option("2700")
    for system, fields in SYSTEM_FIELDS.items():
        page.locator("#id_system").select_option(system)
        shown(page, *fields)
        hidden(page, *set().union(*SYSTEM_FIELDS.values()) - fields)
    # a live draughts event: no renju, шашки-64 or correspondence fields; the lateness is asked
    hidden(page, "opening_rule", "foul_policy", "draw_after_moves", "ballot_table", "closes_at", "play_mode")
    shown(page, "lateness_minutes")
    # renju's presets are not offered for Russian draughts, and the other way round
    russian_only = page.locator("#id_time_control option[data-disciplines='russian giveaway']")
    renju_only = page.locator("#id_time_control option:not([data-disciplines*='russian'])[data-disciplines]")
    assert renju_only.count() and all(o.is_hidden() or o.is_disabled() for o in renju_only.all())
    page.locator("#id_discipline").select_option("renju")
    shown(page, "opening_rule", "foul_policy", "draw_after_moves")
    assert russian_only.count() and all(o.is_disabled() for o in russian_only.all())
    # a correspondence round robin with a time bank written under "other…"
    page.locator("#id_discipline").select_option("russian")
    page.locator("#id_system").select_option("round-robin")
    expect(row(page, "custom_time_control")).to_be_hidden()
    page.locator("#id_time_control").select_option("custom")
    expect(row(page, "custom_time_control")).to_be_visible()
    page.locator("#id_custom_time_control").fill("d30+2max10")
    shown(page, "closes_at", "vacation_days_max", "play_mode", "section_size")
    hidden(page, "lateness_minutes", "round_days")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.locator("#id_name").fill(f"Bank {width}")
    page.locator("form.championship-form button[type='submit']").click()
    expect(page.locator(".messages")).to_be_visible()
    championship = Championship.objects.get(name=f"Bank {width}")
    assert (str(championship.time_control), championship.system, championship.cycles) == (
        "d30+2max10",
        "round-robin",
        1,
    )
    assert championship.swiss_system == "" and championship.lateness_minutes is None
