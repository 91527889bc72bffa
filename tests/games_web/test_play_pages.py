"""The play pages: lobby, challenges, the game page, my games, the archive."""

import pytest
from django.urls import reverse

from games import services
from games.models import Challenge, Game
from tests.games_web.helpers import start_game

pytestmark = pytest.mark.django_db


class TestLobby:
    def test_it_lists_open_challenges_and_the_ones_addressed_to_me(self, client, anna, boris, organiser):
        services.challenge_create(challenger=boris, discipline="international", time_control="600+5")
        services.challenge_create(challenger=organiser, opponent=anna, discipline="renju", time_control="d3")
        client.force_login(anna)
        page = client.get(reverse("games:lobby")).content.decode()
        assert "Boris Lebedev" in page and "Grigory Organiser" in page
        assert page.index("Grigory Organiser") < page.index("Boris Lebedev")  # mine first

    def test_a_member_publishes_a_challenge_with_its_options(self, client, anna):
        client.force_login(anna)
        response = client.post(
            reverse("games:challenge-new"),
            {
                "discipline": "renju",
                "colour": "black",
                "rated": "on",
                "time_control": "5400+30",
                "opening_rule": "rif",
                "foul_policy": "foul-loses",
            },
        )
        assert response.status_code == 302, response.content
        c = Challenge.objects.get()
        assert (c.challenger, c.discipline, c.colour, c.rated, str(c.time_control), c.opening_rule, c.foul_policy) == (
            anna,
            "renju",
            "black",
            True,
            "5400+30",
            "rif",
            "foul-loses",
        )

    def test_a_renju_challenge_plays_the_rif_opening_rule_unless_another_is_chosen(self, client, anna):
        # 002 §11–12: the RIF opening rule is renju's own; "none" must be chosen on purpose.
        client.force_login(anna)
        form = client.get(reverse("games:challenge-new")).content.decode()
        assert '<option value="rif" selected>' in form
        client.post(reverse("games:challenge-new"), {"discipline": "renju", "colour": "random", "time_control": "d3"})
        client.post(
            reverse("games:challenge-new"),
            {"discipline": "renju", "colour": "random", "time_control": "d3", "opening_rule": "none"},
        )
        assert list(Challenge.objects.order_by("pk").values_list("opening_rule", flat=True)) == ["rif", "none"]

    def test_the_challenge_lists_show_who_plays_which_colour(self, client, anna, boris, organiser):
        services.challenge_create(challenger=boris, discipline="russian", time_control="600+5", colour="white")
        services.challenge_create(challenger=organiser, opponent=anna, discipline="russian", time_control="d3")
        services.challenge_create(challenger=anna, discipline="russian", time_control="d3", colour="black")
        client.force_login(anna)
        page = client.get(reverse("games:lobby")).content.decode()
        assert "Boris Lebedev играет белыми" in page
        assert "цвет по жребию" in page
        assert "Anna Orlova играет чёрными" in page
        home = client.get("/").content.decode()
        assert "Boris Lebedev играет белыми" in home

    def test_shashki_64_asks_for_a_ballot_at_acceptance(self, client, anna):
        client.force_login(anna)
        client.post(
            reverse("games:challenge-new"),
            {
                "discipline": "russian-64",
                "colour": "random",
                "time_control": "d3",
                "custom_time_control": "2700/20,900",
            },
        )
        c = Challenge.objects.get()
        assert (c.discipline, c.ballot, str(c.time_control)) == ("russian", "random", "2700/20,900")

    def test_a_shashki_64_challenge_may_name_its_ballot(self, client, anna):
        from games.rules import ballots64

        key = list(ballots64.keys())[0]
        client.force_login(anna)
        client.post(
            reverse("games:challenge-new"),
            {"discipline": "russian-64", "colour": "white", "time_control": "d3", "ballot": key},
        )
        assert Challenge.objects.get().ballot == key

    def test_a_bad_time_control_is_explained_on_the_form(self, client, anna):
        client.force_login(anna)
        response = client.post(
            reverse("games:challenge-new"),
            {"discipline": "russian", "colour": "white", "time_control": "d3", "custom_time_control": "d4"},
        )
        assert response.status_code == 200 and not Challenge.objects.exists()
        assert "d4" in response.content.decode() or "days" in response.content.decode()

    def test_accepting_a_challenge_opens_its_game(self, client, anna, boris):
        c = services.challenge_create(challenger=boris, discipline="russian", time_control="d3")
        client.force_login(anna)
        response = client.post(reverse("games:challenge-respond", args=[c.id, "accept"]))
        game = Game.objects.get()
        assert response.status_code == 302 and response.url == reverse("games:game", args=[game.id])
        assert {game.white, game.black} == {anna, boris}

    def test_a_refused_action_is_a_message_not_an_error_page(self, client, anna, boris):
        c = services.challenge_create(challenger=boris, discipline="russian", time_control="d3")
        client.force_login(anna)
        response = client.post(reverse("games:challenge-respond", args=[c.id, "cancel"]), follow=True)
        assert response.status_code == 200
        assert Challenge.objects.get().status == "open"


class TestGamePage:
    def test_it_carries_the_state_the_script_starts_from(self, client, anna, boris):
        game = start_game(white=anna, black=boris)
        client.force_login(boris)
        page = client.get(reverse("games:game", args=[game.id])).content.decode()
        assert 'id="game-state"' in page and 'id="board"' in page and "board.js" in page
        assert '"my_color": "black"' in page

    def test_anyone_may_watch_a_game(self, client, anna, boris):
        game = start_game(white=anna, black=boris, discipline="renju", time_control="d3", opening_rule="rif")
        assert client.get(reverse("games:game", args=[game.id])).status_code == 200


class TestMyGames:
    def test_correspondence_games_where_it_is_my_turn_come_first(self, client, anna, boris, organiser):
        waiting = start_game(white=anna, black=boris)  # anna (white) to move
        services.game_move_make(game_id=waiting.id, member=anna, text="c3-d4", expected_ply=0)
        my_turn = start_game(white=organiser, black=anna)  # anna to move after organiser's move
        services.game_move_make(game_id=my_turn.id, member=organiser, text="c3-d4", expected_ply=0)
        client.force_login(anna)
        page = client.get(reverse("games:my-games")).content.decode()
        assert page.index(f'data-game="{my_turn.id}"') < page.index(f'data-game="{waiting.id}"')
        assert f'<tr class="my-turn" data-game="{my_turn.id}">' in page
        assert f'<tr class="" data-game="{waiting.id}">' in page


class TestArchive:
    def test_it_filters_a_members_finished_games(self, client, anna, boris):
        won = start_game(white=anna, black=boris)
        services.game_resign(game_id=won.id, member=boris)
        lost = start_game(white=anna, black=boris, discipline="renju")
        services.game_resign(game_id=lost.id, member=anna)
        url = reverse("games:archive", args=["anna"])
        page = client.get(url).content.decode()
        assert f'data-game="{won.id}"' in page and f'data-game="{lost.id}"' in page
        page = client.get(url, {"outcome": "win"}).content.decode()
        assert f'data-game="{won.id}"' in page and f'data-game="{lost.id}"' not in page
        page = client.get(url, {"discipline": "renju"}).content.decode()
        assert f'data-game="{won.id}"' not in page and f'data-game="{lost.id}"' in page


class TestDownloads:
    def test_a_game_downloads_as_pdn_with_its_moves(self, client, anna, boris):
        game = start_game(white=anna, black=boris)
        services.game_move_make(game_id=game.id, member=anna, text="c3-d4", expected_ply=0)
        response = client.get(reverse("games:game-download", args=[game.id]), {"format": "pdn"})
        assert response.status_code == 200
        assert response["Content-Disposition"] == f'attachment; filename="game-{game.id}.pdn"'
        assert response["Content-Type"] == "application/x-draughts-pdn; charset=utf-8"
        text = response.content.decode()
        assert '[White "Anna Orlova"]' in text and "c3-d4" in text

    def test_a_renju_game_downloads_as_a_renju_record_of_its_own_type(self, client, anna, boris):
        """It used to come as game-N.txt, text/plain (the choice: games/records.py)."""
        game = start_game(white=boris, black=anna, discipline="renju")
        url = reverse("games:game-download", args=[game.id])
        for asked in ({}, {"format": "renju"}, {"format": "plain"}):
            response = client.get(url, asked)
            assert response.status_code == 200
            assert response["Content-Disposition"] == f'attachment; filename="game-{game.id}.renju"'
            assert response["Content-Type"] == "text/x-renju; charset=utf-8"
        response = client.get(url, {"format": "sgf"})
        assert response["Content-Disposition"] == f'attachment; filename="game-{game.id}.sgf"'
        assert response["Content-Type"] == "application/x-go-sgf; charset=utf-8"
        response = client.get(url, {"format": "pdn"})
        assert response.status_code == 400


def script_texts(page: str) -> dict:
    """The words the page hands to game.js."""
    import json
    import re

    return json.loads(re.search(r'<script id="game-texts" type="application/json">(.*?)</script>', page).group(1))


class TestLanguages:
    def test_the_play_pages_speak_russian(self, client, anna, boris):
        game = start_game(white=anna, black=boris)
        client.force_login(anna)
        lobby = client.get(reverse("games:lobby"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
        assert "Открытые вызовы" in lobby and "Создать вызов" in lobby
        page = client.get(reverse("games:game", args=[game.id]), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
        assert "Перевернуть доску" in page and "Русские шашки" in page
        assert script_texts(page)["yourMove"] == "Ваш ход"

    def test_and_english(self, client, anna, boris):
        game = start_game(white=anna, black=boris)
        client.force_login(anna)
        page = client.get(reverse("games:game", args=[game.id]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
        assert "Flip the board" in page and "Russian draughts" in page
        assert script_texts(page)["yourMove"] == "Your move"


class TestImportedRecords:
    def test_an_imported_game_shows_in_the_archive_with_the_records_players(self, client, anna):
        from games import records

        pdn = '[White "Ivanov"]\n[Black "Petrov"]\n[Result "1-0"]\n[GameType "25"]\n\n1. c3-d4 f6-g5 1-0\n'
        [game] = records.records_import(member=anna, text=pdn)
        url = reverse("games:archive", args=["anna"])
        page = client.get(url).content.decode()
        assert f'data-game="{game.id}"' in page and "Ivanov – Petrov" in page
        assert f'data-game="{game.id}"' not in client.get(url, {"outcome": "win"}).content.decode()
        viewer = client.get(reverse("games:game", args=[game.id])).content.decode()
        assert "Ivanov" in viewer and "c3-d4" in viewer
