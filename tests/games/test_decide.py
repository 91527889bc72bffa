"""The move decided (games/decide.py): a pure function of the game's state, checked
against the rules module and the clock maths, with no database.

Random games of legal and illegal moves: the decision refuses exactly what the
rules refuse, ends the game exactly when the rules say it is over, and moves the
clock by the clock's own arithmetic (1.7.9, 3.6.1, 1.7.12)."""

from datetime import UTC, datetime, timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import clock, decide
from games.clock import TimeControl
from games.decide import Ended, GameState, Moved, Refusal
from games.rules import IllegalMove, variant
from games.venue import RULES, Venue

START = datetime(2026, 3, 1, 10, 0, tzinfo=UTC)
ONLINE = RULES[Venue.ONLINE]
WHITE_ID, BLACK_ID = 1, 2


def state(discipline: str = "russian", control: str = "-", **changes) -> GameState:
    tc = TimeControl.parse(control)
    base = GameState(
        discipline=discipline,
        speed=tc.speed,
        control=tc,
        venue=ONLINE,
        white_id=WHITE_ID,
        black_id=BLACK_ID,
        ply=0,
        to_move="white",
        white_ms=tc.initial_ms(),
        black_ms=tc.initial_ms(),
        white_moves=0,
        black_moves=0,
        turn_started_at=None,
        first_move_seconds=60,
    )
    return base._replace(**changes)


def after(s: GameState, rules, position, text: str, now: datetime) -> tuple[GameState, object]:
    """The game once ``text`` is played, as the service stores it."""
    moved = decide.move(s, rules=rules, position=position, text=text, mover=rules.turn(position), now=now)
    assert isinstance(moved, Moved), moved
    return moved.state, moved.position


# ---- the decision against the rules module ----------------------------------------------------------------------
WRONG_TEXTS = st.sampled_from(["c3-d4", "a1-b2", "h8", "e3:g5", "swap", "z99", "c3-b4", "g3-h4", "h8,h9"])
DARK = [f"{file}{rank}" for rank in range(1, 9) for i, file in enumerate("abcdefgh") if (i + rank) % 2 == 1]


@st.composite
def endgames(draw) -> str:
    """A Russian draughts ending: a few men each, none on its crowning row (games end here within a few plies)."""
    squares = draw(st.lists(st.sampled_from(DARK), min_size=2, max_size=6, unique=True))
    cut = draw(st.integers(min_value=1, max_value=len(squares) - 1))
    white = [q for q in squares[:cut] if q[1] != "8"] or ["c3"]
    black = [q for q in squares[cut:] if q[1] != "1" and q not in white] or [q for q in ("f6", "h6") if q not in white][
        :1
    ]
    return f"{draw(st.sampled_from('WB'))}:W{','.join(white)}:B{','.join(black)}"


def random_game(data, rules, position, now: datetime) -> None:
    """Random legal and wrong moves from ``position``, each decided and checked against the rules module."""
    s = state(rules.name, ply=0, to_move=rules.turn(position))
    for _ in range(data.draw(st.integers(min_value=1, max_value=40), label="plies")):
        legal = [m.notation for m in rules.legal_moves(position)]
        text = data.draw(st.sampled_from(legal) if legal and data.draw(st.booleans()) else WRONG_TEXTS)
        decision = decide.move(s, rules=rules, position=position, text=text, mover=rules.turn(position), now=now)
        try:
            expected = rules.play(position, text)
        except IllegalMove as refused:
            assert decision == Refusal("illegal-move", str(refused))
            continue
        assert isinstance(decision, Moved)
        assert decision.fen == rules.to_fen(expected) and decision.state.ply == s.ply + 1
        over = rules.result(expected)
        if over is not None:
            assert decision.ending == decide.Ending(over.winner, over.reason, over.clause)
            assert decision.deadline is None
            return
        assert decision.ending is None and decision.state.to_move == rules.turn(expected)
        s, position, now = decision.state, decision.position, now + timedelta(seconds=1)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), discipline=st.sampled_from(["russian", "international", "giveaway", "gomoku", "renju"]))
def test_the_decision_refuses_exactly_what_the_rules_refuse_and_ends_exactly_when_they_do(data, discipline):
    rules = variant(discipline)
    random_game(data, rules, rules.start(), START)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), fen=endgames())
def test_in_an_ending_the_decision_ends_the_game_exactly_when_the_rules_do(data, fen):
    # 2.1.8: no pieces or no move left loses; the rules' draws (2.1.9.1) end it drawn.
    rules = variant("russian")
    random_game(data, rules, rules.from_fen(fen), START)


@settings(max_examples=40, deadline=None)
@given(text=WRONG_TEXTS)
def test_only_the_side_to_move_acts(text):
    rules = variant("russian")
    decision = decide.move(state(), rules=rules, position=rules.start(), text=text, mover="black", now=START)
    assert decision == Refusal("not-your-turn", "It is white's turn to act.")


# ---- the clock -------------------------------------------------------------------------------------------
LIVE = st.sampled_from(["300", "180+2", "1800+30", "2700/20,900", "7200/50,3600/25+10", "d3", "d135max21", "d30+3"])


@settings(max_examples=200, deadline=None)
@given(
    control=LIVE,
    used=st.floats(min_value=0, max_value=1.2),
    made=st.integers(min_value=2, max_value=120),  # past both first moves and their period
    left_share=st.floats(min_value=0.01, max_value=1),
)
def test_the_mover_pays_what_he_thought_and_gains_the_bonus_or_loses_on_time(control, used, made, left_share):
    rules = variant("russian")
    tc = TimeControl.parse(control)
    left = max(int(tc.initial_ms() * left_share), 1)
    turn = START
    # Black has made his first move too: no first-move period, both present.
    s = state(
        "russian",
        control,
        ply=2 * made - 2,
        white_ms=left,
        white_moves=made - 1,
        black_moves=made - 1,
        turn_started_at=turn,
    )
    elapsed = int(tc.allowance_ms(left) * used)
    now = turn + timedelta(milliseconds=elapsed)
    decision = decide.move(s, rules=rules, position=rules.start(), text="c3-d4", mover="white", now=now)
    if elapsed >= tc.allowance_ms(left):  # 1.7.9: the flag fell before the move came
        assert isinstance(decision, Ended)
        assert decision.ending == decide.Ending(
            "black", "time", clock.flag_fall_clause(discipline="russian", speed=tc.speed)
        )
        assert decision.at == turn + timedelta(milliseconds=tc.allowance_ms(left))
        assert decision.refusal.code == "flag-fell"
        return
    assert isinstance(decision, Moved)
    assert decision.elapsed_ms == elapsed
    if tc.days:
        assert decision.clock_ms == tc.days * clock.DAY_MS  # a fresh allowance for every move
    else:
        assert decision.clock_ms == left - elapsed + tc.bonus_ms(made)  # 3.6.1: the unused time carried over
    assert decision.state.white_ms == decision.clock_ms and decision.state.white_moves == made
    assert decision.state.black_ms == s.black_ms  # the opponent's clock is untouched
    assert decision.state.turn_started_at == now and decision.state.to_move == "black"
    # The sweep looks again when the opponent's flag would fall.
    assert decision.deadline == now + timedelta(milliseconds=tc.allowance_ms(s.black_ms))


@settings(max_examples=100, deadline=None)
@given(
    away_from=st.integers(min_value=0, max_value=2 * clock.DAY_MS),
    away_for=st.integers(min_value=1, max_value=5 * clock.DAY_MS),
    thought=st.integers(min_value=0, max_value=2 * clock.DAY_MS),
)
def test_a_vacation_stops_the_correspondence_clock(away_from, away_for, thought):
    rules = variant("russian")
    s = state("russian", "d3", ply=2, white_moves=1, black_moves=1, turn_started_at=START)
    start = int(START.timestamp() * 1000)
    pause = (start + away_from, start + away_from + away_for)
    paused = max(0, min(pause[1], start + thought) - max(pause[0], start))
    now = START + timedelta(milliseconds=thought)
    decision = decide.move(
        s, rules=rules, position=rules.start(), text="c3-d4", mover="white", now=now, pauses={WHITE_ID: [pause]}
    )
    assert isinstance(decision, Moved)
    assert decision.elapsed_ms == thought - paused


def test_a_flag_falling_move_that_wins_wins_late():
    # 1.7.12: the move on the board leaves the opponent without a move: the stronger side wins.
    rules = variant("russian")
    position = rules.from_fen("W:Wc3:Bd4")  # white takes c3:e5, black has no piece left
    s = state("russian", "300", ply=40, white_ms=1000, white_moves=20, black_moves=20, turn_started_at=START)
    decision = decide.move(
        s, rules=rules, position=position, text="c3:e5", mover="white", now=START + timedelta(seconds=2)
    )
    assert isinstance(decision, Moved)
    assert decision.clock_ms == 0
    assert decision.ending == decide.Ending("white", "no-pieces-after-flag", "003 1.7.12")


# ---- the schedule and the offers -------------------------------------------------------------------------
def test_a_player_absent_past_the_lateness_has_lost_by_forfeit():
    # 1.9.1: white is here, black never came: black forfeits, and the move is refused.
    rules = variant("russian")
    s = state("russian", "900", starts_at=START, lateness_ms=600_000, white_checked_in_at=START)
    late = START + timedelta(minutes=11)
    decision = decide.move(s, rules=rules, position=rules.start(), text="c3-d4", mover="white", now=late)
    assert decision == Ended(
        decide.Ending("white", "forfeit", "003 1.9.1", forfeit=True),
        START + timedelta(minutes=10),
        Refusal(
            "forfeit",
            "The allowed lateness passed before you came to the game: it ended by forfeit (003 1.9.1).",
        ),
    )


def test_the_first_mover_waits_for_an_absent_second_mover():
    # 1.6.3: black is not here yet: white makes no move.
    rules = variant("russian")
    s = state("russian", "900", starts_at=START, lateness_ms=600_000, white_checked_in_at=START)
    decision = decide.move(
        s, rules=rules, position=rules.start(), text="c3-d4", mover="white", now=START + timedelta(minutes=1)
    )
    assert isinstance(decision, Refusal) and decision.code == "opponent-absent"


def test_moving_declines_the_opponents_offer_and_may_make_ones_own():
    # 2.1.9.3: the opponent declines by moving; 2.1.9.4: he may then offer only once the other has offered.
    rules = variant("russian")
    position = rules.play(rules.start(), "c3-d4")
    s = state(ply=1, to_move="black", white_moves=1, draw_offer_by="white", draw_offer_ply=1)
    declined = decide.move(s, rules=rules, position=position, text="f6-g5", mover="black", now=START)
    assert isinstance(declined, Moved)
    assert (declined.state.draw_offer_by, declined.state.draw_barred) == ("", "white")
    offered = decide.move(s, rules=rules, position=position, text="f6-g5", mover="black", now=START, offer_draw=True)
    assert isinstance(offered, Moved)
    assert (offered.state.draw_offer_by, offered.state.draw_offer_ply, offered.state.draw_barred) == ("black", 2, "")
