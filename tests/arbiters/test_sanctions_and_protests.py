"""Arbiters' real powers: sanctions with effects (003 1.4), the
rapid/blitz ladder (1.16.6), protests (1.3.1, 1.14.7), questions to the
arbiter (1.3.1), the audit log; a permission matrix over the API."""

import pytest

from club.arbiters import selectors
from club.arbiters.models import AuditEntry, Protest, Question, Sanction
from club.arbiters.services import protest_file, protest_rule, sanction_issue
from club.championships import services as championships
from club.championships.models import Board, Entry
from foundation.refusals import Invalid, RuleRefusal
from games.models import Game
from games.services import game_create, game_move_make, game_resign
from ratings.models import RatingChange
from tests.conftest import make_member

from .conftest import T0, at


@pytest.fixture
def started(make_championship, players, staff, on_commit):
    """A round-robin championship of four, round 1 published: (championship, its first game)."""
    championship = make_championship(players[:4])
    with on_commit():
        championships.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=T0)
        championships.round_publish(by=staff["arbiter"], championship_id=championship.pk, round_number=1, now=T0)
    board = Board.objects.filter(round__championship=championship, game__isnull=False).order_by("number").first()
    return championship, board.game


@pytest.fixture
def cast(started, staff, players, db):
    """Everyone the permission matrix tries."""
    championship, game = started
    other_arbiter = make_member("fyodor", "chief_arbiter", display_name="Fyodor Elsewhere")
    elsewhere = championships.championship_create(
        organiser=staff["organiser"], name="Other", discipline="russian", time_control="d3", now=T0
    )
    championships.arbiter_appoint(
        by=staff["organiser"], championship_id=elsewhere.pk, member=other_arbiter, role="chief"
    )
    superuser = make_member("root", display_name="Root")
    superuser.is_superuser = True
    superuser.save()
    outsider = next(p for p in players[:4] if p.pk not in (game.white_id, game.black_id))
    return {
        "anonymous": None,
        "member": outsider,
        "white": game.white,
        "black": game.black,
        "other championship's chief": other_arbiter,
        "arbiter": staff["arbiter"],
        "chief": staff["chief"],
        "organiser": staff["organiser"],
        "club admin": make_member("dmitry", "admin"),
        "superuser": superuser,
    }


def _client(client, who):
    if who is not None:
        client.force_login(who)
    return client


def _state(game):
    game.refresh_from_db()
    return (
        game.status,
        game.result,
        Sanction.objects.count(),
        Protest.objects.filter(status="pending").count(),
        AuditEntry.objects.count(),
        list(Entry.objects.order_by("pk").values_list("status", flat=True)),
    )


LIGHT_ALLOWED = {"arbiter", "chief"}
HEAVY_ALLOWED = {"chief"}
EVERYONE = [
    "anonymous",
    "member",
    "white",
    "black",
    "other championship's chief",
    "arbiter",
    "chief",
    "organiser",
    "club admin",
    "superuser",
]


# 1.4: remark, warning, reprimand by any arbiter of the championship.
@pytest.mark.parametrize("who", EVERYONE)
def test_a_remark_in_a_championship_game_is_given_only_by_its_arbiters(client, cast, started, who):
    championship, game = started
    before = _state(game)
    answer = _client(client, cast[who]).post(
        "/api/arbiters/sanctions/",
        {"member": game.white_id, "kind": "remark", "reason": "talked during play", "game": game.pk},
        content_type="application/json",
    )
    if who in LIGHT_ALLOWED:
        assert answer.status_code == 201
        assert Sanction.objects.get().kind == "remark"
    else:
        assert answer.status_code in (401, 403)
        assert _state(game) == before


# 1.4: loss of the game only by the chief arbiter (or deputy).
@pytest.mark.parametrize("who", EVERYONE)
def test_a_loss_of_the_game_is_given_only_by_the_chief_arbiter(
    client, cast, started, who, django_capture_on_commit_callbacks
):
    championship, game = started
    before = _state(game)
    with django_capture_on_commit_callbacks(execute=True):
        answer = _client(client, cast[who]).post(
            "/api/arbiters/sanctions/",
            {"member": game.white_id, "kind": "loss_of_game", "reason": "used an engine", "game": game.pk},
            content_type="application/json",
        )
    if who in HEAVY_ALLOWED:
        assert answer.status_code == 201
        game.refresh_from_db()
        assert (game.status, game.result) == ("finished", "-/+")
    else:
        assert answer.status_code in (401, 403)
        if answer.status_code == 403:
            assert answer.json()["error"] in ("not-arbiter", "not-chief-arbiter")
        assert _state(game) == before


# 1.4, 1.10: exclusion only by the chief arbiter (or deputy).
@pytest.mark.parametrize("who", EVERYONE)
def test_an_exclusion_is_given_only_by_the_chief_arbiter(client, cast, started, who):
    championship, game = started
    before = _state(game)
    answer = _client(client, cast[who]).post(
        "/api/arbiters/sanctions/",
        {
            "member": game.black_id,
            "kind": "exclusion",
            "reason": "insulted the arbiter",
            "championship": championship.pk,
        },
        content_type="application/json",
    )
    if who in HEAVY_ALLOWED:
        assert answer.status_code == 201
        assert Entry.objects.get(championship=championship, member_id=game.black_id).status == "excluded"
    else:
        assert answer.status_code in (401, 403)
        assert _state(game) == before


# 1.3.1: the chief arbiter rules on protests.
@pytest.mark.parametrize("who", EVERYONE)
def test_a_protest_is_ruled_only_by_the_chief_arbiter(client, cast, started, staff, who):
    championship, game = started
    (sanction,) = sanction_issue(
        by=staff["arbiter"], member_id=game.white_id, kind="warning", reason="late to board", game_id=game.pk, now=at(5)
    )
    protest = protest_file(member=game.white, sanction_id=sanction.pk, text="I was on time", now=at(6))
    before = _state(game)
    answer = _client(client, cast[who]).post(
        f"/api/arbiters/protests/{protest.pk}/ruling/",
        {"upheld": True, "ruling": "the clock shows he came on time"},
        content_type="application/json",
    )
    sanction.refresh_from_db()
    if who in HEAVY_ALLOWED:
        assert answer.status_code == 200 and sanction.status == "reversed"
    else:
        assert answer.status_code in (401, 403)
        assert _state(game) == before and sanction.status == "in-force"


# 1.3.1: the players ask the arbiter of their game; its arbiters answer.
@pytest.mark.parametrize("who", EVERYONE)
def test_a_question_is_answered_only_by_an_arbiter_of_the_game(client, cast, started, who):
    championship, game = started
    question = Question.objects.create(game=game, asked_by=game.white, asked_at=at(1), text="May I leave the hall?")
    answer = _client(client, cast[who]).post(
        f"/api/arbiters/questions/{question.pk}/answer/",
        {"answer": "Yes, with your clock running."},
        content_type="application/json",
    )
    question.refresh_from_db()
    if who in LIGHT_ALLOWED:
        assert answer.status_code == 200 and question.answered_by == cast[who]
    else:
        assert answer.status_code in (401, 403)
        assert question.answered_at is None


def test_a_player_asks_and_sees_the_answer(client, started, staff):
    championship, game = started
    asked = _client(client, game.black).post(
        f"/api/arbiters/games/{game.pk}/questions/", {"text": "Is 1.10 applied?"}, content_type="application/json"
    )
    assert asked.status_code == 201
    client.force_login(staff["arbiter"])
    client.post(
        f"/api/arbiters/questions/{asked.json()['id']}/answer/", {"answer": "Yes."}, content_type="application/json"
    )
    client.force_login(game.black)
    mine = client.get("/api/arbiters/mine/").json()
    assert [q["answer"] for q in mine["questions"]] == ["Yes."]


def _both_move(game):
    """White and black each make a move: the game has been played (1.12.2)."""
    game_move_make(game_id=game.pk, member=game.white, text="c3-d4", expected_ply=0, now=at(2))
    game_move_make(game_id=game.pk, member=game.black, text="f6-g5", expected_ply=1, now=at(4))
    game.refresh_from_db()
    return game


# 1.4 effect in a game played: the loss is "0-1" (not a forfeit sign, 1.12.2), rated, the board
# follows; an upheld protest restores the result. Earlier versions made it "-/+" and unrated.
def test_a_loss_by_sanction_of_a_game_played_is_0_1_rated_and_reversed_by_an_upheld_protest(started, staff, on_commit):
    championship, game = started
    _both_move(game)
    with on_commit():
        game_resign(game_id=game.pk, member=game.black, now=at(10))
    board = Board.objects.get(game=game)
    assert board.result == "1-0"
    rated = RatingChange.objects.filter(game=game)
    assert game.rated and rated.count() == 2
    with on_commit():
        (sanction,) = sanction_issue(
            by=staff["chief"],
            member_id=game.white_id,
            kind="loss_of_game",
            reason="outside help",
            game_id=game.pk,
            now=at(20),
        )
    game.refresh_from_db()
    board.refresh_from_db()
    assert (game.result, board.result) == ("0-1", "0-1")
    assert dict(rated.values_list("colour", "score")) == {"white": 0.0, "black": 1.0}  # rated as played
    protest = protest_file(member=game.white, sanction_id=sanction.pk, text="no help was given", now=at(30))
    with on_commit():
        protest_rule(by=staff["chief"], protest_id=protest.pk, upheld=True, ruling="no evidence", now=at(40))
    game.refresh_from_db()
    board.refresh_from_db()
    assert (game.result, board.result) == ("1-0", "1-0")
    assert dict(rated.values_list("colour", "score")) == {"white": 1.0, "black": 0.0}
    assert Sanction.objects.get(pk=sanction.pk).status == "reversed"
    actions = list(AuditEntry.objects.filter(championship=championship).values_list("action", flat=True))
    assert {"sanction:loss_of_game", "protest:file", "protest:upheld"} <= set(actions)


# 1.4 "поражение ставится обоим участникам" in a game played: "0-0", rated, both lose points.
def test_a_loss_for_both_players_of_a_game_played_is_0_0_and_rated(started, staff, on_commit):
    championship, game = started
    _both_move(game)
    with on_commit():
        sanction_issue(
            by=staff["chief"],
            member_id=game.white_id,
            kind="loss_of_game",
            both=True,
            reason="prearranged result",
            game_id=game.pk,
            now=at(20),
        )
    game.refresh_from_db()
    assert game.result == "0-0" and Board.objects.get(game=game).result == "0-0"
    changes = RatingChange.objects.filter(game=game)
    assert sorted(changes.values_list("score", flat=True)) == [0.0, 0.0]
    assert all(c.rating_after < c.rating_before for c in changes)


# 1.10.4: a game in which only one side has moved took place; a loss by sanction in it is a
# loss in a played game, 0-1, not the forfeit sign −/+ of a game that did not take place (1.12.2).
def test_a_loss_by_sanction_after_only_white_moved_is_a_loss_in_a_played_game(started, staff, on_commit):
    championship, game = started
    game_move_make(game_id=game.pk, member=game.white, text="c3-d4", expected_ply=0, now=at(2))
    with on_commit():
        sanction_issue(
            by=staff["chief"],
            member_id=game.white_id,
            kind="loss_of_game",
            reason="a phone at the board",
            game_id=game.pk,
            now=at(20),
        )
    game.refresh_from_db()
    assert game.result == "0-1" and Board.objects.get(game=game).result == "0-1"


# 1.10.4: the chief arbiter's result for an unfinished game in which moves were made is a result of
# play; a forfeit sign is refused and changes nothing.
def test_an_unfinished_played_game_gets_no_forfeit_sign_from_the_chief_arbiter(started, staff):
    championship, game = started
    game_move_make(game_id=game.pk, member=game.white, text="c3-d4", expected_ply=0, now=at(2))
    with pytest.raises(Invalid) as refused:
        championships.board_result_set(
            by=staff["chief"], championship_id=championship.pk, game_id=game.pk, result="-/-", reason="both left"
        )
    assert refused.value.code == "played-not-forfeit"
    game.refresh_from_db()
    assert (game.status, game.result) == (Game.Status.ONGOING, "")
    # Nor does a played result stand in for a game still being played: adjudication decides it (1.10.4).
    with pytest.raises(RuleRefusal) as refused:
        championships.board_result_set(
            by=staff["chief"], championship_id=championship.pk, game_id=game.pk, result="0-0", reason="both left"
        )
    assert refused.value.code == "still-playing"
    game.refresh_from_db()
    assert (game.status, game.result) == (Game.Status.ONGOING, "")


# 1.12.2: the forfeit signs stay for a game not played.
def test_a_loss_for_both_players_is_recorded_minus_minus(started, staff, on_commit):
    championship, game = started
    with on_commit():
        made = sanction_issue(
            by=staff["chief"],
            member_id=game.white_id,
            kind="loss_of_game",
            both=True,
            reason="prearranged result",
            game_id=game.pk,
            now=at(20),
        )
    game.refresh_from_db()
    assert len(made) == 2 and game.result == "-/-"
    # one of them protests successfully: only the other loses now
    protest = protest_file(member=game.black, sanction_id=made[1].pk, text="I refused the deal", now=at(30))
    with on_commit():
        protest_rule(by=staff["chief"], protest_id=protest.pk, upheld=True, ruling="he refused", now=at(40))
    game.refresh_from_db()
    assert game.result == "-/+"


def test_a_rejected_protest_leaves_the_sanction_and_its_effect(started, staff, on_commit):
    championship, game = started
    with on_commit():
        (sanction,) = sanction_issue(
            by=staff["chief"],
            member_id=game.black_id,
            kind="loss_of_game",
            reason="refused to play on",
            game_id=game.pk,
            now=at(20),
        )
    protest = protest_file(member=game.black, sanction_id=sanction.pk, text="unfair", now=at(30))
    protest_rule(by=staff["chief"], protest_id=protest.pk, upheld=False, ruling="he refused twice", now=at(40))
    game.refresh_from_db()
    assert game.result == "+/-" and Sanction.objects.get(pk=sanction.pk).status == "in-force"


def test_an_exclusion_applies_1_10_and_is_undone_by_an_upheld_protest(started, staff, on_commit):
    championship, game = started
    with on_commit():
        (sanction,) = sanction_issue(
            by=staff["chief"],
            member_id=game.black_id,
            kind="exclusion",
            reason="misconduct",
            championship_id=championship.pk,
            now=at(20),
        )
    entry = Entry.objects.get(championship=championship, member_id=game.black_id)
    assert entry.status == "excluded"
    protest = protest_file(member=game.black, sanction_id=sanction.pk, text="mistaken identity", now=at(30))
    with on_commit():
        protest_rule(by=staff["chief"], protest_id=protest.pk, upheld=True, ruling="it was someone else", now=at(40))
    entry.refresh_from_db()
    assert (entry.status, entry.struck) == ("active", False)


def test_only_the_sanctioned_member_protests_his_sanction(started, staff):
    from games.services import Forbidden

    championship, game = started
    (sanction,) = sanction_issue(
        by=staff["arbiter"], member_id=game.white_id, kind="remark", reason="noise", game_id=game.pk, now=at(5)
    )
    with pytest.raises(Forbidden) as refused:
        protest_file(member=game.black, sanction_id=sanction.pk, text="unfair to him", now=at(6))
    assert refused.value.code == "not-concerned"
    assert Protest.objects.count() == 0


# 1.16.6: in rapid and blitz, first a remark, second a warning, third the loss of the game, then the arbiter's choice.
def test_the_rapid_and_blitz_ladder_offers_the_next_step(players, chief_arbiter):
    game = game_create(white=players[0], black=players[1], discipline="russian", time_control="300", now=T0)
    steps = []
    for _ in range(4):
        step = selectors.ladder_next(game=game, member=players[0])
        steps.append(step["next"])
        if step["next"] and step["next"] != "loss_of_game":
            sanction_issue(
                by=chief_arbiter,
                member_id=players[0].pk,
                kind=step["next"],
                reason="violation",
                game_id=game.pk,
                now=at(1),
            )
        elif step["next"] == "loss_of_game":
            sanction_issue(
                by=chief_arbiter,
                member_id=players[0].pk,
                kind="loss_of_game",
                reason="third violation",
                game_id=game.pk,
                now=at(2),
            )
    assert steps == ["remark", "warning", "loss_of_game", None]
    assert Game.objects.get(pk=game.pk).result == "-/+"


def test_a_classical_game_has_no_ladder(players):
    game = game_create(white=players[0], black=players[1], discipline="russian", time_control="2700", now=T0)
    assert selectors.ladder_next(game=game, member=players[0])["applies"] is False


def test_the_audit_log_is_append_only_and_seen_by_the_championships_arbiters(client, started, staff, players):
    championship, game = started
    sanction_issue(
        by=staff["arbiter"], member_id=game.white_id, kind="reprimand", reason="rude", game_id=game.pk, now=at(5)
    )
    entry = AuditEntry.objects.get()
    with pytest.raises(ValueError):
        entry.save()
    with pytest.raises(ValueError):
        entry.delete()
    client.force_login(staff["arbiter"])
    log = client.get(f"/api/arbiters/championships/{championship.pk}/log/")
    assert log.status_code == 200 and [e["action"] for e in log.json()] == ["sanction:reprimand"]
    assert client.get(f"/arbiters/championships/{championship.pk}/").status_code == 200
    client.force_login(game.white)
    assert client.get(f"/api/arbiters/championships/{championship.pk}/log/").status_code == 403
    mine = client.get("/api/arbiters/mine/").json()
    assert [s["kind"] for s in mine["sanctions"]] == ["reprimand"]
    assert client.get("/arbiters/mine/").status_code == 200


def test_an_arbiter_cannot_sanction_himself(players, arbiter):
    from games.services import Forbidden

    game = game_create(white=arbiter, black=players[1], discipline="russian", time_control="300", now=T0)
    with pytest.raises(Forbidden) as refused:
        sanction_issue(by=arbiter, member_id=arbiter.pk, kind="remark", reason="oops", game_id=game.pk, now=at(1))
    assert refused.value.code == "self-sanction" and not Sanction.objects.exists()
