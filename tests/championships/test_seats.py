"""Who plays and who judges (002 §17, 003 1.3.1): an official of an event — its
organiser, its chief arbiter, deputy, arbiters, its protest panel — never plays
in it, and a player never judges it. One invariant
(``authority.seat_verdict``) that every path seating an entrant or an official
asks, and that the authority asks before it lends an event's powers; a guest's
merge is an act in every event the guest plays in, authorised and logged there."""

from datetime import timedelta

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from club.championships import authority, services
from club.championships.models import Appointment, Board, Decision, Entry
from foundation.refusals import Refused
from games.services import game_resign
from games.services.errors import Conflict, Forbidden, Invalid
from members.models import Member
from tests.conftest import make_member
from tests.snapshots import club_snapshot

from .conftest import T0
from .test_services import refused

pytestmark = pytest.mark.django_db

OFFICES = ("organiser", "chief", "deputy", "arbiter", "panel")
WATCHED = {
    "championships.Entry": ("championship_id", "member_id", "status"),
    "championships.Appointment": ("championship_id", "member_id", "role"),
    "teams.TeamPlayer": ("member_id", "accepted_at"),
}


@pytest.fixture
def people(db, on_commit):
    """Grigory organises; Valentin is chief, Zoya deputy, Yelena arbiter, Pavel on the panel; four players;
    Kira and Lev judge the first stage of a staged event."""
    return {
        "on_commit": on_commit,
        "stage chief": make_member("kira", "chief_arbiter", display_name="Kira Chief"),
        "stage arbiter": make_member("lev", "arbiter", display_name="Lev Arbiter"),
        "organiser": make_member("grigory", "organiser", display_name="Grigory Organiser"),
        "chief": make_member("valentin", "chief_arbiter", display_name="Valentin Chief"),
        "deputy": make_member("zoya", "chief_arbiter", display_name="Zoya Deputy"),
        "arbiter": make_member("yelena", "arbiter", display_name="Yelena Arbiter"),
        "panel": make_member("pavel", "chief_arbiter", "arbiter", display_name="Pavel Panel"),
        "players": [make_member(f"pl{i}", "arbiter", "chief_arbiter", display_name=f"Player {i}") for i in range(4)],
    }


def _event(people, *, officials=OFFICES, players=(), open_entries=True, judges=None, **options):
    """An event taking entries (or a draft), its officials of ``officials`` in office (``judges``:
    other members in those offices), ``players`` entered."""
    organiser = people["organiser"]
    judges = {**people, **(judges or {})}
    options = {"name": "Club cup", "discipline": "russian", "time_control": "d3", **options}
    event = services.championship_create(organiser=organiser, now=T0, **options)
    for office in ("chief", "deputy", "arbiter"):
        if office in officials or office == "chief":
            services.arbiter_appoint(by=organiser, championship_id=event.pk, member=judges[office], role=office)
    if "panel" in officials:
        services.protest_panel_set(by=organiser, championship_id=event.pk, member_ids=[judges["panel"].pk])
    if open_entries and not event.for_teams:  # a team event takes its teams from its creation
        services.entries_open(by=organiser, championship_id=event.pk, now=T0)
    for member in players:
        services.entry_create(championship_id=event.pk, member=member, now=T0)
    event.refresh_from_db()
    return event


# ---- every path that makes an entrant, or an official ----------------------------------------------
def seat_by_entry(people, member):
    event = _event(people)
    return event, lambda: services.entry_create(championship_id=event.pk, member=member, now=T0)


def seat_by_organiser(people, member):
    event = _event(people)
    return event, lambda: services.entry_add(by=people["organiser"], championship_id=event.pk, member=member, now=T0)


def seat_by_late_entry(people, member):
    event = _event(people, entries_close_at=T0 + timedelta(hours=1))
    late = T0 + timedelta(hours=2)
    return event, lambda: services.entry_add(
        by=people["organiser"], championship_id=event.pk, member=member, reason="he came late", now=late
    )


def seat_by_invitation(people, member):
    event = _event(people, invitation_only=True)
    return event, lambda: services.invitation_add(by=people["organiser"], championship_id=event.pk, member=member)


def seat_by_guest_merge(people, member):
    event = _event(people)
    guest = services.guest_enter(by=people["organiser"], championship_id=event.pk, name="Ilya Gost", now=T0).member
    return event, lambda: services.guest_merge(
        by=people["organiser"], championship_id=event.pk, guest_id=guest.pk, member=member, now=T0
    )


def seat_by_team_roster(people, member):
    event = _event(people, entrants="teams", boards=2, reserves=0)
    roster = [member, people["players"][0]]
    return event, lambda: services.team_register(
        by=people["organiser"], championship_id=event.pk, name="Vologda", captain=people["players"][1], players=roster
    )


def seat_by_team_captain(people, member):
    event = _event(people, entrants="teams", boards=2, reserves=0)
    return event, lambda: services.team_register(
        by=people["organiser"], championship_id=event.pk, name="Vologda", captain=member, players=people["players"][:2]
    )


def seat_by_stage_advance(people, member):
    """A first stage's winner, ``member``, qualifies for the final, where he holds his office."""
    organiser, chief, arbiter = people["organiser"], people["stage chief"], people["stage arbiter"]
    final = _event(people, name="Final", open_entries=False)
    first = _event(people, name="Stage 1", officials=("chief", "arbiter"), judges={"chief": chief, "arbiter": arbiter},
                   open_entries=False)  # fmt: skip
    services.stage_link(by=organiser, championship_id=first.pk, next_stage_id=final.pk, qualifiers=2)
    services.entries_open(by=organiser, championship_id=first.pk, now=T0)
    for player in (member, people["players"][0]):
        services.entry_create(championship_id=first.pk, member=player, now=T0)
    services.entries_close(by=organiser, championship_id=first.pk, now=T0)
    the_round = services.round_pair(by=arbiter, championship_id=first.pk, now=T0)
    with people["on_commit"]():
        services.round_publish(by=arbiter, championship_id=first.pk, round_number=the_round.number, now=T0)
        game_resign(game_id=Board.objects.get(round=the_round).game_id, member=people["players"][0])
    Entry.objects.filter(championship=final).delete()  # what the finish carried at once, asked for again below
    final.status = final.Status.DRAFT
    final.save(update_fields=["status"])
    first.refresh_from_db()
    assert first.status == first.Status.FINISHED
    return final, lambda: services.stage_advance(championship_id=first.pk, by=organiser, now=T0)


ENTRANT_PATHS = {
    "entry": seat_by_entry,
    "organiser's entry": seat_by_organiser,
    "late entry": seat_by_late_entry,
    "invitation": seat_by_invitation,
    "guest merge": seat_by_guest_merge,
    "team roster": seat_by_team_roster,
    "team captain": seat_by_team_captain,
    "stage advance": seat_by_stage_advance,
}


def official_by_appointment(people, player, role):
    event = _event(people, officials=("chief",), players=[player])
    member = people[role] if role in ("chief", "deputy", "arbiter") else people["panel"]
    return (
        event,
        lambda: services.arbiter_appoint(by=people["organiser"], championship_id=event.pk, member=player, role=role),
        member,
    )


def official_by_panel(people, player):
    event = _event(people, officials=("chief",), players=[player])
    return event, lambda: services.protest_panel_set(
        by=people["organiser"], championship_id=event.pk, member_ids=[player.pk]
    )


def _rolled_back(check):
    """Run ``check`` in a savepoint undone after it: every example starts from the same club."""
    with transaction.atomic():
        check()
        transaction.set_rollback(True)


# ---- the invariant, over every path --------------------------------------------------------------
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(sorted(ENTRANT_PATHS)), office=st.sampled_from((None, *OFFICES)))
def test_no_path_seats_an_official_as_a_player_and_a_refusal_changes_nothing(people, path, office):
    # 002 §17, 003 1.3.1: the organiser, the arbiters and the panel of an event never play in it.
    if path == "stage advance" and office == "organiser":
        office = "chief"  # the organiser of a stage organises its first stage too: he never played there

    def check():
        member = people[office] if office else people["players"][2]
        event, seat = ENTRANT_PATHS[path](people, member)
        if office is None:  # a plain member is seated: the path itself works
            seat()
            return
        before = club_snapshot(WATCHED)
        with pytest.raises(Refused) as caught:
            seat()
        assert caught.value.code in ("official-cannot-play", "qualifier-official"), caught.value.detail
        assert club_snapshot(WATCHED) == before
        assert authority.seat_verdict(event, member.pk, authority.Seat.PLAYER).allowed is False

    _rolled_back(check)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(role=st.sampled_from(("chief", "deputy", "arbiter", "panel")))
def test_no_path_makes_a_player_an_official_and_a_refusal_changes_nothing(people, role):
    # 002 §17, 003 1.3.1: a player of an event is neither its arbiter nor on its panel.
    def check():
        player = people["players"][0]
        if role == "panel":
            event, appoint = official_by_panel(people, player)
        else:
            event, appoint, _member = official_by_appointment(people, player, role)
        before = club_snapshot(WATCHED)
        with refused(Invalid, "player-cannot-judge"):
            appoint()
        assert club_snapshot(WATCHED) == before

    _rolled_back(check)


# ---- the findings ---------------------------------------------------------------------------------
@pytest.mark.parametrize("office", ["organiser", "chief", "arbiter"])
def test_a_guest_is_not_merged_into_one_of_the_events_officials(people, office):
    # 002 §17: merging a guest into irina, pavel or olga would seat the event's officials as players.
    event = _event(people)
    guest = services.guest_enter(by=people["organiser"], championship_id=event.pk, name="Ilya Gost", now=T0).member
    before = club_snapshot(WATCHED)
    with refused(Invalid, "official-cannot-play"):
        services.guest_merge(by=people["organiser"], championship_id=event.pk, guest_id=guest.pk, member=people[office])
    assert club_snapshot(WATCHED) == before
    assert Member.objects.filter(pk=guest.pk, is_guest=True).exists()
    assert not event.decisions.filter(action="guest-merge").exists()


def test_another_organiser_neither_enters_nor_merges_a_guest_of_an_event_he_does_not_run(people):
    # 002 §17: the entries of olga's event are hers; a merge changes them, so it is an act in her event.
    olga = make_member("olga", "organiser", display_name="Olga Organiser")
    hers = services.championship_create(organiser=olga, name="Olga's open", discipline="russian",
                                        time_control="d3", now=T0)  # fmt: skip
    services.arbiter_appoint(by=olga, championship_id=hers.pk, member=people["chief"], role="chief")
    services.entries_open(by=olga, championship_id=hers.pk, now=T0)
    guest = services.guest_enter(by=olga, championship_id=hers.pk, name="Ilya Gost", now=T0).member
    mine = _event(people)
    stranger = people["players"][0]
    before = club_snapshot(WATCHED)

    with refused(Forbidden, "not-organiser"):
        services.entry_add(by=people["organiser"], championship_id=mine.pk, member=guest, now=T0)
    assert club_snapshot(WATCHED) == before
    Entry.objects.create(championship=mine, member=guest)  # as the old path left it
    before = club_snapshot(WATCHED)
    with refused(Forbidden, "not-organiser"):
        services.guest_merge(by=people["organiser"], championship_id=mine.pk, guest_id=guest.pk, member=stranger)

    assert club_snapshot(WATCHED) == before
    assert not Entry.objects.filter(member=stranger).exists()
    assert not Decision.objects.filter(action="guest-merge").exists()


def test_a_merge_by_the_organiser_of_every_event_the_guest_plays_in_is_logged_in_each(people):
    first, second = _event(people, name="Monday night"), _event(people, name="Friday night")
    guest = services.guest_enter(by=people["organiser"], championship_id=first.pk, name="Ilya Gost", now=T0).member
    services.entry_add(by=people["organiser"], championship_id=second.pk, member=guest, now=T0)
    newcomer = people["players"][0]

    services.guest_merge(by=people["organiser"], championship_id=second.pk, guest_id=guest.pk, member=newcomer, now=T0)

    for event in (first, second):
        assert event.entries.filter(member=newcomer).exists()
        assert event.decisions.get(action="guest-merge").data["member"] == newcomer.pk


def test_a_stage_whose_qualifier_is_the_next_stages_chief_arbiter_is_not_advanced(people):
    # 1.2 with 002 §17: the qualifier keeps his place; the next stage's officials must change first.
    final, advance = seat_by_stage_advance(people, people["chief"])
    before = club_snapshot(WATCHED)
    with refused(Conflict, "qualifier-official"):
        advance()
    assert club_snapshot(WATCHED) == before
    final.refresh_from_db()
    assert final.status == final.Status.DRAFT and not final.entries.exists()


def test_a_player_who_holds_an_office_in_his_event_is_refused_its_powers(people):
    # 002 §17: even if a player came to hold an appointment, the authority lends him none of its powers.
    player = people["players"][0]
    event = _event(people, players=[player, people["players"][1]])
    Appointment.objects.create(championship=event, member=player, role=Appointment.Role.ARBITER, appointed_at=T0)
    services.entries_close(by=people["organiser"], championship_id=event.pk, now=T0)

    before = club_snapshot(WATCHED)
    with refused(Forbidden, "player-cannot-judge"):
        services.round_pair(by=player, championship_id=event.pk, now=T0)
    assert club_snapshot(WATCHED) == before
    assert not event.rounds.exists()
