"""After a correspondence event's closing date the desk says that the chief arbiter
adjudicates, lists the games awaiting it, each with its position, and the form picks
the game from that list (the event's rules; services.correspondence)."""

import pytest
from django.utils import translation

from club.championships import services as championships
from club.championships.models import Decision
from club.championships.selectors.adjudication import games_awaiting_adjudication
from club.championships.selectors.desk import next_step
from games.models import Game
from games.services import game_move_make

from .conftest import T0, at

pytestmark = pytest.mark.django_db
DAY = 24 * 60


@pytest.fixture
def closed_section(make_championship, players, staff, on_commit):
    """A correspondence round robin of four, all at once; one move made; its closing date passed."""
    championship = make_championship(players[:4], play_mode="all-at-once", time_control="d3", closes_at=at(2 * DAY))
    championships.section_start(by=staff["chief"], championship_id=championship.pk, now=T0)
    first = Game.objects.filter(championship_board__round__championship=championship).order_by("pk").first()
    game_move_make(game_id=first.pk, member=first.white, text="c3-d4", expected_ply=0, now=at(60))
    with on_commit():
        championships.play_close_due(now=at(2 * DAY + 1))
    return championship


def test_the_desk_s_next_step_is_the_adjudication_not_the_play(closed_section, staff):
    with translation.override("en"):
        step = next_step(closed_section)
    assert step.action == "adjudicate" and step.by == (staff["chief"],)
    assert "adjudicates the 6 unfinished games" in step.text


def test_each_game_awaiting_adjudication_is_listed_with_its_position(closed_section):
    waiting = games_awaiting_adjudication(closed_section)
    assert [(w.round_number, w.board_number) for w in waiting] == [(1, 1), (1, 2), (2, 1), (2, 2), (3, 1), (3, 2)]
    moved = next(w for w in waiting if w.game.ply == 1)
    assert moved.fen.startswith("B:") and "d4" in moved.fen  # black to move after c3-d4
    assert moved.stopped_at == at(2 * DAY + 1)


def test_the_chief_arbiter_adjudicates_from_the_desk_and_comes_back_to_it(client, closed_section, staff):
    client.force_login(staff["chief"])
    desk = client.get(f"/championships/{closed_section.pk}/desk/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    waiting = games_awaiting_adjudication(closed_section)
    for w in waiting:
        assert f'id="adjudicate-{w.game.pk}"' in desk and f'data-position-fen="{w.fen}"' in desk
    assert desk.count('name="adjudicate"') == 6
    game = waiting[0].game
    response = client.post(
        f"/championships/{closed_section.pk}/adjudicate/",
        {"from": "desk", "game_id": game.pk, "result": "1/2-1/2", "reason": "a drawn ending"},
    )
    assert response.status_code == 302 and response["Location"] == f"/championships/{closed_section.pk}/desk/"
    game.refresh_from_db()
    assert (game.status, game.result) == (Game.Status.FINISHED, "1/2-1/2")
    assert len(games_awaiting_adjudication(closed_section)) == 5


def test_an_arbiter_sees_the_list_but_adjudicating_is_the_chief_s(client, closed_section, staff):
    client.force_login(staff["arbiter"])
    desk = client.get(f"/championships/{closed_section.pk}/desk/").content.decode()
    assert desk.count('class="awaiting"') == 6 and 'name="adjudicate"' not in desk


def test_a_game_not_on_the_list_cannot_be_adjudicated(client, closed_section, staff):
    decisions = Decision.objects.count()
    first = games_awaiting_adjudication(closed_section)[0].game
    championships.game_adjudicate(
        by=staff["chief"], championship_id=closed_section.pk, game_id=first.pk, result="1-0", reason="won"
    )
    client.force_login(staff["chief"])
    with translation.override("en"):
        response = client.post(
            f"/championships/{closed_section.pk}/adjudicate/",
            {"game_id": first.pk, "result": "0-1", "reason": "again"},
            HTTP_ACCEPT_LANGUAGE="en",
        )
    assert response.status_code == 400
    assert "does not await adjudication" in response.content.decode()
    first.refresh_from_db()
    assert first.result == "1-0" and Decision.objects.count() == decisions + 1


def test_the_event_page_s_form_offers_only_the_games_awaiting_adjudication(client, closed_section, staff):
    client.force_login(staff["chief"])
    page = client.get(f"/championships/{closed_section.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for w in games_awaiting_adjudication(closed_section):
        assert f'<option value="{w.game.pk}">Round {w.round_number}, board {w.board_number}:' in page
