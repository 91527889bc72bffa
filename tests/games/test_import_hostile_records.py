"""Importing records through the API: every game shown, no 500s, a strict budget,
and every format reads back its result.

Chiara imports; Anna and Boris play the club games whose records travel.
"""

import json
import re

import pytest
from django.core.cache import cache
from django.test import Client, override_settings
from django.urls import reverse
from django.utils import translation
from rest_framework.test import APIClient

from games import presentation
from games.models import Game
from games.rules import ballots64, variant

from .conftest import play

IMPORT = "/api/games/import/"


@pytest.fixture(autouse=True)
def _fresh_import_budget():
    cache.clear()  # the hourly import budget counts in the cache
    yield
    cache.clear()


@pytest.fixture
def api(chiara):
    client = APIClient()
    client.force_authenticate(chiara)
    return client


def post(api, text):
    return api.post(IMPORT, {"text": text}, format="json")


def assert_shown(game_id):
    """The game page, its download and its record answer, whatever the game is."""
    page = Client()
    assert page.get(reverse("games:game", args=[game_id])).status_code == 200
    assert page.get(reverse("games:game-download", args=[game_id])).status_code == 200
    assert APIClient().get(f"/api/games/{game_id}/record/").status_code == 200
    assert APIClient().get(f"/api/games/{game_id}/").status_code == 200


# ---- item 6: imported games that could never be shown, and 500s on import -----------------
@pytest.mark.parametrize(
    "text, fault",
    [
        ('[GameType "25"][Ballot "x"]\n1. c3-d4 *', "no шашки-64 ballot 'x'"),
        ('[Variant "russian"][GameType "20"]\n1. 32-28 *', "Variant 'russian' contradicts GameType 20 (international)"),
        ('[Variant "international"][GameType "25"]\n1. c3-d4 *', "Variant 'international' contradicts GameType 25"),
        ('[Variant "bogus"]\n1. c3-d4 *', "Variant 'bogus' is not a draughts discipline"),
        ('[GameType "21"]\n1. c3-d4 *', "unsupported GameType 21"),
        ('[GameType "20"][Ballot "idf:2-III"]\n1. 32-28 *', "only шашки-64 (Russian draughts) has ballots"),
        ('[Variant "renju"][Rule "x"]\nh8 *', "unknown Rule 'x'"),
        ('[Variant "bogus"][Rule "rif"]\nh8 *', "unknown Variant 'bogus'"),
        ("(;GM[4]SZ[abc];B[hh])", "SZ[abc]: renju is played on a 15×15 board"),
        ("(;GM[4]SZ[19];B[hh])", "SZ[19]: renju is played on a 15×15 board"),
        ("(;GM[4]GN[connect6]SZ[15];B[jj])", "SZ[15]: connect6 is played on a 19×19 board"),
        ("(;GM[4];B[zz])", "'zz' is not an SGF point on a 15×15 board"),
        ("(;GM[4]" + "A" * 40_000 + ")", "has no value"),
        ("{" * 80_000, "a comment '{' is not closed"),
        ("[foo", "a tag is written"),
        ('[GameType "25"][FEN "W:W' + "9" * 300 + '"]\n*', "FEN"),
        ('[GameType "25"]\n1. ' + "9" * 200 + " *", "longer than 120 characters"),
    ],
)
def test_a_record_that_cannot_be_shown_is_refused_naming_the_game_and_the_fault(api, chiara, text, fault):
    response = post(api, text)
    assert response.status_code == 400, response.content
    assert response.json()["error"] == "bad-record" and fault in response.json()["detail"]
    assert re.match(r"(game 1|line \d+)\b", response.json()["detail"])
    assert not Game.objects.filter(imported_by=chiara).exists()


@pytest.mark.parametrize("flaw", ["\x00", "\ud800"])
def test_text_that_no_database_can_store_is_refused(api, chiara, flaw):
    response = api.post(
        IMPORT,
        data=json.dumps({"text": f'[GameType "25"][White "a{flaw}"]\n1. c3-d4 *'}, ensure_ascii=True),
        content_type="application/json",
    )
    assert response.status_code == 400 and response.json()["error"] == "invalid"
    assert not Game.objects.filter(imported_by=chiara).exists()


def test_a_balloted_game_imports_from_its_ballot_and_is_shown(api, chiara, new_game, anna, boris):
    key = ballots64.keys()[0]
    game = new_game(ballot=key)
    start = variant("russian").start(ballot=key)
    mover = anna if variant("russian").turn(start) == "white" else boris
    game = play(game, mover, variant("russian").legal_moves(start)[0].notation, 1)
    text = APIClient().get(f"/api/games/{game.pk}/record/").json()["text"]
    created = post(api, text.replace("[FEN", "[X"))  # the ballot alone gives the start
    assert created.status_code == 201, created.content
    (imported,) = Game.objects.filter(imported_by=chiara)
    assert imported.ballot == key and imported.fen == Game.objects.get(pk=game.pk).fen
    assert_shown(imported.pk)


def test_a_fen_that_is_not_the_ballots_position_is_refused(api):
    key = ballots64.keys()[0]
    response = post(api, f'[GameType "25"][Ballot "{key}"][FEN "W:W21,22:B11,12"]\n*')
    assert response.status_code == 400 and "is not the starting position of ballot" in response.json()["detail"]


def test_a_later_bad_game_names_itself_and_stores_nothing(api, chiara):
    good = '[GameType "25"][White "Ok"][Black "Fine"]\n1. c3-d4 *\n\n'
    response = post(api, good + '[GameType "25"][White "Ivanov"][Black "Petrov"][Ballot "nope"]\n1. c3-d4 *\n')
    assert response.status_code == 400 and response.json()["detail"].startswith("game 2 (Ivanov – Petrov)")
    assert not Game.objects.filter(imported_by=chiara).exists()


# ---- items 1 and 10: a strict budget ---------------------------------------------------------
def test_a_text_over_the_size_cap_is_refused_before_it_is_read(api, chiara):
    text = '[GameType "25"]\n' + "{" + "x" * (512 * 1024) + "}\n1. c3-d4 *\n"
    response = post(api, text)
    assert response.status_code == 400 and response.json()["error"] == "record-too-large"
    assert "at most 524288" in response.json()["detail"]


@override_settings(RECORD_IMPORT_MAX_BYTES=2000)
def test_the_size_cap_is_a_setting(api):
    assert post(api, '[GameType "25"]\n1. c3-d4 {' + "x" * 2000 + "} *").json()["error"] == "record-too-large"


def test_one_import_stores_at_most_200_games(api, chiara):
    response = post(api, '[GameType "25"]\n1. c3-d4 *\n\n' * 201)
    assert (
        response.status_code == 400
        and "the file has 201 games; an import takes at most 200" in response.json()["detail"]
    )
    assert not Game.objects.filter(imported_by=chiara).exists()


@override_settings(RECORD_IMPORT_MAX_PLIES=3)
def test_one_import_replays_a_bounded_number_of_moves(api, chiara):
    response = post(api, '[GameType "25"]\n1. c3-d4 f6-g5 *\n\n[GameType "25"]\n1. c3-d4 f6-g5 *\n')
    assert (
        response.status_code == 400 and "the file has 4 moves; an import takes at most 3" in response.json()["detail"]
    )
    assert not Game.objects.filter(imported_by=chiara).exists()


@override_settings(RECORD_IMPORTS_PER_HOUR=2)
def test_a_member_over_his_hourly_imports_is_told_when_to_come_back(api, chiara, boris):
    assert post(api, '[GameType "25"]\n1. c3-d4 *\n').status_code == 201
    assert post(api, '[GameType "25"]\n1. c3-c5 *\n').status_code == 400  # a refused import counts too
    over = post(api, '[GameType "25"]\n1. c3-d4 *\n')
    assert over.status_code == 429 and over.json()["error"] == "throttled"
    assert 0 < int(over["Retry-After"]) <= 3600 and "try again in" in over.json()["detail"]
    assert Game.objects.filter(imported_by=chiara).count() == 1
    other = APIClient()
    other.force_authenticate(boris)
    assert other.post(IMPORT, {"text": '[GameType "25"]\n1. c3-d4 *\n'}, format="json").status_code == 201


def test_imported_games_stay_in_the_importers_archive_and_out_of_the_public_list(api, chiara, new_game):
    club_game = new_game()
    assert post(api, '[GameType "25"]\n1. c3-d4 *\n\n' * 5).status_code == 201
    public = APIClient().get("/api/games/").json()
    assert [g["id"] for g in public["results"]] == [club_game.pk]
    assert APIClient().get(f"/api/members/{chiara.pk}/games/").json()["count"] == 5


# ---- every format reads back every result ----------------------------------
RESULTS = ["1-0", "0-1", "1/2-1/2", "0-0", "+/-", "-/+", "-/-"]


def _finished(game, result):
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, result=result)
    return Game.objects.get(pk=game.pk)


@pytest.mark.parametrize("result", RESULTS)
@pytest.mark.parametrize(
    "discipline, fmt, first",
    [
        ("russian", "pdn", "c3-d4"),
        ("international", "pdn", "32-28"),
        ("giveaway", "pdn", "c3-d4"),
        ("renju", "renju", "h8"),
        ("renju", "sgf", "h8"),
        ("connect6", "renju", "j10"),
        ("connect6", "sgf", "j10"),
    ],
)
def test_a_downloaded_record_imports_back_with_the_same_result(
    api, chiara, new_game, anna, boris, discipline, fmt, first, result
):
    mover = anna if discipline in ("russian", "international", "giveaway") else boris  # black starts five-in-a-row
    game = _finished(play(new_game(discipline=discipline), mover, first, 1), result)
    text = Client().get(reverse("games:game-download", args=[game.pk]) + f"?format={fmt}").content.decode()
    created = post(api, text)
    assert created.status_code == 201, created.content
    (imported,) = Game.objects.filter(imported_by=chiara)
    assert (imported.result, imported.discipline, imported.ply) == (result, discipline, 1)
    assert_shown(imported.pk)


@pytest.mark.parametrize("result, winner", [("1-0", "White wins"), ("0-1", "Black wins")])
def test_the_renju_text_names_the_same_winner_as_the_game_page(new_game, boris, result, winner):
    game = _finished(play(new_game(discipline="renju"), boris, "h8", 1), result)
    text = Client().get(reverse("games:game-download", args=[game.pk]) + "?format=renju").content.decode()
    with translation.override("en"):
        assert winner in presentation.result_text(game)
    colour = winner.split()[0].lower()
    assert f'[Winner "{colour}"]' in text
    assert f'[Result "{"1-0" if colour == "black" else "0-1"}"]' in text  # black's score first, as renju lists
