"""Draw offers by 2.1.9.3–2.1.9.4."""

import pytest

from games.services import RuleRefusal, game_draw_answer, game_draw_offer

from .conftest import at, play


@pytest.fixture
def opened(new_game, anna, boris):
    """Anna (white) and Boris have each made one move; Anna is to move."""
    game = play(new_game(time_control="1800+30"), anna, "c3-d4", 1)
    return play(game, boris, "f6-g5", 2)


# 2.1.9.3 only after one's own move
def test_a_player_may_offer_right_after_his_move(opened, boris):
    game = game_draw_offer(game_id=opened.pk, member=boris, now=at(3))
    assert game.draw_offer_by == "black"


def test_a_player_may_not_offer_when_it_is_his_turn(opened, anna):
    with pytest.raises(RuleRefusal) as refused:
        game_draw_offer(game_id=opened.pk, member=anna, now=at(3))
    assert refused.value.code == "draw-offer-not-now" and "2.1.9.3" in refused.value.detail


def test_an_offer_can_go_with_the_move(opened, anna):
    game = play(opened, anna, "g3-h4", 3, offer_draw=True)
    assert (game.draw_offer_by, game.draw_offer_ply) == ("white", 3)


def test_accepting_ends_the_game_drawn_by_agreement(opened, anna, boris):
    game_draw_offer(game_id=opened.pk, member=boris, now=at(3))
    game = game_draw_answer(game_id=opened.pk, member=anna, accept=True, now=at(4))
    assert (game.status, game.result, game.termination_clause) == ("finished", "1/2-1/2", "003 2.1.9.1.1")


def test_a_player_cannot_accept_his_own_offer(opened, boris):
    game_draw_offer(game_id=opened.pk, member=boris, now=at(3))
    with pytest.raises(RuleRefusal):
        game_draw_answer(game_id=opened.pk, member=boris, accept=True, now=at(4))


# 2.1.9.3 declining by moving; 2.1.9.4 the same player offers again only after the other has offered
def test_moving_declines_and_bars_the_offerer_until_the_opponent_offers(opened, anna, boris):
    game_draw_offer(game_id=opened.pk, member=boris, now=at(3))
    game = play(opened, anna, "g3-h4", 4)  # Anna declines by moving
    assert game.draw_offer_by == "" and game.draw_barred == "black"
    game = play(game, boris, "g5-f4", 5)
    with pytest.raises(RuleRefusal) as refused:
        game_draw_offer(game_id=game.pk, member=boris, now=at(6))
    assert refused.value.code == "draw-offer-used" and "2.1.9.4" in refused.value.detail
    # Anna uses her right to offer, and declines… Boris declines it by moving: now he may offer again.
    game = play(game, anna, "e3:g5", 7, offer_draw=True)
    assert game.draw_barred == "" and game.draw_offer_by == "white"
    game = play(game, boris, "h6:f4", 8)
    game = game_draw_offer(game_id=game.pk, member=boris, now=at(9))
    assert game.draw_offer_by == "black"


def test_declining_in_words_also_bars_the_offerer(opened, anna, boris):
    game_draw_offer(game_id=opened.pk, member=boris, now=at(3))
    game = game_draw_answer(game_id=opened.pk, member=anna, accept=False, now=at(4))
    assert game.draw_offer_by == "" and game.draw_barred == "black"
