"""The chief arbiter sets, changes or annuls results (003 1.4, 1.12.2)."""

import pytest
from django.contrib.auth.models import Group

from club.arbiters.services import result_decide
from games.models import GameEvent
from games.services import Forbidden, game_resign
from members.models import Member
from members.roles import Role

from .conftest import at


@pytest.fixture
def irina(db):
    """The chief arbiter."""
    member = Member.objects.create_user("irina", password="x")
    group, _ = Group.objects.get_or_create(name=Role.CHIEF_ARBITER)
    member.groups.add(group)
    return member


def test_only_the_chief_arbiter_may_set_a_result(new_game, anna):
    game = new_game()
    with pytest.raises(Forbidden):
        result_decide(game_id=game.pk, by=anna, result="1-0", reason="I won")


def test_a_forfeit_ends_an_ongoing_game_once(new_game, irina):
    game = result_decide(game_id=new_game().pk, by=irina, result="-/+", reason="no-show", now=at(900))
    assert (game.status, game.result, game.termination) == ("finished", "-/+", "forfeit")
    assert GameEvent.objects.filter(game=game, kind="finished").count() == 1


def test_an_annulled_result_is_recorded_with_its_reason(new_game, anna, irina):
    game = new_game()
    game_resign(game_id=game.pk, member=anna, now=at(10))
    game = result_decide(
        game_id=game.pk,
        by=irina,
        result="annulled",
        reason="wrong colours (2.1.10.2)",
        grounds="irregularity",
        now=at(20),
    )
    assert (game.status, game.result) == ("annulled", "")
    event = GameEvent.objects.get(game=game, kind="result-set")
    assert event.data["before"]["result"] == "0-1" and event.data["reason"].startswith("wrong colours")
