"""Play-offs for tied places (003 1.13.2, 1.14.6): «дополнительные игры» between exactly
the players tied, created by the chief arbiter from the final standings, at their own time
control; their result orders those places ahead of the coefficients, and a drawn play-off
falls back to the next criterion."""

import pytest
from django.test import Client
from django.urls import reverse

from club.championships import demo, services
from club.championships.models import Board, Decision, Playoff
from foundation.refusals import Conflict, Forbidden
from games.services.arbiter import game_result_change

from .conftest import T0, at
from .test_pages import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def tied(players, staff, on_commit):
    """Four players: Pyotr and Olga draw each other and beat the other two, who draw: 2½
    each at the top, level on every criterion but the last, the opponents' ratings, which
    puts Olga (who met the higher-rated Pyotr) first."""
    top = {players[0].pk, players[1].pk}

    def decide(white, black):
        if {white.pk, black.pk} == top or not {white.pk, black.pk} & top:
            return "draw"
        return "white" if white.pk in top else "black"

    with on_commit():
        return demo.round_robin(**staff, players=players[:4], start=T0, decide=decide)


def standings(api, championship):
    return {row["id"]: row for row in api(None).get(f"/api/championships/{championship.pk}/standings/").json()["rows"]}


def resign(api, game_id, member):
    response = api(member).post(f"/api/games/{game_id}/resign/")
    assert response.status_code == 200, response.content


def create(api, chief, championship, member_ids, **extra):
    body = {"member_ids": member_ids, "time_control": "600+5", "games_per_pair": 2, "reason": "the title", **extra}
    return api(chief).post(f"/api/championships/{championship.pk}/playoffs/", body)


def test_a_tie_for_first_is_settled_by_a_two_game_play_off_and_the_final_standings_show_it(api, tied, players, staff):
    # 1.13.2: the play-off's result orders the tied places, ahead of the coefficients.
    pyotr, olga = players[0], players[1]
    before = standings(api, tied)
    assert (before[olga.pk]["place"], before[pyotr.pk]["place"]) == ("1", "2")  # by the opponents' ratings
    created = create(api, staff["chief"], tied, [pyotr.pk, olga.pk])
    assert created.status_code == 201, created.content
    body = created.json()
    assert body["time_control"] == "600+5" and len(body["games"]) == 2
    first, second = body["games"]
    resign(api, first, olga)  # Pyotr wins the first game
    assert standings(api, tied)[olga.pk]["place"] == "1"  # not decided until both are played
    resign(api, second, olga)  # and the second
    after = standings(api, tied)
    assert (after[pyotr.pk]["place"], after[olga.pk]["place"]) == ("1", "2")
    assert after[olga.pk]["points"] == after[pyotr.pk]["points"] == 2.5  # the event's points are unchanged
    assert Decision.objects.filter(championship=tied, action="playoff", clause="1.13.2").exists()


def test_a_drawn_play_off_falls_back_to_the_next_criterion(api, tied, players, staff):
    # 1.13.2: a play-off won game for game leaves the places to the criteria (the opponents' ratings).
    pyotr, olga = players[0], players[1]
    first, second = create(api, staff["chief"], tied, [pyotr.pk, olga.pk]).json()["games"]
    resign(api, first, pyotr)
    resign(api, second, olga)
    after = standings(api, tied)
    assert (after[olga.pk]["place"], after[pyotr.pk]["place"]) == ("1", "2")


def test_the_play_off_is_between_exactly_the_tied_players(tied, players, staff):
    # 1.13.2: «между участниками, набравшими равное количество очков» — all of them, nobody else.
    chief = staff["chief"]
    with pytest.raises(Conflict) as refused:
        services.playoff_create(
            by=chief,
            championship_id=tied.pk,
            member_ids=[players[0].pk, players[2].pk],
            time_control="600+5",
            reason="x",
            now=at(10_000),
        )
    assert refused.value.code == "not-tied"
    with pytest.raises(Forbidden):
        services.playoff_create(
            by=staff["arbiter"],
            championship_id=tied.pk,
            member_ids=[players[0].pk, players[1].pk],
            time_control="600+5",
            reason="x",
            now=at(10_000),
        )
    assert not Playoff.objects.exists()


def test_a_play_off_waits_for_the_final_standings(make_championship, players, staff):
    # 1.13.2: the play-off decides final places: refused while the event runs.
    championship = make_championship(players[:4])
    with pytest.raises(Conflict) as refused:
        services.playoff_create(
            by=staff["chief"],
            championship_id=championship.pk,
            member_ids=[players[0].pk, players[1].pk],
            time_control="600+5",
            reason="x",
            now=at(10),
        )
    assert refused.value.code == "not-final"


def correct(championship, winner, loser, staff, on_commit):
    """Their game of the main event corrected to a win for ``winner`` after the play-off
    (2.1.10.4), at the game layer — the championship's own service refuses once its results are final."""
    board = Board.objects.get(round__championship=championship, white__in=[winner, loser], black__in=[winner, loser])
    with on_commit():
        game_result_change(
            game_id=board.game_id,
            arbiter=staff["chief"],
            result="1-0" if board.white_id == winner.pk else "0-1",
            reason="scoresheet",
            now=at(20_000),
        )


def playoff_state(api, championship):
    (only,) = api(None).get(f"/api/championships/{championship.pk}/playoffs/").json()
    return only["state"]


def test_a_result_corrected_after_the_play_off_that_breaks_the_tie_voids_it(api, tied, players, staff, on_commit):
    # 1.13.2: a play-off is between players tied on points; once a correction leaves them
    # untied, the points order them and the play-off, void, orders nothing.
    pyotr, olga = players[0], players[1]
    first, second = create(api, staff["chief"], tied, [pyotr.pk, olga.pk]).json()["games"]
    resign(api, first, olga)
    resign(api, second, olga)
    assert playoff_state(api, tied) == "decided"
    correct(tied, olga, pyotr, staff, on_commit)
    after = standings(api, tied)
    assert after[olga.pk]["points"] == 3 and after[pyotr.pk]["points"] == 2
    assert (after[olga.pk]["place"], after[pyotr.pk]["place"]) == ("1", "2")
    assert playoff_state(api, tied) == "void"


def test_a_correction_that_leaves_them_tied_keeps_the_play_off(api, tied, players, staff, on_commit):
    # 1.13.2: the other two players' draw becomes a win; the leaders are still level, so the
    # play-off still orders them.
    pyotr, olga = players[0], players[1]
    first, second = create(api, staff["chief"], tied, [pyotr.pk, olga.pk]).json()["games"]
    resign(api, first, olga)
    resign(api, second, olga)
    correct(tied, players[2], players[3], staff, on_commit)
    after = standings(api, tied)
    assert after[olga.pk]["points"] == after[pyotr.pk]["points"] == 2.5
    assert (after[pyotr.pk]["place"], after[olga.pk]["place"]) == ("1", "2")
    assert playoff_state(api, tied) == "decided"


def test_the_chief_arbiter_creates_the_play_off_from_the_event_page_and_its_pages_show_it(
    api, tied, players, staff, on_commit
):
    # 1.13.2 from the pages: the chief arbiter names the tied players, the time control and
    # the games per pair; the event page lists its games and its state, the final standings
    # mark the places it decided, and a correction that breaks the tie shows it void.
    pyotr, olga = players[0], players[1]
    detail = reverse("championships:detail", args=[tied.pk])
    assert "playoff-form" not in client_for(staff["arbiter"]).get(detail).content.decode()
    chief = client_for(staff["chief"])
    refused = chief.post(
        reverse("championships:action", args=[tied.pk, "playoff"]),
        {"usernames": pyotr.username, "time_control": "600+5", "games_per_pair": 2, "reason": "the title"},
    )
    assert refused.status_code == 400 and not Playoff.objects.exists()  # one player is no play-off
    with on_commit():
        chief.post(
            reverse("championships:action", args=[tied.pk, "playoff"]),
            {
                "usernames": f"{olga.username}, {pyotr.username}",
                "time_control": "600+5",
                "games_per_pair": 2,
                "reason": "the title",
            },
        )
    playoff = Playoff.objects.get()
    first, second = playoff.games.values_list("game_id", flat=True)
    page = chief.get(detail).content.decode()
    assert f"/play/games/{first}/" in page and f"/play/games/{second}/" in page
    assert 'class="playoff playoff-pending"' in page
    with on_commit():
        resign(api, first, olga)
        resign(api, second, olga)
    results = Client().get(reverse("championships:results", args=[tied.pk])).content.decode()
    assert results.count('class="playoff-mark"') == 2
    assert 'class="playoff playoff-decided"' in Client().get(detail).content.decode()
    correct(tied, olga, pyotr, staff, on_commit)
    assert 'class="playoff-void"' in Client().get(detail).content.decode()
    assert 'class="playoff-mark"' not in Client().get(reverse("championships:results", args=[tied.pk])).content.decode()
