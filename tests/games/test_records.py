"""Records: PDN and renju export, import into a member's archive validated move by move."""

import pytest
from django.utils import translation
from rest_framework.test import APIClient

from games.models import Game
from games.records import game_record, records_import
from games.rules import pdn
from games.services import Invalid

from .conftest import play


def test_a_draughts_game_exports_as_pdn_with_the_seven_tags(new_game, anna, boris):
    game = play(new_game(), anna, "c3-d4", 1)
    game = play(game, boris, "f6-g5", 2)
    text = game_record(game=game, format="pdn")
    (parsed,) = pdn.read_games(text)
    for tag in ("Event", "Site", "Date", "Round", "White", "Black", "Result", "GameType"):
        assert tag in parsed.tags
    assert parsed.tags["White"] == "Anna Ivanova" and parsed.tags["GameType"] == "25"
    assert parsed.moves == ["c3-d4", "f6-g5"] and "FEN" not in parsed.tags


def test_an_adjudicated_game_says_so_in_the_standard_termination_tag(new_game, anna, boris, chiara):
    # 1.10.4: the arbiter decided it after play closed; PGN's Termination "adjudication" (PDN keeps PGN's tags).
    game = play(new_game(), anna, "c3-d4", 1)
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED, result="1-0", termination="adjudication")
    game.refresh_from_db()
    (parsed,) = pdn.read_games(game_record(game=game, format="pdn"))
    assert parsed.tags["Termination"] == "adjudication" and parsed.tags["Result"] == "1-0"
    game.termination = "resignation"
    assert "Termination" not in pdn.read_games(game_record(game=game, format="pdn"))[0].tags
    text = '[Variant "renju"]\n[Rule "rif"]\n[Black "Ivanov"]\n[White "Petrov"]\nh8 h9 j10 1-0\n'
    (renju,) = records_import(member=chiara, text=text)
    renju.termination = "adjudication"
    assert '[Termination "adjudication"]' in game_record(game=renju, format="renju")
    assert "adjudication" not in game_record(game=renju, format="sgf")  # SGF has no such property


def test_a_game_from_another_position_carries_its_fen_and_ballot(new_game, anna):
    from games.rules import ballots64

    key = ballots64.keys()[0]
    game = new_game(ballot=key)
    (parsed,) = pdn.read_games(game_record(game=game, format="pdn"))
    assert parsed.tags["Ballot"] == key and parsed.tags["FEN"] == game.fen


def test_an_exported_game_imports_back_into_the_archive(new_game, anna, boris, chiara):
    game = play(new_game(), anna, "c3-d4", 1)
    game = play(game, boris, "f6-g5", 2)
    (imported,) = records_import(member=chiara, text=game_record(game=game, format="pdn"))
    assert imported.imported_by == chiara and not imported.rated
    assert list(imported.moves.values_list("notation", flat=True)) == ["c3-d4", "f6-g5"]
    assert imported.white_name == "Anna Ivanova" and imported.fen == game.fen


def test_numeric_russian_pdn_is_stored_in_the_disciplines_own_notation(chiara):
    text = '[GameType "25"]\n[White "A"]\n[Black "B"]\n\n1. 22-18 11-15 *\n'
    (imported,) = records_import(member=chiara, text=text)
    assert imported.discipline == "russian" and imported.moves.count() == 2


def test_a_bad_file_is_refused_naming_the_game_and_the_move(chiara):
    text = (
        '[GameType "25"]\n[White "Ok"]\n[Black "Fine"]\n\n1. c3-d4 f6-g5 1-0\n\n'
        '[GameType "25"]\n[White "Ivanov"]\n[Black "Petrov"]\n\n1. c3-d4 f6-g5 2. d4-d5 *\n'
    )
    with translation.override("en"), pytest.raises(Invalid) as refused:  # the API's words
        records_import(member=chiara, text=text)
    assert "game 2 (Ivanov – Petrov)" in refused.value.detail and "d4-d5" in refused.value.detail
    assert not Game.objects.filter(imported_by=chiara).exists()  # all or nothing


def test_a_renju_record_imports_with_its_opening_rule_and_result(chiara):
    text = '[Variant "renju"]\n[Rule "rif"]\n[Black "Ivanov"]\n[White "Petrov"]\nh8 h9 j10 swap g7 i9,k10 k10 1-0\n'
    (imported,) = records_import(member=chiara, text=text)
    assert (imported.opening_rule, imported.result, imported.ply) == ("rif", "0-1", 7)  # renju 1-0: black won
    exported = game_record(game=imported, format="renju")
    assert '[Rule "rif"]' in exported and "i9,k10" in exported and "1-0" in exported


def test_the_api_imports_and_exports(new_game, anna, boris, chiara):
    game = play(new_game(), anna, "c3-d4", 1)
    client = APIClient()
    client.force_authenticate(chiara)
    exported = client.get(f"/api/games/{game.pk}/record/").json()
    assert exported["format"] == "pdn"
    created = client.post("/api/games/import/", {"text": exported["text"]}, format="json")
    assert created.status_code == 201 and len(created.json()) == 1
    bad = client.post("/api/games/import/", {"text": '[GameType "25"]\n\n1. c3-c5 *\n'}, format="json")
    assert bad.status_code == 400 and bad.json()["error"] == "bad-record" and "c3-c5" in bad.json()["detail"]
    archive = client.get(f"/api/members/{chiara.pk}/games/").json()
    assert archive["count"] == 1
