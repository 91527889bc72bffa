"""An event's game says where it belongs on the pages a player reads — its page, "My games",
the notice that it is over — and a game the chief arbiter adjudicates after play has closed
waits for nobody's move."""

import pytest
from django.urls import reverse

from club.championships import services
from club.championships.models import Board
from club.notifications.models import Notification
from games.services import game_move_make, game_resign
from tests.games_web.helpers import start_game

from .conftest import T0, at

pytestmark = pytest.mark.django_db
DAY = 24 * 60


@pytest.fixture(autouse=True)
def english(settings):
    settings.LANGUAGE_CODE = "en"


@pytest.fixture
def section(make_championship, players, staff):
    """A correspondence round robin of four, every game started at once, closing after two days."""
    championship = make_championship(
        players[:4], name="Autumn correspondence", play_mode="all-at-once", time_control="d3", closes_at=at(2 * DAY)
    )
    services.section_start(by=staff["chief"], championship_id=championship.pk, now=T0)
    championship.refresh_from_db()
    return championship


def first_board(championship, round_number=2):
    return Board.objects.select_related("white", "black").get(
        round__championship=championship, round__number=round_number, number=1
    )


def test_the_game_page_links_its_event_and_round(client, section):
    board = first_board(section)
    page = client.get(reverse("games:game", args=[board.game_id])).content.decode()
    event_url = reverse("championships:detail", args=[section.pk])
    round_url = reverse("championships:round", args=[section.pk, 2])
    assert f'<a href="{event_url}">Autumn correspondence</a>, <a href="{round_url}">round 2</a>, board 1' in page


def test_a_club_game_page_names_no_event(client, anna, boris):
    game = start_game(white=anna, black=boris)
    assert 'class="game-event"' not in client.get(reverse("games:game", args=[game.id])).content.decode()


def test_my_games_has_an_event_column_with_the_round_and_club_games_say_so(client, section, boris):
    board = first_board(section)
    club_game = start_game(white=board.white, black=boris)
    client.force_login(board.white)
    page = client.get(reverse("games:my-games")).content.decode()
    assert "<th>Event</th>" in page
    rows = {chunk.split('"', 1)[0]: chunk.split("</tr>", 1)[0] for chunk in page.split('data-game="')[1:]}
    round_url = reverse("championships:round", args=[section.pk, 2])
    assert "Autumn correspondence" in rows[str(board.game_id)] and round_url in rows[str(board.game_id)]
    assert "club game" in rows[str(club_game.id)] and "Autumn" not in rows[str(club_game.id)]


def test_the_game_over_notice_names_the_event_and_round(section, on_commit):
    board = first_board(section, round_number=3)
    with on_commit():
        game_resign(game_id=board.game_id, member=board.black, now=at(60))
    notice = Notification.objects.get(recipient=board.white, kind="result", key=f"result:{board.game_id}")
    assert str(notice).endswith("— Autumn correspondence, round 3"), str(notice)


def test_a_club_games_notice_names_no_event(anna, boris, on_commit):
    game = start_game(white=anna, black=boris)
    with on_commit():
        game_resign(game_id=game.id, member=boris)
    notice = Notification.objects.get(recipient=anna, kind="result")
    assert "—" not in str(notice)


def test_a_game_awaiting_adjudication_shows_no_move_in_my_games_nor_on_the_home_page(client, section, on_commit):
    board = first_board(section)
    # White moves, so the game waits for black's move when play closes.
    game_move_make(game_id=board.game_id, member=board.white, text="c3-d4", expected_ply=0, now=at(60))
    with on_commit():
        services.play_close_due(now=at(2 * DAY + 1))
    client.force_login(board.black)
    page = client.get(reverse("games:my-games")).content.decode()
    row = page.split(f'data-game="{board.game_id}"', 1)[1].split("</tr>", 1)[0]
    assert "awaiting the chief arbiter's adjudication" in row
    assert "Your move" not in row and "Opponent's move" not in row
    home = client.get(reverse("home")).content.decode()
    assert f'data-game="{board.game_id}"' not in home.split("Challenges I can accept")[0]


def test_a_profile_lists_the_events_played_with_place_and_points(client, section, on_commit, players):
    boards = list(Board.objects.filter(round__championship=section).order_by("-round__number", "number"))
    running = client.get(reverse("member-profile", args=[players[0].username])).content.decode()
    assert "Autumn correspondence" in running.split("Events played", 1)[1] and "being played" in running
    with on_commit():  # every game won by white: the section ends, its standings are stored
        for i, board in enumerate(boards):
            game_resign(game_id=board.game_id, member=board.black, now=at(60 + i))
    section.refresh_from_db()
    assert section.status == "finished"
    row = next(row for row in section.standings.rows if row["id"] == players[0].pk)
    page = client.get(reverse("member-profile", args=[players[0].username])).content.decode()
    listed = page.split("Events played", 1)[1].split("</section>", 1)[0]
    event_url = reverse("championships:detail", args=[section.pk])
    assert f'<a href="{event_url}">Autumn correspondence</a>' in listed
    assert f"place {row['place']}" in listed and f"points: {row['points']:g}" in listed
    assert "being played" not in listed


def test_a_member_who_played_no_event_has_an_empty_list(client, anna):
    page = client.get(reverse("member-profile", args=["anna"])).content.decode()
    assert "No events yet." in page
