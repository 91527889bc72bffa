"""On PostgreSQL with a real Celery worker over Redis (the production path),
every championship action through the API, the games through the game layer:

* a Scheveningen of two groups of four (003 1.2) played to the end;
* a Swiss → knockout staged event (1.2): the worker carries the Swiss's top
  four into the knockout when the Swiss finishes, and a knockout tie drawn
  after its micro-match is decided by a Lehmann–Georgiev series (3.6.4) on
  one clock budget.

Results reach the boards, the next games of a match are created, rounds
close, stages advance and standings are computed by the worker alone."""

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from club.championships.models import Board, Championship, Entry, MatchGame, Round, Standings
from games.models import Game
from games.rules import variant
from games.services import game_check_in, game_draw_answer, game_move_make, game_resign
from tests.concurrency import race, wait_for
from tests.conftest import make_member

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


class Caller:
    def __init__(self, member=None):
        self.client = APIClient()
        if member is not None:
            self.client.force_authenticate(member)

    def get(self, url, status=200):
        response = self.client.get(url)
        assert response.status_code == status, response.content
        return response.json()

    def post(self, url, data=None, status=200):
        response = self.client.post(url, data or {}, format="json")
        assert response.status_code == status, response.content
        return response.json()


def create(staff, **body):
    organiser = Caller(staff["organiser"])
    body = {"discipline": "russian", "time_control": "d2", **body}
    pk = organiser.post("/api/championships/", body, 201)["id"]
    url = f"/api/championships/{pk}/"
    organiser.post(url + "arbiters/", {"member_id": staff["chief"].pk, "role": "chief"})
    organiser.post(url + "arbiters/", {"member_id": staff["arbiter"].pk, "role": "arbiter"})
    return pk, url


def round_closed(pk, number):
    return lambda: Round.objects.filter(championship_id=pk, number=number, status="closed").exists()


def stored_rows(pk):
    stored = Standings.objects.filter(championship_id=pk).first()
    return stored.rows if stored else []


def ongoing(board):
    return Game.objects.filter(championship_match_game__board=board, status=Game.Status.ONGOING).first()


def move(game, at, *, offer_draw=False):
    game.refresh_from_db()
    v = variant(game.discipline)
    text = v.legal_moves(v.from_fen(game.fen))[0].notation
    mover = game.white if game.to_move == "white" else game.black
    game_move_make(game_id=game.pk, member=mover, text=text, expected_ply=game.ply, offer_draw=offer_draw, now=at)


def draw(game, at):
    move(game, at, offer_draw=True)
    game.refresh_from_db()
    game_draw_answer(game_id=game.pk, member=game.white if game.to_move == "white" else game.black, accept=True, now=at)


def test_a_scheveningen_of_two_groups_of_four_played_to_the_end(celery_worker_process, staff):
    eight = [make_member(f"pgs{i}", display_name=f"Pgs {i}", federation_rating=2100 - 10 * i) for i in range(8)]
    pk, url = create(staff, name="Match", system="scheveningen")
    organiser, arbiter = Caller(staff["organiser"]), Caller(staff["arbiter"])
    organiser.post(url + "open/")
    for member in eight:
        Caller(member).post(url + "entry/", status=201)
    organiser.post(url + "groups/", {"member_id": eight[7].pk, "group": "A"})
    organiser.post(url + "close/", {"seed": "pg"})
    group = dict(Entry.objects.filter(championship_id=pk).values_list("member_id", "group"))
    assert group[eight[7].pk] == "A" and sorted(group.values()) == ["A"] * 4 + ["B"] * 4
    for number in (1, 2, 3, 4):
        arbiter.post(url + "rounds/", status=201)
        arbiter.post(url + f"rounds/{number}/publish/")
        for board in Board.objects.filter(round__championship_id=pk, round__number=number):
            # Group A's player wins each game, whatever his colour.
            loser = board.black if group[board.white_id] == "A" else board.white
            game_resign(game_id=board.game_id, member=loser)
        assert wait_for(round_closed(pk, number)), f"round {number} was not closed by the worker"
    assert wait_for(lambda: Championship.objects.get(pk=pk).status == "finished")
    table = Caller().get(url + "scheveningen/")
    assert table["score"] == {"A": 16.0, "B": 0.0, "games": 16, "pending": 0}
    assert [row["points"] for row in table["rows"]] == [4.0] * 4
    assert wait_for(lambda: sum(r["points"] for r in stored_rows(pk)) == 16)
    rows = Caller().get(url + "standings/")["rows"]
    assert {r["id"] for r in rows[:4]} == {m for m, g in group.items() if g == "A"}
    pairs = {frozenset(p) for p in Board.objects.filter(round__championship_id=pk).values_list("white", "black")}
    assert len(pairs) == 16


def test_a_swiss_qualifies_into_a_knockout_whose_drawn_tie_goes_to_lehmann_georgiev(celery_worker_process, staff):
    six = [make_member(f"pgq{i}", display_name=f"Pgq {i}", federation_rating=1900 - 20 * i) for i in range(6)]
    swiss, swiss_url = create(staff, name="Qualifier", system="swiss", swiss_system="buchholz", rounds_planned=3)
    final, final_url = create(
        staff, name="Final", system="knockout", games_per_pairing=2, tie_matches=0, tie_break="lehmann-georgiev"
    )
    organiser, arbiter = Caller(staff["organiser"]), Caller(staff["arbiter"])
    organiser.post(swiss_url + "stages/", {"next_stage_id": final, "qualifiers": 4})
    organiser.post(swiss_url + "open/")
    for member in six:
        Caller(member).post(swiss_url + "entry/", status=201)
    organiser.post(swiss_url + "close/", {"seed": "pgq"})
    for number in (1, 2, 3):
        arbiter.post(swiss_url + "rounds/", status=201)
        arbiter.post(swiss_url + f"rounds/{number}/publish/")
        for board in Board.objects.filter(round__championship_id=swiss, round__number=number):
            game_resign(game_id=board.game_id, member=board.black)
        assert wait_for(round_closed(swiss, number)), f"Swiss round {number} was not closed by the worker"
    # The worker finishes the Swiss and carries its top four, by place, into the knockout.
    assert wait_for(lambda: Entry.objects.filter(championship_id=final).count() == 4), "no qualifiers carried"
    assert wait_for(lambda: sum(r["points"] for r in stored_rows(swiss)) == 9)
    swiss_rows = Caller().get(swiss_url + "standings/")["rows"]
    carried = Caller().get(final_url)
    assert carried["status"] == "entries-closed"
    assert [e["member"]["id"] for e in carried["entries"]] == [r["id"] for r in swiss_rows[:4]]
    assert organiser.post(swiss_url + "advance/")["outcome"] == "already-carried"

    # Knockout round 1: seed 1 against 4, 2 against 3.
    arbiter.post(final_url + "rounds/", status=201)
    arbiter.post(final_url + "rounds/1/publish/")
    ties = list(Board.objects.filter(round__championship_id=final, round__number=1).order_by("number"))
    tie, drawn = ties
    for _ in range(2):  # the top seed wins both games of his micro-match
        assert wait_for(lambda: ongoing(tie) is not None)
        game_resign(game_id=ongoing(tie).pk, member=tie.black)
    # The other tie: both games drawn, then the Lehmann–Georgiev series (3.6.4).
    for _ in range(2):
        assert wait_for(lambda: ongoing(drawn) is not None)
        draw(ongoing(drawn), timezone.now())
    assert wait_for(lambda: MatchGame.objects.filter(board=drawn).count() == 3), "no series game created"
    first = ongoing(drawn)
    assert (str(first.time_control), first.white_ms, first.black_ms) == ("300+3", 300_000, 300_000)
    s = first.starts_at
    for player in (first.white, first.black):  # both at the board after the break (1.6.3: no absence to share)
        game_check_in(game_id=first.pk, member=player, now=s)
    move(first, s + timedelta(seconds=10))  # white: 300 − 10 + 3 = 293 s left
    draw(first, s + timedelta(seconds=40))  # black: 300 − 30 + 3 = 273 s, offering a draw; accepted at once
    assert wait_for(lambda: MatchGame.objects.filter(board=drawn).count() == 4), "no second series game"
    second = ongoing(drawn)
    # One clock budget: colours swapped, each with the time he had left.
    assert (second.white_id, second.white_ms, second.black_ms) == (drawn.black_id, 273_000, 293_000)
    game_resign(game_id=second.pk, member=second.black, now=second.starts_at + timedelta(seconds=3))
    assert wait_for(round_closed(final, 1)), "knockout round 1 was not closed by the worker"
    drawn.refresh_from_db()
    assert drawn.result == "0-1"  # the board's black won the series

    arbiter.post(final_url + "rounds/", status=201)
    arbiter.post(final_url + "rounds/2/publish/")
    last = Board.objects.get(round__championship_id=final, round__number=2)
    assert {last.white_id, last.black_id} == {tie.white_id, drawn.black_id}
    for _ in range(2):
        assert wait_for(lambda: ongoing(last) is not None)
        game_resign(game_id=ongoing(last).pk, member=last.black)
    assert wait_for(lambda: Championship.objects.get(pk=final).status == "finished")
    bracket = Caller().get(final_url + "bracket/")
    assert bracket[-1]["matches"][0]["winner_id"] == tie.white_id
    # Each stage keeps its own standings: the Swiss's as it finished, the knockout's its own.
    assert [r["id"] for r in Caller().get(swiss_url + "standings/")["rows"]] == [r["id"] for r in swiss_rows]
    assert wait_for(lambda: len(stored_rows(final)) == 4)


def test_carrying_the_qualifiers_raced_by_the_worker_and_two_callers_happens_once(
    celery_worker_process, make_championship, players, staff
):
    from club.championships import services
    from club.championships.models import Decision

    group = make_championship(players[:4], name="Group")
    final = services.championship_create(
        organiser=staff["organiser"], name="Final", discipline="russian", time_control="d2", system="round-robin"
    )
    services.stage_link(by=staff["organiser"], championship_id=group.pk, next_stage_id=final.pk, qualifiers=2)
    for number in (1, 2, 3):
        services.round_pair(by=staff["arbiter"], championship_id=group.pk)
        services.round_publish(by=staff["arbiter"], championship_id=group.pk, round_number=number)
        boards = list(Board.objects.filter(round__championship=group, round__number=number))
        for board in boards[:-1]:
            game_resign(game_id=board.game_id, member=board.black)
        if number < 3:
            game_resign(game_id=boards[-1].game_id, member=boards[-1].black)
            assert wait_for(round_closed(group.pk, number))
    assert wait_for(lambda: not Board.objects.filter(pk__in=[b.pk for b in boards[:-1]], result="").exists())
    # The last result is recorded here; then the carry is raced: the worker's own task and three callers.
    Game.objects.filter(pk=boards[-1].game_id).update(status=Game.Status.FINISHED, result="0-1")
    services.board_result_record(game_id=boards[-1].game_id)  # finishes the stage, enqueues the carry
    outcomes = race(lambda: services.stage_advance(championship_id=group.pk), times=3)
    assert set(outcomes) <= {"carried", "already-carried"}
    assert wait_for(lambda: Entry.objects.filter(championship=final).count() == 2)
    assert Decision.objects.filter(championship=final, action="stage-carry").count() == 1
    assert sorted(Entry.objects.filter(championship=final).values_list("start_number", flat=True)) == [1, 2]
    final.refresh_from_db()
    assert final.status == "entries-closed"
