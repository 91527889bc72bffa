"""Correspondence sections played all at once (ICCF Tournament Rules
0.3: "each player plays one game simultaneously against each of the other
players ... the colour will be decided by lot"): every game starts together,
the Berger tables (003 1.6.2) still give colours and boards, the event ends
when its last game ends, and after the closing date or a round's deadline the
chief arbiter adjudicates what is unfinished."""

from collections import Counter
from contextlib import contextmanager
from datetime import timedelta

import pytest

from club.championships import pairing, services
from club.championships.models import Board, Championship, Decision, MatchGame, Round
from club.notifications.models import Notification
from games.models import Game
from games.services import game_draw_answer, game_draw_offer, game_move_make, game_resign, vacation_take
from games.services.errors import Conflict, Forbidden, Invalid, RuleRefusal

from .conftest import T0, at

pytestmark = pytest.mark.django_db
DAY = 24 * 60


@contextmanager
def refused(kind, code):
    with pytest.raises(kind) as caught:
        yield
    assert caught.value.code == code, caught.value.detail


@pytest.fixture
def section(make_championship, players, staff):
    """``section(n, **options)``: a correspondence round robin of the first n players, all at once, started."""

    def make(n=4, **options):
        options.setdefault("time_control", "d3")
        championship = make_championship(players[:n], play_mode="all-at-once", **options)
        services.section_start(by=staff["chief"], championship_id=championship.pk, now=T0)
        championship.refresh_from_db()
        return championship

    return make


def games_of(championship):
    return Game.objects.filter(championship_board__round__championship=championship)


def test_every_game_of_a_round_robin_starts_at_once_with_the_berger_colours(section):
    championship = section(4)
    assert championship.status == "running"
    rounds = list(championship.rounds.order_by("number"))
    assert [r.status for r in rounds] == ["published"] * 3
    games = games_of(championship)
    assert games.count() == 6 and {g.started_at for g in games} == {T0}
    numbers = {e.member_id: e.start_number for e in championship.entries.all()}
    table = pairing.round_robin(4)
    for the_round in rounds:  # 1.6.2: the round's boards, by start number, white first
        boards = the_round.boards.order_by("number")
        assert [(numbers[b.white_id], numbers[b.black_id]) for b in boards] == table[the_round.number - 1]
    assert Decision.objects.filter(championship=championship, action="section-start").count() == 1


def test_a_double_round_robin_gives_each_pair_a_game_with_each_colour_at_the_same_time(section):
    championship = section(4, cycles=2)
    games = list(games_of(championship))
    assert len(games) == 12
    colours = Counter((g.white_id, g.black_id) for g in games)
    assert set(colours.values()) == {1}
    assert all((b, w) in colours for w, b in colours)


def test_the_section_ends_when_its_last_game_ends_in_whatever_order(section, on_commit):
    championship = section(4)
    boards = list(Board.objects.filter(round__championship=championship).order_by("-round__number", "number"))
    for i, board in enumerate(boards):
        with on_commit():
            game_resign(game_id=board.game_id, member=board.black, now=at(60 + i))
        championship.refresh_from_db()
        assert championship.status == ("finished" if i == len(boards) - 1 else "running")
    assert set(championship.rounds.values_list("status", flat=True)) == {"closed"}


def test_each_player_hears_once_that_the_section_began(section, players, on_commit):
    with on_commit():
        championship = section(4)
    assert not games_of(championship).filter(turn_unannounced=True).exists()  # no mail per first move
    notices = Notification.objects.filter(kind="event", key=f"section-start:{championship.pk}")
    assert sorted(n.params["games"] for n in notices) == [3, 3, 3, 3]


# ---- what is refused ----------------------------------------------------------------------------
def test_a_swiss_cannot_be_played_all_at_once(staff):
    with refused(Invalid, "swiss-round-by-round"):
        services.championship_create(
            organiser=staff["organiser"],
            name="Swiss",
            discipline="russian",
            time_control="d3",
            system="swiss",
            swiss_system="buchholz",
            rounds_planned=5,
            play_mode="all-at-once",
        )


def test_all_at_once_and_deadlines_are_for_correspondence_and_a_closing_date_lies_ahead(staff):
    base = dict(organiser=staff["organiser"], name="X", discipline="russian", now=T0)
    with refused(Invalid, "not-correspondence"):
        services.championship_create(**base, time_control="2700", play_mode="all-at-once")
    with refused(Invalid, "closes-in-the-past"):
        services.championship_create(**base, time_control="d3", closes_at=T0 - timedelta(days=1))
    with refused(Invalid, "round-days-all-at-once"):
        services.championship_create(**base, time_control="d3", play_mode="all-at-once", round_days=30)
    assert not Championship.objects.exists()


def test_only_the_chief_arbiter_starts_a_section_once_and_its_rounds_are_not_paired_one_by_one(
    make_championship, players, staff
):
    championship = make_championship(players[:4], play_mode="all-at-once")
    with refused(Forbidden, "not-chief-arbiter"):
        services.section_start(by=staff["arbiter"], championship_id=championship.pk, now=T0)
    with refused(Conflict, "all-at-once"):
        services.round_pair(by=staff["chief"], championship_id=championship.pk, now=T0)
    services.section_start(by=staff["chief"], championship_id=championship.pk, now=T0)
    with refused(Conflict, "not-ready"):
        services.section_start(by=staff["chief"], championship_id=championship.pk, now=T0)
    assert Round.objects.filter(championship=championship).count() == 3


# ---- a knockout stage: both games of a micro-match at once -----------------------------------------
def test_a_knockout_stage_starts_both_games_of_each_micro_match_with_colours_swapped(make_championship, players, staff):
    championship = make_championship(
        players[:4], system="knockout", games_per_pairing=2, play_mode="all-at-once", time_control="d3"
    )
    the_round = services.round_pair(by=staff["chief"], championship_id=championship.pk, now=T0)
    services.round_publish(by=staff["chief"], championship_id=championship.pk, round_number=the_round.number, now=T0)
    for board in Board.objects.filter(round=the_round):
        first, second = (mg.game for mg in MatchGame.objects.filter(board=board).order_by("number"))
        assert (first.white_id, first.black_id) == (second.black_id, second.white_id)  # 1.11
        assert first.started_at == second.started_at == T0


# ---- the closing date and adjudication --------------------------------------------------------------
def test_after_the_closing_date_play_stops_and_the_chief_arbiter_adjudicates(section, staff, on_commit):
    championship = section(4, closes_at=at(2 * DAY))
    boards = list(Board.objects.filter(round__championship=championship).order_by("round__number", "number"))
    first = boards[0]
    with refused(RuleRefusal, "still-playing"):  # before the closing date the game is being played
        services.game_adjudicate(
            by=staff["chief"], championship_id=championship.pk, game_id=first.game_id, result="1-0", reason="early"
        )
    with on_commit():
        game_resign(game_id=boards[1].game_id, member=boards[1].black, now=at(60))
        game_move_make(game_id=first.game_id, member=first.white, text="c3-d4", expected_ply=0, now=at(90))
        game_move_make(game_id=boards[2].game_id, member=boards[2].white, text="c3-d4", expected_ply=0, now=at(60))
        game_draw_offer(game_id=boards[2].game_id, member=boards[2].white, now=at(2 * DAY - 1))
        stopped = services.play_close_due(now=at(2 * DAY + 1))
    assert stopped == 5 and services.play_close_due(now=at(2 * DAY + 2)) == 0  # once
    with refused(RuleRefusal, "awaiting-adjudication"):
        game_move_make(game_id=first.game_id, member=first.black, text="f6-g5", expected_ply=1, now=at(2 * DAY + 3))
    # Until the arbiter rules, the players may still agree a result: a draw offered before the close.
    game = game_draw_answer(game_id=boards[2].game_id, member=boards[2].black, accept=True, now=at(2 * DAY + 5))
    assert game.result == "1/2-1/2"
    with refused(Forbidden, "not-chief-arbiter"):
        services.game_adjudicate(
            by=staff["arbiter"], championship_id=championship.pk, game_id=first.game_id, result="1-0", reason="x"
        )
    with refused(Conflict, "game-over"):
        services.game_adjudicate(
            by=staff["chief"], championship_id=championship.pk, game_id=boards[1].game_id, result="0-1", reason="x"
        )
    with refused(Invalid, "bad-adjudication"):
        services.game_adjudicate(
            by=staff["chief"], championship_id=championship.pk, game_id=first.game_id, result="2-0", reason="x"
        )
    with on_commit():
        services.game_adjudicate(
            by=staff["chief"],
            championship_id=championship.pk,
            game_id=first.game_id,
            result="1-0",
            reason="white's extra piece wins",
        )
    first.refresh_from_db()
    game = Game.objects.get(pk=first.game_id)
    assert (first.result, game.termination) == ("1-0", "adjudication")
    logged = Decision.objects.get(championship=championship, action="result", data__game=first.game_id)
    assert logged.reason == "white's extra piece wins" and logged.by == staff["chief"]


def _closed_for_adjudication(section, on_commit, moves):
    """A section of four closed for adjudication; ``moves[i]``: the moves made first in its i-th game."""
    championship = section(4, closes_at=at(2 * DAY))
    boards = list(Board.objects.filter(round__championship=championship).order_by("round__number", "number"))
    for board, texts in zip(boards, moves):
        for ply, text in enumerate(texts):
            mover = board.white if ply % 2 == 0 else board.black
            game_move_make(game_id=board.game_id, member=mover, text=text, expected_ply=ply, now=at(60 + ply))
    with on_commit():
        services.play_close_due(now=at(2 * DAY + 1))
    return championship, boards


def test_an_unfinished_game_that_was_played_is_adjudicated_as_played_and_both_losing_it_is_0_0(
    section, staff, on_commit
):
    # 1.10.4: «В число сыгранных партий входят и не доигранные (не законченные) партии, которые
    # должны присуждаться судьёй»; 1.12.2: − and + only «если партия фактически не состоялась».
    championship, boards = _closed_for_adjudication(section, on_commit, [["c3-d4", "f6-g5"], ["c3-d4"]])
    both_moved, white_moved = boards[0], boards[1]
    for board in (both_moved, white_moved):
        for forfeit in ("-/-", "+/-", "-/+"):
            with refused(Invalid, "adjudication-played"):
                services.game_adjudicate(
                    by=staff["chief"],
                    championship_id=championship.pk,
                    game_id=board.game_id,
                    result=forfeit,
                    reason="x",
                )
    assert Game.objects.get(pk=both_moved.game_id).status == Game.Status.ONGOING
    assert not Decision.objects.filter(championship=championship, action="result").exists()
    with on_commit():
        services.game_adjudicate(
            by=staff["chief"],
            championship_id=championship.pk,
            game_id=both_moved.game_id,
            result="0-0",
            reason="neither played on",
        )
    both_moved.refresh_from_db()
    game = Game.objects.get(pk=both_moved.game_id)
    assert (both_moved.result, game.result, game.termination) == ("0-0", "0-0", "adjudication")
    assert game.termination_clause == "1.10.4"
    assert Decision.objects.get(championship=championship, action="result", data__game=game.pk).clause == "1.10.4"


def test_an_unfinished_game_in_which_no_move_was_made_did_not_take_place_1_12_2(section, staff, on_commit):
    championship, boards = _closed_for_adjudication(section, on_commit, [])
    untouched = boards[0]
    for played in ("1-0", "0-1", "1/2-1/2", "0-0"):
        with refused(Invalid, "adjudication-not-played"):
            services.game_adjudicate(
                by=staff["chief"], championship_id=championship.pk, game_id=untouched.game_id, result=played, reason="x"
            )
    with on_commit():
        services.game_adjudicate(
            by=staff["chief"],
            championship_id=championship.pk,
            game_id=untouched.game_id,
            result="-/+",
            reason="white never made his first move",
        )
    untouched.refresh_from_db()
    assert untouched.result == "-/+"


def test_a_correspondence_swiss_round_has_days_and_then_goes_to_adjudication(make_championship, players, staff):
    championship = make_championship(
        players[:4], system="swiss", swiss_system="buchholz", rounds_planned=3, round_days=2
    )
    the_round = services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=T0)
    services.round_publish(by=staff["arbiter"], championship_id=championship.pk, round_number=the_round.number, now=T0)
    the_round.refresh_from_db()
    assert the_round.deadline == T0 + timedelta(days=2)
    assert services.play_close_due(now=at(DAY)) == 0
    assert services.play_close_due(now=at(2 * DAY + 1)) == 2
    decision = Decision.objects.get(championship=championship, action="round-deadline")
    assert decision.data["round"] == 1 and len(decision.data["games"]) == 2


# ---- the event's cap on vacation days --------------------------------------------------------------
def test_an_event_may_cap_the_vacation_days_taken_while_it_runs(section, players):
    section(4, vacation_days_max=10)
    player = players[0]
    vacation_take(member=player, days=7, starts_at=at(DAY), now=at(1))
    with refused(RuleRefusal, "event-vacation-cap"):
        vacation_take(member=player, days=5, starts_at=at(20 * DAY), now=at(2))
    vacation_take(member=players[5], days=20, now=at(3))  # not in the event: the club's allowance only


# ---- the standings of a running section ---------------------------------------------------------------
def test_a_running_section_s_standings_show_games_left_and_the_most_each_can_score(section, client, on_commit):
    championship = section(4)
    board = Board.objects.filter(round__championship=championship).order_by("round__number", "number").first()
    with on_commit():
        game_resign(game_id=board.game_id, member=board.black, now=at(60))
    data = client.get(f"/api/championships/{championship.pk}/published/").json()
    assert data["provisional"] is True
    rows = {row["player"]["id"]: row for row in data["standings"]}
    assert (rows[board.white_id]["points"], rows[board.white_id]["games_left"]) == (1.0, 2)
    assert rows[board.white_id]["max_points"] == 3.0 and rows[board.black_id]["max_points"] == 2.0
    page = client.get(f"/championships/{championship.pk}/results/").content.decode()
    assert "Provisional" in page or "Предварительн" in page
    assert page.count('class="in-progress"') == 2 * 5  # each unfinished game, from both sides of the grid


# ---- progressive sections: a standing event -------------------------------------------------------
def test_a_standing_event_starts_a_section_each_time_enough_players_wait(staff, on_commit):
    from tests.conftest import make_member

    standing = services.championship_create(
        organiser=staff["organiser"],
        name="Standing correspondence",
        discipline="russian",
        time_control="d3",
        play_mode="all-at-once",
        section_size=3,
        section_days=90,
        now=T0,
    )
    services.arbiter_appoint(by=staff["organiser"], championship_id=standing.pk, member=staff["chief"], role="chief")
    services.entries_open(by=staff["organiser"], championship_id=standing.pk, now=T0)
    entrants = [make_member(f"s{i}") for i in range(7)]
    for member in entrants:
        with on_commit():
            services.entry_create(championship_id=standing.pk, member=member, now=T0)
    sections = list(Championship.objects.filter(standing_event=standing).order_by("pk"))
    assert len(sections) == 2
    for section, players in zip(sections, (entrants[:3], entrants[3:6])):
        assert section.status == "running" and section.all_at_once
        assert set(section.entries.values_list("member_id", flat=True)) == {m.pk for m in players}
        assert games_of(section).count() == 3  # a round robin of three: one game a pair
        assert section.appointments.filter(member=staff["chief"], role="chief").exists()
        assert section.closes_at is not None
    assert standing.entries.filter(section__isnull=True).count() == 1  # the seventh waits
    assert services.sections_fill(championship_id=standing.pk) == []  # nothing twice
    with refused(Conflict, "standing-event"):
        services.entries_close(by=staff["organiser"], championship_id=standing.pk)


def test_a_section_s_lot_is_drawn_from_a_fresh_seed_like_every_other_lot(staff, on_commit):
    """1.6.2: start numbers are drawn by lot; a seed made of the standing event's id and
    the section's number would let anyone work out the numbers before the section starts.
    The seed is fresh and unpredictable, and stored so the lot can be drawn again."""
    from tests.conftest import make_member

    standing = services.championship_create(
        organiser=staff["organiser"],
        name="Standing correspondence",
        discipline="russian",
        time_control="d3",
        play_mode="all-at-once",
        section_size=3,
        now=T0,
    )
    services.arbiter_appoint(by=staff["organiser"], championship_id=standing.pk, member=staff["chief"], role="chief")
    services.entries_open(by=staff["organiser"], championship_id=standing.pk, now=T0)
    for i in range(6):
        with on_commit():
            services.entry_create(championship_id=standing.pk, member=make_member(f"lot{i}"), now=T0)
    sections = list(Championship.objects.filter(standing_event=standing).order_by("pk"))
    seeds = [s.lot_seed for s in sections]
    assert len(seeds) == 2 and len(set(seeds)) == 2
    for number, (section, seed) in enumerate(zip(sections, seeds), 1):
        assert seed != f"{standing.pk}-{number}"
        assert len(seed) == 16 and int(seed, 16) >= 0  # as many bits as the organiser's closing draws
        closing = Decision.objects.get(championship=section, action="entries-close")
        assert closing.data["seed"] == seed
        entries = list(section.entries.order_by("entered_at", "id"))
        redrawn = pairing.initial_order(
            [{"id": e.member_id, "rating": e.rating} for e in entries], seed, by_rating=False
        )
        assert redrawn == [e.member_id for e in section.entries.order_by("start_number")]


# ---- a player who leaves a section played all at once (1.10.2, 1.10.3) ------------------------------
def _his_games(championship, member):
    boards = Board.objects.filter(round__championship=championship).filter(white=member) | Board.objects.filter(
        round__championship=championship, black=member
    )
    return [Game.objects.get(pk=b.game_id) for b in boards.order_by("round__number")]


def test_a_player_who_withdraws_before_half_his_games_is_struck_and_his_games_end_minus_minus(
    section, players, staff, on_commit
):
    # 1.10.2: under half his games played — his results leave the standings, his unplayed games are −/−.
    championship = section(4)
    leaving = players[0]
    first = _his_games(championship, leaving)[0]
    with on_commit():
        game_resign(game_id=first.pk, member=leaving, now=at(60))  # one of three played
        services.player_leave(
            by=staff["chief"], championship_id=championship.pk, member_id=leaving.pk, reason="moved abroad", now=at(90)
        )
    entry = championship.entries.get(member=leaving)
    assert (entry.status, entry.struck) == ("withdrawn", True)
    rest = _his_games(championship, leaving)[1:]
    assert [(g.status, g.result) for g in rest] == [(Game.Status.FINISHED, "-/-")] * 2
    game = rest[0]
    with refused(Conflict, "game-over"):  # he moves in none of them again
        game_move_make(game_id=game.pk, member=game.white, text="c3-d4", expected_ply=0, now=at(120))


def test_a_player_who_withdraws_after_half_his_games_stands_and_loses_the_rest_minus_plus(
    section, players, staff, on_commit
):
    # 1.10.3: half or more played — his results stand; his unplayed games are − for him, + for his opponents.
    championship = section(4)
    leaving = players[0]
    games = _his_games(championship, leaving)
    with on_commit():
        for game in games[:2]:
            game_resign(game_id=game.pk, member=leaving, now=at(60))
        services.player_leave(
            by=staff["chief"], championship_id=championship.pk, member_id=leaving.pk, reason="illness", now=at(90)
        )
    entry = championship.entries.get(member=leaving)
    assert (entry.status, entry.struck) == ("withdrawn", False)
    last = Game.objects.get(pk=games[2].pk)
    assert last.result == ("-/+" if last.white_id == leaving.pk else "+/-")
    board = Board.objects.get(game_id=last.pk)
    assert board.result == last.result


def test_an_adjudicated_result_is_marked_in_the_tables_and_the_pdn_and_the_decisions_name_game_and_players(
    section, staff, on_commit
):
    # 1.10.4: the chief arbiter adjudicates after the closing date; every table marks it († and its legend),
    # the PDN says so in PGN's standard Termination tag, and the public log says what, in words.
    from django.test import Client

    from club.championships import exports

    championship, boards = _closed_for_adjudication(section, on_commit, [["c3-d4", "f6-g5"]])
    with on_commit():
        services.game_adjudicate(
            by=staff["chief"],
            championship_id=championship.pk,
            game_id=boards[0].game_id,
            result="1-0",
            reason="white is a piece up",
        )
    game = Game.objects.select_related("white", "black").get(pk=boards[0].game_id)
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    legend = "adjudicated: the chief arbiter decided the result after play closed (1.10.4)"
    for url in (
        f"/championships/{championship.pk}/results/",
        f"/championships/{championship.pk}/crosstable/",
        f"/championships/{championship.pk}/rounds/{boards[0].round.number}/",
        f"/championships/{championship.pk}/players/{game.white.username}/",
        f"/championships/{championship.pk}/results/print/",
    ):
        html = client.get(url).content.decode()
        assert 'class="adjudicated-sign"' in html and legend in html, url
    records = exports.export(championship, "games").content
    records = records.decode() if isinstance(records, bytes) else records
    adjudicated = [r for r in records.split("[Event ") if f'"{game.white.name}"' in r and f'"{game.black.name}"' in r]
    assert len(adjudicated) == 1 and '[Termination "adjudication"]' in adjudicated[0]
    assert records.count("[Termination ") == 1  # the games played out carry none
    page = client.get(f"/championships/{championship.pk}/").content.decode()
    decisions = page[page.index('class="decisions"') :]
    assert "(play-closed)" not in decisions and "(section-start)" not in decisions
    assert "the closing date passed: the unfinished games stopped for adjudication" in decisions
    assert "correspondence section started: every round published at once" in decisions
    assert f"game #{game.pk}, {game.white.name} – {game.black.name}" in decisions and "(1 – 0)" in decisions
