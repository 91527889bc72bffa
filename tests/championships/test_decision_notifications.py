"""Notifications of every decision that concerns a member: the
pairing published with its time and colour (1.6.3), a sanction (1.4), a
ruling on his protest (1.3.1), an adjournment with its resumption time and the
resumption (5.3.3.2–5.3.3.3), a result set by the chief arbiter (1.10.4) — on
the page, by mail to a confirmed address, in his language, as he chose."""

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import translation

from club.arbiters import services as arbiters
from club.championships import services
from club.championships.models import Board
from club.notifications.models import Notification
from club.notifications.services import notification_settings_update
from club.notifications.texts import notification_text
from games.services import game_resign
from members.services import member_language_set

from .conftest import T0, at

pytestmark = pytest.mark.django_db


def _decisions(member):
    with translation.override("en"):
        return [
            notification_text(n) for n in Notification.objects.filter(recipient=member, kind="decision").order_by("id")
        ]


def test_each_player_is_told_his_colour_opponent_and_start_when_a_round_is_published(
    make_championship, players, staff, django_capture_on_commit_callbacks
):
    championship = make_championship(players[:2], time_control="2700")
    services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=T0)
    member_language_set(member=players[0], language="en")
    with django_capture_on_commit_callbacks(execute=True):
        services.round_publish(
            by=staff["arbiter"], championship_id=championship.pk, round_number=1, starts_at=at(120), now=T0
        )

    board = Board.objects.get(round__championship=championship)
    white, black = board.white, board.black
    assert _decisions(white) == [
        f"Club championship, round 1 is published: you play white against {black}, starting at 2026-03-01 17:00 MSK."
    ]
    assert "you play black against" in _decisions(black)[0]
    english = next(m for m in mail.outbox if m.to == [players[0].email])
    assert "round 1 is published" in english.body  # his language, to his confirmed address


def test_a_sanction_and_the_ruling_on_the_protest_are_told_to_the_player(
    make_championship, players, staff, django_capture_on_commit_callbacks
):
    championship = make_championship(players[:4])
    notification_settings_update(member=players[0], decision_email=False)  # on the page only, as he chose
    with django_capture_on_commit_callbacks(execute=True):
        (sanction,) = arbiters.sanction_issue(
            by=staff["chief"], member_id=players[0].pk, kind="warning", reason="late", championship_id=championship.pk
        )
        protest = arbiters.protest_file(member=players[0], sanction_id=sanction.pk, text="The clock was broken.")
        arbiters.protest_rule(by=staff["chief"], protest_id=protest.pk, upheld=False, ruling="The clock was checked.")

    told = _decisions(players[0])
    assert told[0].startswith("Club championship: the arbiter gave you a sanction, ") and told[0].endswith(": late")
    assert told[1] == "Your protest is rejected: The clock was checked."
    assert not [m for m in mail.outbox if m.to == [players[0].email]]


def test_both_players_are_told_the_adjournment_with_its_time_and_the_resumption(
    make_championship, players, staff, django_capture_on_commit_callbacks
):
    championship = make_championship(players[:2], time_control="2700")
    services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=T0)
    services.round_publish(
        by=staff["arbiter"], championship_id=championship.pk, round_number=1, starts_at=at(1), now=T0
    )
    board = Board.objects.get(round__championship=championship)
    with django_capture_on_commit_callbacks(execute=True):
        arbiters.adjournment_order(
            by=staff["chief"],
            game_id=board.game_id,
            resume_at=T0 + timedelta(days=1),
            reason="the hall closes",
            now=at(2),
        )

    for member in (board.white, board.black):
        assert (
            _decisions(member)[-1]
            == "Your game is adjourned until 2026-03-02 15:00 MSK: the player to move seals his move."
        )


def test_both_players_are_told_a_result_the_chief_arbiter_sets(
    make_championship, players, staff, django_capture_on_commit_callbacks
):
    championship = make_championship(players[:2])
    services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=T0)
    services.round_publish(by=staff["arbiter"], championship_id=championship.pk, round_number=1, now=T0)
    board = Board.objects.get(round__championship=championship)
    game_resign(game_id=board.game_id, member=board.white, now=at(60))  # entered by mistake: black had resigned
    with django_capture_on_commit_callbacks(execute=True):
        services.board_result_set(
            by=staff["chief"], championship_id=championship.pk, game_id=board.game_id, result="1-0", reason="scoresheet"
        )

    assert _decisions(board.white)[-1] == "The chief arbiter set the result of your game: 1 – 0 · won (scoresheet)"
    assert _decisions(board.black)[-1] == "The chief arbiter set the result of your game: 1 – 0 · lost (scoresheet)"
