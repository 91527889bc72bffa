"""The blind draw ignores ratings (003 1.15.4): «Программа не предусматривает
классификации участников, если даже участники имеют индивидуальные рейтинги.
Перед началом турнира проводится жеребьёвка. В первом туре встречаются № 1 с № 2,
№ 3 с № 4 и т. д.» — the start numbers are the lot's, whatever the ratings."""

import pytest

from club.championships import pairing, services
from club.championships.models import Championship, Entry
from foundation.refusals import Invalid

from .conftest import T0

pytestmark = pytest.mark.django_db


def blind(make_championship, entrants, **options):
    return make_championship(entrants, system="swiss", swiss_system="blind", rounds_planned=3, **options)


def test_the_blind_draw_numbers_by_the_lot_although_the_players_are_rated(make_championship, players):
    # 1.15.4: «если даже участники имеют индивидуальные рейтинги» — the lot before the event.
    entrants = players[:6]  # rated 2000, 1950, … 1750
    championship = blind(make_championship, entrants)
    assert championship.initial_order == Championship.InitialOrder.LOT
    by_entry = [e.member_id for e in Entry.objects.filter(championship=championship).order_by("entered_at", "id")]
    numbered = [e.member_id for e in championship.entries.order_by("start_number")]
    seed = championship.lot_seed
    assert numbered == pairing.initial_order([{"id": pid} for pid in by_entry], seed, by_rating=False)


def test_round_one_pairs_number_1_with_number_2_of_the_lot(make_championship, players, staff):
    # 1.15.4: «В первом туре встречаются № 1 с № 2, № 3 с № 4».
    championship = blind(make_championship, players[:6])
    the_round = services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=T0)
    number = {e.member_id: e.start_number for e in championship.entries.all()}
    pairs = sorted(sorted((number[b.white_id], number[b.black_id])) for b in the_round.boards.all())
    assert pairs == [[1, 2], [3, 4], [5, 6]]


def test_the_rating_order_is_refused_for_the_blind_draw_with_a_reason(organiser):
    # 1.15.4: no classification by rating; the refusal says why and creates nothing.
    with pytest.raises(Invalid) as refused:
        services.championship_create(
            organiser=organiser,
            name="Blind",
            discipline="russian",
            time_control="d3",
            system="swiss",
            swiss_system="blind",
            rounds_planned=3,
            initial_order="rating",
            now=T0,
        )
    assert refused.value.code == "blind-draw-by-lot" and "1.15.4" in str(refused.value.detail)
    assert not Championship.objects.exists()


def test_the_api_answers_400_to_a_blind_draw_by_rating(api, organiser):
    # 1.15.4 through the API: a clear 400 with the reason.
    body = {
        "name": "Blind",
        "discipline": "russian",
        "time_control": "d3",
        "system": "swiss",
        "swiss_system": "blind",
        "rounds_planned": 3,
        "initial_order": "rating",
    }
    response = api(organiser).post("/api/championships/", body)
    assert response.status_code == 400 and "blind-draw-by-lot" in response.content.decode()
    created = api(organiser).post("/api/championships/", {**body, "initial_order": ""})
    assert created.status_code == 201 and created.json()["initial_order"] == "lot"


def test_the_other_systems_still_classify_by_rating_by_default(make_championship, players):
    # 1.15.5.1: «Классификация может производиться как с учётом, так и без учёта рейтингов»; the default, with.
    championship = make_championship(players[:5][::-1], system="swiss", swiss_system="coefficients", rounds_planned=3)
    assert championship.initial_order == Championship.InitialOrder.RATING
    ratings = [e.rating for e in championship.entries.order_by("start_number")]
    assert ratings == sorted(ratings, reverse=True)
