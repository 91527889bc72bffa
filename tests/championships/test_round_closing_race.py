"""Round closing without a race: "Pair the next round" right after the
last result of a round is never refused while the result's follow-up is still on
its way from the workers (1.6.2: the next round is paired when the previous one
has ended). Here no on-commit hook runs: the follow-ups are "still queued"."""

import pytest

from club.championships import services
from club.championships.models import Board, Decision, Round
from games.services import game_resign
from games.services.errors import RuleRefusal

from .conftest import T0, at
from .test_services import pair_and_publish, refused

pytestmark = pytest.mark.django_db


def _resign_every_game_but(championship, number, *, keep=0):
    boards = Board.objects.filter(round__championship=championship, round__number=number, game__isnull=False)
    for board in list(boards.order_by("number"))[keep:]:
        game_resign(game_id=board.game_id, member=board.black, now=at(30))


def test_the_next_round_is_paired_at_once_after_the_last_game_of_a_round_ends(make_championship, players, staff):
    # 1.6.2: the round has ended when all its games have; its follow-ups have not run.
    championship = make_championship(players[:4])
    pair_and_publish(championship, staff)
    _resign_every_game_but(championship, 1)
    assert Board.objects.filter(round__number=1, result="").exists()  # the workers have not recorded them

    second = services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=at(31))

    assert second.number == 2
    first = Round.objects.get(championship=championship, number=1)
    assert first.status == Round.Status.CLOSED
    assert set(Board.objects.filter(round=first).values_list("result", flat=True)) == {"1-0"}


def test_the_follow_up_that_arrives_afterwards_changes_nothing(make_championship, players, staff):
    championship = make_championship(players[:4])
    pair_and_publish(championship, staff)
    _resign_every_game_but(championship, 1)
    services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=at(31))

    late = [services.board_result_record(game_id=b.game_id) for b in Board.objects.filter(round__number=1)]

    assert late == ["unchanged", "unchanged"]
    assert Decision.objects.filter(championship=championship, action="pair").count() == 2


def test_a_round_with_a_game_still_being_played_is_still_not_followed_by_the_next(make_championship, players, staff):
    # 1.6.2: one board still playing — the round has not ended; nothing is recorded early.
    championship = make_championship(players[:4])
    pair_and_publish(championship, staff)
    _resign_every_game_but(championship, 1, keep=1)

    with refused(RuleRefusal, "previous-round-open"):
        services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=T0)

    assert championship.rounds.count() == 1
    assert Round.objects.get(championship=championship, number=1).status == Round.Status.PUBLISHED
    assert set(Board.objects.filter(round__number=1).values_list("result", flat=True)) == {
        ""
    }  # a refusal changes nothing
