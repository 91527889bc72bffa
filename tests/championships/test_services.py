"""Championship services: who may do what, the round lifecycle, and bad input
refused with nothing changed (clauses of 003 §1)."""

from contextlib import contextmanager

import pytest

from club.arbiters import services as arbiters
from club.championships import pairing, selectors, services
from club.championships.models import Board, Championship, Decision, Entry, Round, Standings
from games.models import Game
from games.services import game_resign
from games.services.errors import Conflict, Forbidden, Invalid, NotFound, RuleRefusal
from tests.conftest import make_member

from .conftest import T0, at

pytestmark = pytest.mark.django_db


@contextmanager
def refused(kind, code):
    """The service refuses with this kind and code (the detail is translated)."""
    with pytest.raises(kind) as caught:
        yield
    assert caught.value.code == code, caught.value.detail


def finish_round(championship, number, *, loser="black", when=None):
    """Every game of the round ends with ``loser`` resigning."""
    for board in Board.objects.filter(round__championship=championship, round__number=number, game__isnull=False):
        member = board.black if loser == "black" else board.white
        game_resign(game_id=board.game_id, member=member, now=when or at(60 * 24))


def pair_and_publish(championship, staff, *, now=None, starts_at=None):
    the_round = services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=now or T0)
    services.round_publish(
        by=staff["arbiter"],
        championship_id=championship.pk,
        round_number=the_round.number,
        starts_at=starts_at,
        now=now or T0,
    )
    the_round.refresh_from_db()
    return the_round


# ---- creating ---------------------------------------------------------------------------------
def test_only_an_organiser_creates_a_championship(players):
    with pytest.raises(Forbidden):
        services.championship_create(organiser=players[0], name="Mine", discipline="russian", time_control="d3")
    assert not Championship.objects.exists()


def test_the_allowed_lateness_is_at_most_the_first_control_and_an_hour(organiser):
    # 1.9.1: from 0 to the first control's time, at most an hour.
    with refused(Invalid, "bad-lateness"):
        services.championship_create(
            organiser=organiser, name="Blitz", discipline="russian", time_control="300", lateness_minutes=6
        )
    with refused(Invalid, "bad-lateness"):
        services.championship_create(
            organiser=organiser,
            name="Slow",
            discipline="international",
            time_control="7200/50,3600/25",
            lateness_minutes=61,
        )
    assert not Championship.objects.exists()
    # Not set: the first control's base time, capped at an hour.
    rapid = services.championship_create(organiser=organiser, name="Rapid", discipline="russian", time_control="900")
    slow = services.championship_create(
        organiser=organiser, name="Slow", discipline="international", time_control="7200/50,3600/25"
    )
    assert services.lateness_ms(rapid) == 15 * 60_000
    assert services.lateness_ms(slow) == 60 * 60_000


def test_a_swiss_needs_its_system_and_number_of_rounds(organiser):
    with refused(Invalid, "bad-swiss-system"):
        services.championship_create(
            organiser=organiser,
            name="S",
            discipline="russian",
            time_control="d3",
            system="swiss",
            swiss_system="dutch",
            rounds_planned=5,
        )
    with pytest.raises(Invalid):
        services.championship_create(
            organiser=organiser,
            name="S",
            discipline="russian",
            time_control="d3",
            system="swiss",
            swiss_system="buchholz",
        )
    assert not Championship.objects.exists()


def test_unknown_tie_criteria_are_refused(organiser):
    with refused(Invalid, "bad-tie-criteria"):
        services.championship_create(
            organiser=organiser, name="T", discipline="russian", time_control="d3", tie_criteria=["berger", "coin-toss"]
        )


def test_arbiters_are_appointed_per_championship_and_need_the_club_role(organiser, players, chief_arbiter):
    championship = services.championship_create(organiser=organiser, name="C", discipline="russian", time_control="d3")
    # 002 §17: a plain member cannot be appointed; and a club chief arbiter not appointed here cannot pair.
    with refused(Invalid, "not-qualified"):
        services.arbiter_appoint(by=organiser, championship_id=championship.pk, member=players[0], role="arbiter")
    with pytest.raises(Forbidden):
        services.arbiter_appoint(by=players[0], championship_id=championship.pk, member=chief_arbiter, role="chief")
    with refused(Conflict, "no-chief-arbiter"):
        services.entries_open(by=organiser, championship_id=championship.pk)
    assert not championship.appointments.exists()


# ---- entries -------------------------------------------------------------------------------------
def test_entering_after_the_window_is_refused(make_championship, players):
    championship = make_championship(close=False, entries_close_at=at(60))
    services.entry_create(championship_id=championship.pk, member=players[0], now=at(59))
    with refused(Conflict, "entries-closed"):
        services.entry_create(championship_id=championship.pk, member=players[1], now=at(60))
    assert list(championship.entries.values_list("member", flat=True)) == [players[0].pk]


def test_a_championship_by_invitation_admits_only_the_invited(make_championship, players, organiser):
    championship = make_championship(close=False, invitation_only=True)
    with refused(Forbidden, "not-invited"):
        services.entry_create(championship_id=championship.pk, member=players[0], now=T0)
    services.invitation_add(by=organiser, championship_id=championship.pk, member=players[0])
    services.entry_create(championship_id=championship.pk, member=players[0], now=T0)
    assert championship.entries.count() == 1


def test_a_member_takes_his_entry_back_only_before_the_entries_close(make_championship, players, organiser):
    championship = make_championship(players[:3], close=False)
    services.entry_withdraw(championship_id=championship.pk, member=players[2])
    assert championship.entries.count() == 2
    services.entries_close(by=organiser, championship_id=championship.pk, now=T0)
    with refused(Conflict, "entries-closed"):
        services.entry_withdraw(championship_id=championship.pk, member=players[1])
    assert championship.entries.count() == 2


def test_the_server_draws_the_lot_s_seed_and_publishes_it_so_the_lot_can_be_drawn_again(
    make_championship, players, api
):
    # 1.6.2: the lot is drawn, not chosen: nobody picks the seed, and anyone can check the draw.
    championship = make_championship(players[:5])
    seed = championship.lot_seed
    assert championship.status == "entries-closed" and len(seed) == 16 and int(seed, 16) >= 0
    by_entry = [e.member_id for e in Entry.objects.filter(championship=championship).order_by("entered_at", "id")]
    drawn = pairing.initial_order([{"id": i} for i in by_entry], seed, by_rating=False)
    assert [e.member_id for e in selectors.entries(championship)] == drawn
    assert Decision.objects.get(championship=championship, action="entries-close").data["seed"] == seed
    assert api(None).get(f"/api/championships/{championship.pk}/").json()["lot_seed"] == seed


def test_a_seed_the_organiser_sends_is_not_the_lot_s(make_championship, players, staff, api):
    championship = make_championship(players[:4], close=False)
    response = api(staff["organiser"]).post(f"/api/championships/{championship.pk}/close/", {"seed": "chosen"})
    assert response.status_code == 200
    championship.refresh_from_db()
    assert championship.lot_seed not in ("", "chosen") and len(championship.lot_seed) == 16


def test_a_swiss_by_rating_numbers_the_strongest_first(make_championship, players):
    # 1.15.5.1: the initial classification by rating.
    championship = make_championship(players[:5][::-1], system="swiss", swiss_system="buchholz", rounds_planned=3)
    ratings = [e.rating for e in selectors.entries(championship)]
    assert ratings == sorted(ratings, reverse=True)


# ---- pairing and publishing -------------------------------------------------------------------
def test_round_one_of_a_round_robin_follows_the_berger_table(make_championship, players, staff):
    championship = make_championship(players[:4])
    the_round = services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=T0)
    number_of = {e.member_id: e.start_number for e in championship.entries.all()}
    boards = [(number_of[b.white_id], number_of[b.black_id]) for b in the_round.boards.all()]
    assert sorted(boards) == sorted(pairing.round_robin(4)[0])
    assert the_round.status == Round.Status.PAIRED
    assert not Game.objects.exists()  # a draft: nothing is played yet


def test_an_odd_round_robin_rests_one_player(make_championship, players, staff):
    championship = make_championship(players[:5])
    the_round = pair_and_publish(championship, staff)
    rests = [b for b in the_round.boards.all() if b.black_id is None]
    assert len(rests) == 1 and rests[0].result == "" and rests[0].game_id is None
    assert Game.objects.count() == 2


def test_a_round_is_not_paired_before_the_previous_one_closed(make_championship, players, staff):
    championship = make_championship(players[:4])
    pair_and_publish(championship, staff)
    with refused(RuleRefusal, "previous-round-open"):
        services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=T0)
    assert championship.rounds.count() == 1


def test_only_an_arbiter_of_this_championship_pairs(make_championship, players, staff):
    championship = make_championship(players[:4])
    outsider = make_member("fyodor", "chief_arbiter")  # a club chief arbiter, not appointed here (002 §17)
    for someone in (outsider, staff["organiser"], players[0]):
        with refused(Forbidden, "not-arbiter"):
            services.round_pair(by=someone, championship_id=championship.pk, now=T0)
    assert not championship.rounds.exists()


def test_publishing_creates_the_games_with_the_championships_rules(make_championship, players, staff):
    championship = make_championship(players[:4], name="Spring cup", time_control="2700", lateness_minutes=20)
    with refused(Invalid, "no-start-time"):
        pair_and_publish(championship, staff)  # a live round needs its start
    the_round = Round.objects.get(championship=championship, number=1)
    assert the_round.status == Round.Status.PAIRED and not Game.objects.exists()
    services.round_publish(
        by=staff["arbiter"], championship_id=championship.pk, round_number=1, starts_at=at(120), now=T0
    )
    games = list(Game.objects.order_by("round"))
    assert len(games) == 2
    assert {g.event for g in games} == {"Spring cup"} and [g.round for g in games] == ["1.1", "1.2"]
    assert all(g.starts_at == at(120) and g.lateness_ms == 20 * 60_000 and str(g.time_control) == "2700" for g in games)
    championship.refresh_from_db()
    assert championship.status == "running"


def test_results_flow_back_once_close_the_round_and_the_championship(make_championship, players, staff, on_commit):
    championship = make_championship(players[:2])
    with on_commit():
        pair_and_publish(championship, staff)
        board = Board.objects.get(round__championship=championship)
        game_resign(game_id=board.game_id, member=board.black, now=at(10))
    board.refresh_from_db()
    assert board.result == "1-0"
    # A replay of the hook (acks_late redelivery) changes nothing.
    assert services.board_result_record(game_id=board.game_id) == "unchanged"
    assert Round.objects.get(championship=championship).status == "closed"
    championship.refresh_from_db()
    assert championship.status == "finished"  # one round in a two-player round robin
    standings = Standings.objects.get(championship=championship)
    assert [(row["id"], row["points"]) for row in standings.rows] == [(board.white_id, 1), (board.black_id, 0)]
    assert services.standings_recompute(championship_id=championship.pk) is False  # a replay writes nothing


def test_the_chief_arbiter_overrides_a_pair_with_a_reason_and_no_rematch_without_one(
    make_championship, players, staff, on_commit
):
    championship = make_championship(players[:4], system="swiss", swiss_system="blind", rounds_planned=3)
    with on_commit():
        pair_and_publish(championship, staff)
        finish_round(championship, 1)
    first = {frozenset((b.white_id, b.black_id)) for b in Board.objects.filter(round__number=1)}
    the_round = services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=T0)
    board = the_round.boards.get(number=1)
    old_pair = next(iter(first))
    white, black = sorted(old_pair)
    before = list(the_round.boards.values_list("number", "white_id", "black_id"))
    # An arbiter (not chief) may not; a rematch without a reason is refused (1.15.2, 1.15 preamble).
    with pytest.raises(Forbidden):
        services.board_override(
            by=staff["arbiter"],
            championship_id=championship.pk,
            round_number=2,
            board_number=1,
            white_id=white,
            black_id=black,
            reason="x",
        )
    with refused(RuleRefusal, "rematch"):
        services.board_override(
            by=staff["chief"],
            championship_id=championship.pk,
            round_number=2,
            board_number=1,
            white_id=white,
            black_id=black,
            reason="  ",
        )
    assert list(the_round.boards.values_list("number", "white_id", "black_id")) == before
    services.board_override(
        by=staff["chief"],
        championship_id=championship.pk,
        round_number=2,
        board_number=1,
        white_id=white,
        black_id=black,
        reason="a result was entered wrongly in round 1",
    )
    board.refresh_from_db()
    assert (board.white_id, board.black_id) == (white, black)
    seated = [p for b in the_round.boards.all() for p in (b.white_id, b.black_id)]
    assert sorted(seated) == sorted(p.pk for p in players[:4])  # everyone still seated once
    decision = Decision.objects.get(championship=championship, action="override")
    assert decision.by == staff["chief"] and decision.data["rematch"] is True and "wrongly" in decision.reason


def test_a_result_for_a_game_of_another_championship_is_refused(make_championship, players, staff, on_commit):
    ours = make_championship(players[:2], name="Ours")
    theirs = make_championship(players[2:4], name="Theirs")
    pair_and_publish(ours, staff)
    pair_and_publish(theirs, staff)
    their_game = Board.objects.get(round__championship=theirs).game
    with refused(NotFound, "not-in-championship"):
        services.board_result_set(
            by=staff["chief"], championship_id=ours.pk, game_id=their_game.pk, result="1-0", reason="adjourned game"
        )
    their_game.refresh_from_db()
    assert their_game.status == Game.Status.ONGOING
    assert not Decision.objects.filter(action="result").exists()


def test_the_chief_arbiter_decides_an_unfinished_game_once_its_clocks_are_stopped(
    make_championship, players, staff, on_commit
):
    # 1.10.4: an unfinished game is decided by the arbiter — not while it is being played.
    championship = make_championship(players[:2], time_control="2700")
    pair_and_publish(championship, staff, now=T0, starts_at=at(10))
    board = Board.objects.get(round__championship=championship)
    with refused(RuleRefusal, "still-playing"):
        services.board_result_set(
            by=staff["chief"], championship_id=championship.pk, game_id=board.game_id, result="1-0", reason="scoresheet"
        )
    game = Game.objects.get(pk=board.game_id)
    board.refresh_from_db()
    assert (game.status, game.result, board.result) == (Game.Status.ONGOING, "", "")
    arbiters.clocks_stop(by=staff["chief"], game_id=board.game_id, reason="the players ask for a ruling", now=at(20))
    with pytest.raises(Forbidden):
        services.board_result_set(
            by=staff["arbiter"],
            championship_id=championship.pk,
            game_id=board.game_id,
            result="1/2-1/2",
            reason="adjudicated",
        )
    with pytest.raises(Invalid):
        services.board_result_set(
            by=staff["chief"], championship_id=championship.pk, game_id=board.game_id, result="1/2-1/2", reason=""
        )
    with on_commit():
        services.board_result_set(
            by=staff["chief"],
            championship_id=championship.pk,
            game_id=board.game_id,
            result="1/2-1/2",
            reason="adjudicated: a dead draw",
        )
    board.refresh_from_db()
    assert board.result == "1/2-1/2"
    assert Game.objects.get(pk=board.game_id).result == "1/2-1/2"


# ---- withdrawal (1.10) ---------------------------------------------------------------------------
def test_a_withdrawal_under_half_strikes_his_results_and_his_games_are_not_played(
    make_championship, players, staff, on_commit
):
    championship = make_championship(players[:4])  # 3 games each
    with on_commit():
        pair_and_publish(championship, staff)
        finish_round(championship, 1)
    leaver = players[0]
    with pytest.raises(Invalid):
        services.player_leave(by=staff["chief"], championship_id=championship.pk, member_id=leaver.pk, reason="")
    with pytest.raises(Forbidden):
        services.player_leave(by=staff["arbiter"], championship_id=championship.pk, member_id=leaver.pk, reason="ill")
    with on_commit():
        entry = services.player_leave(
            by=staff["chief"], championship_id=championship.pk, member_id=leaver.pk, reason="ill"
        )
    assert entry.struck and entry.left_after_round == 1  # 1 of 3 played: under half (1.10.2)
    with on_commit():
        later = pair_and_publish(championship, staff)
    his = later.boards.get(**_side(later, leaver))
    assert his.game_id is None and his.result == "-/-"
    rows = Standings.objects.get(championship=championship).rows
    assert next(r for r in rows if r["id"] == leaver.pk)["struck"] is True


def test_a_withdrawal_at_half_or_more_keeps_his_results_and_forfeits_the_rest(
    make_championship, players, staff, on_commit
):
    championship = make_championship(players[:3])  # odd: 3 rounds, 2 games each
    for number in (1, 2):
        with on_commit():
            pair_and_publish(championship, staff)
            finish_round(championship, number)
    played = {e.member_id: 0 for e in championship.entries.all()}
    for board in Board.objects.filter(round__championship=championship, game__isnull=False):
        played[board.white_id] += 1
        played[board.black_id] += 1
    # The round-3 pair: whoever plays in round 3 and has played at least one game leaves.
    with on_commit():
        third = services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=T0)
    pair = third.boards.get(black__isnull=False)
    leaver = pair.white_id
    assert played[leaver] == 1  # 1 of 2 games: half (1.10.3)
    with on_commit():
        entry = services.player_leave(
            by=staff["chief"], championship_id=championship.pk, member_id=leaver, reason="left the club"
        )
        services.round_publish(by=staff["arbiter"], championship_id=championship.pk, round_number=3, now=T0)
    assert not entry.struck
    pair.refresh_from_db()
    assert pair.result == "-/+" and pair.game_id is None  # "−" for him, "+" for the opponent
    championship.refresh_from_db()
    assert championship.status == "finished"


def _side(the_round, member):
    board = the_round.boards.filter(white=member).first()
    return {"white": member} if board else {"black": member}


def test_the_chief_arbiter_withdraws_a_draft_pairing_with_a_reason_and_it_is_paired_again(
    make_championship, players, staff
):
    # 1.15 preamble: pairs may be changed, "including a repeated pairing", by the chief arbiter's motivated decision.
    championship = make_championship(players[:4])
    services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=T0)
    with pytest.raises(Forbidden):
        services.round_discard(by=staff["arbiter"], championship_id=championship.pk, round_number=1, reason="x")
    with pytest.raises(Invalid):
        services.round_discard(by=staff["chief"], championship_id=championship.pk, round_number=1, reason="")
    assert championship.rounds.count() == 1
    services.round_discard(
        by=staff["chief"], championship_id=championship.pk, round_number=1, reason="a player's entry was recorded twice"
    )
    assert not championship.rounds.exists()
    assert services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=T0).number == 1
    assert Decision.objects.filter(championship=championship, action="discard-pairing").count() == 1


def test_a_published_round_cannot_be_withdrawn(make_championship, players, staff):
    championship = make_championship(players[:2])
    pair_and_publish(championship, staff)
    with pytest.raises(Conflict):
        services.round_discard(by=staff["chief"], championship_id=championship.pk, round_number=1, reason="oops")
    assert Game.objects.count() == 1


def test_an_unknown_ballot_is_refused_when_the_championship_is_created(organiser):
    with refused(Invalid, "bad-ballot"):
        services.championship_create(
            organiser=organiser, name="64", discipline="russian", time_control="d3", ballot="no-such-ballot"
        )
    assert (
        services.championship_create(
            organiser=organiser, name="64", discipline="russian", time_control="d3", ballot="random"
        ).ballot
        == "random"
    )
