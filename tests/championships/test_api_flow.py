"""Championships played to the end through the API: a round robin
and a Swiss with a late player forfeited (1.9.1), a both-absent game (1.9.2),
a withdrawal under half (1.10.2) and one at half (1.10.3), a Swiss withdrawal
(1.10.5) and an arbiter's override (1.15). The games themselves are played
through the game layer; every championship action goes through the API.
"""

from datetime import timedelta

import pytest
from django.db.models import Q
from django.utils import timezone

from club.championships.models import Board, Championship
from games.models import Game
from games.services import game_check_in, game_move_make, game_resign, games_sweep
from ratings.models import RatingChange
from tests.championships.calls import ok

pytestmark = pytest.mark.django_db


def create_and_fill(api, staff, entrants, **options):
    organiser = api(staff["organiser"])
    body = {"name": "Club championship", "discipline": "russian", **options}
    championship = ok(organiser.post("/api/championships/", body), 201)
    url = f"/api/championships/{championship['id']}/"
    ok(organiser.post(url + "arbiters/", {"member_id": staff["chief"].pk, "role": "chief"}))
    ok(organiser.post(url + "arbiters/", {"member_id": staff["arbiter"].pk, "role": "arbiter"}))
    ok(organiser.post(url + "open/"))
    for member in entrants:
        ok(api(member).post(url + "entry/"), 201)
    ok(organiser.post(url + "close/"))
    return url


def boards_of(url, number):
    pk = int(url.rstrip("/").rsplit("/", 1)[-1])
    return list(
        Board.objects.filter(round__championship_id=pk, round__number=number)
        .select_related("white", "black", "game")
        .order_by("number")
    )


def test_a_round_robin_played_to_the_end(api, staff, players, on_commit):
    five = players[:5]
    url = create_and_fill(api, staff, five, time_control="d1", system="round-robin")
    arbiter, chief = api(staff["arbiter"]), api(staff["chief"])

    # Bad input changes nothing: a player cannot pair; a round cannot be published before it is paired.
    assert api(five[0]).post(url + "rounds/").status_code == 403
    assert arbiter.post(url + "rounds/1/publish/").status_code == 404

    def play_round(number):
        ok(arbiter.post(url + "rounds/"), 201)
        # Before it is published the pairing is shown to the event's arbiters, to nobody else (1.15).
        assert ok(arbiter.get(url + f"rounds/{number}/"))["status"] == "paired"
        assert api(None).get(url + f"rounds/{number}/").status_code == 404
        ok(arbiter.post(url + f"rounds/{number}/publish/"))
        assert arbiter.post(url + "rounds/").status_code == 409  # this round is not closed yet
        for board in boards_of(url, number):
            if board.game is not None:
                ok(api(board.black).post(f"/api/games/{board.game_id}/resign/"))
        assert ok(api(None).get(url + f"rounds/{number}/"))["status"] == "closed"

    play_round(1)
    assert ok(arbiter.post(url + "rounds/"), 201)["number"] == 2
    # 1.10.2: a player who played 1 of his 4 games withdraws: his results are struck.
    round_1_players = {b.white_id for b in boards_of(url, 1) if b.black_id} | {
        b.black_id for b in boards_of(url, 1) if b.black_id
    }
    under_half = next(m for m in five if m.pk in round_1_players)
    assert arbiter.post(url + "withdrawals/", {"member_id": under_half.pk, "reason": "ill"}).status_code == 403
    left = ok(chief.post(url + "withdrawals/", {"member_id": under_half.pk, "reason": "ill"}))
    assert left["struck"] is True and left["left_after_round"] == 1
    ok(arbiter.post(url + "rounds/2/publish/"))
    for board in boards_of(url, 2):
        if board.game is not None:
            ok(api(board.black).post(f"/api/games/{board.game_id}/resign/"))
    assert all(b.result == "-/-" for b in boards_of(url, 2) if under_half.pk in (b.white_id, b.black_id) and b.black_id)

    # Round 3: a late player (correspondence: his first move never comes) forfeits "−/+", unrated (1.9.1).
    ok(arbiter.post(url + "rounds/"), 201)
    ok(arbiter.post(url + "rounds/3/publish/"))
    late_board = next(b for b in boards_of(url, 3) if b.game is not None)
    for board in boards_of(url, 3):
        if board.game is not None and board.pk != late_board.pk:
            ok(api(board.black).post(f"/api/games/{board.game_id}/resign/"))
    with on_commit():
        games_sweep(now=timezone.now() + timedelta(days=2))
    late_board.refresh_from_db()
    assert late_board.result == "-/+"  # white, to move first, never came
    assert Game.objects.get(pk=late_board.game_id).result == "-/+"

    # 1.10.3: a player who has played half his games (2 of 4) or more withdraws: the rest are "−/+".
    def played(member):
        return (
            Board.objects.filter(game__isnull=False, result__in=("1-0", "0-1", "1/2-1/2"))
            .filter(Q(white=member) | Q(black=member))
            .count()
        )

    at_half = next(m for m in five if m != under_half and played(m) >= 2)
    left = ok(chief.post(url + "withdrawals/", {"member_id": at_half.pk, "reason": "moved away"}))
    assert left["struck"] is False
    for number in (4, 5):
        ok(arbiter.post(url + "rounds/"), 201)
        ok(arbiter.post(url + f"rounds/{number}/publish/"))
        for board in boards_of(url, number):
            if board.game is not None:
                ok(api(board.white).post(f"/api/games/{board.game_id}/resign/"))
            elif (
                board.black_id
                and at_half.pk in (board.white_id, board.black_id)
                and under_half.pk not in (board.white_id, board.black_id)
            ):
                his_colour = "white" if board.white_id == at_half.pk else "black"
                assert board.result == ("-/+" if his_colour == "white" else "+/-")

    detail = ok(api(None).get(url))
    assert detail["status"] == "finished"
    assert [r["status"] for r in detail["rounds"]] == ["closed"] * 5
    # No sixth round: the Berger table of five players has five.
    assert arbiter.post(url + "rounds/").status_code == 409
    standings = ok(api(None).get(url + "standings/"))["rows"]
    assert len(standings) == 5
    struck = [r for r in standings if r["struck"]]
    assert [r["id"] for r in struck] == [under_half.pk] and struck[0]["place"] == ""
    counted = [r for r in standings if not r["struck"]]
    assert [r["place"] for r in counted][0] == "1" or counted[0]["place"].startswith("1-")
    crosstable = ok(api(None).get(url + "crosstable/"))
    assert set(crosstable["grid"]) == {str(m.pk) for m in five}
    decisions = ok(api(None).get(url + "decisions/"))
    assert {"withdraw", "pair", "publish", "entries-close", "finish"} <= {d["action"] for d in decisions}


def test_a_swiss_played_to_the_end_with_absentees_a_withdrawal_and_an_override(api, staff, players, on_commit):
    six = players[:6]
    url = create_and_fill(
        api,
        staff,
        six,
        time_control="900",
        system="swiss",
        swiss_system="buchholz",
        rounds_planned=3,
        initial_order="rating",
    )
    arbiter, chief = api(staff["arbiter"]), api(staff["chief"])
    pk = int(url.rstrip("/").rsplit("/", 1)[-1])

    def publish(number):
        starts = timezone.now() + timedelta(hours=1)
        assert arbiter.post(url + f"rounds/{number}/publish/").status_code == 400  # a live round needs its start
        ok(arbiter.post(url + f"rounds/{number}/publish/", {"starts_at": starts.isoformat()}))
        return starts

    # Round 1: board 1 both absent (1.9.2), board 2 black late (1.9.1), board 3 played.
    ok(arbiter.post(url + "rounds/"), 201)
    starts = publish(1)
    b1, b2, b3 = boards_of(url, 1)
    assert b1.game.starts_at == starts and b1.game.lateness_ms == 15 * 60_000  # 1.9.1: the first control, 15′
    with on_commit():
        game_check_in(game_id=b2.game_id, member=b2.white, now=starts - timedelta(minutes=5))
        for player in (b3.white, b3.black):  # both at board 3: white moves once black is there (1.6.3)
            game_check_in(game_id=b3.game_id, member=player, now=starts - timedelta(minutes=5))
        game_move_make(game_id=b3.game_id, member=b3.white, text="c3-d4", expected_ply=0, now=starts)
        game_move_make(game_id=b3.game_id, member=b3.black, text="f6-g5", expected_ply=1, now=starts)
        game_resign(game_id=b3.game_id, member=b3.black, now=starts + timedelta(minutes=3))
    assert arbiter.post(url + "rounds/").status_code == 409  # round 1 is not closed yet
    with on_commit():
        games_sweep(now=starts + timedelta(minutes=15, seconds=1))
    for board in (b1, b2, b3):
        board.refresh_from_db()
    assert (b1.result, b2.result, b3.result) == ("-/-", "+/-", "1-0")
    assert Game.objects.get(pk=b2.game_id).result == "+/-" and Game.objects.get(pk=b1.game_id).result == "-/-"
    # Forfeits are not rated (1.12.2); the game played (each side moved: ratings/eligibility.py) is.
    assert not RatingChange.objects.filter(game_id__in=(b1.game_id, b2.game_id)).exists()
    assert RatingChange.objects.filter(game_id=b3.game_id).count() == 2

    # Round 2: the chief arbiter changes a pair with his reason (1.15); a rematch needs one.
    second = ok(arbiter.post(url + "rounds/"), 201)
    first_pairs = {frozenset((b.white_id, b.black_id)) for b in (b1, b2, b3)}
    assert all(frozenset((b["white"]["id"], b["black"]["id"])) not in first_pairs for b in second["boards"])
    top = second["boards"][0]
    rematch = next(p for p in first_pairs if top["white"]["id"] in p)
    white, black = top["white"]["id"], next(iter(rematch - {top["white"]["id"]}))
    refused = chief.post(url + "rounds/2/override/", {"board": 1, "white_id": white, "black_id": black})
    assert refused.status_code == 409 and refused.json()["error"] == "rematch"
    assert [[b["white"]["id"], b["black"]["id"]] for b in ok(chief.get(url + "rounds/2/"))["boards"]] == [
        [b["white"]["id"], b["black"]["id"]] for b in second["boards"]
    ]
    other = second["boards"][1]
    changed = ok(
        chief.post(
            url + "rounds/2/override/",
            {
                "board": 1,
                "white_id": top["white"]["id"],
                "black_id": other["black"]["id"],
                "reason": "the players asked to swap opponents for travel reasons",
            },
        )
    )
    assert changed["boards"][0]["black"]["id"] == other["black"]["id"]
    assert changed["boards"][0]["override_reason"].startswith("the players")
    starts = publish(2)
    for board in boards_of(url, 2):
        game_check_in(game_id=board.game_id, member=board.white, now=starts)
        with on_commit():
            game_resign(game_id=board.game_id, member=board.white, now=starts + timedelta(minutes=1))

    # Round 3: a player withdraws; in a Swiss his played results stand and he is not paired (1.10.5).
    leaver = six[5]
    left = ok(chief.post(url + "withdrawals/", {"member_id": leaver.pk, "reason": "ill"}))
    assert left["struck"] is False
    third = ok(arbiter.post(url + "rounds/"), 201)
    seated = [b["white"]["id"] for b in third["boards"]] + [b["black"]["id"] for b in third["boards"] if b["black"]]
    assert leaver.pk not in seated and len(seated) == 5
    bye = [b for b in third["boards"] if b["black"] is None]
    assert len(bye) == 1 and bye[0]["result"] == "bye"
    starts = publish(3)
    for board in boards_of(url, 3):
        if board.game is not None:
            with on_commit():
                game_resign(game_id=board.game_id, member=board.black, now=starts + timedelta(minutes=2))

    detail = ok(api(None).get(url))
    assert detail["status"] == "finished"
    standings = ok(api(None).get(url + "standings/"))["rows"]
    assert len(standings) == 6 and not any(r["struck"] for r in standings)
    leaver_row = next(r for r in standings if r["id"] == leaver.pk)
    assert leaver_row["withdrawn_after_round"] == 2
    assert standings[0]["points"] >= standings[-1]["points"]
    assert Championship.objects.get(pk=pk).decisions.filter(action="override").count() == 1
