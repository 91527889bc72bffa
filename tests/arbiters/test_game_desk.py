"""The arbiter's page of a game, reached from the game page by the
game's arbiters only: each action the API has, as a form posting to the same
service; a refusal is shown and changes nothing."""

from datetime import timedelta

import pytest

from club.arbiters.models import Adjournment, AuditEntry, Question, Sanction
from club.arbiters.services import draw_claim
from games.models import Game
from games.services import game_create
from tests.conftest import make_member

from .conftest import T0
from .test_clocks_and_adjournment import clock, live  # noqa: F401 (fixtures)
from .test_sanctions_and_protests import EVERYONE, _client, _state, cast, started  # noqa: F401 (fixtures)

ARBITERS = {"arbiter", "chief"}


def _desk(game):
    return f"/arbiters/games/{game.pk}/"


def _link(game):
    return f'href="{_desk(game)}"'


# 1.3, 002 §17: the game's arbiters are the championship's; no one else arbitrates it.
@pytest.mark.parametrize("who", EVERYONE)
def test_only_the_championships_arbiters_see_the_arbiter_link_and_page(client, cast, started, who):
    championship, game = started
    page = _client(client, cast[who]).get(f"/play/games/{game.pk}/")
    desk = client.get(_desk(game))
    assert page.status_code == 200
    if who in ARBITERS:
        assert _link(game) in page.content.decode() and desk.status_code == 200
    else:
        assert _link(game) not in page.content.decode()
        assert desk.status_code == (302 if who == "anonymous" else 403)


def test_a_club_games_arbiters_are_the_clubs(client, players, arbiter):
    game = game_create(white=players[0], black=players[1], discipline="russian", time_control="300", now=T0)
    client.force_login(arbiter)
    assert _link(game) in client.get(f"/play/games/{game.pk}/").content.decode()
    assert client.get(_desk(game)).status_code == 200
    client.force_login(make_member("zoya", "organiser"))
    assert client.get(_desk(game)).status_code == 403


# 1.4 through the page: an arbiter gives a remark; the loss of the game is refused to him, shown, and changes nothing.
def test_the_arbiter_sanctions_from_the_page_and_a_refusal_is_shown(client, started, staff):
    championship, game = started
    client.force_login(staff["arbiter"])
    given = client.post(
        _desk(game), {"action": "sanction", "member": game.white_id, "kind": "remark", "reason": "talked"}
    )
    assert given.status_code == 302 and Sanction.objects.get().kind == "remark"
    before = _state(game)
    refused = client.post(
        _desk(game), {"action": "sanction", "member": game.white_id, "kind": "loss_of_game", "reason": "engine"}
    )
    assert refused.status_code == 403
    assert 'role="alert" data-code="not-chief-arbiter"' in refused.content.decode()
    assert _state(game) == before


def test_the_chief_arbiter_forfeits_a_game_from_the_page(client, started, staff, django_capture_on_commit_callbacks):
    championship, game = started
    client.force_login(staff["chief"])
    with django_capture_on_commit_callbacks(execute=True):
        done = client.post(
            _desk(game),
            {"action": "sanction", "member": game.black_id, "kind": "loss_of_game", "reason": "phone", "both": "on"},
        )
    game.refresh_from_db()
    assert done.status_code == 302 and game.result == "-/-"  # 1.4: possibly for both players


# 5.3.1.6, 1.7.8 through the page.
def test_the_arbiter_stops_restarts_and_corrects_the_clocks_from_the_page(client, live, staff, clock):
    game = live
    client.force_login(staff["arbiter"])
    assert client.post(_desk(game), {"action": "clocks-stop", "reason": "light failed"}).status_code == 302
    assert AuditEntry.objects.filter(action="clocks:stop", game=game).exists()
    clock.advance(600)
    assert client.post(_desk(game), {"action": "clocks-start", "reason": ""}).status_code == 302
    game.refresh_from_db()
    before = (game.white_ms, game.black_ms)
    # 1.7.8: a shortened time keeps at least 15 minutes
    refused = client.post(
        _desk(game), {"action": "clock-correct", "white_minutes": "10", "black_minutes": "45", "reason": "x"}
    )
    game.refresh_from_db()
    assert refused.status_code in (400, 409) and (game.white_ms, game.black_ms) == before
    assert 'role="alert"' in refused.content.decode()
    fixed = client.post(
        _desk(game), {"action": "clock-correct", "white_minutes": "40", "black_minutes": "44.5", "reason": "mis-set"}
    )
    game.refresh_from_db()
    assert fixed.status_code == 302 and (game.white_ms, game.black_ms) == (40 * 60_000, 44 * 60_000 + 30_000)


# 5.3.3.2: only the chief arbiter adjourns; the page shows the refusal to a plain arbiter.
def test_adjournment_from_the_page_is_for_the_chief_arbiter(client, live, staff, clock):
    game = live
    resume_at = (clock.now + timedelta(hours=20)).astimezone().strftime("%Y-%m-%dT%H:%M")
    order = {"action": "adjourn", "resume_at": resume_at, "order": "1", "reason": "the hall closes"}
    client.force_login(staff["arbiter"])
    refused = client.post(_desk(game), order)
    assert refused.status_code == 403 and not Adjournment.objects.exists()
    assert 'role="alert" data-code="not-chief-arbiter"' in refused.content.decode()
    client.force_login(staff["chief"])
    assert client.post(_desk(game), order).status_code == 302
    assert Adjournment.objects.get(game=game).status == "ordered"


# 1.7.13 and 1.3.1 through the page: the arbiter decides a draw claim and answers a question
# (a five-move claim waits for its five moves, tests/arbiters/test_draw_claims.py).
def test_the_arbiter_decides_a_draw_claim_and_answers_a_question_from_the_page(client, live, staff, clock):
    game = live
    claim = draw_claim(member=game.white, game_id=game.pk, kind="stop-clocks", now=clock.now)
    question = Question.objects.create(game=game, asked_by=game.black, asked_at=clock.now, text="May I leave?")
    client.force_login(staff["arbiter"])
    page = client.get(_desk(game)).content.decode()
    assert "May I leave?" in page and f'name="claim" value="{claim.pk}"' in page
    answered = client.post(_desk(game), {"action": "answer", "question": question.pk, "answer": "Yes."})
    question.refresh_from_db()
    assert answered.status_code == 302 and question.answer == "Yes."
    granted = client.post(
        _desk(game), {"action": "draw-decision", "claim": claim.pk, "grant": "grant", "reason": "bare kings"}
    )
    game.refresh_from_db()
    assert granted.status_code == 302 and (game.status, game.result) == ("finished", "1/2-1/2")


def test_a_form_without_a_reason_is_refused_and_changes_nothing(client, live, staff):
    client.force_login(staff["arbiter"])
    refused = client.post(_desk(live), {"action": "clocks-stop", "reason": ""})
    assert refused.status_code == 400 and not AuditEntry.objects.exists()
    assert Game.objects.get(pk=live.pk).status == live.status


# The championship's page leads its arbiters, its organiser and the club's admins (a superuser holds every role)
# to the arbiters' log.
@pytest.mark.parametrize("who", EVERYONE)
def test_the_championship_page_links_its_arbiters_log_for_those_who_may_read_it(client, cast, started, who):
    championship, game = started
    page = _client(client, cast[who]).get(f"/championships/{championship.pk}/")
    log = f'href="/arbiters/championships/{championship.pk}/"'
    assert page.status_code == 200
    assert (log in page.content.decode()) == (who in ARBITERS | {"organiser", "club admin", "superuser"})


# 5.3.3.3 on the game page: only the player to move seals; the sealed move is for him and the arbiters only.
def test_the_player_to_move_seals_on_the_game_page_and_only_he_and_the_arbiters_see_the_move(
    client, live, staff, clock, players
):
    from club.arbiters.services import adjournment_order

    game = live
    adjournment_order(
        by=staff["chief"], game_id=game.pk, resume_at=clock.now + timedelta(hours=2), reason="hall closes"
    )
    seal = f"/arbiters/games/{game.pk}/seal/"
    client.force_login(game.black)  # not his turn: refused, shown, nothing sealed
    assert 'id="seal-move"' not in client.get(f"/play/games/{game.pk}/").content.decode()
    client.post(seal, {"move": "f6-g5", "expected_ply": 0})
    assert Adjournment.objects.get(game=game).status == "ordered"
    client.force_login(game.white)
    assert 'id="seal-move"' in client.get(f"/play/games/{game.pk}/").content.decode()
    assert client.post(seal, {"move": "c3-d4", "expected_ply": 0}).status_code == 302
    assert Adjournment.objects.get(game=game).sealed_move == "c3-d4"
    viewers = {  # players[4] does not play in the event: a spectator whichever board the lot gave
        "white": (game.white, True),
        "black": (game.black, False),
        "spectator": (players[4], False),
        "arbiter": (staff["arbiter"], True),
    }
    for who, (member, sees) in viewers.items():
        client.force_login(member)
        page = client.get(f"/play/games/{game.pk}/").content.decode()
        assert ('class="sealed-move">c3-d4<' in page) == sees, who
        assert 'class="adjournment"' in page, who
