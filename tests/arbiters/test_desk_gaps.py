"""The desk's next step without gaps: with entries open and nobody entered it says
how players come in; at "check and publish" the pairs stand beside the button and
the next round is not offered for pairing (1.15); while a round is played its page
and, for the chief arbiter, its whole-round results are a click away; the boards of
a section played all at once are all linked; its forms come back to the desk; dates
are typed with the browser's date and time picker, or the Russian way."""

from datetime import datetime

import pytest
from django.test import Client
from django.utils import translation

from club.championships import services
from club.championships.forms import ChampionshipForm
from club.championships.selectors.desk import next_step
from tests.conftest import make_member

from .conftest import T0

pytestmark = pytest.mark.django_db


def desk_of(member, championship):
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(member)
    return client, client.get(f"/championships/{championship.pk}/desk/").content.decode()


def test_with_entries_open_and_nobody_entered_the_desk_says_how_players_come_in(make_championship, staff):
    championship = make_championship(close=False)
    with translation.override("en"):
        step = next_step(championship)
    assert step.action == "add" and "adds players" in step.text
    client, desk = desk_of(staff["organiser"], championship)
    assert 'class="form inline-form add-member"' in desk
    newcomer = make_member("newcomer")
    response = client.post(f"/championships/{championship.pk}/add/", {"from": "desk", "username": newcomer.username})
    assert response["Location"] == f"/championships/{championship.pk}/desk/"
    assert championship.entries.filter(member=newcomer).exists()


def test_a_paired_round_is_checked_beside_its_pairs_and_the_next_is_not_offered(make_championship, players, staff):
    championship = make_championship(players[:4])
    services.round_pair(by=staff["chief"], championship_id=championship.pk, now=T0)
    _client, desk = desk_of(staff["chief"], championship)
    assert desk.count("<li value=") == 2 and 'class="pairs-to-publish"' in desk
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(staff["chief"])
    page = client.get(f"/championships/{championship.pk}/").content.decode()
    assert "Pair the next round" not in page


def test_while_a_round_is_played_its_pages_are_linked_from_the_desk(make_championship, players, staff):
    championship = make_championship(players[:4])
    services.round_pair(by=staff["chief"], championship_id=championship.pk, now=T0)
    services.round_publish(by=staff["chief"], championship_id=championship.pk, round_number=1, now=T0)
    _client, desk = desk_of(staff["chief"], championship)
    assert f"/championships/{championship.pk}/rounds/1/results/" in desk
    _client, desk = desk_of(staff["arbiter"], championship)  # results are the chief arbiter's (1.10.4)
    assert 'class="round-page"' in desk and f"/championships/{championship.pk}/rounds/1/results/" not in desk


def test_a_section_played_all_at_once_links_every_round_s_boards(make_championship, players, staff):
    championship = make_championship(players[:4], play_mode="all-at-once")
    services.section_start(by=staff["chief"], championship_id=championship.pk, now=T0)
    _client, desk = desk_of(staff["arbiter"], championship)
    for number in (1, 2, 3):
        assert f"Round {number}, board 2: sanctions" in desk


def test_dates_are_picked_or_typed_the_russian_way_in_any_language():
    with translation.override("en"):
        form = ChampionshipForm()
        assert 'type="datetime-local"' in str(form["closes_at"])
        field = form.fields["entries_close_at"]
        assert field.clean("20.12.2026 18:00").replace(tzinfo=None) == datetime(2026, 12, 20, 18, 0)
        assert field.clean("2026-12-20T18:00").replace(tzinfo=None) == datetime(2026, 12, 20, 18, 0)
