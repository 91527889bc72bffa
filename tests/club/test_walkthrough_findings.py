"""Findings of a walk through the club as a newcomer, a player and an arbiter would
take it: each one a rough edge of the site's own pages, fixed and kept fixed."""

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from django.utils import translation

from club.championships.authority import Action, verdict
from games.services import game_create
from members import selectors
from members.services import member_sign_up
from tests.championships.conftest import make_championship, players, staff  # noqa: F401
from tests.conftest import make_member

pytestmark = pytest.mark.django_db


def test_a_refusal_is_written_in_the_language_of_the_page_that_is_refused(anna, boris):
    """The authority's reasons were translated once, at import, in the club's language."""
    game = game_create(discipline="russian", white=anna, black=boris, time_control="d3")
    outsider = make_member("outsider")
    with translation.override("en"):
        assert verdict(outsider, Action.GAME_DESK, game).reason == "Only a club arbiter may do this (002 §17)."
    with translation.override("ru"):
        assert verdict(outsider, Action.GAME_DESK, game).reason == "Это может сделать только судья клуба (002 §17)."
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(outsider)
    page = client.get(f"/arbiters/games/{game.pk}/")
    assert page.status_code == 403 and "Only a club arbiter may do this" in page.content.decode()


def test_member_search_ignores_case_in_every_alphabet(db):
    make_member("orlova", display_name="Анна Орлова", city="Тверь")
    for query in ("орлова", "ОРЛОВА", "Орлова", "тверь", "ORLOVA"):
        assert [m.username for m in selectors.member_list(query=query)] == ["orlova"], query
    assert list(selectors.member_list(query="петрова")) == []


def test_a_new_member_is_counted_on_the_home_page_at_once(db, django_capture_on_commit_callbacks):
    make_member("first")
    before = selectors.member_count()
    with django_capture_on_commit_callbacks(execute=True):
        member_sign_up(username="newcomer", email="newcomer@club.test", password="a long club password")
    assert selectors.member_count() == before + 1


def test_favicon_ico_leads_to_the_club_s_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"].endswith("/favicon.svg")
    assert finders.find("favicon.svg")


def test_opening_an_action_s_address_explains_itself_instead_of_a_blank_page(anna):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(anna)
    page = client.get("/arbiters/games/1/draw-claim/")
    assert page.status_code == 405 and page["Allow"] == "POST"
    assert "This address takes a form&#x27;s submission, not a visit" in page.content.decode()


def test_the_time_zone_list_offers_places_only():
    from foundation.zones import zone_names

    names = zone_names()
    assert "Europe/Moscow" in names and "UTC" in names
    assert not {"Factory", "localtime", "posixrules"} & set(names)


def test_counts_read_as_english_does_one_round_one_cycle(make_championship, players, staff):
    championship = make_championship(players[:2], cycles=1)
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/championships/{championship.pk}/").content.decode()
    assert "1 cycle<" in page and "cycle(s)" not in page and "1 round in all." in page
    swiss = make_championship(players[2:4], name="Swiss", system="swiss", swiss_system="buchholz", rounds_planned=1)
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/championships/{swiss.pk}/").content.decode()
    assert "1 round," in page and "1 rounds" not in page
