"""Every game an event starts carries the event's start rule, whatever path starts it:
a round's board, a micro-match's games and its faster tie-break, a team board, a
play-off (players' and teams'), a correspondence section's games.

1.9.1: the allowed lateness is the event's («допустимое время опоздания»), team events
included. 5.2.7.2: a renju event's own conditions — its opening rule, its foul policy
(002 9.2) and its move limit — hold in each of its games."""

import ast
from pathlib import Path

import pytest

from club.championships import services
from club.championships.models import Board, MatchGame
from club.teams.models import BoardGame
from games.models import Game
from games.rules import ballots64
from games.services.arbiter import game_result_change
from tests.conftest import make_member

from .conftest import T0, at

pytestmark = pytest.mark.django_db

# A renju event that sets everything a game could lose on the way.
RENJU = {
    "discipline": "renju",
    "opening_rule": "rif",
    "foul_policy": "foul-loses",
    "draw_after_moves": 150,
    "time_control": "2700",
    "lateness_minutes": 7,
    "rated": False,
}
ROUND_STARTS = at(60)
ROOT = Path(__file__).resolve().parents[2]


def start_rule(game: Game) -> dict:
    return {
        "discipline": game.discipline,
        "opening_rule": game.opening_rule,
        "foul_policy": game.foul_policy,
        "draw_after_moves": game.draw_after_moves,
        "rated": game.rated,
        "competition": game.competition,
    }


def the_event_s(championship) -> dict:
    return {
        "discipline": championship.discipline,
        "opening_rule": championship.opening_rule,
        "foul_policy": championship.foul_policy,
        "draw_after_moves": championship.draw_after_moves,
        "rated": championship.rated,
        "competition": True,
    }


def assert_scheduled_with_the_event_s_rule(game: Game, championship, time_control: str) -> None:
    assert start_rule(game) == the_event_s(championship)
    assert str(game.time_control) == time_control
    assert game.lateness_ms == championship.lateness_minutes * 60_000  # 1.9.1


def drawn(game: Game, staff, on_commit) -> None:
    with on_commit():
        game_result_change(game_id=game.pk, arbiter=staff["chief"], result="1/2-1/2", reason="drawn", now=at(90))


def first_round(championship, staff) -> None:
    services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=T0)
    services.round_publish(
        by=staff["arbiter"], championship_id=championship.pk, round_number=1, starts_at=ROUND_STARTS, now=T0
    )


def team_event(staff, teams: int = 2, **options):
    """An event of ``teams`` teams of two boards, registered, the entries closed."""
    event = services.championship_create(
        organiser=staff["organiser"], name="Team cup", entrants="teams", boards=2, now=T0, **options
    )
    services.arbiter_appoint(by=staff["organiser"], championship_id=event.pk, member=staff["chief"], role="chief")
    services.arbiter_appoint(by=staff["organiser"], championship_id=event.pk, member=staff["arbiter"], role="arbiter")
    for t in range(teams):
        roster = [make_member(f"team{t}player{i}") for i in range(2)]
        team = services.team_register(
            by=roster[0], championship_id=event.pk, name=f"Team {t}", captain=roster[0], players=roster
        )
        services.team_invitation_answer(member=roster[1], team_id=team.pk, accept=True)
    services.entries_close(by=staff["organiser"], championship_id=event.pk, seed="lot", now=T0)
    event.refresh_from_db()
    return event


def test_a_round_s_board_carries_the_event_s_rule(make_championship, players, staff):
    championship = make_championship(players[:2], **RENJU)
    first_round(championship, staff)
    game = Board.objects.get(round__championship=championship).game
    assert_scheduled_with_the_event_s_rule(game, championship, "2700")
    assert game.starts_at == ROUND_STARTS


def test_a_micro_match_s_games_and_its_faster_tie_break_carry_the_event_s_rule(
    make_championship, players, staff, on_commit
):
    championship = make_championship(
        players[:2], system="knockout", games_per_pairing=2, tie_matches=0, tie_time_control="600+5", **RENJU
    )
    first_round(championship, staff)
    board = Board.objects.get(round__championship=championship)
    seen = []
    for _ in range(3):  # two games of the micro-match, drawn 1:1; then the tie at the faster control (1.11)
        game = MatchGame.objects.filter(board=board).order_by("-number").first().game
        seen.append(str(game.time_control))
        assert_scheduled_with_the_event_s_rule(game, championship, seen[-1])
        drawn(game, staff, on_commit)
    assert seen == ["2700", "2700", "600+5"]


def test_a_team_board_carries_the_event_s_rule_and_its_lateness(staff):
    # 1.9.1: the team path used to allow an hour (capped at the clock's 45 minutes), not the event's 7.
    event = team_event(staff, **RENJU)
    services.round_pair(by=staff["arbiter"], championship_id=event.pk, now=T0)
    services.round_publish(
        by=staff["arbiter"], championship_id=event.pk, round_number=1, starts_at=ROUND_STARTS, now=T0
    )
    games = [bg.game for bg in BoardGame.objects.filter(match__round__championship=event).select_related("game")]
    assert len(games) == 2
    for game in games:
        assert_scheduled_with_the_event_s_rule(game, event, "2700")


def test_a_shashki_64_team_board_draws_its_ballot(staff):
    # 2.2.2: a ballot "random" is drawn for each game, on a team board too.
    event = team_event(staff, discipline="russian", ballot="random", time_control="d3")
    services.round_pair(by=staff["arbiter"], championship_id=event.pk, now=T0)
    services.round_publish(by=staff["arbiter"], championship_id=event.pk, round_number=1, now=T0)
    for bg in BoardGame.objects.filter(match__round__championship=event).select_related("game"):
        assert bg.game.ballot in ballots64.keys()  # noqa: SIM118 (a function of the ballots module)


def test_a_play_off_s_games_carry_the_event_s_rule_at_their_own_control(make_championship, players, staff, on_commit):
    championship = make_championship(players[:2], **RENJU)
    first_round(championship, staff)
    drawn(Board.objects.get(round__championship=championship).game, staff, on_commit)
    playoff = services.playoff_create(
        by=staff["chief"],
        championship_id=championship.pk,
        member_ids=[players[0].pk, players[1].pk],
        time_control="600+5",
        games_per_pair=2,
        reason="the title",
        now=at(120),
    )
    for pg in playoff.games.select_related("game"):
        # 5.2.7.2: the play-off path used to leave the move limit out.
        assert start_rule(pg.game) == the_event_s(championship)
        assert str(pg.game.time_control) == "600+5"


def test_a_team_play_off_s_games_carry_the_event_s_rule(staff, on_commit):
    event = team_event(staff, **RENJU)
    services.round_pair(by=staff["arbiter"], championship_id=event.pk, now=T0)
    services.round_publish(
        by=staff["arbiter"], championship_id=event.pk, round_number=1, starts_at=ROUND_STARTS, now=T0
    )
    for bg in BoardGame.objects.filter(match__round__championship=event):
        drawn(bg.game, staff, on_commit)
    playoff = services.team_playoff_create(
        by=staff["chief"],
        championship_id=event.pk,
        team_ids=list(event.teams.values_list("pk", flat=True)),
        time_control="600+5",
        reason="the title",
        now=at(120),
    )
    games = [pg.game for pg in playoff.games.select_related("game")]
    assert len(games) == 2
    for game in games:
        assert start_rule(game) == the_event_s(event)
        assert str(game.time_control) == "600+5"


def test_a_correspondence_section_s_games_carry_the_event_s_rule(make_championship, players, staff):
    options = {**RENJU, "time_control": "d3", "lateness_minutes": None, "play_mode": "all-at-once"}
    championship = make_championship(players[:3], **options)
    services.section_start(by=staff["chief"], championship_id=championship.pk, now=T0)
    games = list(Game.objects.filter(championship_board__round__championship=championship))
    assert len(games) == 3
    for game in games:
        assert start_rule(game) == the_event_s(championship)
        # Correspondence: the game opens at once; a first move never made is a no-show (1.9.1).
        assert (str(game.time_control), game.starts_at, game.lateness_ms) == ("d3", T0, 0)


def test_an_event_starts_its_games_in_one_place():
    # The factory is the only caller of game_create among the event's modules: a new path
    # (a venue, a stage) goes through it and cannot leave a field of the start rule out.
    callers = set()
    for path in (ROOT / "club").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                if name == "game_create":
                    callers.add(str(path.relative_to(ROOT)))
    assert callers == {"club/championships/services/scheduling.py"}
