"""A member's name is printed as it is (nominative): Russian texts never put it after a
preposition ("против Павел Кузнецов"), they say "соперник: Павел Кузнецов" instead."""

import re
from types import SimpleNamespace

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from club.notifications.texts import notification_text

NAME = "Павел Кузнецов"
# A Russian preposition (or "У" at the start) followed directly by the name would need a declension.
PREPOSITION_BEFORE_NAME = re.compile(r"(?i)\b(против|с|со|у|от|для|к|ко|о|об|при|без|участника)\s+" + NAME)


def next_game_section(colour, language):
    game = SimpleNamespace(pk=7, starts_at=None)
    context = {
        "board": SimpleNamespace(round=SimpleNamespace(number=3)),
        "game": game,
        "championship": SimpleNamespace(pk=2, name="Кубок клуба"),
        "opponent": NAME,
        "colour": colour,
    }
    with translation.override(language):
        return " ".join(render_to_string("championships/_next_game.html", context).split())


@pytest.mark.parametrize(
    "colour, language, wording",
    [
        ("white", "ru", "вы играете белыми, соперник: Павел Кузнецов"),
        ("black", "ru", "вы играете чёрными, соперник: Павел Кузнецов"),
        ("white", "en", "you play white; opponent: Павел Кузнецов"),
        ("black", "en", "you play black; opponent: Павел Кузнецов"),
    ],
)
def test_my_next_championship_game_names_the_opponent_without_a_preposition(colour, language, wording):
    section = next_game_section(colour, language)

    assert wording in section
    assert not PREPOSITION_BEFORE_NAME.search(section)


@pytest.mark.parametrize(
    "kind, params, russian",
    [
        (
            "result",
            {"opponent": NAME, "discipline": "russian", "result": "1-0", "colour": "white"},
            "соперник: Павел Кузнецов",
        ),
        ("reminder", {"opponent": NAME, "discipline": "renju", "deadline": "12:00"}, "соперник: Павел Кузнецов"),
        ("move", {"opponent": NAME, "discipline": "russian", "move": "c3-d4"}, "Павел Кузнецов: ход c3-d4"),
    ],
)
def test_notifications_name_the_opponent_without_a_preposition(kind, params, russian):
    with translation.override("ru"):
        text = notification_text(SimpleNamespace(kind=kind, params=params))

    assert russian in text
    assert not PREPOSITION_BEFORE_NAME.search(text)
    assert "против" not in text and "сыграл" not in text
