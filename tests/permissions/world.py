"""The club the permission matrix acts in (tests/permissions/test_matrix.py), built once per module.

Every persona the matrix tries, and what he is in the club:

* the event (``event``: a live round robin of four, round 1 under way) has its
  organiser, its chief arbiter, two arbiters — the chief assigned round 1's board 1
  (the event game) to the one and board 2 (the adjourned game) to the other
  (1.16.9, ``JUDGES``) — and a one-member protest panel; the
  same officials run the event still to be paired (``to_pair``), the draft
  (``draft``), the event taking entries (``entries``) and the team event
  (``teams``), so "this event" means the same people in each;
* another event (``elsewhere``) has its own chief arbiter and arbiter;
* a club game (``club_game``) between the event's first two players;
* the club arbiter and chief arbiter hold the club role and no appointment;
  the captain captains a team of the team event, and off the board the first
  team of a team league under way (``team game``: its board 1); the club admin is an
  administrator; the superuser is Django's.

``OFFICES`` is what each persona holds — in "this event" and in the club —
the way ``club.championships.authority.Power`` names it; the matrix reads the
rules from ``authority.RULES``, never from here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import timedelta

from django.conf import settings
from django.test import Client
from django.utils import timezone

from club.arbiters import services as arbiters
from club.arbiters.models import DrawClaim
from club.championships import services as championships
from club.championships.authority import Power
from club.championships.models import Board
from club.teams.models import BoardGame
from games.models import Game
from games.services import game_check_in, game_move_make
from tests.conftest import make_member
from tests.games_web.helpers import start_game

ARBITERS = {Power.ARBITER}
CHIEFS = {Power.CHIEF, Power.ARBITER}
CLUB_ARBITER = {Power.CLUB_ARBITER}
CLUB_CHIEF = {Power.CLUB_CHIEF, Power.CLUB_ARBITER}

# persona → (powers in this event, powers in the club). An appointed arbiter holds the club role his
# appointment needs; a club administrator (and a superuser, who holds every role) stands in for an
# event's organiser.
OFFICES: dict[str, tuple[set[Power], set[Power]]] = {
    "anonymous": (set(), set()),
    "member": (set(), set()),
    "white": (set(), set()),
    "black": (set(), set()),
    "club arbiter": (set(), CLUB_ARBITER),
    "club chief arbiter": (set(), CLUB_CHIEF),
    "other event's arbiter": (set(), CLUB_ARBITER),
    "other event's chief": (set(), CLUB_CHIEF),
    "arbiter": (ARBITERS, CLUB_ARBITER),
    "board 2's arbiter": (ARBITERS, CLUB_ARBITER),
    "chief": (CHIEFS, CLUB_CHIEF),
    "organiser": ({Power.ORGANISER}, set()),
    "panel member": ({Power.PANEL}, set()),
    "captain": (set(), set()),
    "club admin": ({Power.ORGANISER}, set()),
    "superuser": ({Power.ORGANISER}, CLUB_CHIEF),
}
PERSONAS = tuple(OFFICES)
# 1.16.9: the game each assigned arbiter judges; another arbiter of the event does not judge it.
JUDGES = {"event game": "arbiter", "adjourned game": "board 2's arbiter"}


@dataclass
class World:
    people: dict = field(default_factory=dict)
    ids: dict = field(default_factory=dict)  # what the endpoints' paths and bodies name
    games: dict = field(default_factory=dict)  # target name → Game
    sessions: dict = field(default_factory=dict)  # member id → a logged-in session's key

    def browser(self, persona: str, game: Game | None) -> Client:
        """A client logged in as ``persona`` (none for "anonymous")."""
        browser = Client()
        if persona != "anonymous":
            browser.cookies[settings.SESSION_COOKIE_NAME] = self.sessions[self.member(persona, game).pk]
        return browser

    def member(self, persona: str, game: Game | None):
        """The member behind ``persona``; "white" and "black" are the players of ``game``."""
        if persona in ("white", "black"):
            return getattr(game or self.games["event game"], persona)
        return self.people[persona]


def _event(organiser, officials, name, *, entrants="players", panel=(), **options):
    event = championships.championship_create(
        organiser=organiser, name=name, discipline="russian", entrants=entrants, **options
    )
    for member, role in officials:
        championships.arbiter_appoint(by=organiser, championship_id=event.pk, member=member, role=role)
    if panel:
        championships.protest_panel_set(by=organiser, championship_id=event.pk, member_ids=[m.pk for m in panel])
    return event


def _players_event(organiser, officials, name, players, *, close=True, **options):
    event = _event(organiser, officials, name, **options)
    championships.entries_open(by=organiser, championship_id=event.pk)
    for player in players:
        championships.entry_create(championship_id=event.pk, member=player)
    if close:
        championships.entries_close(by=organiser, championship_id=event.pk, seed="matrix")
    return event


def build() -> World:
    now = timezone.now()
    w = World()
    p = w.people
    p["organiser"] = make_member("grigory", "organiser")
    p["chief"] = make_member("valentin", "chief_arbiter")
    p["arbiter"] = make_member("yelena", "arbiter")
    p["board 2's arbiter"] = make_member("zakhar", "arbiter")
    p["panel member"] = make_member("pavel")
    p["member"] = make_member("outsider")
    p["club arbiter"] = make_member("kirill", "arbiter")
    p["club chief arbiter"] = make_member("irina", "chief_arbiter")
    p["other event's arbiter"] = make_member("oleg", "arbiter")
    p["other event's chief"] = make_member("fyodor", "chief_arbiter")
    p["club admin"] = make_member("dmitry", "admin")
    p["superuser"] = make_member("root")
    p["superuser"].is_superuser = True
    p["superuser"].save(update_fields=["is_superuser"])
    p["captain"] = make_member("kapitan")
    spare = make_member("spare", "arbiter")  # whom an appointment appoints
    players = [make_member(f"player{i}") for i in range(12)]
    staff = [(p["chief"], "chief"), (p["arbiter"], "arbiter"), (p["board 2's arbiter"], "arbiter")]
    organiser = p["organiser"]

    # This event: a live round robin of four, round 1 started a minute ago.
    event = _players_event(organiser, staff, "Matrix cup", players[:4], panel=[p["panel member"]], time_control="2700")
    championships.round_pair(by=p["arbiter"], championship_id=event.pk, now=now - timedelta(minutes=2))
    championships.round_publish(
        by=p["arbiter"],
        championship_id=event.pk,
        round_number=1,
        starts_at=now - timedelta(minutes=1),
        now=now - timedelta(minutes=2),
    )
    first, second = (
        b.game for b in Board.objects.filter(round__championship=event, game__isnull=False).order_by("number")
    )
    championships.board_arbiters_assign(
        by=p["chief"],
        championship_id=event.pk,
        round_number=1,
        groups=[
            championships.BoardGroup(arbiter_id=p[JUDGES[name]].pk, first=number, last=number)
            for number, name in ((1, "event game"), (2, "adjourned game"))
        ],
    )
    club_game = start_game(white=first.white, black=first.black, time_control="2700")
    for game in (first, second):  # both at each board: white moves only once black is there (1.6.3)
        for member in (game.white, game.black):
            game_check_in(game_id=game.pk, member=member)
    for game in (first, club_game):  # each side moves: no game is aborted for want of a first move meanwhile
        game_move_make(game_id=game.pk, member=game.white, text="c3-d4", expected_ply=0)
        game_move_make(game_id=game.pk, member=game.black, text="f6-g5", expected_ply=1)
    w.games.update({"event game": first, "adjourned game": second, "club game": club_game})

    elsewhere = _players_event(
        organiser,
        [(p["other event's chief"], "chief"), (p["other event's arbiter"], "arbiter")],
        "Elsewhere",
        players[4:6],
        time_control="d3",
    )
    to_pair = _players_event(organiser, staff, "To pair", players[6:10], time_control="d3")
    draft = _event(organiser, staff, "Draft", time_control="d3")
    entries = _players_event(organiser, staff, "Taking entries", players[10:12], close=False, time_control="d3")
    teams = _event(organiser, staff, "Team cup", entrants="teams", boards=2, reserves=0, time_control="d3")
    ours = championships.team_register(
        by=p["captain"], championship_id=teams.pk, name="Ours", captain=p["captain"], players=players[4:6]
    )
    theirs = championships.team_register(
        by=players[6], championship_id=teams.pk, name="Theirs", captain=players[6], players=players[6:8]
    )
    for team, roster in ((ours, players[4:6]), (theirs, players[6:8])):
        for player in roster:
            if player.pk != team.captain_id:
                championships.team_invitation_answer(member=player, team_id=team.pk, accept=True)

    # A team league under way (correspondence): the captain captains its first team from off the
    # board; a game of round 1 and a warning to a player of his team, which only he protests (1.14.7).
    league = _event(organiser, staff, "Team league", entrants="teams", boards=2, reserves=0, time_control="d3")
    boarders = [make_member(f"league{i}") for i in range(4)]
    their_captain = make_member("league_captain")  # both captains off the board: the players protest nothing
    for name, captain, roster in (("Ladya", p["captain"], boarders[:2]), ("Damka", their_captain, boarders[2:])):
        side = championships.team_register(
            by=captain, championship_id=league.pk, name=name, captain=captain, players=roster
        )
        for player in roster:
            if player.pk != captain.pk:
                championships.team_invitation_answer(member=player, team_id=side.pk, accept=True)
    championships.entries_close(by=organiser, championship_id=league.pk, seed="matrix")
    championships.round_pair(by=p["arbiter"], championship_id=league.pk)
    championships.round_publish(by=p["arbiter"], championship_id=league.pk, round_number=1)
    team_game = BoardGame.objects.filter(match__round__championship=league, board=1).get().game
    ladya_player = team_game.white if team_game.white in boarders[:2] else team_game.black
    (warning,) = arbiters.sanction_issue(
        by=p["arbiter"], member_id=ladya_player.pk, kind="warning", reason="talking", game_id=team_game.pk
    )
    w.games["team game"] = team_game
    w.ids["team_sanction"] = warning.pk

    # What the arbiters' desk acts on: a pending claim and question in each game, a sanction and
    # its protest, and the second game adjourned with its move sealed, due to resume.
    for name, game in (("event", first), ("club", club_game)):
        # A five-move claim waiting for the arbiter. Filed, it needs an endgame of kings
        # (2.1.9.1.6); the matrix tries who may decide it, so it is put on record as it stands.
        w.ids[f"{name}_claim"] = DrawClaim.objects.create(
            game=game, kind="five-moves", claimed_by=game.white, claimed_at=now, ply=game.ply
        ).pk
        w.ids[f"{name}_question"] = arbiters.question_ask(member=game.white, game_id=game.pk, text="May I?").pk
        issuer = p["arbiter"] if name == "event" else p["club arbiter"]
        (sanction,) = arbiters.sanction_issue(
            by=issuer, member_id=game.white_id, kind="warning", reason="talking", game_id=game.pk
        )
        w.ids[f"{name}_protest"] = arbiters.protest_file(
            member=game.white, sanction_id=sanction.pk, text="I was silent"
        ).pk
    w.ids["team_protest"] = arbiters.protest_file(member=players[6], team_id=theirs.pk, text="Their board 2").pk
    adjournment = arbiters.adjournment_order(
        by=p["chief"],
        game_id=second.pk,
        resume_at=now - timedelta(seconds=10),
        reason="the hall closes",
        now=now - timedelta(seconds=30),
    )
    mover = second.white if second.to_move == "white" else second.black
    arbiters.move_seal(
        member=mover, game_id=second.pk, move="c3-d4", expected_ply=second.ply, now=now - timedelta(seconds=20)
    )
    w.ids.update(
        {
            "event": event.pk,
            "elsewhere": elsewhere.pk,
            "to_pair": to_pair.pk,
            "draft": draft.pk,
            "entries": entries.pk,
            "teams": teams.pk,
            "team": theirs.pk,
            "adjournment": adjournment.pk,
            "spare": spare.pk,
            "spare_name": spare.username,
            "player": players[2].pk,
            "player_name": players[2].username,
            "panel": p["panel member"].pk,
        }
    )
    for name, game in w.games.items():
        w.ids[name.replace(" ", "_")] = game.pk
    # One login per member for the whole module (a login is the slowest step of a case).
    for member in {*p.values(), *(g.white for g in w.games.values()), *(g.black for g in w.games.values())}:
        browser = Client()
        browser.force_login(member)
        w.sessions[member.pk] = browser.session.session_key
    return w
