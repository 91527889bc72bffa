"""The regulations' other pairing procedures as event settings (003 1.15.9: «Положением или
Регламентом о соревновании может быть предусмотрен и иной порядок проведения жеребьёвки.
Например, принудительная жеребьёвка в первых турах, жеребьёвка участников по группам»):
set on the form and in the API, shown on the event's page, used when a round is paired and
shown in that round's working."""

import pytest
from django.test import Client
from rest_framework.test import APIClient

from club.championships import services
from club.championships.models import Board, Championship
from foundation.refusals import Invalid
from tests.conftest import make_member

from .conftest import T0, at

pytestmark = pytest.mark.django_db


@pytest.fixture
def eight(db):
    """Eight members, rated 2350 down to 2000."""
    return [make_member(f"p{i}", display_name=f"Player {i}", federation_rating=2350 - 50 * i) for i in range(8)]


def swiss(make_championship, players, **options):
    return make_championship(players, system="swiss", swiss_system="coefficients", rounds_planned=5, **options)


def round_one(championship, staff) -> set[frozenset[int]]:
    services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=at(60))
    boards = Board.objects.filter(round__championship=championship, round__number=1)
    return {frozenset({b.white_id, b.black_id}) for b in boards}


def test_an_accelerated_first_round_pairs_the_upper_half_among_itself_and_its_page_says_so(
    make_championship, eight, staff
):
    # 1.15.9: «принудительная жеребьёвка в первых турах».
    championship = swiss(make_championship, eight, accelerated_rounds=2)
    numbered = {e.start_number: e.member_id for e in championship.entries.all()}
    upper = {numbered[n] for n in (1, 2, 3, 4)}
    pairs = round_one(championship, staff)
    assert all(pair <= upper or not pair & upper for pair in pairs)
    services.round_publish(by=staff["arbiter"], championship_id=championship.pk, round_number=1, now=at(61))
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/championships/{championship.pk}/rounds/1/").content.decode()
    shown = page[page.index('class="working-procedures"') :].split("</ul>")[0]
    assert "Accelerated pairing (1.15.9)" in shown and "Player 0" in shown and "Player 7" not in shown
    detail = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/championships/{championship.pk}/").content.decode()
    assert "Accelerated pairing (1.15.9)" in detail and "the first 2 rounds" in detail


def test_pairing_within_rating_bands_never_pairs_across_a_band(make_championship, eight, staff):
    # 1.15.9: «жеребьёвка участников по группам», here by rating: 2200 and above, the rest.
    championship = swiss(make_championship, eight, rating_bands=[2200])
    strong = {e.member_id for e in championship.entries.all() if e.rating >= 2200}
    assert len(strong) == 4
    assert all(pair <= strong or not pair & strong for pair in round_one(championship, staff))
    working = championship.rounds.get(number=1).working
    assert [band["from"] for band in working["procedures"]["bands"]] == [2200, None]


def test_the_api_sets_and_shows_the_procedures(staff):
    client = APIClient()
    client.force_authenticate(staff["organiser"])
    body = {
        "name": "Accelerated open",
        "discipline": "russian",
        "time_control": "d3",
        "system": "swiss",
        "swiss_system": "buchholz",
        "rounds_planned": 7,
        "accelerated_rounds": 2,
        "accelerated_points": "0.5",
        "rating_bands": [1800, 2200],
    }
    response = client.post("/api/championships/", body, format="json")
    assert response.status_code == 201, response.content
    shown = response.json()
    assert (shown["accelerated_rounds"], shown["accelerated_points"], shown["rating_bands"]) == (2, "0.5", [2200, 1800])


@pytest.mark.parametrize(
    "options, code",
    [
        ({"system": "round-robin", "accelerated_rounds": 1}, "not-swiss"),
        ({"system": "swiss", "swiss_system": "coefficients", "rounds_planned": 3, "accelerated_rounds": 3},
         "bad-accelerated-rounds"),
        ({"system": "swiss", "swiss_system": "coefficients", "rounds_planned": 3, "accelerated_rounds": 1,
          "accelerated_points": 0.3}, "bad-accelerated-points"),
        ({"system": "swiss", "swiss_system": "coefficients", "rounds_planned": 3, "rating_bands": [2000, 2000]},
         "bad-rating-bands"),
    ],
)  # fmt: skip
def test_procedures_the_rules_cannot_apply_are_refused_and_nothing_is_created(staff, options, code):
    with pytest.raises(Invalid) as refused:
        services.championship_create(
            organiser=staff["organiser"], name="Cup", discipline="russian", time_control="d3", now=T0, **options
        )
    assert refused.value.code == code
    assert not Championship.objects.exists()


def test_the_organisers_form_takes_the_procedures(staff):
    browser = Client()
    browser.force_login(staff["organiser"])
    response = browser.post(
        "/championships/new/",
        {
            "name": "Banded open",
            "discipline": "russian",
            "time_control": "d3",
            "system": "swiss",
            "cycles": "1",
            "swiss_system": "coefficients",
            "rounds_planned": "5",
            "scoring": "1-1/2-0",
            "accelerated_rounds": "1",
            "accelerated_points": "1",
            "rating_bands": "1600, 2000",
            "play_mode": "rounds",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    made = Championship.objects.get(name="Banded open")
    assert (made.accelerated_rounds, made.rating_bands) == (1, [2000, 1600])
