"""The rules module's refusals are templates the catalogue holds: whatever a player types, in any
discipline and any position, the ``IllegalMove`` he gets is worded from a template marked ``N_``
(``games.rules.words``) that makemessages gathered, and it reads in Russian and in English
without a missing or a stray fact; in English it is the rules' own sentence (the API's)."""

from __future__ import annotations

import gettext

from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.pure_words import worded
from games.rules import IllegalMove, names, variant

from ..conftest import ROOT

with (ROOT / "games/locale/ru/LC_MESSAGES/django.mo").open("rb") as mo:
    CATALOGUE = {msgid for msgid in gettext.GNUTranslations(mo)._catalog if msgid}  # "": the header
DISCIPLINES = names()
# What a player may type: a draughts move (algebraic or numeric), a point or two, a protocol word.
LOOKS_LIKE_A_MOVE = st.one_of(
    st.from_regex(r"[a-k](10|[0-9])[-x:][a-k](10|[0-9])([-x:][a-k](10|[0-9]))?", fullmatch=True),
    st.from_regex(r"(50|[1-4]?[0-9])[-x](50|[1-4]?[0-9])", fullmatch=True),
    st.from_regex(r"-?[a-u](1[0-9]|[0-9])(,[a-u](1[0-9]|[0-9]))?", fullmatch=True),
    st.from_regex(r"(swap|stay|pass|declare [0-9]{1,2}|[A-P][0-9]{1,2})", fullmatch=True),
)


def templates(error: Exception):
    """The error's template and those of the refusals it wraps."""
    yield error.template
    for fact in error.params.values():
        if isinstance(fact, IllegalMove):
            yield from templates(fact)


def assert_worded(error: IllegalMove):
    assert set(templates(error)) <= CATALOGUE
    with translation.override("en"):
        assert worded(error) == str(error)
    with translation.override("ru"):
        assert worded(error)  # formats: no missing fact, no stray placeholder


@st.composite
def positions(draw):
    """A discipline and a position reached by a few random legal moves."""
    v = variant(draw(st.sampled_from(DISCIPLINES)))
    p = v.start()
    for _ in range(draw(st.integers(0, 6))):
        moves = v.legal_moves(p)
        if v.result(p) is not None or not moves:
            break
        p = v.play(p, draw(st.sampled_from(moves)).notation)
    return v, p


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(where=positions(), text=st.one_of(st.text(max_size=16), LOOKS_LIKE_A_MOVE))
def test_every_refusal_of_a_move_is_a_catalogued_template_worded_in_both_languages(where, text):
    v, p = where
    try:
        v.play(p, text)
    except IllegalMove as error:
        assert_worded(error)


@settings(max_examples=200, deadline=None)
@given(discipline=st.sampled_from(DISCIPLINES), text=st.one_of(st.text(max_size=24), LOOKS_LIKE_A_MOVE))
def test_every_refusal_of_a_position_is_a_catalogued_template_worded_in_both_languages(discipline, text):
    try:
        variant(discipline).from_fen(text)
    except IllegalMove as error:
        assert_worded(error)


def test_the_catalogue_is_read():
    # Without it the properties above would hold of nothing: the rules' first refusal is in it.
    assert "illegal move %(move)s" in CATALOGUE
