"""The permission matrix: every write action of the API and the pages that
changes a game, a result, a clock, a sanction, a protest, an appointment, a team
or an event, tried by every persona of tests/permissions/world.py, in an event's
game and in a club game.

What each persona may do is read from the one authority's table
(``club.championships.authority.RULES``): the powers an action needs in an event
or in the club, the protest panel taking the chief arbiter's place (1.3.1,
``panel_first``) and nobody judging a game he plays in (``judges_game``, 002 §17).
Allowed, the request succeeds; refused, it answers 401/403/404/409 with a reason
and every table's rows read back unchanged (anonymous pages send to the login page).

The club is built once for the module; each case runs in a savepoint rolled back after it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

import pytest
from django.contrib.messages import constants as message_levels
from django.db import transaction
from django.test import override_settings
from django.utils import timezone

from club.arbiters import services as arbiters
from club.championships import services as championships
from club.championships.authority import CLUB_ACTIONS_OVER_EVENTS, RULES, Action, Power
from games.services import game_resign
from tests.snapshots import club_snapshot

from .world import JUDGES, OFFICES, PERSONAS, World, build

WATCHED = {
    "games.Game": ("status", "result", "ply", "termination", "white_ms", "black_ms", "turn_started_at"),
    "championships.Championship": ("status",),
    "championships.Appointment": ("member_id", "role"),
    "championships.Entry": ("status",),
    "championships.Round": ("status",),
    "championships.Board": ("white_id", "black_id", "result"),
    "championships.BoardArbiter": ("arbiter_id", "first_board", "last_board"),
    "arbiters.Sanction": ("status",),
    "arbiters.Protest": ("status",),
    "arbiters.DrawClaim": ("status",),
    "arbiters.Question": ("answered_at",),
    "arbiters.Adjournment": ("status",),
    "teams.Team": ("status",),
}


@dataclass(frozen=True)
class Endpoint:
    name: str
    actions: tuple[Action, ...]  # each must allow it (a desk form needs the desk and its own action)
    method: str  # "post", "put"; a page is a form POST
    path: str  # formatted with World.ids
    body: dict
    target: str  # "event game", "club game", "adjourned game", an event's id name, or "club"
    page: bool = False
    prepare: Callable[[World], None] | None = None  # brings the state the action needs, run by its officials
    # A participant's right rather than an office: exactly these personas may (the authority's
    # ``protest_filer`` decides it from the game or the sanction).
    only: tuple[str, ...] | None = None


REASON = "the matrix checks who may"


def _stop_clocks(game: str):
    def prepare(w: World):
        arbiters.clocks_stop(by=w.people["chief"], game_id=w.games[game].pk, reason="a power cut")

    return prepare


def _ended(game: str):
    """A result is recorded or corrected once the game has ended: while it is played it is decided on
    the board, by adjudication or by a sanction (1.10.4)."""

    def prepare(w: World):
        game_resign(game_id=w.games[game].pk, member=w.games[game].black)

    return prepare


def _pair(w: World):
    championships.round_pair(by=w.people["arbiter"], championship_id=w.ids["to_pair"])


def _close_teams(w: World):
    championships.entries_close(by=w.people["organiser"], championship_id=w.ids["teams"])


def _game_endpoints(game: str, key: str) -> list[Endpoint]:
    """The API and desk-page actions on one game (an event's or the club's)."""
    g = "{" + key + "}"
    desk = f"/arbiters/games/{g}/"
    sanction = {"member": "{white_id}", "reason": REASON, "game": g}
    return [
        Endpoint(f"{game}: result (API)", (Action.GAME_RESULT,), "post", f"/api/games/{g}/result/",
                 {"result": "0-1", "reason": REASON}, game, prepare=_ended(game)),
        Endpoint(f"{game}: clocks stop (API)", (Action.GAME_CLOCKS,), "post",
                 f"/api/arbiters/games/{g}/clocks/stop/", {"reason": REASON}, game),
        Endpoint(f"{game}: clocks start (API)", (Action.GAME_CLOCKS,), "post",
                 f"/api/arbiters/games/{g}/clocks/start/", {"reason": REASON}, game, prepare=_stop_clocks(game)),
        Endpoint(f"{game}: clocks corrected (API)", (Action.GAME_CLOCKS,), "post", f"/api/arbiters/games/{g}/clocks/",
                 {"white_ms": 1_800_000, "black_ms": 1_800_000, "reason": REASON}, game),
        Endpoint(f"{game}: adjournment (API)", (Action.GAME_ADJOURN,), "post",
                 f"/api/arbiters/games/{g}/adjournment/",
                 {"resume_at": "{tomorrow}", "reason": REASON}, game),
        Endpoint(f"{game}: draw claim decided (API)", (Action.GAME_DESK,), "post",
                 f"/api/arbiters/draw-claims/{{{key[:-5]}_claim}}/decision/", {"grant": False, "reason": REASON}, game),
        Endpoint(f"{game}: question answered (API)", (Action.GAME_DESK,), "post",
                 f"/api/arbiters/questions/{{{key[:-5]}_question}}/answer/", {"answer": REASON}, game),
        Endpoint(f"{game}: remark (API)", (Action.SANCTION,), "post", "/api/arbiters/sanctions/",
                 {**sanction, "kind": "remark"}, game),
        Endpoint(f"{game}: loss of the game (API)", (Action.SANCTION_HEAVY,), "post", "/api/arbiters/sanctions/",
                 {**sanction, "kind": "loss_of_game"}, game),
        Endpoint(f"{game}: protest ruled (API)", (Action.PROTEST_RULE,), "post",
                 f"/api/arbiters/protests/{{{key[:-5]}_protest}}/ruling/", {"upheld": True, "ruling": REASON}, game),
        Endpoint(f"{game}: remark (page)", (Action.GAME_DESK, Action.SANCTION), "post", desk,
                 {"action": "sanction", "member": "{white_id}", "kind": "remark", "reason": REASON}, game, page=True),
        Endpoint(f"{game}: loss of the game (page)", (Action.GAME_DESK, Action.SANCTION_HEAVY), "post", desk,
                 {"action": "sanction", "member": "{white_id}", "kind": "loss_of_game", "reason": REASON}, game,
                 page=True),
        Endpoint(f"{game}: clocks stop (page)", (Action.GAME_DESK, Action.GAME_CLOCKS), "post", desk,
                 {"action": "clocks-stop", "reason": REASON}, game, page=True),
        Endpoint(f"{game}: clocks start (page)", (Action.GAME_DESK, Action.GAME_CLOCKS), "post", desk,
                 {"action": "clocks-start", "reason": REASON}, game, page=True, prepare=_stop_clocks(game)),
        Endpoint(f"{game}: clocks corrected (page)", (Action.GAME_DESK, Action.GAME_CLOCKS), "post", desk,
                 {"action": "clock-correct", "white_minutes": "30", "black_minutes": "30", "reason": REASON}, game,
                 page=True),
        Endpoint(f"{game}: adjournment (page)", (Action.GAME_DESK, Action.GAME_ADJOURN), "post", desk,
                 {"action": "adjourn", "resume_at": "{tomorrow_local}", "order": "1", "reason": REASON}, game,
                 page=True),
        Endpoint(f"{game}: draw claim decided (page)", (Action.GAME_DESK,), "post", desk,
                 {"action": "draw-decision", "claim": f"{{{key[:-5]}_claim}}", "grant": "refuse", "reason": REASON},
                 game, page=True),
        Endpoint(f"{game}: question answered (page)", (Action.GAME_DESK,), "post", desk,
                 {"action": "answer", "question": f"{{{key[:-5]}_question}}", "answer": REASON}, game, page=True),
    ]  # fmt: skip


ENDPOINTS: list[Endpoint] = [
    *_game_endpoints("event game", "event_game"),
    *_game_endpoints("club game", "club_game"),
    # An event's game through the event (1.10.4), its adjourned game, its players and its officials.
    Endpoint("event: result (API)", (Action.GAME_RESULT,), "post", "/api/championships/{event}/results/",
             {"game_id": "{event_game}", "result": "0-1", "reason": REASON}, "event game",
             prepare=_ended("event game")),
    Endpoint("event: result (page)", (Action.GAME_RESULT,), "post", "/championships/{event}/result/",
             {"game_id": "{event_game}", "result": "0-1", "reason": REASON}, "event game", page=True,
             prepare=_ended("event game")),
    Endpoint("adjourned game: resumed (API)", (Action.GAME_DESK,), "post",
             "/api/arbiters/adjournments/{adjournment}/resume/", {}, "adjourned game"),
    Endpoint("adjourned game: resumed (page)", (Action.GAME_DESK,), "post", "/arbiters/games/{adjourned_game}/",
             {"action": "resume", "adjournment": "{adjournment}"}, "adjourned game", page=True),
    Endpoint("event: exclusion (API)", (Action.SANCTION_HEAVY,), "post", "/api/arbiters/sanctions/",
             {"member": "{player}", "kind": "exclusion", "reason": REASON, "championship": "{event}"}, "event"),
    Endpoint("event: withdrawal (API)", (Action.EVENT_DECIDE,), "post", "/api/championships/{event}/withdrawals/",
             {"member_id": "{player}", "reason": REASON}, "event"),
    Endpoint("event: withdrawal (page)", (Action.EVENT_DECIDE,), "post", "/championships/{event}/withdraw/",
             {"username": "{player_name}", "reason": REASON}, "event", page=True),
    Endpoint("event: reappointment (API)", (Action.EVENT_REAPPOINT,), "post", "/api/championships/{event}/arbiters/",
             {"member_id": "{spare}", "role": "arbiter", "reason": REASON}, "event"),
    Endpoint("event: reappointment (page)", (Action.EVENT_REAPPOINT,), "post", "/championships/{event}/appoint/",
             {"username": "{spare_name}", "role": "arbiter", "reason": REASON}, "event", page=True),
    Endpoint("event: protest panel (API)", (Action.EVENT_ORGANISE,), "put",
             "/api/arbiters/championships/{event}/protest-panel/", {"members": []}, "event"),
    Endpoint("event: protest panel (page)", (Action.EVENT_ORGANISE,), "post",
             "/arbiters/championships/{event}/protest-panel/", {"usernames": ""}, "event", page=True),
    # Rounds (1.15): paired and published by its arbiters, changed or withdrawn by its chief.
    Endpoint("round: paired (API)", (Action.EVENT_PAIR,), "post", "/api/championships/{to_pair}/rounds/", {},
             "to_pair"),
    Endpoint("round: paired (page)", (Action.EVENT_PAIR,), "post", "/championships/{to_pair}/pair/", {}, "to_pair",
             page=True),
    Endpoint("round: published (API)", (Action.EVENT_PAIR,), "post", "/api/championships/{to_pair}/rounds/1/publish/",
             {}, "to_pair", prepare=_pair),
    Endpoint("round: published (page)", (Action.EVENT_PAIR,), "post", "/championships/{to_pair}/publish/",
             {"round": "1", "confirm_start": "yes"}, "to_pair", page=True, prepare=_pair),
    Endpoint("round: withdrawn (API)", (Action.EVENT_DECIDE,), "post",
             "/api/championships/{to_pair}/rounds/1/discard/", {"reason": REASON}, "to_pair", prepare=_pair),
    Endpoint("round: withdrawn (page)", (Action.EVENT_DECIDE,), "post", "/championships/{to_pair}/discard/",
             {"round": "1", "reason": REASON}, "to_pair", page=True, prepare=_pair),
    # 1.16.9: the chief arbiter assigns the event's arbiters to a round's boards.
    Endpoint("round: arbiters by board (API)", (Action.EVENT_BOARDS,), "put", "/api/championships/{event}/rounds/1/arbiters/",
             {"groups": [{"member_id": "{judge_id}", "first_board": 1, "last_board": 2}]}, "event"),
    Endpoint("round: arbiters by board (page)", (Action.EVENT_BOARDS,), "post", "/championships/{event}/board-arbiters/",
             {"round": "1", "assignments": "yelena 1-2"}, "event", page=True),
    # The event's setup, by its organiser (002 §17).
    Endpoint("draft: entries opened (API)", (Action.EVENT_ORGANISE,), "post", "/api/championships/{draft}/open/", {},
             "draft"),
    Endpoint("draft: entries opened (page)", (Action.EVENT_ORGANISE,), "post", "/championships/{draft}/open/", {},
             "draft", page=True),
    Endpoint("entries: closed (API)", (Action.EVENT_ORGANISE,), "post", "/api/championships/{entries}/close/",
             {}, "entries"),
    Endpoint("entries: closed (page)", (Action.EVENT_ORGANISE,), "post", "/championships/{entries}/close/",
             {}, "entries", page=True),
    Endpoint("entries: arbiter appointed (API)", (Action.EVENT_APPOINT,), "post",
             "/api/championships/{entries}/arbiters/", {"member_id": "{spare}", "role": "arbiter"}, "entries"),
    Endpoint("entries: arbiter appointed (page)", (Action.EVENT_APPOINT,), "post", "/championships/{entries}/appoint/",
             {"username": "{spare_name}", "role": "arbiter"}, "entries", page=True),
    Endpoint("entries: invitation (API)", (Action.EVENT_ORGANISE,), "post",
             "/api/championships/{entries}/invitations/", {"member_id": "{spare}"}, "entries"),
    # Who plays changes only by an act in the event (002 §17): a guest's merge, a stage's qualifiers.
    Endpoint("entries: guest merged (page)", (Action.EVENT_ORGANISE,), "post", "/championships/{entries}/merge-guest/",
             {"guest": "{guest}", "username": "{spare_name}"}, "entries", page=True),
    Endpoint("stage: advanced (API)", (Action.EVENT_ORGANISE,), "post", "/api/championships/{stage}/advance/", {},
             "stage"),
    # A draft is seen only by its organiser and officials: its panel too.
    Endpoint("draft: protest panel read (API)", (Action.EVENT_READ,), "get",
             "/api/arbiters/championships/{draft}/protest-panel/", {}, "draft"),
    # The team event (1.14): closed by its organiser, paired by its arbiters, protests ruled by its chief.
    Endpoint("team event: closed (API)", (Action.EVENT_ORGANISE,), "post", "/api/teams/{teams}/close/",
             {}, "teams"),
    Endpoint("team event: arbiter appointed (API)", (Action.EVENT_APPOINT,), "post", "/api/teams/{teams}/arbiters/",
             {"member_id": "{spare}", "role": "arbiter"}, "teams"),
    Endpoint("team event: paired (API)", (Action.EVENT_PAIR,), "post", "/api/teams/{teams}/rounds/", {}, "teams",
             prepare=_close_teams),
    Endpoint("team event: paired (page)", (Action.EVENT_PAIR,), "post", "/teams/{teams}/pair/", {}, "teams",
             page=True, prepare=_close_teams),
    Endpoint("team event: team withdrawn (API)", (Action.EVENT_DECIDE,), "post", "/api/teams/{teams}/teams/{team}/withdraw/",
             {"after_round": 0, "treatment": "annul", "reason": REASON}, "teams"),
    Endpoint("team event: team withdrawn (page)", (Action.EVENT_DECIDE,), "post", "/teams/{teams}/withdraw/",
             {"team_id": "{team}", "after_round": 0, "treatment": "annul", "reason": REASON}, "teams", page=True),
    Endpoint("team event: protest ruled (API)", (Action.PROTEST_RULE,), "post",
             "/api/teams/{teams}/protests/{team_protest}/rule/", {"upheld": False, "ruling": REASON}, "teams"),
    # 1.14.7: in a team event only the captain protests — a decision in a game of his team's player,
    # or a sanction against one; not the players at the board ("white", "black" here), nor anyone else.
    Endpoint("team game: protest filed (API)", (), "post", "/api/arbiters/protests/",
             {"game": "{team_game}", "text": REASON}, "team game", only=("captain",)),
    Endpoint("team game: sanction protested (API)", (), "post", "/api/arbiters/protests/",
             {"sanction": "{team_sanction}", "text": REASON}, "team game", only=("captain",)),
    # The club (003 1.4): a club-scope sanction.
    Endpoint("club: remark (API)", (Action.SANCTION,), "post", "/api/sanctions/",
             {"member": "{white_id}", "kind": "remark", "reason": REASON}, "club"),
    Endpoint("club: remark (page)", (Action.SANCTION,), "post", "/sanctions/new/",
             {"member": "{white_id}", "kind": "remark", "reason": REASON}, "club", page=True),
]  # fmt: skip

GAMES = ("event game", "club game", "adjourned game")
PANELLED = {"event game", "event"}  # the targets whose event names a protest panel


def _allowed_one(persona: str, action: Action, endpoint: Endpoint, plays: bool) -> bool:
    rule = RULES[action]
    in_event, in_club = OFFICES[persona]
    in_an_event = endpoint.target not in ("club game", "club")
    if in_an_event and action not in CLUB_ACTIONS_OVER_EVENTS:
        wanted = {Power.PANEL} if rule.panel_first and endpoint.target in PANELLED else rule.in_event
        held = in_event
    else:
        wanted, held = rule.in_club, in_club
    if not held & wanted:
        return False
    # 1.16.9: an arbiter (not the chief) judges only the game of the board he was assigned.
    judged_by_board = held & wanted == {Power.ARBITER} and Power.CHIEF not in held and endpoint.target in JUDGES
    if judged_by_board and JUDGES[endpoint.target] != persona:
        return False
    # 002 §17: nobody judges a game he plays in; 1.3.1: nor rules on a protest about it.
    return not (plays and (rule.judges_game or action == Action.PROTEST_RULE))


def allowed(persona: str, endpoint: Endpoint) -> bool:
    if endpoint.only is not None:
        return persona in endpoint.only
    plays = persona in ("white", "black") and endpoint.target in GAMES
    return all(_allowed_one(persona, action, endpoint, plays) for action in endpoint.actions)


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    """The club, built once: an outer transaction the module's cases nest in, rolled back at the end."""
    fast = override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"])
    with django_db_blocker.unblock(), fast, transaction.atomic():
        yield build()
        transaction.set_rollback(True)


def _filled(value, ids: dict):
    if isinstance(value, str):
        return int(value.format(**ids)) if value.startswith("{") and value.endswith("_id}") else value.format(**ids)
    if isinstance(value, list):
        return [_filled(v, ids) for v in value]
    if isinstance(value, dict):
        return {k: _filled(v, ids) for k, v in value.items()}
    return value


def _ids(w: World) -> dict:
    tomorrow = timezone.localtime() + timedelta(days=1)
    ids = {**w.ids, "tomorrow": tomorrow.isoformat(), "tomorrow_local": tomorrow.strftime("%Y-%m-%dT%H:%M")}
    ids["white_id"] = w.games["event game"].white_id
    ids["judge_id"] = w.people["arbiter"].pk
    for key in ("event_game", "club_game", "adjourned_game", "event", "to_pair", "draft", "entries", "teams", "stage", "guest",
                "spare", "player", "adjournment", "event_claim", "club_claim", "event_question", "club_question",
                "event_protest", "club_protest", "team_protest", "team_game", "team_sanction"):  # fmt: skip
        ids[key] = str(w.ids[key])
    return ids


def _body(endpoint: Endpoint, ids: dict) -> dict:
    body = {name: _filled(value, ids) for name, value in endpoint.body.items()}
    if not endpoint.page:  # the API's ids are numbers
        body = {k: int(v) if isinstance(v, str) and v.isdigit() else v for k, v in body.items()}
    return body


def _reason(response, endpoint: Endpoint) -> str:
    """The reason a refusal gives: the API's ``detail``; a page's error message, or its refusal."""
    if not endpoint.page:
        return response.json().get("detail", "")
    context = response.context or {}
    messages = [str(m) for m in context.get("messages", []) if m.level == message_levels.ERROR]
    refusal = context.get("refusal")
    return " ".join(messages) or (refusal[1] if refusal else "") or str(context.get("text", ""))


CASES = [pytest.param(endpoint, persona, id=f"{endpoint.name} · {persona}") for endpoint in ENDPOINTS
         for persona in PERSONAS]  # fmt: skip


@pytest.mark.django_db
@pytest.mark.parametrize("endpoint, persona", CASES)
def test_only_those_the_authority_allows_succeed_and_a_refusal_changes_nothing(world, endpoint, persona):
    # 002 §17, 003 1.3.1, 1.4, 1.7.8, 1.10, 1.15, 5.3.3.2: the rule of RULES[action] for each action.
    if endpoint.prepare is not None:
        endpoint.prepare(world)
    browser = world.browser(persona, world.games.get(endpoint.target))
    ids = _ids(world)
    before = club_snapshot(WATCHED)
    body = _body(endpoint, ids)
    url = endpoint.path.format(**ids)
    if endpoint.page:
        response = browser.post(url, body)
    else:
        response = getattr(browser, endpoint.method)(url, body, content_type="application/json")
    if allowed(persona, endpoint):
        if endpoint.page:
            assert response.status_code == 302, (response.status_code, _reason(response, endpoint))
            assert "/accounts/login/" not in response["Location"]
        else:
            assert response.status_code in (200, 201, 204), response.content
        return
    assert club_snapshot(WATCHED) == before, f"{persona} was refused but something changed"
    if persona == "anonymous" and endpoint.page:
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
        return
    expected = (401, 403, 404) if persona == "anonymous" else (403, 404, 409)
    assert response.status_code in expected, (response.status_code, response.content[:300])
    assert _reason(response, endpoint), "a refusal says why"
