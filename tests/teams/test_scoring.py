"""Team scoring (003 1.14.6): «Победа в командных соревнованиях присуждается коллективу,
набравшему в сумме наибольшее количество очков во всех партиях данного тура, а итоговая
сумма очков, набранная таким путём во всех турах, определяет место команды» — board
points, unless the regulations choose the note's «иной порядок»: 2 / 1 / 0 a match. An
event that says nothing is scored by the main text, and its pages say which applies."""

import pytest
from django.test import Client

from club.championships.models import Championship

from .conftest import ok

pytestmark = pytest.mark.django_db

# Ладья wins every match narrowly, 2½ : 1½; Дамка loses to Ладья but wins its other two
# matches 4 : 0. Board points: Дамка 9½, Ладья 7½. Match points: Ладья 6, Дамка 4.
NARROW_AND_WIDE = {
    ("Ладья", "Дамка"): "11=0",
    ("Ладья", "Шашист"): "11=0",
    ("Ладья", "Вертушка"): "11=0",
    ("Дамка", "Шашист"): "1111",
    ("Дамка", "Вертушка"): "1111",
    ("Шашист", "Вертушка"): "1100",
}


def test_a_team_event_that_names_no_scoring_is_scored_by_board_points(api, staff):
    created = ok(
        api(staff["organiser"]).post(
            "/api/teams/", {"name": "Кубок", "discipline": "russian", "time_control": "d3", "boards": 4}
        ),
        201,
    )
    assert Championship.objects.get(pk=created["id"]).scoring == "board-points"


def test_by_board_points_the_most_points_in_all_games_places_first_1_14_6(make_event, play_event):
    event = play_event(make_event(4, scoring=""), NARROW_AND_WIDE)
    assert event.scoring == "board-points"
    rows = Client().get(f"/api/teams/{event.pk}/standings/").json()["rows"]
    top = [(r["name"], r["place"], r["board_points"], r["match_points"]) for r in rows[:2]]
    assert top == [("Дамка", "1", 9.5, 4), ("Ладья", "2", 7.5, 6)]
    # 1.14.6: the team that won every match but is placed second may play for first place.
    assert next(r for r in rows if r["name"] == "Ладья")["playoff_right"] is True
    page = Client().get(f"/teams/{event.pk}/").content.decode()
    assert 'data-scoring="board-points"' in page and "1.14.6" in page


def test_the_regulations_may_choose_match_points_and_the_pages_say_so_1_14_6_note(make_event, play_event):
    event = play_event(make_event(4, scoring="match-points"), NARROW_AND_WIDE)
    rows = Client().get(f"/api/teams/{event.pk}/standings/").json()["rows"]
    assert [(r["name"], r["place"]) for r in rows[:2]] == [("Ладья", "1"), ("Дамка", "2")]
    for url in (f"/teams/{event.pk}/", f"/teams/{event.pk}/standings/"):
        page = Client().get(url).content.decode()
        assert 'data-scoring="match-points"' in page and "1.14.6" in page
