"""Personas and helpers for the team competition tests.

Grigory organises, Valentin is the appointed chief arbiter, Yelena an
appointed arbiter. Each team has four players and one reserve; its first
player is its captain. ``api(member)`` is that member's API client; every
call runs its on-commit hooks (game follow-ups, standings) at once.
"""

import pytest
from rest_framework.test import APIClient

from club.championships import services
from tests.conftest import make_member

TEAM_NAMES = ["Ладья", "Дамка", "Шашист", "Вертушка", "Отыгрыш", "Фланг"]

_A, _B, _C, _D = TEAM_NAMES[:4]
# A tie for first (1.13.2): Ладья and Дамка draw their match and win the others, 5 match
# points each; Дамка has more board points (9 against 8), the first criterion, so it leads
# before any play-off. Board by board from the first-named team's side.
TIED_AT_THE_TOP = {
    (_A, _B): "1100",
    (_A, _C): "1110",
    (_A, _D): "1101",
    (_B, _C): "1111",
    (_B, _D): "1011",
    (_C, _D): "1100",
}


@pytest.fixture
def staff(organiser, chief_arbiter, arbiter):
    return {"organiser": organiser, "chief": chief_arbiter, "arbiter": arbiter}


@pytest.fixture
def rosters(db):
    """Six rosters of five members (four boards and a reserve), ``rosters[t][i]``."""
    return [
        [make_member(f"t{t}p{i}", display_name=f"{TEAM_NAMES[t]} {i + 1}") for i in range(5)]
        for t in range(len(TEAM_NAMES))
    ]


@pytest.fixture
def make_event(staff, rosters):
    """``make_event(teams, **options)``: 4 boards and a reserve, scored by match
    points (the note to 1.14.6; the tables below are worked out so), arbiters
    appointed, the first ``teams`` rosters registered by their captains and
    accepted by their players, registration closed."""

    def make(teams=4, *, close=True, **options):
        options.setdefault("name", "Командный кубок клуба")
        options.setdefault("discipline", "russian")
        options.setdefault("time_control", "d3")
        options.setdefault("boards", 4)
        options.setdefault("reserves", 1)
        options.setdefault("scoring", "match-points")
        event = services.championship_create(organiser=staff["organiser"], entrants="teams", **options)
        services.arbiter_appoint(by=staff["organiser"], championship_id=event.pk, member=staff["chief"], role="chief")
        services.arbiter_appoint(
            by=staff["organiser"], championship_id=event.pk, member=staff["arbiter"], role="arbiter"
        )
        for t in range(teams):
            roster = rosters[t]
            team = services.team_register(
                by=roster[0], championship_id=event.pk, name=TEAM_NAMES[t], captain=roster[0], players=roster
            )
            for player in roster[1:]:  # 1.14.2: each plays once he accepts his place
                services.team_invitation_answer(member=player, team_id=team.pk, accept=True)
        if close:
            services.entries_close(by=staff["organiser"], championship_id=event.pk)
        event.refresh_from_db()
        return event

    return make


@pytest.fixture
def api(django_capture_on_commit_callbacks, eager_celery):
    class Caller:
        def __init__(self, member):
            self.client = APIClient()
            if member is not None:
                self.client.force_authenticate(member)

        def get(self, url):
            return self.client.get(url)

        def post(self, url, data=None):
            with django_capture_on_commit_callbacks(execute=True):
                return self.client.post(url, data or {}, format="json")

    return Caller


def ok(response, status=200):
    assert response.status_code == status, response.content
    return response.json()


@pytest.fixture
def play_event(staff, django_capture_on_commit_callbacks, eager_celery):
    """``play_event(event, boards)``: pair, publish and play every round of ``event``.
    ``boards[(a, b)]`` is the match of the teams named ``a`` and ``b`` board by board,
    from ``a``'s side: "1" won, "0" lost (by resignation), "=" drawn (the chief arbiter's
    result at the game layer). Returns the event, finished."""
    from club.championships.models import Round
    from club.teams.models import Match
    from games.services import game_resign
    from games.services.arbiter import game_result_change

    flip = {"1": "0", "0": "1", "=": "="}

    def play(event, boards):
        for number in range(1, event.teams.count()):
            services.round_pair(by=staff["arbiter"], championship_id=event.pk)
            services.round_publish(by=staff["arbiter"], championship_id=event.pk, round_number=number)
            for match in Match.objects.filter(round__championship=event, round__number=number, away__isnull=False):
                pair = (match.home.name, match.away.name)
                home_side = boards[pair] if pair in boards else "".join(flip[c] for c in boards[pair[::-1]])
                for board in match.board_games.order_by("board"):
                    outcome = home_side[board.board - 1]
                    home_is_white = board.board % 2 == 1
                    home, away = (board.white, board.black) if home_is_white else (board.black, board.white)
                    with django_capture_on_commit_callbacks(execute=True):
                        if outcome == "=":
                            game_result_change(
                                game_id=board.game_id, arbiter=staff["chief"], result="1/2-1/2", reason="draw"
                            )
                        else:
                            game_resign(game_id=board.game_id, member=away if outcome == "1" else home)
            assert Round.objects.get(championship=event, number=number).status == "closed"
        event.refresh_from_db()
        return event

    return play
