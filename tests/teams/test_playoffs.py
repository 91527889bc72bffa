"""Team play-offs (003 1.13.2, 1.14.6): the chief arbiter creates, from the final team
standings, a match between exactly the teams tied on points — or the extra match for first
place that a second team which won every match has the right to («ей предоставляется право
на дополнительный матч за первое место»). Its games are board games between the teams'
line-ups; its result orders those places ahead of the coefficients; a drawn one falls back
to the next criterion («…или которой было присуждено 1 место по дополнительным критериям»);
a corrected result that breaks the tie voids it."""

import pytest

from club.championships import services, team_rules
from club.championships.models import Decision, Playoff
from club.championships.selectors import teams as team_selectors
from club.teams.models import BoardGame
from foundation.refusals import Conflict, Forbidden, Invalid
from games.services import game_resign
from games.services.arbiter import game_result_change

from .conftest import TEAM_NAMES, TIED_AT_THE_TOP

pytestmark = pytest.mark.django_db

A, B, C, D = TEAM_NAMES[:4]


@pytest.fixture
def tied(make_event, play_event):
    return play_event(make_event(4), TIED_AT_THE_TOP)


def team(event, name):
    return event.teams.get(name=name)


def rows(event):
    return {row["name"]: row for row in team_selectors.standings_rows(event)}


def create(by, event, names, **extra):
    options = {"time_control": "600+5", "reason": "the title", **extra}
    return services.team_playoff_create(
        by=by, championship_id=event.pk, team_ids=[team(event, n).pk for n in names], **options
    )


def play_playoff(playoff, first_wins_boards, capture):
    """The play-off's first team (in standings order) wins the listed boards of each match, loses the rest."""
    first = playoff.players[0]
    for pg in playoff.games.select_related("game"):
        first_is_home = pg.home_id == first
        home_is_white = pg.board % 2 == 1
        first_has_white = first_is_home == home_is_white
        game = pg.game
        first_player, other_player = (game.white, game.black) if first_has_white else (game.black, game.white)
        with capture(execute=True):
            game_resign(game_id=game.pk, member=other_player if pg.board in first_wins_boards else first_player)


def test_before_a_play_off_the_tie_on_match_points_goes_to_the_criteria(tied):
    # 1.14.6 note: match points first, then board points.
    table = rows(tied)
    assert table[A]["match_points"] == table[B]["match_points"] == 5
    assert (table[B]["place"], table[A]["place"]) == ("1", "2")


def test_the_chief_arbiter_creates_a_match_between_the_tied_teams_line_ups(tied, staff, rosters):
    # 1.13.2, 1.14.6: a match on every board between the two teams' line-ups, colours by board 1 (1.14.3).
    playoff = create(staff["chief"], tied, [A, B])
    assert playoff.players == [team(tied, B).pk, team(tied, A).pk]  # standings order: Дамка leads
    games = list(playoff.games.select_related("game").order_by("board"))
    assert [pg.board for pg in games] == [1, 2, 3, 4]
    assert {str(pg.game.time_control) for pg in games} == {"600+5"}
    dam, lad = rosters[1], rosters[0]
    home_players = [g.game.white if g.board % 2 else g.game.black for g in games]
    away_players = [g.game.black if g.board % 2 else g.game.white for g in games]
    assert home_players == dam[:4] and away_players == lad[:4]  # the line-ups that stand (1.14.2)
    decision = Decision.objects.get(championship=tied, action="playoff")
    assert decision.clause == "1.13.2" and decision.data["teams"] == playoff.players


def test_a_play_off_is_refused_between_teams_not_tied_and_to_anyone_but_the_chief_arbiter(tied, staff):
    # 1.13.2: exactly the teams tied on points; the chief arbiter's decision (authority: EVENT_DECIDE).
    with pytest.raises(Conflict) as refused:
        create(staff["chief"], tied, [A, C])
    assert refused.value.code == "not-tied"
    with pytest.raises(Invalid):
        create(staff["chief"], tied, [A])
    for who in (staff["arbiter"], staff["organiser"]):
        with pytest.raises(Forbidden):
            create(who, tied, [A, B])
    create(staff["chief"], tied, [A, B])
    with pytest.raises(Conflict) as again:
        create(staff["chief"], tied, [B, A])
    assert again.value.code == "playoff-exists"
    assert Playoff.objects.count() == 1


def test_a_play_off_waits_for_the_final_standings(make_event, staff):
    # 1.13.2: it decides final places: refused while the event runs.
    event = make_event(4)
    services.round_pair(by=staff["arbiter"], championship_id=event.pk)
    with pytest.raises(Conflict) as refused:
        create(staff["chief"], event, [A, B])
    assert refused.value.code == "not-final" and not Playoff.objects.exists()


def test_the_team_that_wins_the_play_off_is_placed_first_ahead_of_the_coefficients(
    tied, staff, django_capture_on_commit_callbacks
):
    # 1.13.2: Дамка leads on board points; Ладья wins the play-off 3–1 and is first.
    playoff = create(staff["chief"], tied, [A, B])
    assert team_selectors.playoff_states(tied) == {playoff: "pending"}
    assert rows(tied)[B]["place"] == "1"  # not decided until every board is over
    play_playoff(playoff, {4}, django_capture_on_commit_callbacks)  # Дамка wins only board 4
    table = rows(tied)
    assert (table[A]["place"], table[B]["place"]) == ("1", "2")
    assert table[A]["playoff"] and table[B]["playoff"]
    assert table[A]["board_points"] == 8 and table[A]["match_points"] == 5  # the event's points are unchanged
    assert team_selectors.playoff_states(tied) == {playoff: "decided"}


def test_a_drawn_play_off_falls_back_to_the_next_criterion(tied, staff, django_capture_on_commit_callbacks):
    # 1.14.6: a drawn extra match: «победителем … становится команда, … которой было присуждено
    # 1 место по дополнительным критериям» — Дамка by board points.
    playoff = create(staff["chief"], tied, [A, B])
    play_playoff(playoff, {1, 2}, django_capture_on_commit_callbacks)
    table = rows(tied)
    assert (table[B]["place"], table[A]["place"]) == ("1", "2")
    assert not table[A]["playoff"] and not table[B]["playoff"]
    assert team_selectors.playoff_states(tied) == {playoff: "drawn"}


def test_a_corrected_result_that_breaks_the_tie_voids_the_play_off(tied, staff, django_capture_on_commit_callbacks):
    # 1.13.2: their own match corrected from 2–2 to 3–1 for Дамка (a recording error,
    # 2.1.10.4): no longer tied on points, the play-off Ладья won orders nothing.
    playoff = create(staff["chief"], tied, [A, B])
    play_playoff(playoff, {4}, django_capture_on_commit_callbacks)
    assert rows(tied)[A]["place"] == "1"
    board = BoardGame.objects.get(
        match__round__championship=tied, match__home__name__in=[A, B], match__away__name__in=[A, B], board=1
    )  # Ладья won it
    dam_is_white = (board.match.home.name == B) == (board.board % 2 == 1)
    with django_capture_on_commit_callbacks(execute=True):
        game_result_change(
            game_id=board.game_id, arbiter=staff["chief"], result="1-0" if dam_is_white else "0-1", reason="scoresheet"
        )
    table = rows(tied)
    assert (table[B]["match_points"], table[A]["match_points"]) == (6, 4)
    assert (table[B]["place"], table[A]["place"]) == ("1", "2") and not table[A]["playoff"]
    assert team_selectors.playoff_states(tied) == {playoff: "void"}


# ---- 1.14.6: the right to an extra match for first place --------------------------------------
# Board points decide (1.14.6); Дамка wins every match 2½–1½ (7½ board points) but Ладья,
# beaten by Дамка, wins its other two 4–0 (9½): Ладья first, Дамка second with the right.
RIGHT = {
    (B, A): "11=0",
    (B, C): "11=0",
    (B, D): "11=0",
    (A, C): "1111",
    (A, D): "1111",
    (C, D): "1100",
}


@pytest.fixture
def right(make_event, play_event):
    return play_event(make_event(4, scoring="board-points"), RIGHT)


def test_a_second_team_that_won_every_match_may_play_first_place_off_and_take_it(
    right, staff, django_capture_on_commit_callbacks
):
    # 1.14.6: not tied on points, yet the extra match is Дамка's right; Дамка wins it.
    table = rows(right)
    assert (table[A]["place"], table[B]["place"], table[B]["playoff_right"]) == ("1", "2", True)
    with pytest.raises(Conflict):
        create(staff["chief"], right, [B, C])  # the right is to a match with the first team only
    playoff = create(staff["chief"], right, [B, A])
    assert playoff.players == [team(right, A).pk, team(right, B).pk]
    assert Decision.objects.get(championship=right, action="playoff").clause == "1.14.6"
    play_playoff(playoff, {4}, django_capture_on_commit_callbacks)  # Ладья (first) wins board 4 only
    table = rows(right)
    assert (table[B]["place"], table[A]["place"]) == ("1", "2")
    assert table[A]["board_points"] == 9.5  # the event's points are unchanged


def test_a_drawn_extra_match_leaves_first_place_to_the_team_with_the_most_points(
    right, staff, django_capture_on_commit_callbacks
):
    # 1.14.6: «…становится команда, набравшая наибольшее количество очков».
    playoff = create(staff["chief"], right, [A, B])
    play_playoff(playoff, {1, 2}, django_capture_on_commit_callbacks)
    table = rows(right)
    assert (table[A]["place"], table[B]["place"]) == ("1", "2")
    assert team_selectors.playoff_states(right) == {playoff: "drawn"}


def test_the_pure_table_applies_an_extra_match_only_while_the_right_stands():
    # 1.14.6 in team_rules: the order [[2], [1]] lifts the second team only if it won every match.
    teams = [{"id": 1}, {"id": 2}, {"id": 3}]
    match = lambda home, away, result, hp, ap: {  # noqa: E731
        "home": home,
        "away": away,
        "result": result,
        "home_points": hp,
        "away_points": ap,
    }
    rounds = [[match(2, 1, "1-0", 2.5, 1.5)], [match(2, 3, "1-0", 2.5, 1.5)], [match(1, 3, "1-0", 4, 0)]]
    options = {"scoring": team_rules.BOARD_POINTS, "criteria": ()}
    assert [r["id"] for r in team_rules.table(teams, rounds, **options)] == [1, 2, 3]
    assert [r["id"] for r in team_rules.table(teams, rounds, playoff=[[[2], [1]]], **options)] == [2, 1, 3]
    lost = [[match(2, 1, "0-1", 1.5, 2.5)], rounds[1], rounds[2]]  # corrected: team 2 lost a match
    assert [r["id"] for r in team_rules.table(teams, lost, playoff=[[[2], [1]]], **options)] == [1, 2, 3]
    assert team_rules.playoffs_in_force(teams, lost, [[[2], [1]]], **options) == []
