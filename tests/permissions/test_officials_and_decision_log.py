"""Gaps in who may act, and how, that had no test of their own: each failed on main before the fix.

Covered elsewhere: rating points without play (tests/ratings/test_eligibility.py), a
sanction's loss in a game played (tests/arbiters/test_sanctions_and_protests.py), a
flag against a resignation or an agreement (tests/games/test_seed_contradictions.py),
the panel member's own sanction (tests/arbiters/test_protest_panel.py), files and
drafts (tests/championships/test_exports*.py, test_trf.py, test_hostile_reads_and_numbers.py,
tests/club/test_names_one_line.py), and every office at once (test_matrix.py).
"""

from datetime import timedelta

import pytest
from django.contrib import admin
from django.db.models import ProtectedError
from django.test import Client, RequestFactory
from django.utils import timezone

from club.arbiters.models import AuditEntry, DrawClaim, Protest
from club.arbiters.services import draw_claim
from club.championships import services
from club.championships.models import Appointment, Board, Championship, Decision
from foundation.refusals import Invalid, NotFound
from games.models import Game
from games.services import game_create, game_resign
from ratings.models import RatingChange
from tests.championships.conftest import T0, api, make_championship, on_commit, players, staff  # noqa: F401
from tests.conftest import make_member
from tests.games_web.helpers import start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def started(make_championship, players, staff):
    """A round robin of four, round 1 published: its first game."""
    championship = make_championship(players[:4])
    services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=T0)
    services.round_publish(by=staff["arbiter"], championship_id=championship.pk, round_number=1, now=T0)
    return Board.objects.filter(round__championship=championship, game__isnull=False).order_by("number").first().game


def _state(game):
    game.refresh_from_db()
    return game.status, game.result, Decision.objects.count(), AuditEntry.objects.count(), RatingChange.objects.count()


def test_a_club_chief_arbiter_not_appointed_does_not_decide_a_championship_game_1_4(api, started):
    # 1.4, 002 §17: only the championship's appointed chief or deputy; a club role alone gives no power in it.
    irina = make_member("irina", "chief_arbiter")
    before = _state(started)
    answer = api(irina).post(f"/api/games/{started.pk}/result/", {"result": "0-1", "reason": "I saw it"})
    assert answer.status_code == 403 and answer.json()["error"] == "not-chief-arbiter"
    assert _state(started) == before


def test_a_sanction_does_not_take_the_championship_its_caller_names_1_4(api, started, staff, players):
    # 1.4, 2.1.10.4: the chief arbiter of an event gives no loss of the game in a club game by naming his event.
    club_game = start_game(white=players[4], black=players[5])
    game_resign(game_id=club_game.pk, member=players[5], now=timezone.now() - timedelta(days=30))
    before = _state(club_game)
    answer = api(staff["chief"]).post(
        "/api/arbiters/sanctions/",
        {
            "member": players[4].pk,
            "kind": "loss_of_game",
            "reason": "phone",
            "game": club_game.pk,
            "championship": Board.objects.get(game=started).round.championship_id,
        },
    )
    assert answer.status_code == 400 and answer.json()["error"] == "game-not-in-championship"
    assert _state(club_game) == before


@pytest.fixture
def irina_plays_black(players):
    """A live club game: the club's chief arbiter plays black."""
    irina = make_member("irina", "chief_arbiter")
    return start_game(white=players[0], black=irina, time_control="2700"), irina


@pytest.mark.parametrize(
    "path, body",
    [
        ("/api/arbiters/games/{id}/clocks/", {"white_ms": 60_000 * 20, "black_ms": 60_000 * 40, "reason": "mine"}),
        ("/api/games/{id}/result/", {"result": "0-1", "reason": "I win"}),
        ("/api/arbiters/sanctions/", {"member": "white", "kind": "loss_of_game", "reason": "noise", "game": "{id}"}),
    ],
)
def test_a_club_chief_arbiter_does_not_judge_the_game_he_plays_002_17(api, irina_plays_black, path, body):
    # 002 §17: nobody judges a game he plays in — its clocks, its result, a sanction in it.
    game, irina = irina_plays_black
    body = {
        k: game.pk if v == "{id}" else game.white_id if v == "white" else v for k, v in body.items()
    }  # the game's own ids
    before = _state(game), game.white_ms, game.black_ms
    answer = api(irina).post(path.format(id=game.pk), body)
    assert answer.status_code == 403 and answer.json()["error"] == "own-game"
    assert (_state(game), game.white_ms, game.black_ms) == before


def test_a_club_arbiter_does_not_grant_his_own_five_move_draw_claim_2_1_9_1_6(api, players):
    # 2.1.9.1.6, 002 §17: the arbiter decides a claim — never the claimant's own.
    kirill = make_member("kirill", "arbiter")
    # An endgame of kings: where the five-move claim may be made (2.1.9.1.6).
    game = game_create(
        discipline="russian", white=kirill, black=players[0], time_control="2700", start_fen="W:WKc1,Kh2:BKa7,Kh8"
    )
    claim = draw_claim(member=kirill, game_id=game.pk, kind="five-moves")
    answer = api(kirill).post(f"/api/arbiters/draw-claims/{claim.pk}/decision/", {"grant": True, "reason": "drawn"})
    assert answer.status_code == 403 and answer.json()["error"] == "own-game"
    assert DrawClaim.objects.get(pk=claim.pk).status == "pending" and Game.objects.get(pk=game.pk).result == ""


def test_a_member_of_the_protest_panel_may_not_enter_the_championship_1_3_1(make_championship, staff):
    # 1.3.1: the panel rules on the event's protests, so none of it plays there.
    championship = make_championship(close=False)
    pavel = make_member("pavel")
    services.protest_panel_set(by=staff["organiser"], championship_id=championship.pk, member_ids=[pavel.pk])
    with pytest.raises(Invalid) as refused:
        services.entry_create(championship_id=championship.pk, member=pavel)
    assert refused.value.code == "official-cannot-play" and not championship.entries.exists()


def test_the_organiser_may_not_play_in_his_own_championship_002_17(make_championship, staff):
    championship = make_championship(close=False)
    with pytest.raises(Invalid) as refused:
        services.entry_create(championship_id=championship.pk, member=staff["organiser"])
    assert refused.value.code == "official-cannot-play" and not championship.entries.exists()


def test_after_the_entries_close_only_the_club_s_chief_arbiter_changes_the_officials_with_a_reason(
    api, make_championship, players, staff
):
    # 002 §17: appointments change while entries are open; then by the club's chief arbiter's recorded decision.
    championship = make_championship(players[:4])
    successor = make_member("irina", "chief_arbiter")
    url = f"/api/championships/{championship.pk}/arbiters/"
    chief = {"member_id": successor.pk, "role": "chief", "reason": "the chief is ill"}
    answer = api(staff["organiser"]).post(url, chief)
    assert answer.status_code == 403 and answer.json()["error"] == "not-chief-arbiter"
    assert api(make_member("boss", "chief_arbiter")).post(url, {**chief, "reason": ""}).status_code == 400
    assert championship.appointments.get(role="chief").member == staff["chief"]
    assert api(make_member("nadezhda", "chief_arbiter")).post(url, chief).status_code == 200
    assert championship.appointments.get(role="chief").member == successor
    assert Decision.objects.get(championship=championship, action="reappoint").reason == "the chief is ill"


def test_the_appoint_form_is_shown_to_whoever_may_now_change_the_officials_002_17(make_championship, players, staff):
    championship = make_championship(players[:4])
    form = 'name="reason"'
    for member, shown in ((staff["organiser"], False), (make_member("boss", "chief_arbiter"), True)):
        browser = Client()
        browser.force_login(member)
        assert (form in browser.get(f"/championships/{championship.pk}/").content.decode()) is shown


@pytest.fixture
def team_event(staff):
    return services.championship_create(
        organiser=staff["organiser"],
        name="Team cup",
        discipline="russian",
        time_control="d3",
        entrants="teams",
        boards=2,
    )


def test_an_appointed_arbiter_neither_captains_nor_plays_for_a_team_1_14_7(team_event, staff, players):
    # 1.14.7: the event's arbiters rule on its teams' protests, so none of them captains one.
    services.arbiter_appoint(
        by=staff["organiser"], championship_id=team_event.pk, member=staff["arbiter"], role="arbiter"
    )
    with pytest.raises(Invalid) as refused:
        services.team_register(
            by=staff["arbiter"],
            championship_id=team_event.pk,
            name="Ours",
            captain=staff["arbiter"],
            players=players[:2],
        )
    assert refused.value.code == "official-cannot-play" and not team_event.teams.exists()


def test_nobody_captains_two_teams_of_an_event_1_14_7(team_event, players):
    captain = players[0]
    services.team_register(by=captain, championship_id=team_event.pk, name="A", captain=captain, players=players[:2])
    with pytest.raises(Invalid) as refused:
        services.team_register(
            by=captain, championship_id=team_event.pk, name="B", captain=captain, players=players[2:4]
        )
    assert refused.value.code == "already-captain" and team_event.teams.count() == 1


def test_a_player_joins_a_team_only_by_accepting_and_an_invitation_bars_nobody_1_14_2(team_event, players):
    # 1.14.2: a captain lists a player; he plays once he accepts, and a mere listing keeps no other team from him.
    first = services.team_register(
        by=players[0], championship_id=team_event.pk, name="A", captain=players[0], players=players[:2]
    )
    second = services.team_register(
        by=players[2], championship_id=team_event.pk, name="B", captain=players[2], players=[players[2], players[1]]
    )
    assert not first.players.filter(member=players[1], accepted_at__isnull=False).exists()
    services.team_invitation_answer(member=players[1], team_id=second.pk, accept=True)
    # He chose the second team: the first one's listing lapses, and it cannot enlist him any more.
    assert not first.players.filter(member=players[1]).exists()
    with pytest.raises(NotFound):
        services.team_invitation_answer(member=players[1], team_id=first.pk, accept=True)
    assert second.players.filter(member=players[1], accepted_at__isnull=False).exists()


def test_no_path_deletes_a_championship_s_decision(make_championship, players):
    # The decision log is append-only, so every decision stays on record — not in the admin, not by deleting the championship.
    championship = make_championship(players[:2])
    root = make_member("root")
    root.is_superuser = True
    request = RequestFactory().get("/admin/")
    request.user = root
    assert not admin.site._registry[Decision].has_delete_permission(request, Decision.objects.first())
    with pytest.raises(ProtectedError):
        Championship.objects.filter(pk=championship.pk).delete()
    assert championship.decisions.exists()


def test_a_word_where_the_team_protest_form_wants_a_number_is_a_message_not_a_500(team_event, players):
    browser = Client()
    browser.force_login(players[0])
    response = browser.post(f"/teams/{team_event.pk}/protest/", {"team_id": "ours", "text": "unfair"}, follow=True)
    assert response.status_code == 200 and any(m.level_tag == "error" for m in response.context["messages"])
    assert not Protest.objects.exists() and not Appointment.objects.filter(role="panel").exists()
