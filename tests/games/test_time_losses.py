"""Flag falls (1.7.9), the 1.7.12 exception, insufficient material, the sweep."""

import pytest

from games.models import Game, GameEvent
from games.services import RuleRefusal, game_adjudicate, game_move_make, games_sweep

from .conftest import T0, at, play


@pytest.fixture
def new_game(new_game):
    """Scheduled games (1.6.3): the first mover's clock runs from T0, so every
    move here is on the clock (a challenge's first moves are not: test_game_start)."""
    return lambda **options: new_game(starts_at=T0, present=True, **options)  # both at the board (1.6.3)


def test_the_deadline_is_when_the_side_to_move_runs_out(new_game, anna):
    game = new_game(time_control="300")
    assert game.deadline == at(300)
    game = play(game, anna, "c3-d4", 10)
    assert game.deadline == at(10 + 300)  # black's full five minutes from white's move


def test_a_move_one_millisecond_before_the_flag_is_accepted(new_game, anna):
    game = play(new_game(time_control="300"), anna, "c3-d4", 299.999)
    assert game.ply == 1 and game.white_ms == 1


# 1.7.9
def test_a_move_exactly_at_the_flag_loses_on_time(new_game, anna):
    game = new_game(time_control="300")
    with pytest.raises(RuleRefusal) as late:
        game_move_make(game_id=game.pk, member=anna, text="c3-d4", expected_ply=0, now=at(300))
    assert late.value.code == "flag-fell"
    game.refresh_from_db()
    assert (game.status, game.result, game.termination, game.ply) == ("finished", "0-1", "time", 0)
    assert game.ended_at == at(300)


# 1.7.12 flag fall when the opponent is blocked
def test_a_late_move_that_leaves_the_opponent_without_pieces_wins(new_game, anna):
    game = new_game(time_control="300", start_fen="W:Wc3:Bd4")
    game = play(game, anna, "c3:e5", 301)
    assert (game.status, game.result, game.termination_clause) == ("finished", "1-0", "003 1.7.12")


def test_the_sweep_ends_an_overdue_game_with_a_win_for_the_opponent(new_game):
    game = new_game(time_control="300")
    assert games_sweep(now=at(299)) == 0
    assert games_sweep(now=at(300)) == 1
    game.refresh_from_db()
    # a 5-minute game is blitz: its time loss cites 1.16.8 (1.7.9 for classical games)
    assert (game.result, game.termination, game.termination_clause) == ("0-1", "time", "003 1.16.8")


def _renju_fen_white_cannot_win() -> str:
    """Black to move; black stones on every point with (x + 2y) % 5 == 0, so
    every five-point window in every direction holds a black stone and white
    can never make five; white's 45 stones sit low on the board, leaving
    black free windows above."""
    name = lambda x, y: f"{'abcdefghijklmno'[x]}{y + 1}"
    black = [name(x, y) for y in range(15) for x in range(15) if (x + 2 * y) % 5 == 0]
    white = [name(x, y) for y in range(7) for x in range(15) if (x + 2 * y) % 5 in (1, 3)]
    white += [name(x, y) for y in range(2) for x in range(15) if (x + 2 * y) % 5 == 2][: len(black) - len(white)]
    return "B:B" + ",".join(black) + ":W" + ",".join(white)


def test_a_flag_fall_when_the_opponent_could_not_possibly_win_still_loses(new_game):
    # 5.2.6.4, 000 9.2.6.4: no "insufficient material" draw in the seeds
    game = new_game(discipline="renju", time_control="300", start_fen=_renju_fen_white_cannot_win())
    assert game.to_move == "black"
    games_sweep(now=at(400))
    game.refresh_from_db()
    assert (game.result, game.termination) == ("1-0", "time")  # black flagged: white wins


def test_the_sweep_ends_each_game_once(new_game):
    game = new_game(time_control="300")
    assert games_sweep(now=at(301)) == 1
    assert games_sweep(now=at(302)) == 0
    assert game_adjudicate(game_id=game.pk, now=at(303)) is False
    assert GameEvent.objects.filter(game=game, kind="finished").count() == 1


def test_a_game_in_time_is_left_alone_by_the_sweep(new_game, anna):
    game = play(new_game(time_control="300"), anna, "c3-d4", 100)
    assert games_sweep(now=at(350)) == 0
    assert Game.objects.get(pk=game.pk).status == "active"


# 3.6.1: the next period's time is added to the unused time when the period's moves are made
def test_a_period_completed_in_time_carries_the_unused_time_over(new_game, anna, boris):
    game = new_game(time_control="60/2,30")
    game = play(game, anna, "c3-d4", 10)  # white 50 s left
    game = play(game, boris, "f6-g5", 15)
    game = play(game, anna, "g3-f4", 35)  # 2nd move: 50 - 20 + 30 = 60 s
    assert game.white_ms == 60_000
    assert game.deadline == at(35 + 55)  # black: 60 - 5 s left, his turn began at 35 s


def test_the_fischer_increment_is_credited_after_each_move(new_game, anna):
    game = play(new_game(time_control="180+2"), anna, "c3-d4", 30)
    assert game.white_ms == 180_000 - 30_000 + 2_000
