"""What a member reads on the pages around play: the same
header everywhere, the home page's games, challenges and championships, whose
colour a game row names, club ratings by discipline in words."""

import pytest
from django.urls import reverse

from games import services
from ratings.models import Rating
from tests.games_web.helpers import start_game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def english(settings):
    settings.LANGUAGE_CODE = "en"


@pytest.mark.parametrize("url", ["home", "member-list", "rating-list", "games:lobby", "notification-list"])
def test_every_page_has_my_games_and_notifications_in_its_header(client, anna, url):
    client.force_login(anna)
    header = client.get(reverse(url)).content.decode().split("</header>")[0]
    assert reverse("games:my-games") in header and reverse("notification-list") in header


def test_the_home_page_shows_games_waiting_for_me_and_challenges_i_can_accept(client, anna, boris, organiser):
    waiting = start_game(white=anna, black=boris)  # white to move: waiting for Anna
    theirs = start_game(white=boris, black=anna)  # Boris to move
    services.challenge_create(challenger=organiser, discipline="renju", time_control="d3")
    services.challenge_create(challenger=anna, discipline="russian", time_control="d3")  # her own: not listed
    client.force_login(anna)
    page = client.get(reverse("home")).content.decode()
    assert f'data-game="{waiting.id}"' in page and f'data-game="{theirs.id}"' not in page
    assert "Grigory Organiser · Renju" in page and page.count("data-challenge=") == 1
    assert "Championships being played" in page


def test_my_games_says_which_colour_is_mine_and_another_members_archive_says_whose(client, anna, boris):
    game = start_game(white=anna, black=boris)
    services.game_resign(game_id=game.id, member=boris)
    client.force_login(anna)
    assert "you: white" in client.get(reverse("games:my-games")).content.decode()
    client.force_login(boris)
    archive = client.get(reverse("games:archive", args=["anna"])).content.decode()
    assert "Anna Orlova: white" in archive and "you:" not in archive


def test_the_members_list_shows_club_ratings_by_discipline_and_the_federation_rating_apart(client, anna, boris):
    Rating.objects.create(member=anna, discipline="russian", speed="blitz", rating=1612, games=30)
    anna.federation_rating = 2105
    anna.save()
    page = client.get(reverse("member-list"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Рейтинг клуба" in page and "Рейтинг федерации" in page
    assert "Русские шашки" in page and "1612" in page and "2105" in page


def test_the_time_control_list_groups_each_preset_once_by_speed_written_as_players_write_it():
    from games.forms import ChallengeForm

    field = ChallengeForm().fields["time_control"]
    groups = {
        label: [value for value, _text in options] for label, options in field.choices if isinstance(options, list)
    }
    assert list(groups) == ["Correspondence", "Classical", "Rapid", "Blitz"]
    every = [value for values in groups.values() for value in values]
    assert len(every) == len(set(every)) and every.count("300") == 1  # "blitz 5′" once, not three times
    labels = dict(option for _label, options in field.choices if isinstance(options, list) for option in options)
    assert (labels["180+2"], labels["d1"], labels["7200/50,3600/25"]) == ("3+2", "1 day per move", "120/50, 60/25")
    html = str(ChallengeForm()["time_control"])
    assert (
        'value="180+2" data-disciplines="russian russian-64" title="3 min each for the game, plus 2 s a move"' in html
    )
    assert 'value="custom"' in html


def test_other_time_control_chosen_but_not_written_is_explained(client, anna):
    client.force_login(anna)
    response = client.post(
        reverse("games:challenge-new"),
        {"discipline": "renju", "colour": "white", "time_control": "custom", "custom_time_control": ""},
    )
    assert "Write the time control, or choose one from the list." in response.content.decode()


def test_the_home_pages_challenges_i_can_accept_have_an_accept_button_that_starts_the_game(client, anna, boris):
    challenge = services.challenge_create(challenger=boris, discipline="russian", time_control="d3")
    client.force_login(anna)
    panel = client.get(reverse("home")).content.decode().split("Challenges I can accept", 1)[1]
    accept = reverse("games:challenge-respond", args=[challenge.id, "accept"])
    assert f'action="{accept}"' in panel.split("</section>", 1)[0]
    response = client.post(accept)  # the form's post: the lobby's accept path
    challenge.refresh_from_db()
    assert challenge.status == "accepted" and response.url == reverse("games:game", args=[challenge.game_id])
