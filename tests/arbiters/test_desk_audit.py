"""The desk's gaps filled: every action the rules give the organiser and the
arbiters has its page, reached from the event's desk, and a player's own part has
his forms too. Each page posts to the same service as the API; the service decides
who may, and a refusal changes nothing."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from club.arbiters import services as arbiters
from club.arbiters.models import Protest, Question, Sanction
from club.championships import services
from club.championships.models import Board, Championship, Decision, Entry
from games.models import Game
from games.services import game_resign
from tests.championships.test_micro_matches_knockout import draw, ongoing_game
from tests.conftest import make_member

pytestmark = pytest.mark.django_db


def _desk(championship):
    return reverse("championship-desk", args=[championship.pk])


def _action(championship, name):
    return reverse("championships:action", args=[championship.pk, name])


def _published(make_championship, players, staff, n=4, **options):
    """Round 1 published now: its games are played by the page's clock, not the fixtures' T0."""
    championship = make_championship(players[:n], **options)
    services.round_pair(by=staff["arbiter"], championship_id=championship.pk)
    services.round_publish(by=staff["arbiter"], championship_id=championship.pk, round_number=1)
    return championship


# ---- entries (002 §17) ----------------------------------------------------------------------------
def test_a_late_entry_needs_its_reason_and_is_logged_as_late(client, make_championship, players, staff):
    # 002 §17: the entries are the organiser's; past their closing time he may still admit a
    # player, a late entry, and says why. The member himself may no longer enter.
    championship = make_championship(players[:3], close=False)
    Championship.objects.filter(pk=championship.pk).update(entries_close_at=timezone.now() - timedelta(hours=1))
    late = players[3]
    client.force_login(late)
    client.post(_action(championship, "enter"))
    assert not championship.entries.filter(member=late).exists()

    client.force_login(staff["organiser"])
    refused = client.post(_action(championship, "add"), {"username": late.username})
    assert refused.status_code == 400 and not championship.entries.filter(member=late).exists()
    client.post(_action(championship, "add"), {"username": late.username, "reason": "his train was late"})
    client.post(_action(championship, "guest"), {"name": "Ilya Gost", "reason": "a visitor from Vologda"})

    assert championship.entries.filter(member=late).exists()
    assert championship.entries.filter(member__is_guest=True, member__display_name="Ilya Gost").exists()
    late_entries = Decision.objects.filter(championship=championship, action="entry-late")
    assert sorted(late_entries.values_list("reason", flat=True)) == ["a visitor from Vologda", "his train was late"]


def test_an_entry_in_time_needs_no_reason_and_an_invitation_keeps_the_one_given(
    client, make_championship, players, staff
):
    championship = make_championship((), close=False, invitation_only=True)
    client.force_login(staff["organiser"])
    client.post(_action(championship, "invite"), {"username": players[2].username, "reason": "last year's winner"})
    client.post(_action(championship, "add"), {"username": players[3].username})

    assert championship.invited.filter(pk=players[2].pk).exists()
    assert Decision.objects.get(championship=championship, action="invite").reason == "last year's winner"
    assert Decision.objects.filter(championship=championship, action="entry-add").count() == 1
    assert championship.entries.filter(member=players[3]).exists()


# ---- sanctions outside a game (1.4) and exclusion (1.10) --------------------------------------------
def test_an_arbiter_sanctions_a_player_of_the_event_from_the_desk(client, make_championship, players, staff):
    # 1.4: a remark, a warning or a reprimand by any arbiter of the event; an exclusion only by
    # its chief arbiter or deputy, and it ends the player's part in the event (1.10).
    championship = _published(make_championship, players, staff)
    url = reverse("championship-desk-sanction", args=[championship.pk])
    client.force_login(staff["arbiter"])
    assert url in client.get(_desk(championship)).content.decode()

    client.post(url, {"member": players[1].pk, "kind": "warning", "reason": "phone in the playing hall"})
    client.post(url, {"member": players[1].pk, "kind": "exclusion", "reason": "a plain arbiter tries"})

    (warning,) = Sanction.objects.filter(championship=championship)
    assert (warning.member, warning.kind, warning.game) == (players[1], "warning", None)
    assert championship.entries.get(member=players[1]).status == Entry.Status.ACTIVE
    client.force_login(staff["chief"])
    client.post(url, {"member": players[1].pk, "kind": "exclusion", "reason": "a second phone, after the warning"})

    assert Sanction.objects.filter(championship=championship, kind="exclusion", member=players[1]).exists()
    assert championship.entries.get(member=players[1]).status == Entry.Status.EXCLUDED
    client.force_login(players[1])
    assert "a second phone, after the warning" in client.get(_desk(championship)).content.decode()


def test_a_sanction_from_the_desk_is_refused_to_a_player_and_without_a_reason(
    client, make_championship, players, staff
):
    championship = _published(make_championship, players, staff)
    url = reverse("championship-desk-sanction", args=[championship.pk])
    client.force_login(players[0])  # 1.4: sanctions are the arbiters'
    client.post(url, {"member": players[1].pk, "kind": "remark", "reason": "he hums"})
    client.force_login(staff["chief"])
    client.post(url, {"member": players[1].pk, "kind": "remark", "reason": " "})
    client.post(url, {"member": make_member("outsider").pk, "kind": "remark", "reason": "not a player here"})

    assert not Sanction.objects.exists()


# ---- results: a correction on its grounds (2.1.10.4) ------------------------------------------------
def test_the_chief_arbiter_corrects_a_finished_game_s_result_on_its_grounds(
    client, make_championship, players, staff, on_commit
):
    # 2.1.10.4: once a game is over a result changes only for a recording error or by a sanction;
    # the chief arbiter (or deputy) decides (1.4), never a plain arbiter.
    championship = _published(make_championship, players, staff)
    board = Board.objects.filter(round__championship=championship, game__isnull=False).first()
    game_resign(game_id=board.game_id, member=board.black)
    page = reverse("arbiters:game", args=[board.game_id])
    client.force_login(staff["arbiter"])
    assert 'data-action="result"' not in client.get(page).content.decode()
    refused = client.post(
        page, {"action": "result", "result": "0-1", "grounds": "recording-error", "reason": "swapped sheets"}
    )
    assert refused.status_code == 403 and Game.objects.get(pk=board.game_id).result == "1-0"

    client.force_login(staff["chief"])
    assert 'data-action="result"' in client.get(page).content.decode()
    with on_commit():  # the board follows its game through the game hooks
        client.post(
            page, {"action": "result", "result": "0-1", "grounds": "recording-error", "reason": "swapped sheets"}
        )

    board.refresh_from_db()
    assert Game.objects.get(pk=board.game_id).result == "0-1" and board.result == "0-1"
    assert Decision.objects.filter(championship=championship, action="result", reason="swapped sheets").exists()


def test_a_correction_without_grounds_or_reason_changes_nothing(client, make_championship, players, staff):
    championship = _published(make_championship, players, staff)
    board = Board.objects.filter(round__championship=championship, game__isnull=False).first()
    game_resign(game_id=board.game_id, member=board.black)
    page = reverse("arbiters:game", args=[board.game_id])
    client.force_login(staff["chief"])

    no_grounds = client.post(page, {"action": "result", "result": "0-1", "reason": "?"})
    no_reason = client.post(page, {"action": "result", "result": "0-1", "grounds": "sanction", "reason": ""})

    assert (no_grounds.status_code, no_reason.status_code) == (400, 400)
    assert Game.objects.get(pk=board.game_id).result == "1-0"


# ---- a knockout tie still drawn (1.11) ----------------------------------------------------------------
def test_the_desk_offers_the_chief_arbiter_a_drawn_knockout_tie_to_decide(
    client, make_championship, players, staff, on_commit
):
    # 1.11: a micro-match drawn after its further micro-matches is decided as the regulations
    # say (by lot, a game over the board); the chief arbiter records who goes through.
    championship = make_championship(players[:2], system="knockout", games_per_pairing=2)
    with on_commit():
        services.round_pair(by=staff["arbiter"], championship_id=championship.pk)
        services.round_publish(by=staff["arbiter"], championship_id=championship.pk, round_number=1)
    board = Board.objects.get(round__championship=championship, black__isnull=False)
    for _ in range(4):  # both micro-matches drawn, 1:1 each
        draw(ongoing_game(board), on_commit)
    client.force_login(staff["chief"])
    assert "match-to-decide" in client.get(_desk(championship)).content.decode()

    client.post(_action(championship, "match-result"), {"board": board.pk, "result": "0-1", "reason": ""})
    board.refresh_from_db()
    assert board.result == ""  # a decision without its reason is refused
    with on_commit():
        client.post(_action(championship, "match-result"), {"board": board.pk, "result": "0-1", "reason": "by lot"})

    board.refresh_from_db()
    assert board.result == "0-1"
    assert "match-to-decide" not in client.get(_desk(championship)).content.decode()


# ---- a player's part: questions and protests of a decision in his game (1.3.1) -------------------------
def test_a_player_asks_the_arbiter_and_reads_the_answer_on_the_desk(client, make_championship, players, staff):
    championship = _published(make_championship, players, staff)
    board = Board.objects.filter(round__championship=championship, game__isnull=False).first()
    client.force_login(board.white)
    client.post(
        reverse("championship-desk-question", args=[championship.pk]),
        {"game": board.game_id, "text": "May I leave the hall between moves?"},
    )
    question = Question.objects.get()
    assert (question.asked_by, question.game_id) == (board.white, board.game_id)

    client.force_login(staff["arbiter"])
    client.post(
        reverse("arbiters:game", args=[board.game_id]),
        {"action": "answer", "question": question.pk, "answer": "Yes, with your clock running."},
    )
    client.force_login(board.white)
    assert "Yes, with your clock running." in client.get(_desk(championship)).content.decode()


def test_only_a_player_of_the_game_asks_or_protests_about_it(client, make_championship, players, staff):
    championship = _published(make_championship, players, staff)
    boards = list(Board.objects.filter(round__championship=championship, game__isnull=False).order_by("number"))
    client.force_login(boards[1].white)  # another board's player
    client.post(
        reverse("championship-desk-question", args=[championship.pk]), {"game": boards[0].game_id, "text": "?!"}
    )
    client.post(
        reverse("championship-desk-protest", args=[championship.pk]), {"game": boards[0].game_id, "text": "unfair"}
    )

    assert not Question.objects.exists() and not Protest.objects.exists()


def test_a_player_protests_a_decision_in_his_game_and_the_chief_arbiter_rules(
    client, make_championship, players, staff
):
    championship = _published(make_championship, players, staff)
    board = Board.objects.filter(round__championship=championship, game__isnull=False).first()
    arbiters.result_decide(
        by=staff["chief"], game_id=board.game_id, result="1/2-1/2", grounds="adjudication", reason="clearly drawn"
    )
    client.force_login(board.white)
    client.post(
        reverse("championship-desk-protest", args=[championship.pk]),
        {"game": board.game_id, "text": "The position was won for white."},
    )

    protest = Protest.objects.get()
    assert (protest.member, protest.game_id, protest.sanction, protest.championship) == (
        board.white,
        board.game_id,
        None,
        championship,
    )
    client.force_login(staff["chief"])
    assert "The position was won for white." in client.get(_desk(championship)).content.decode()
    client.post(
        reverse("championship-desk-ruling", args=[championship.pk, protest.pk]),
        {"upheld": "no", "ruling": "Black holds the draw by force."},
    )
    client.force_login(board.white)
    assert "Black holds the draw by force." in client.get(_desk(championship)).content.decode()
