"""The relay feed's reader and matcher (club.championships.relay_feed), as properties:
whatever the games, a feed written as PDN finds each game's board again, by its ``Round``
tag or by its players' names however they are written; what a feed adds to a record is
exactly what extends it, once (a second poll adds nothing); and nothing past the first
move the rules refuse is ever added."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from club.championships import relay_feed
from club.championships.relay_feed import Seat, continuation, feed_games, feed_text, match_games
from games.rules import IllegalMove, variant
from games.rules.pdn import write_game

RUSSIAN = variant("russian")
PLAYERS = ["Pyotr Ivanov", "Olga Smirnova", "Ivan Petrov", "Marina Orlova", "Sergei Volkov", "Tatiana Kuznetsova"]


def legal_sequence(choices: list[int]) -> list[str]:
    """A game of Russian draughts: at each ply the legal move the next choice picks."""
    position, moves = RUSSIAN.start(), []
    for choice in choices:
        legal = RUSSIAN.legal_moves(position)
        if not legal or RUSSIAN.result(position) is not None:
            break
        move = legal[choice % len(legal)].notation
        position = RUSSIAN.play(position, move)
        moves.append(move)
    return moves


games_strategy = st.lists(st.integers(min_value=0, max_value=40), max_size=24).map(legal_sequence)


def seats_of(pairs: list[tuple[str, str]]) -> list[Seat]:
    return [Seat(number, (white,), (black,)) for number, (white, black) in enumerate(pairs, start=1)]


def written_as(name: str, style: int) -> str:
    """One player's name as relay operators write it: as is, surname first with a comma, shouted."""
    first, last = name.split()
    return [name, f"{last}, {first}", name.upper(), f"{last.lower()}  {first}"][style]


@settings(max_examples=40, deadline=None)
@given(
    st.lists(games_strategy, min_size=1, max_size=3),
    st.lists(st.booleans(), min_size=3, max_size=3),
    st.lists(st.integers(min_value=0, max_value=3), min_size=6, max_size=6),
    st.integers(min_value=1, max_value=9),
)
def test_every_game_finds_its_board_by_its_round_tag_or_its_players(games, tagged, styles, round_number):
    pairs = [(PLAYERS[2 * i], PLAYERS[2 * i + 1]) for i in range(len(games))]
    text = "".join(
        write_game(
            {
                "Round": f"{round_number}.{number}" if tagged[number - 1] else "?",
                "White": written_as(white, styles[2 * number - 2]),
                "Black": written_as(black, styles[2 * number - 1]),
            },
            moves,
            "*",
        )
        for number, ((white, black), moves) in enumerate(zip(pairs, games, strict=True), start=1)
    )
    matched = match_games(feed_games(feed_text(text.encode())), round_number, seats_of(pairs))
    assert not matched.problems
    assert {number: game.moves for number, game in matched.games.items()} == dict(enumerate(games, start=1))


@settings(max_examples=30, deadline=None)
@given(games_strategy, st.integers(min_value=1, max_value=9), st.integers(min_value=1, max_value=9))
def test_a_game_of_another_round_is_never_this_rounds(moves, its_round, relayed_round):
    text = write_game({"Round": f"{its_round}.1", "White": PLAYERS[0], "Black": PLAYERS[1]}, moves, "*")
    matched = match_games(feed_games(text), relayed_round, seats_of([(PLAYERS[0], PLAYERS[1])]))
    assert (1 in matched.games) == (its_round == relayed_round)


@settings(max_examples=30, deadline=None)
@given(games_strategy, st.integers(min_value=1, max_value=9))
def test_two_games_on_one_board_leave_it_unmatched(moves, round_number):
    one = write_game({"Round": f"{round_number}.1", "White": "A B", "Black": "C D"}, moves, "*")
    other = write_game({"Round": "?", "White": PLAYERS[0], "Black": PLAYERS[1]}, moves, "*")
    matched = match_games(feed_games(one + other), round_number, seats_of([(PLAYERS[0], PLAYERS[1])]))
    assert matched.problems == {1: relay_feed.AMBIGUOUS} and not matched.games


@settings(max_examples=40, deadline=None)
@given(games_strategy, st.data())
def test_a_feed_adds_what_extends_the_record_and_a_second_poll_adds_nothing(moves, data):
    stored = moves[: data.draw(st.integers(min_value=0, max_value=len(moves)))]
    added = continuation(RUSSIAN, RUSSIAN.start(), stored, moves)
    assert not added.stop and list(added.moves) == moves[len(stored) :]
    again = continuation(RUSSIAN, RUSSIAN.start(), stored + list(added.moves), moves)
    assert again.moves == () and not again.stop


@settings(max_examples=40, deadline=None)
@given(games_strategy, st.data())
def test_a_feed_shorter_than_the_record_adds_nothing(moves, data):
    shown = moves[: data.draw(st.integers(min_value=0, max_value=len(moves)))]
    assert continuation(RUSSIAN, RUSSIAN.start(), moves, shown) == relay_feed.Continuation(())


@settings(max_examples=40, deadline=None)
@given(games_strategy, st.data(), st.sampled_from(["a1-h8", "c3-c4", "zz", "11-11", "e3:e7"]))
def test_nothing_past_a_move_the_rules_refuse_is_added(moves, data, wrong):
    cut = data.draw(st.integers(min_value=0, max_value=len(moves)))
    stored = moves[: data.draw(st.integers(min_value=0, max_value=cut))]
    feed = moves[:cut] + [wrong] + moves[cut:]
    position = RUSSIAN.start()
    for move in moves[:cut]:
        position = RUSSIAN.play(position, move)
    try:
        RUSSIAN.play(position, wrong)
    except IllegalMove:
        pass
    else:  # the sampled move happens to be legal here: not this property's case
        return
    added = continuation(RUSSIAN, RUSSIAN.start(), stored, feed)
    assert list(added.moves) == moves[len(stored) : cut]
    assert added.ply == cut + 1 and added.move == wrong
    assert added.stop in (relay_feed.ILLEGAL, relay_feed.AFTER_END)


@given(st.binary(max_size=200))
@settings(max_examples=60, deadline=None)
def test_any_bytes_are_read_as_a_feed_or_refused_never_an_other_error(data):
    try:
        games = feed_games(feed_text(data))
    except relay_feed.FeedRefused:
        return
    assert games and all(game.tags for game in games)
