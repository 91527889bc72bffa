"""Challenges: open and direct, colours, ballots, rating range, decline, cancel, expiry."""

import random

import pytest
from django.utils import translation

from games.models import Challenge
from games.services import (
    Conflict,
    Forbidden,
    Invalid,
    RuleRefusal,
    challenge_accept,
    challenge_cancel,
    challenge_create,
    challenge_decline,
    games_sweep,
)

from .conftest import at


def test_a_direct_challenge_accepted_starts_the_game_with_the_chosen_colours(anna, boris):
    challenge = challenge_create(
        challenger=anna, opponent=boris, discipline="russian", time_control="480+4", colour="black", now=at(0)
    )
    game = challenge_accept(challenge_id=challenge.pk, member=boris, now=at(10))
    assert (game.white_id, game.black_id, game.speed, game.rated) == (boris.pk, anna.pk, "rapid", True)
    # The clocks wait for the first moves: the deadline is the first-move grace.
    assert (game.white_ms, game.deadline) == (480_000, at(10 + 60))
    challenge.refresh_from_db()
    assert (challenge.status, challenge.game_id) == ("accepted", game.pk)


def test_a_direct_challenge_is_only_for_the_member_named(anna, boris, chiara):
    challenge = challenge_create(challenger=anna, opponent=boris, discipline="russian", time_control="300")
    with pytest.raises(Forbidden):
        challenge_accept(challenge_id=challenge.pk, member=chiara)


def test_an_open_challenge_can_be_accepted_once(anna, boris, chiara):
    challenge = challenge_create(challenger=anna, discipline="international", time_control="7200/50,3600/25")
    challenge_accept(challenge_id=challenge.pk, member=boris)
    with pytest.raises(Conflict):
        challenge_accept(challenge_id=challenge.pk, member=chiara)


def _club_rating(member, value, discipline="russian", speed="classical"):
    from ratings.models import Rating

    Rating.objects.create(member=member, discipline=discipline, speed=speed, rating=value)


def test_an_open_challenge_respects_its_rating_range(anna, boris, chiara):
    _club_rating(boris, 1400)
    _club_rating(chiara, 1700)
    challenge = challenge_create(
        challenger=anna, discipline="russian", time_control="2700", rating_min=1500, rating_max=1900
    )
    with pytest.raises(RuleRefusal):
        challenge_accept(challenge_id=challenge.pk, member=boris)
    assert challenge_accept(challenge_id=challenge.pk, member=chiara).black_id in (anna.pk, chiara.pk)


def test_a_self_declared_federation_rating_opens_no_rating_limited_challenge(anna, boris):
    boris.federation_rating = 1700
    boris.save()
    _club_rating(boris, 1700, speed="blitz")  # a rating in another pool does not count either
    challenge = challenge_create(
        challenger=anna, discipline="russian", time_control="2700", rating_min=1500, rating_max=1900
    )
    with translation.override("en"), pytest.raises(RuleRefusal) as refused:
        challenge_accept(challenge_id=challenge.pk, member=boris)
    assert "no club rating" in refused.value.detail
    challenge.refresh_from_db()
    assert challenge.status == "open"


def test_random_colours_are_drawn_at_acceptance(anna, boris):
    whites = set()
    for seed in range(8):
        challenge = challenge_create(challenger=anna, opponent=boris, discipline="russian", time_control="300")
        whites.add(challenge_accept(challenge_id=challenge.pk, member=boris, rng=random.Random(seed)).white_id)
    assert whites == {anna.pk, boris.pk}


# 003 2.2.2: the шашки-64 start position is drawn by lot
def test_a_ballot_is_drawn_at_acceptance_for_shashki_64(anna, boris):
    challenge = challenge_create(
        challenger=anna, opponent=boris, discipline="russian", time_control="2700/20,900", ballot="random"
    )
    game = challenge_accept(challenge_id=challenge.pk, member=boris, rng=random.Random(1))
    from games.rules import ballots64

    assert game.ballot in ballots64.keys()
    assert game.fen != "W:Wa3,c3,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6"


def test_bad_settings_are_refused(anna, boris):
    with pytest.raises(Invalid):
        challenge_create(challenger=anna, discipline="chess", time_control="300")
    with pytest.raises(Invalid):
        challenge_create(challenger=anna, discipline="russian", time_control="d4")
    with pytest.raises(Invalid):
        challenge_create(challenger=anna, discipline="renju", time_control="300", opening_rule="swap5")
    with pytest.raises(Invalid):
        challenge_create(challenger=anna, opponent=anna, discipline="russian", time_control="300")


def test_decline_and_cancel(anna, boris):
    first = challenge_create(challenger=anna, opponent=boris, discipline="russian", time_control="300")
    with pytest.raises(Forbidden):
        challenge_decline(challenge_id=first.pk, member=anna)
    assert challenge_decline(challenge_id=first.pk, member=boris).status == "declined"
    second = challenge_create(challenger=anna, opponent=boris, discipline="russian", time_control="300")
    with pytest.raises(Forbidden):
        challenge_cancel(challenge_id=second.pk, member=boris)
    assert challenge_cancel(challenge_id=second.pk, member=anna).status == "cancelled"


def test_a_challenge_expires(anna, boris):
    challenge = challenge_create(
        challenger=anna, opponent=boris, discipline="russian", time_control="300", expires_at=at(3600), now=at(0)
    )
    games_sweep(now=at(3600))
    assert Challenge.objects.get(pk=challenge.pk).status == "expired"
    with pytest.raises(Conflict):
        challenge_accept(challenge_id=challenge.pk, member=boris, now=at(3601))
