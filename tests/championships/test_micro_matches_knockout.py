"""Micro-matches (003 1.11), шашки-64 ballots per micro-match (2.2, 2.2.2) and
the knockout (olympic system, 1.2), through the API on the test database.

Games are played through the game layer (resign, a move with a draw offer and
its acceptance); every championship action goes through the API.
"""

import random

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from club.championships import pairing
from club.championships.models import Board, Championship, MatchGame
from games.models import Game
from games.positions import game_start_position
from games.rules import ballots64, variant
from games.services import game_draw_answer, game_move_make, game_resign
from tests.championships.calls import ok
from tests.conftest import make_member

pytestmark = pytest.mark.django_db


def create_and_fill(api, staff, entrants, **options):
    organiser = api(staff["organiser"])
    body = {"name": "Шашки-64 cup", "discipline": "russian", "time_control": "d2", **options}
    championship = ok(organiser.post("/api/championships/", body), 201)
    url = f"/api/championships/{championship['id']}/"
    ok(organiser.post(url + "arbiters/", {"member_id": staff["chief"].pk, "role": "chief"}))
    ok(organiser.post(url + "arbiters/", {"member_id": staff["arbiter"].pk, "role": "arbiter"}))
    ok(organiser.post(url + "open/"))
    for member in entrants:
        ok(api(member).post(url + "entry/"), 201)
    ok(organiser.post(url + "close/"))
    return url, championship["id"]


def ongoing_game(board: Board) -> Game | None:
    mg = board.match_games.select_related("game__white", "game__black").filter(game__status=Game.Status.ONGOING).first()
    return mg.game if mg else None


def lose(game: Game, loser, on_commit):
    with on_commit():
        game_resign(game_id=game.pk, member=loser)


def draw(game: Game, on_commit):
    """White moves offering a draw (2.1.9.3), black accepts (2.1.9.1.1)."""
    game.refresh_from_db()
    v = variant("russian")
    move = v.legal_moves(v.from_fen(game.fen))[0].notation
    mover, other = (game.white, game.black) if game.to_move == "white" else (game.black, game.white)
    with on_commit():
        game_move_make(game_id=game.pk, member=mover, text=move, expected_ply=game.ply, offer_draw=True)
        game_draw_answer(game_id=game.pk, member=other, accept=True)


# ---- pure: the bracket (1.2) and micro-match scoring (1.11) -----------------------------------------
def test_knockout_of_13_gives_the_three_byes_to_the_top_seeds():
    ties = pairing.knockout(13)
    assert len(ties) == 8
    byes = sorted(a for a, b in ties if b is None)
    assert byes == [1, 2, 3]
    seeds = sorted([a for a, _ in ties] + [b for _, b in ties if b])
    assert seeds == list(range(1, 14))
    assert pairing.knockout_rounds(13) == 4


@pytest.mark.parametrize("n", [2, 3, 5, 8, 13, 16, 31, 64])
def test_seeds_one_and_two_can_meet_only_in_the_final(n):
    # 1.2 with standard seeding: 1 and 2 in different halves, the top four in different quarters.
    ties = pairing.knockout(n)
    half = len(ties) // 2 or 1
    where = {s: i for i, tie in enumerate(ties) for s in tie if s}
    assert (where[1] < half) != (where[2] < half) or len(ties) == 1
    if len(ties) >= 4:
        quarters = {where[s] // (len(ties) // 4) for s in (1, 2, 3, 4)}
        assert len(quarters) == 4


def test_a_micro_match_is_decided_by_the_sum_of_its_games():
    # 1.11: the sum of points decides (the flag: the pairing's first player had white); equal sums draw.
    assert pairing.micro_match([("1-0", True), ("1/2-1/2", False)]) == "1-0"
    assert pairing.micro_match([("1-0", True), ("1-0", False)]) == "1/2-1/2"
    assert pairing.micro_match([("1/2-1/2", True), ("1-0", False)]) == "0-1"
    assert pairing.micro_match([("1-0", True), ("", False)]) is None
    assert pairing.micro_match([("-/+", True), ("+/-", False)]) == "-/+"  # 1.12.2: not played


# ---- шашки-64: a round robin of micro-matches (2.2, 1.11) --------------------------------------------
def test_a_shashki64_round_robin_of_micro_matches_from_drawn_ballots(api, staff, players, on_commit):
    four = players[:4]
    url, pk = create_and_fill(api, staff, four, ballot_table="fmjd")
    detail = ok(api(None).get(url))
    assert detail["games_per_pairing"] == 2 and detail["ballot_table"] == "fmjd"  # 2.2: micro-matches
    arbiter = api(staff["arbiter"])
    championship = Championship.objects.get(pk=pk)
    ballots_seen = []
    for number in (1, 2, 3):
        ok(arbiter.post(url + "rounds/"), 201)
        ok(arbiter.post(url + f"rounds/{number}/publish/"))
        boards = list(Board.objects.filter(round__championship_id=pk, round__number=number, black__isnull=False))
        for i, board in enumerate(boards):
            # Game 1: the board's white has white (1.11); it ends, game 2 follows with colours swapped.
            first = ongoing_game(board)
            assert (first.white_id, first.black_id) == (board.white_id, board.black_id)
            if i == 0:
                draw(first, on_commit)  # ½ + then the second game decides
            else:
                lose(first, board.black, on_commit)
            board.refresh_from_db()
            assert board.result == ""  # a micro-match is not decided by one game
            second = ongoing_game(board)
            assert (second.white_id, second.black_id) == (board.black_id, board.white_id)
            lose(second, second.black, on_commit)  # board.white had black and loses: 1:1 / 1½:½
            # 2.2.2: both games start from the one position drawn for this micro-match.
            games = list(board.match_games.select_related("game").order_by("number"))
            assert [g.number for g in games] == [1, 2]
            assert games[0].ballot == games[1].ballot != ""
            assert games[0].ballot.startswith("fmjd:")
            assert games[0].game.ballot == games[1].game.ballot == games[0].ballot
            v = variant("russian")
            starts = [v.to_fen(game_start_position(g.game)) for g in games]
            assert starts[0] == starts[1] == v.to_fen(ballots64.position(games[0].ballot)) != v.to_fen(v.start())
            # Reproducible from the championship's seed: round, board, micro-match.
            assert games[0].ballot == ballots64.draw(
                random.Random(_seed(championship, number, board.number, 1)), table="fmjd"
            )
            ballots_seen.append(games[0].ballot)
            board.refresh_from_db()
            # 1.11: the sum decides — a draw and a loss for board.white is 0:1 → "0-1"; a win and a
            # loss is 1:1 → a drawn micro-match (no further micro-matches set).
            assert board.result == ("0-1" if i == 0 else "1/2-1/2")
        # The game page names the ballot.
        page = api(four[0]).client.get(reverse("games:game", args=[boards[0].game_id]))
        assert page.status_code == 200
        assert ballots64.describe(boards[0].match_games.first().ballot).encode() in page.content
    # 2.2.2: each micro-match draws its own cell (two may draw the same one by chance, as a lot can).
    assert len(set(ballots_seen)) > 1
    detail = ok(api(None).get(url))
    assert detail["status"] == "finished"
    board_json = detail["rounds"][0]["boards"][0]
    assert [g["number"] for g in board_json["games"]] == [1, 2]
    assert board_json["games"][0]["ballot_text"].startswith("fmjd ")
    # Standings count micro-matches (1.12.1): three encounters each, the points are micro-match points.
    rows = ok(api(None).get(url + "standings/"))["rows"]
    assert sum(r["points"] for r in rows) == 6  # 6 micro-matches × 1 point
    assert all(r["games"] == 3 for r in rows)
    # The championship page names the table.
    page = api(None).client.get(reverse("championships:detail", args=[pk]))
    assert page.status_code == 200 and b"fmjd" in page.content
    assert all(ballots64.describe(key).encode() in page.content for key in ballots_seen)


def _seed(championship, round_number, board_number, micro_match):
    from club.championships.services import seed_int

    return seed_int(championship.lot_seed, f"ballot:{round_number}.{board_number}.{micro_match}")


def test_a_ballot_table_that_does_not_exist_is_refused(api, staff):
    organiser = api(staff["organiser"])
    before = Championship.objects.count()
    response = organiser.post(
        "/api/championships/", {"name": "Cup", "discipline": "russian", "time_control": "d2", "ballot_table": "nope"}
    )
    assert response.status_code == 400 and response.json()["error"] == "bad-ballot-table"
    response = organiser.post(
        "/api/championships/",
        {"name": "Cup", "discipline": "russian", "time_control": "d2", "ballot_table": "idf", "games_per_pairing": 3},
    )
    assert response.status_code == 400 and response.json()["error"] == "bad-games-per-pairing"  # 2.2: pairs
    assert Championship.objects.count() == before


# ---- knockout of 13 (1.2) ------------------------------------------------------------------------
def test_a_knockout_of_13_with_byes_played_to_the_end(api, staff, on_commit):
    thirteen = [make_member(f"ko{i:02d}", display_name=f"Ko {i}", federation_rating=2200 - 10 * i) for i in range(13)]
    url, pk = create_and_fill(api, staff, thirteen, system="knockout", games_per_pairing=2, initial_order="rating")
    arbiter, chief = api(staff["arbiter"]), api(staff["chief"])
    detail = ok(api(None).get(url))
    seed = {e["member"]["id"]: e["start_number"] for e in detail["entries"]}
    assert seed[thirteen[0].pk] == 1 and detail["tie_matches"] == 1  # seeded by rating; a draw goes on

    decided_by_arbiter = None
    for number in (1, 2, 3, 4):
        ok(arbiter.post(url + "rounds/"), 201)
        ok(arbiter.post(url + f"rounds/{number}/publish/"))
        boards = list(Board.objects.filter(round__championship_id=pk, round__number=number).order_by("number"))
        if number == 1:
            assert len(boards) == 8 and sorted(seed[b.white_id] for b in boards if b.black_id is None) == [1, 2, 3]
        for i, board in enumerate(b for b in boards if b.black_id):
            if number == 1 and i == 0:
                # A drawn micro-match (1:1) adds a further pair of games (1.11); they are drawn too,
                # and the tie waits for the chief arbiter.
                for _ in range(2):
                    draw(ongoing_game(board), on_commit)
                    draw(ongoing_game(board), on_commit)
                board.refresh_from_db()
                assert board.result == "" and board.match_games.count() == 4
                assert list(board.match_games.values_list("micro_match", flat=True)) == [1, 1, 2, 2]
                assert ongoing_game(board) is None
                assert (
                    arbiter.post(url + f"matches/{board.pk}/result/", {"result": "1-0", "reason": "lot"}).status_code
                    == 403
                )
                assert (
                    chief.post(url + f"matches/{board.pk}/result/", {"result": "1/2-1/2", "reason": "lot"}).json()[
                        "error"
                    ]
                    == "bad-result"
                )
                ok(chief.post(url + f"matches/{board.pk}/result/", {"result": "1-0", "reason": "drawn by lot"}))
                decided_by_arbiter = board.pk
                continue
            # The higher seed (white in game 1) wins both games.
            lose(ongoing_game(board), board.black, on_commit)
            lose(ongoing_game(board), board.black, on_commit)
            board.refresh_from_db()
            assert board.result == "1-0" and board.match_games.count() == 2
        assert ok(api(None).get(url + f"rounds/{number}/"))["status"] == "closed"

    detail = ok(api(None).get(url))
    assert detail["status"] == "finished" and len(detail["rounds"]) == 4
    bracket = ok(api(None).get(url + "bracket/"))
    assert [len(r["matches"]) for r in bracket] == [8, 4, 2, 1]
    final = bracket[-1]["matches"][0]
    assert {final["white"]["id"], final["black"]["id"]} == {thirteen[0].pk, thirteen[1].pk}  # 1 and 2 meet last
    assert final["winner_id"] == thirteen[0].pk and len(final["games"]) == 2
    # A bracket result for a finished match is refused and changes nothing.
    board = Board.objects.get(pk=decided_by_arbiter)
    response = chief.post(url + f"matches/{board.pk}/result/", {"result": "0-1", "reason": "again"})
    assert response.status_code == 409 and response.json()["error"] == "match-finished"
    board.refresh_from_db()
    assert board.result == "1-0"
    response = chief.post(url + f"matches/{final['id']}/result/", {"result": "0-1", "reason": "again"})
    assert response.status_code == 409 and response.json()["error"] == "match-finished"
    # No fifth round.
    assert arbiter.post(url + "rounds/").status_code == 409
    # The bracket page shows every match with its games.
    page = api(None).client.get(reverse("championships:bracket", args=[pk]))
    assert page.status_code == 200
    assert all(str(g["game_id"]).encode() in page.content for r in bracket for m in r["matches"] for g in m["games"])
    assert MatchGame.objects.filter(board__round__championship_id=pk).count() == 4 + 2 * (4 + 4 + 2 + 1)
    # The published results and the games file carry every game of every match.
    published = ok(api(None).get(url + "published/"))
    assert published["crosstable"]["kind"] == "rounds" and len(published["rounds"]) == 4
    pdn = api(None).get(url + "export/games/")
    assert pdn.status_code == 200 and pdn.content.decode().count("[Event ") == 26


def test_a_drawn_micro_match_continues_with_a_fresh_ballot_and_the_arbiter_sets_a_later_game(
    api, staff, players, on_commit
):
    # 1.11: the regulations set one further micro-match after a draw; 2.2.2: it has its own ballot.
    two = players[:2]
    url, pk = create_and_fill(api, staff, two, ballot_table="idf", tie_matches=1)
    arbiter, chief = api(staff["arbiter"]), api(staff["chief"])
    ok(arbiter.post(url + "rounds/"), 201)
    ok(arbiter.post(url + "rounds/1/publish/"))
    board = Board.objects.get(round__championship_id=pk, round__number=1)
    lose(ongoing_game(board), board.black, on_commit)
    lose(ongoing_game(board), board.white, on_commit)  # board.black has white in game 2 and wins: 1:1
    board.refresh_from_db()
    assert board.result == "" and board.match_games.count() == 3  # "continues": the next pair begins
    third = board.match_games.get(number=3)
    assert third.micro_match == 2 and third.board_white_has_white
    assert third.ballot.startswith("idf:") and third.ballot == ballots64.draw(
        random.Random(_seed(Championship.objects.get(pk=pk), 1, 1, 2)), table="idf"
    )
    # "My games" leads each player to the micro-match's game going on now.
    mine = APIClient()
    mine.force_login(board.white)
    page = mine.get(reverse("games:my-games"))
    section = page.content.decode().split('class="next-championship-game"', 1)[1].split("</section>", 1)[0]
    assert reverse("games:game", args=[third.game_id]) in section
    # The chief arbiter corrects the result of a later game of the match (2.1.10.4) through the API.
    lose(third.game, board.white, on_commit)
    with on_commit():
        ok(chief.post(url + "results/", {"game_id": third.game_id, "result": "1-0", "reason": "resigned by mistake"}))
    fourth = board.match_games.get(number=4)
    assert (fourth.game.white_id, fourth.ballot) == (board.black_id, third.ballot)
    draw(fourth.game, on_commit)
    board.refresh_from_db()
    assert board.result == "1-0"  # the second micro-match 1½:½ decides the encounter
    assert ok(api(None).get(url))["status"] == "finished"


def test_a_live_micro_match_plays_its_games_one_after_another_with_the_break(api, staff, players, on_commit):
    # 1.11: the games follow one another with the colours changed and a 5-minute break.
    from datetime import timedelta

    from django.utils import timezone

    from games.services import game_check_in

    two = players[:2]
    url, pk = create_and_fill(api, staff, two, time_control="900", system="knockout", games_per_pairing=2)
    arbiter = api(staff["arbiter"])
    ok(arbiter.post(url + "rounds/"), 201)
    starts = timezone.now() + timedelta(hours=1)
    ok(arbiter.post(url + "rounds/1/publish/", {"starts_at": starts.isoformat()}))
    board = Board.objects.get(round__championship_id=pk, round__number=1)
    first = ongoing_game(board)
    assert first.starts_at == starts and board.match_games.count() == 1  # one game at a time
    with on_commit():
        game_check_in(game_id=first.pk, member=first.white, now=starts)
        game_resign(game_id=first.pk, member=first.black, now=starts + timedelta(minutes=3))
    first.refresh_from_db()
    second = ongoing_game(board)
    assert (second.white_id, second.black_id) == (first.black_id, first.white_id)
    assert second.starts_at == first.ended_at + timedelta(minutes=5)
    assert second.ballot == "" and board.match_games.get(number=2).micro_match == 1
    page = api(None).client.get(reverse("championships:detail", args=[pk]))
    assert str(second.pk).encode() in page.content
