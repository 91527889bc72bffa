"""A round paired but not yet published is not public (003 1.15: until it is published the chief
arbiter may still change a pair, with his reason, or withdraw the pairing and pair again).

Every surface asks one selector (``selectors.visibility``): a visitor and a player of the event
see none of its boards — not on the event page, in the API, the results document, the files, the
calendar or the feeds — while its arbiters, who may read the event's drafts (``authority``
``Action.EVENT_READ``), see them where they work: the event page and the API. The documents every
reader shares (the results JSON, the round's pairing sheet, the files, the feeds) are the public's
for everyone, so there the round waits for its publication whoever asks."""

import json

import pytest
from django.test import Client

from club.championships import services
from club.championships.models import Board, Round

from .conftest import T0, at
from .test_pages import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def paired(make_championship, players, staff):
    """A live round robin of five (one rests each round) whose round 1 is paired, to start
    in an hour, and not published; the names of its pairs, as the event page prints them."""
    championship = make_championship(players[:5], time_control="2700")
    services.round_pair(by=staff["arbiter"], championship_id=championship.pk, starts_at=at(60), now=T0)
    assert Round.objects.get(championship=championship).status == Round.Status.PAIRED
    return championship


def visitors(players, staff):
    """Who may not read the event's drafts: a visitor, and a player paired in the round."""
    return {"visitor": Client(), "player": client_for(players[0])}


def an_arbiter(staff):
    return client_for(staff["arbiter"])


def _pairings_on_the_event_page(client, championship) -> bool:
    page = client.get(f"/championships/{championship.pk}/").content.decode()
    return 'id="round-1"' in page


def _api_json(client, url):
    response = client.get(url)
    return response.status_code, (response.json() if response.status_code == 200 else None)


def test_the_event_page_shows_the_paired_round_to_its_arbiters_only(paired, players, staff):
    for who, client in visitors(players, staff).items():
        assert not _pairings_on_the_event_page(client, paired), who
    assert _pairings_on_the_event_page(an_arbiter(staff), paired)


def _logged(client, championship) -> int:
    """How many decisions the event page's log lists."""
    page = client.get(f"/championships/{championship.pk}/").content.decode()
    return page.split('<ul class="decisions">', 1)[1].split("</ul>", 1)[0].count("<li>")


def test_the_event_page_s_log_keeps_the_pairing_decision_from_the_public(paired, players, staff):
    # The same log, less the pairing (its pairs are the round's boards) for whoever may not read drafts.
    shown_to_the_arbiter = _logged(an_arbiter(staff), paired)
    for who, client in visitors(players, staff).items():
        assert _logged(client, paired) == shown_to_the_arbiter - 1, who


def test_the_api_s_championship_lists_the_paired_round_to_its_arbiters_only(paired, players, staff):
    url = f"/api/championships/{paired.pk}/"
    for who, client in visitors(players, staff).items():
        status, body = _api_json(client, url)
        assert status == 200 and body["rounds"] == [], who
    status, body = _api_json(an_arbiter(staff), url)
    assert [len(r["boards"]) for r in body["rounds"]] == [3]


@pytest.mark.parametrize("path", ["rounds/1/", "rounds/1/arbiters/"])
def test_the_api_s_round_is_not_found_but_by_its_arbiters(paired, players, staff, path):
    url = f"/api/championships/{paired.pk}/{path}"
    for who, client in visitors(players, staff).items():
        assert client.get(url).status_code == 404, who
    assert an_arbiter(staff).get(url).status_code == 200


def test_the_api_s_log_keeps_the_pairing_decision_and_its_pairs_from_the_public(paired, players, staff):
    url = f"/api/championships/{paired.pk}/decisions/"
    for who, client in visitors(players, staff).items():
        assert "pair" not in [d["action"] for d in client.get(url).json()], who
    pairs = [d["data"]["pairs"] for d in an_arbiter(staff).get(url).json() if d["action"] == "pair"]
    assert len(pairs) == 1 and len(pairs[0]) == 3


def test_the_shared_documents_wait_for_the_publication_whoever_asks(paired, players, staff):
    everyone = {**visitors(players, staff), "arbiter": an_arbiter(staff)}
    for who, client in everyone.items():
        results = client.get(f"/api/championships/{paired.pk}/published/")
        assert results.status_code == 200 and json.loads(results.content)["rounds"] == [], who
        assert client.get(f"/api/championships/{paired.pk}/rounds/1/pairings/").status_code == 404, who
        assert client.get(f"/championships/{paired.pk}/rounds/1/").status_code == 404, who
        feed = client.get(f"/championships/{paired.pk}/results.atom").content.decode()
        assert "<entry>" not in feed, who


def test_the_calendar_has_no_round_before_it_is_published(paired, players, staff, on_commit):
    url = f"/championships/{paired.pk}/calendar.ics"
    for who, client in {**visitors(players, staff), "arbiter": an_arbiter(staff)}.items():
        assert "UID:round-" not in client.get(url).content.decode(), who
    with on_commit():
        services.round_publish(
            by=staff["arbiter"], championship_id=paired.pk, round_number=1, start_confirmed=True, now=T0
        )
    assert "UID:round-" in Client().get(url).content.decode()


def test_the_files_hold_no_board_of_the_round_before_it_is_published(paired, players, staff, on_commit):
    resting = Board.objects.get(round__championship=paired, black__isnull=True).white
    files = {
        kind: Client().get(f"/api/championships/{paired.pk}/export/{kind}/").content.decode()
        for kind in ("trf", "games", "standings.csv")
    }
    # TRF16's player line: the round's columns stay blank, the rest not listed (a rest is "0000 - -").
    assert "0000 - -" not in files["trf"]
    with on_commit():
        services.round_publish(
            by=staff["arbiter"], championship_id=paired.pk, round_number=1, start_confirmed=True, now=T0
        )
    published = Client().get(f"/api/championships/{paired.pk}/export/trf/").content.decode()
    assert published != files["trf"], resting


def test_the_knockout_bracket_shows_a_paired_round_to_its_arbiters_only(make_championship, players, staff):
    knockout = make_championship(players[:4], system="knockout", games_per_pairing=2)
    services.round_pair(by=staff["arbiter"], championship_id=knockout.pk, now=T0)
    for who, client in visitors(players, staff).items():
        assert 'id="round-1"' not in client.get(f"/championships/{knockout.pk}/bracket/").content.decode(), who
        assert client.get(f"/api/championships/{knockout.pk}/bracket/").json() == [], who
    assert 'id="round-1"' in an_arbiter(staff).get(f"/championships/{knockout.pk}/bracket/").content.decode()
    assert [r["number"] for r in an_arbiter(staff).get(f"/api/championships/{knockout.pk}/bracket/").json()] == [1]
