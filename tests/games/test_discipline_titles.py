"""Discipline names come from the games catalogue, not from language branches."""

from django.utils import translation

from games.disciplines import RUSSIAN_64, TITLES, discipline_title
from games.rules import variants


def test_every_discipline_of_the_rules_module_has_its_english_title_as_msgid():
    assert {name: TITLES[name] for name in TITLES if name != RUSSIAN_64} == {v.name: v.title_en for v in variants()}


def test_the_russian_catalogue_gives_the_rules_modules_russian_titles():
    with translation.override("ru"):
        assert {v.name: discipline_title(v.name) for v in variants()} == {v.name: v.title_ru for v in variants()}
        assert discipline_title(RUSSIAN_64) == "Шашки-64"


def test_english_readers_get_the_english_title_and_an_unknown_name_stays_as_it_is():
    with translation.override("en"):
        assert discipline_title("renju") == "Renju"
        assert discipline_title(RUSSIAN_64) == "Shashki-64 (ballot)"
    assert discipline_title("chess") == "chess"
