"""Small Swiss events paired round by round by hand from the rule text (003 1.15).

Ids are the classification numbers (start numbers) 1..n, so the comments can speak of
"No. 3". Scoring 1 / ½ / 0. The colour of the first board of round 1 is drawn by lot
(1.15.5.2, 1.15.7.2); seed 1 gives No. 1 white, and the test checks that first.
Colours after round 1 follow 1.15.2 "alternate as far as possible" as the module
settles it: each player is due the colour opposite his last played one; when both are
due the same, the longer run (then the larger surplus) of the other colour wins it, and
on a full tie the higher-placed player of the round's classification gets his due.
"""

import pytest

from club.championships import pairing

D = "1/2-1/2"
SEED = 1


def entrants(n, withdrawn=()):
    return [{"id": i, "rating": None, "withdrawn": i in withdrawn} for i in range(1, n + 1)]


def played(pairs, results):
    return [{"white": w, "black": b, "result": "bye" if b is None else r} for (w, b), r in zip(pairs, results)]


class Event:
    """An event played round by round with results chosen by the test."""

    def __init__(self, system, n, seed=SEED):
        self.system, self.players, self.rounds, self.seed = system, entrants(n), [], seed

    def pair(self):
        self.pairs = pairing.swiss(self.system, self.players, self.rounds, seed=self.seed)
        return self.pairs

    def results(self, *results):
        self.rounds.append(played(self.pairs, results))


def test_seed_1_draws_white_for_no_1_on_the_first_board():
    assert pairing.swiss("coefficients", entrants(2), [], seed=SEED) == [(1, 2)]


class TestIndividualCoefficients:
    """1.15.5: classification numbers only."""

    def test_eight_players_three_rounds(self):
        event = Event("coefficients", 8)
        # 1.15.5.2: halves 1-4 and 5-8; No. 1 meets No. 5, No. 2 No. 6, …; No. 1 has white
        # by lot, so the upper half's odd numbers (1, 3) have white, the even ones (2, 4) black.
        assert event.pair() == [(1, 5), (6, 2), (3, 7), (8, 4)]
        event.results("1-0", "0-1", D, "0-1")
        # Points: 1, 2, 4 → 1; 3, 7 → ½; 5, 6, 8 → 0.
        # 1.15.5.3: round 2 is even, so inside the groups the numbers go down:
        # {4, 2, 1}, {7, 3}, {8, 6, 5}.
        # 1.15.5.4: the top group is odd, its last (No. 1) drops and meets the first of the
        # next group, No. 7; 4-2 is left (1.15.5.5). No. 3 is left alone in the ½ group and
        # drops to meet the first of the 0 group, No. 8; 6-5 remains.
        # Colours: 4 and 2 both had black — tie, 4 is placed higher and gets white; 1 had
        # white, 7 black: 7-1; 3 and 8 both had white — 3 is higher and gets his due
        # black: 8-3; 6 had white, 5 black: 5-6.
        assert event.pair() == [(4, 2), (7, 1), (8, 3), (5, 6)]
        event.results(D, "0-1", "0-1", "1-0")
        # Points: 1 → 2; 2, 3, 4 → 1½; 5 → 1; 7 → ½; 6, 8 → 0.
        # 1.15.5.6 with 1.15.5.3: round 3 is odd, numbers go up: {1}, {2, 3, 4}, {5}, {7}, {6, 8}.
        # 1.15.5.4: No. 1 drops and meets the first of {2, 3, 4}: No. 2 (not met). 3-4 is
        # left. No. 5 drops to meet No. 7 (not met); 6-8 (not met).
        # Colours: 2 had black twice (run 2) against 1's single black — 2 gets white;
        # 3 (W, B) due white and 4 (B, W) due black: 3-4; 5 and 7 both had (B, W) — 5 is
        # higher and takes black: 7-5; 6 (W, B) due white, 8 (W, W) due black: 6-8.
        assert event.pair() == [(2, 1), (3, 4), (7, 5), (6, 8)]

    def test_a_broken_pair_makes_room_for_the_player_left_without_an_opponent(self):
        event = Event("coefficients", 6)
        # 1.15.5.2: 1-4, 2-5, 3-6, No. 2 (even) with the other colour than No. 1.
        assert event.pair() == [(1, 4), (5, 2), (3, 6)]
        event.results(D, D, D)
        # Everyone has ½: one group, round 2 even, so 6, 5, 4, 3, 2, 1 (1.15.5.3).
        # 1.15.5.5: halves {6, 5, 4} and {3, 2, 1}. No. 6 met No. 3, so he takes No. 2.
        # Left 5, 4, 3, 1, halves {5, 4} {3, 1}: 5 takes 3, leaving 4-1 — who met in round 1.
        # So the last pair formed (5-3) is broken and No. 5 takes his next candidate, No. 1;
        # 4-3 remain. Colours: 6 and 2 both had black, 6 is higher: 6-2; 5 and 1 both had
        # white, 5 is higher and gets black: 1-5; 4 had black, 3 white: 4-3.
        assert event.pair() == [(6, 2), (1, 5), (4, 3)]
        event.results(D, D, D)
        # Round 3 is odd: 1, 2, …, 6, halves {1, 2, 3} {4, 5, 6}. No. 1 met 4 and 5: 1-6.
        # Left {2, 3} {4, 5}: 2-4, 3-5. Colours: 1 (W, W) must now take black: 6-1;
        # 2 (B, B) due white, 4 (B, W) due black: 2-4; 3 and 5 both (W, B), 3 is higher: 3-5.
        assert event.pair() == [(6, 1), (2, 4), (3, 5)]
        event.results(D, D, D)
        # Round 4: the games not yet played are 1-2, 1-3, 2-3 and 4-5, 4-6, 5-6: two
        # triangles, so six players cannot all be paired without a rematch (1.15.2).
        with pytest.raises(pairing.PairingError, match="1.15.2"):
            event.pair()

    def test_the_first_plays_the_last_of_the_upper_half_when_he_met_the_whole_lower_half(self):
        event = Event("coefficients", 4)
        assert event.pair() == [(1, 3), (4, 2)]
        event.results(D, D)
        # Round 2, even: 4, 3, 2, 1; halves {4, 3} {2, 1}: 4 met 2, so 4-1; then 3-2.
        assert event.pair() == [(1, 4), (3, 2)]
        event.results(D, D)
        # Round 3, odd: 1, 2, 3, 4; halves {1, 2} {3, 4}. No. 1 has met both of the lower
        # half, so (1.15.5.5) he plays the last of the upper half, No. 2; then 3-4.
        # Colours: 1 (W, W) due black, 2 (B, B) due white: 2-1; 3 (B, W) due black: 4-3.
        assert event.pair() == [(2, 1), (4, 3)]


class TestTruncatedSolkoff:
    """1.15.6: as 1.15.5 for rounds 1-2, then groups ordered by truncated Solkoff."""

    def test_eight_players_three_rounds(self):
        event = Event("solkoff", 8)
        # 1.15.6.1 → 1.15.5.2: the same first round as the coefficient system.
        assert event.pair() == [(1, 5), (6, 2), (3, 7), (8, 4)]
        event.results("1-0", "1-0", "1-0", "1-0")
        # Winners 1, 3, 6, 8; round 2 even: {8, 6, 3, 1} {7, 5, 4, 2} (1.15.5.3).
        # 1.15.5.5: 8-3, 6-1; 7-4, 5-2. Colours: 8 and 3 both had white, 8 is higher and
        # takes black: 3-8; likewise 1-6; 7 and 4 both had black: 7-4; 5-2.
        assert event.pair() == [(3, 8), (1, 6), (7, 4), (5, 2)]
        event.results("1-0", "1-0", "1-0", D)
        # Points: 1, 3 → 2; 6, 7, 8 → 1; 2, 5 → ½; 4 → 0.
        # 1.15.6.2, truncated Solkoff = opponents' points without the worst:
        #   1: (5: ½, 6: 1) → 1      3: (7: 1, 8: 1) → 1
        #   6: (2: ½, 1: 2) → 2      7: (3: 2, 4: 0) → 2      8: (4: 0, 3: 2) → 2
        #   5: (1: 2, 2: ½) → 2      2: (6: 1, 5: ½) → 1
        # Groups: {1, 3}, {6, 7, 8} (equal, by number), {5, 2} (5 ahead on Solkoff), {4}.
        # (By numbers alone the ½ group would be {2, 5} and No. 8 would meet No. 2.)
        # 1-3. {6, 7, 8} is odd: its last, No. 8, drops to the first of {5, 2}: 8-5;
        # 6-7 stay. No. 2 is left alone and drops to No. 4: 2-4.
        # Colours: 1 and 3 both (W, W) — a tie, 1 is higher and gets his due black: 3-1;
        # 6 (W, B) due white, 7 (B, W) due black: 6-7; 8 (W, B) and 5 (B, W): 8-5;
        # 2 and 4 both (B, B), 2 is higher and gets white: 2-4.
        assert event.pair() == [(3, 1), (6, 7), (8, 5), (2, 4)]


class TestCurrentBuchholz:
    """1.15.7: first meets last; the first of an odd group drops and meets the last below."""

    def test_eight_players_three_rounds(self):
        event = Event("buchholz", 8)
        # 1.15.7.2: 1-8, 2-7, 3-6, 4-5; No. 1 white by lot, No. 2 and No. 4 (even) black.
        assert event.pair() == [(1, 8), (7, 2), (3, 6), (5, 4)]
        event.results("1-0", "0-1", D, "1-0")
        # Points: 1, 2, 5 → 1; 3, 6 → ½; 4, 7, 8 → 0. 1.15.7.3: by number in each group:
        # {1, 2, 5}, {3, 6}, {4, 7, 8}.
        # 1.15.7.4: the top group is odd, its FIRST (No. 1) drops and meets the LAST of
        # {3, 6}: 1-6; 2-5 remain (1.15.7.5). No. 3, alone, drops to the last of
        # {4, 7, 8}: 3-8; then 4-7. Colours: every pair is due opposite colours:
        # 2-5, 6-1, 8-3, 4-7.
        assert event.pair() == [(2, 5), (6, 1), (8, 3), (4, 7)]
        event.results(D, "0-1", D, "1-0")
        # Points: 1 → 2; 2, 5 → 1½; 3, 4 → 1; 6, 8 → ½; 7 → 0.
        # 1.15.7.6, current Buchholz (sum of the opponents' points):
        #   5: 4 + 2 = 1 + 1½ = 2½;  2: 7 + 5 = 0 + 1½ = 1½;   → {5, 2}
        #   4: 5 + 7 = 1½ + 0 = 1½;  3: 6 + 8 = ½ + ½ = 1;     → {4, 3}
        #   6: 3 + 1 = 1 + 2 = 3;    8: 1 + 3 = 2 + 1 = 3;     → {6, 8} by number
        # (by numbers alone No. 1 would meet No. 5 below, not No. 2).
        # No. 1 drops to the last of {5, 2}: 1-2. No. 5 drops to the last of {4, 3}: 5-3.
        # No. 4 drops to the last of {6, 8}: 4-8. No. 6 drops to No. 7: 6-7.
        # Colours: 1 (W, B) due white, 2 (B, W) due black: 1-2; 5 and 3 both (W, B), 5 is
        # higher and gets white: 5-3; 4 and 8 both (B, W), 4 is higher and gets black:
        # 8-4; 6 (B, W) due black, 7 (W, B) due white: 7-6.
        assert event.pair() == [(1, 2), (5, 3), (8, 4), (7, 6)]


class TestBlindDraw:
    """1.15.4: start numbers drawn before the event, then lots inside score groups."""

    def test_round_one_pairs_neighbours_with_the_odd_number_white_and_the_last_rests(self):
        assert pairing.swiss("blind", entrants(7), [], seed=SEED) == [(1, 2), (3, 4), (5, 6), (7, None)]

    @pytest.mark.parametrize("seed", range(6))
    def test_round_two_draws_inside_the_score_groups(self, seed):
        players = entrants(8)
        first = pairing.swiss("blind", players, [], seed=seed)
        rounds = [played(first, ["1-0"] * 4)]
        pairs = pairing.swiss("blind", players, rounds, seed=seed)
        winners = {1, 3, 5, 7}
        # Winners meet winners, losers meet losers: four in each group, no float needed.
        assert all(({w, b} <= winners) or not ({w, b} & winners) for w, b in pairs)
        assert pairing.swiss("blind", players, rounds, seed=seed) == pairs

    def test_the_lot_depends_on_the_seed(self):
        players = entrants(12)
        rounds = [played(pairing.swiss("blind", players, [], seed=0), [D] * 6)]
        draws = {tuple(pairing.swiss("blind", players, rounds, seed=s)) for s in range(8)}
        assert len(draws) > 1


class TestByeAndWithdrawal:
    def test_the_bye_skips_players_who_already_won_without_play(self):
        event = Event("coefficients", 5)
        # 1.15.2: the odd field's last, No. 5, gets the "+"; halves {1, 2} {3, 4}.
        assert event.pair() == [(1, 3), (4, 2), (5, None)]
        event.results("-/+", "1-0", "bye")  # No. 1 did not come: No. 3 wins by forfeit
        # Round 2, even: {5, 4, 3} {2, 1}. The last, No. 1, has no win without play: "+".
        # No. 3 drops from the top group to No. 2; 5-4. Forfeited games give no colour
        # (1.15.2): 5 has none yet and 4 had white, so 5-4; 3 none, 2 had black: 2-3.
        assert event.pair() == [(5, 4), (2, 3), (1, None)]
        event.results("0-1", "1-0", "bye")
        # Points: 4 → 2; 1, 2, 3, 5 → 1. Round 3, odd: {4}, {1, 2, 3, 5}.
        # 1.15.2: the "+" goes to the lowest placed without a win without play: No. 5 had
        # the bye, No. 3 the forfeit win, so No. 2 rests.
        # No. 4 drops to the first of {1, 3, 5}: 4-1; 3-5. Colours: 4 (W, B) due white,
        # 1 has no played game: 4-1; 3 (B) due white, 5 (W) due black: 3-5.
        assert event.pair() == [(4, 1), (3, 5), (2, None)]

    def test_it_names_the_rule_when_everyone_has_had_the_bye(self):
        players = entrants(3)
        rounds = [
            played([(1, 2), (3, None)], ["1-0", "bye"]),
            played([(3, 1), (2, None)], ["1-0", "bye"]),
            played([(2, 3), (1, None)], ["1-0", "bye"]),
        ]
        with pytest.raises(pairing.PairingError, match=r"1\.15\.2.*win without play"):
            pairing.swiss("coefficients", players, rounds, seed=SEED)

    @pytest.mark.parametrize("system", pairing.SYSTEMS)
    def test_three_players_left_who_have_all_met_cannot_be_paired(self, system):
        # No. 4 withdrew after three rounds in which 1, 2 and 3 all met each other (1.15.2).
        players = entrants(4, withdrawn={4})
        rounds = [
            played([(1, 2), (3, 4)], ["1-0", "1-0"]),
            played([(3, 1), (4, 2)], [D, "0-1"]),
            played([(2, 3), (4, 1)], [D, "0-1"]),
        ]
        with pytest.raises(pairing.PairingError, match=r"1\.15\.2.*meet twice"):
            pairing.swiss(system, players, rounds, seed=SEED)

    def test_a_withdrawn_player_is_not_paired(self):
        players = entrants(6, withdrawn={2})
        pairs = pairing.swiss("coefficients", players, [], seed=SEED)
        # 1.15.2: No. 2 is left out; five remain, so the last (No. 6) gets the "+".
        assert 2 not in {p for pair in pairs for p in pair}
        assert pairs[-1] == (6, None)


class TestFourthColour:
    def test_two_players_both_due_a_fourth_white_are_not_paired_together(self):
        # 1.15.2: 1 and 2 have had black three times running, 3 and 4 white. The leaders
        # 3 and 4 have not met, but neither may have a fourth white, so they cannot meet;
        # nor can 1 and 2; and each of them gets the other colour now.
        players = entrants(8)
        rounds = [
            played([(5, 1), (6, 2), (3, 7), (4, 8)], ["1-0"] * 4),
            played([(7, 1), (8, 2), (3, 5), (4, 6)], ["1-0"] * 4),
            played([(6, 1), (5, 2), (3, 8), (4, 7)], ["1-0"] * 4),
        ]
        pairs = pairing.swiss("coefficients", players, rounds, seed=SEED)
        by_player = {p: (w, b) for w, b in pairs for p in (w, b)}
        for p in (1, 2):
            assert by_player[p][0] == p  # white at last
        for p in (3, 4):
            assert by_player[p][1] == p
