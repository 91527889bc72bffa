"""An arbiter for every game of a team event (003 1.16.9): the chief arbiter assigns the
event's arbiters to a round's matches, each with all its boards; a match's arbiter judges its
board games and another arbiter of the event does not."""

import pytest

from club.championships import services
from club.championships.authority import Action, verdict
from club.teams.models import BoardGame
from foundation.refusals import Invalid
from tests.conftest import make_member

pytestmark = pytest.mark.django_db


def test_a_matchs_arbiter_judges_its_board_games_and_another_arbiter_does_not(make_event, staff):
    kirill = make_member("kirill", "arbiter")
    event = make_event(4, close=False)
    services.arbiter_appoint(by=staff["organiser"], championship_id=event.pk, member=kirill, role="arbiter")
    services.entries_close(by=staff["organiser"], championship_id=event.pk)
    services.round_pair(by=staff["arbiter"], championship_id=event.pk)
    services.round_publish(by=staff["arbiter"], championship_id=event.pk, round_number=1)
    services.board_arbiters_assign(
        by=staff["chief"],
        championship_id=event.pk,
        round_number=1,
        groups=[services.BoardGroup(arbiter_id=staff["arbiter"].pk, first=1, last=1),
                services.BoardGroup(arbiter_id=kirill.pk, first=2, last=2)],
    )  # fmt: skip
    for bg in BoardGame.objects.filter(match__round__championship=event, game__isnull=False):
        mine, other = (staff["arbiter"], kirill) if bg.match.number == 1 else (kirill, staff["arbiter"])
        assert verdict(mine, Action.GAME_CLOCKS, bg.game).allowed
        assert verdict(other, Action.GAME_CLOCKS, bg.game).code == "not-board-arbiter"
        assert verdict(staff["chief"], Action.GAME_CLOCKS, bg.game).allowed
    with pytest.raises(Invalid):  # round 1 of four teams has two matches
        services.board_arbiters_assign(
            by=staff["chief"],
            championship_id=event.pk,
            round_number=1,
            groups=[services.BoardGroup(arbiter_id=kirill.pk, first=3, last=3)],
        )
