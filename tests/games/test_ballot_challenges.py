"""шашки-64 challenges name a cell of a table (003 2.2.2): a bad key is refused
with an error a person can act on."""

import pytest
from django.utils import translation

from games import services
from games.services import Invalid

pytestmark = pytest.mark.django_db


def test_a_challenge_may_name_a_cell_of_either_table(anna, boris):
    for key in ("idf:2-III", "fmjd:32-II"):
        challenge = services.challenge_create(
            challenger=anna, opponent=boris, discipline="russian", time_control="d3", ballot=key
        )
        assert challenge.ballot == key


def test_an_unknown_ballot_is_refused_with_the_shape_of_a_key(anna, boris):
    with translation.override("en"), pytest.raises(Invalid) as refused:
        services.challenge_create(
            challenger=anna, opponent=boris, discipline="russian", time_control="d3", ballot="idf:99-I"
        )
    message = str(refused.value)
    assert "idf:99-I" in message and "idf:2-III" in message and "tables: idf, fmjd" in message
    assert len(message) < 200
