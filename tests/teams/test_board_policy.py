"""The board rules a team event's regulations set (003 1.14.2: «Положением о проведении
соревнований должны быть предусмотрены … закрепляются ли за игроками определённые доски,
наличие в команде запасных игроков, их количество, на каких досках они могут играть,
происходит ли сдвижка по доскам основного состава»): event settings, shown on the event's
page and in the API, that the line-ups and the seating at the start follow."""

from datetime import UTC, datetime, timedelta

import pytest
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st
from rest_framework.test import APIClient

from club.championships import services, team_rules
from club.championships.models import Championship
from club.teams.models import BoardGame, Lineup, Team
from foundation.refusals import Invalid

pytestmark = pytest.mark.django_db
T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
BOARDS = 4


# ---- the rules themselves (pure) ----------------------------------------------------------------
def _each_once(members: list) -> list:
    """A line-up names a player once: a repeated one leaves his later board empty."""
    seen: set = set()
    return [m if m is None or not (m in seen or seen.add(m)) else None for m in members]


lineups = st.lists(st.one_of(st.none(), st.integers(1, 8)), min_size=1, max_size=BOARDS).map(_each_once)
policies = st.builds(
    team_rules.BoardPolicy,
    fixed=st.booleans(),
    reserve_boards=st.lists(st.integers(1, BOARDS), unique=True).map(tuple),
    moves_up=st.booleans(),
)


@given(lineups, st.sets(st.integers(1, 8)), policies)
def test_the_seating_never_seats_the_absent_and_moves_up_only_where_the_rules_say(lineup, absent, policy):
    seated = team_rules.chairs(lineup, absent, BOARDS, policy)
    present = [m for m in lineup if m is not None and m not in absent]
    assert len(seated) == BOARDS and [m for m in seated if m is not None] == present
    if policy.moves_up and not policy.fixed:
        # «сдвижка»: nobody sits below an empty chair.
        assert seated == present + [None] * (BOARDS - len(present))
    else:
        # Every player keeps the board his line-up gave him.
        assert all(seated[b] == m for b, m in enumerate(lineup) if m is not None and m not in absent)


@given(lineups, policies)
def test_with_fixed_boards_a_main_player_is_only_ever_on_his_own_board(lineup, policy):
    order = {m: m for m in range(1, 9)}  # member m holds roster place m; places 5… are reserves
    problem = team_rules.lineup_problem(lineup, order, BOARDS, policy)
    misplaced = [b for b, m in enumerate(lineup, 1) if m is not None and m <= BOARDS and m != b]
    if policy.fixed and misplaced:
        assert problem is not None
    if problem is None:
        assert not (policy.fixed and misplaced)
        reserves_on = [b for b, m in enumerate(lineup, 1) if m is not None and m > BOARDS]
        assert not policy.reserve_boards or set(reserves_on) <= set(policy.reserve_boards)


# ---- the event --------------------------------------------------------------------------------
def team_of(event, roster):
    return Team.objects.get(championship=event, captain=roster[0])


def submit(event, roster, members):
    return services.lineup_submit(
        by=roster[0],
        championship_id=event.pk,
        team_id=team_of(event, roster).pk,
        round_number=1,
        members=members,
        now=T0,
    )


@pytest.fixture
def paired(make_event, staff):
    def make(**options):
        event = make_event(2, **options)
        services.round_pair(by=staff["arbiter"], championship_id=event.pk, starts_at=T0 + timedelta(days=1), now=T0)
        return event

    return make


def test_fixed_boards_keep_each_player_on_his_board_and_a_reserve_takes_the_board_he_fills(paired, rosters):
    # 1.14.2 «закрепляются ли за игроками определённые доски».
    event, r = paired(fixed_boards=True), rosters[0]
    one, two, three, four, reserve = (p.pk for p in r)
    submit(event, r, [one, reserve, three, four])  # the reserve plays board 2 for No. 2
    submit(event, r, [one, None, three, four])  # or board 2 stays empty
    assert Lineup.objects.get(team=team_of(event, r)).members == [one, None, three, four]
    with pytest.raises(Invalid) as refused:
        submit(event, r, [one, three, four])  # No. 3 may not move up to board 2
    assert refused.value.code == "fixed-board"
    assert Lineup.objects.get(team=team_of(event, r)).members == [one, None, three, four]


def test_without_fixed_boards_the_line_up_moves_up_in_the_roster_order_as_before(paired, rosters):
    event, r = paired(), rosters[0]
    one, _, three, four, reserve = (p.pk for p in r)
    submit(event, r, [one, None, three, four, None])  # an empty board in the middle: the players move up
    assert Lineup.objects.get(team=team_of(event, r)).members == [one, three, four]
    with pytest.raises(Invalid) as refused:
        submit(event, r, [three, one])
    assert refused.value.code == "board-order"


def test_reserves_play_only_on_the_boards_the_regulations_allow(paired, rosters):
    # 1.14.2 «на каких досках они могут играть»: here only board 4.
    event, r = paired(reserve_boards=[4]), rosters[0]
    one, two, three, _, reserve = (p.pk for p in r)
    submit(event, r, [one, two, three, reserve])
    with pytest.raises(Invalid) as refused:
        submit(event, r, [one, reserve])
    assert refused.value.code == "reserve-board"
    assert Lineup.objects.get(team=team_of(event, r)).members == [one, two, three, reserve]


@pytest.mark.parametrize("moves_up", [False, True])
def test_a_missing_players_board_moves_up_only_where_the_regulations_say(paired, rosters, staff, moves_up):
    # 1.14.2 «происходит ли сдвижка по доскам основного состава».
    event, r = paired(lineup_moves_up=moves_up), rosters[0]
    services.round_publish(by=staff["arbiter"], championship_id=event.pk, round_number=1, absent=[r[1].pk], now=T0)
    team = team_of(event, r)
    sits = {}
    for bg in BoardGame.objects.filter(match__round__championship=event):
        home = bg.match.home_id == team.pk
        white_is_home = bg.board % 2 == 1  # 1.14.3: the home team has white on the odd boards
        sits[bg.board] = bg.white_id if white_is_home == home else bg.black_id
    expected = [r[0].pk, r[2].pk, r[3].pk, None] if moves_up else [r[0].pk, None, r[2].pk, r[3].pk]
    assert [sits[b] for b in range(1, 5)] == expected


@pytest.mark.parametrize(
    "options, code",
    [
        ({"fixed_boards": True, "lineup_moves_up": True}, "fixed-boards-move-up"),
        ({"reserve_boards": [5]}, "bad-reserve-boards"),
    ],
)
def test_board_rules_that_cannot_hold_are_refused_and_nothing_is_created(staff, options, code):
    with pytest.raises(Invalid) as refused:
        services.championship_create(
            organiser=staff["organiser"],
            name="Cup",
            discipline="russian",
            time_control="d3",
            entrants="teams",
            boards=4,
            reserves=1,
            **options,
        )
    assert refused.value.code == code and not Championship.objects.exists()


def test_the_api_sets_the_board_rules_and_the_event_page_shows_them(staff):
    client = APIClient()
    client.force_authenticate(staff["organiser"])
    body = {"name": "Кубок", "discipline": "russian", "time_control": "d3", "boards": 4, "reserves": 2,
            "fixed_boards": True, "reserve_boards": [3, 4]}  # fmt: skip
    response = client.post("/api/teams/", body, format="json")
    assert response.status_code == 201, response.content
    shown = response.json()
    assert (shown["fixed_boards"], shown["reserve_boards"], shown["lineup_moves_up"]) == (True, [3, 4], False)
    page = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/teams/{shown['id']}/").content.decode()
    policy = page[page.index('class="board-policy"') :].split("</dd>")[0]
    assert "fixed" in policy and "3, 4" in policy
