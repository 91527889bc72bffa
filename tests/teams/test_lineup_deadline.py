"""A team's line-up is due before the round (003 1.14.2): «капитан команды должен не
позднее, чем за 15 минут до начала тура, подать в судейскую коллегию заявку с указанием
состава на данный тур» — the regulations may set another limit. «Если такая заявка не
подана, то распределение участников по доскам определяется по первому туру»: after the
deadline nobody, the chief arbiter neither, sets another line-up."""

from datetime import UTC, datetime, timedelta

import pytest
from django.db.models import Q
from django.utils import timezone

from club.championships import services
from club.championships.models import Decision
from club.teams.models import BoardGame, Lineup, Team
from foundation.refusals import Conflict, Forbidden

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
START = T0 + timedelta(hours=2)


def minutes_before(n: float) -> datetime:
    return START - timedelta(minutes=n)


@pytest.fixture
def paired(make_event, staff):
    """A four-team event whose round 1 is paired to start at ``START``."""

    def make(**options):
        event = make_event(4, **options)
        services.round_pair(by=staff["arbiter"], championship_id=event.pk, starts_at=START, now=T0)
        return event

    return make


def submit(event, roster, members, now):
    team = Team.objects.get(championship=event, captain=roster[0])
    return services.lineup_submit(
        by=roster[0], championship_id=event.pk, team_id=team.pk, round_number=1, members=members, now=now
    )


def test_a_line_up_is_taken_until_15_minutes_before_the_round_and_refused_after(paired, rosters):
    # 1.14.2: «не позднее, чем за 15 минут до начала тура».
    event, r = paired(), rosters[0]
    submit(event, r, [p.pk for p in r[:4]], minutes_before(16))
    with pytest.raises(Conflict) as late:
        submit(event, r, [r[0].pk, r[1].pk, r[2].pk, r[4].pk], minutes_before(14))
    assert late.value.code == "lineup-late"
    # The line-up on record stands.
    assert Lineup.objects.get(team__captain=r[0], round_number=1).members == [p.pk for p in r[:4]]


def test_the_regulations_may_set_another_limit(paired, rosters):
    # 1.14.2: the event's own limit, here 30 minutes.
    event, r = paired(lineup_minutes=30), rosters[0]
    with pytest.raises(Conflict):
        submit(event, r, [p.pk for p in r[:4]], minutes_before(29))
    assert submit(event, r, [p.pk for p in r[:4]], minutes_before(31)).members == [p.pk for p in r[:4]]


def test_the_chief_arbiter_records_a_line_up_handed_to_the_arbiters_on_time_with_a_note(paired, rosters, staff):
    # 1.14.2: «подать в судейскую коллегию заявку» — handed to the arbiters in person; the chief
    # arbiter records it, noted in the log; nobody else may.
    event, r = paired(), rosters[0]
    team = Team.objects.get(championship=event, captain=r[0])
    members = [r[0].pk, r[1].pk, r[2].pk, r[4].pk]

    def decide(who, now):
        return services.lineup_decide(
            by=who,
            championship_id=event.pk,
            team_id=team.pk,
            round_number=1,
            members=members,
            reason="handed in on paper",
            now=now,
        )

    for who in (r[0], staff["arbiter"]):
        with pytest.raises(Forbidden):
            decide(who, minutes_before(20))
    assert decide(staff["chief"], minutes_before(20)).members == members
    decision = Decision.objects.get(championship=event, action="lineup-decided")
    assert (decision.clause, decision.reason, decision.data["team"]) == ("1.14.2", "handed in on paper", team.pk)


def test_after_the_deadline_the_chief_arbiter_sets_no_line_up_and_the_first_round_s_stands(paired, rosters, staff, api):
    # 1.14.2: «Если такая заявка не подана, то распределение участников по доскам
    # определяется по первому туру» — not by the arbiter's choice.
    event, r = paired(), rosters[0]
    team = Team.objects.get(championship=event, captain=r[0])
    with pytest.raises(Conflict) as late:
        services.lineup_decide(
            by=staff["chief"],
            championship_id=event.pk,
            team_id=team.pk,
            round_number=1,
            members=[r[0].pk, r[1].pk, r[2].pk, r[4].pk],
            reason="board 4 is ill",
            now=minutes_before(5),
        )
    assert late.value.code == "lineup-late" and "1.14.2" in late.value.detail
    assert not Lineup.objects.exists() and not Decision.objects.filter(action="lineup-decided").exists()
    services.round_publish(
        by=staff["arbiter"], championship_id=event.pk, round_number=1, starts_at=START, now=minutes_before(1)
    )
    seated = BoardGame.objects.filter(match__round__number=1).filter(Q(white__in=r) | Q(black__in=r))
    assert sorted((b.board, b.white_id if b.white in r else b.black_id) for b in seated) == [
        (n + 1, p.pk) for n, p in enumerate(r[:4])
    ]


def test_the_api_refuses_a_late_line_up_with_409_from_the_captain_and_the_chief_arbiter(
    api, make_event, rosters, staff
):
    # 1.14.2 through the API: the round starts in ten minutes, so the line-up was due five minutes ago.
    event, r = make_event(4), rosters[0]
    now = timezone.now()
    services.round_pair(by=staff["arbiter"], championship_id=event.pk, starts_at=now + timedelta(minutes=10), now=now)
    team = Team.objects.get(championship=event, captain=r[0])
    body = {"team_id": team.pk, "member_ids": [p.pk for p in r[:4]]}
    late = api(r[0]).post(f"/api/teams/{event.pk}/rounds/1/lineups/", body)
    assert late.status_code == 409 and late.json()["error"] == "lineup-late"
    decided = api(staff["chief"]).post(
        f"/api/teams/{event.pk}/rounds/1/lineups/decision/", {**body, "reason": "the captain was delayed"}
    )
    assert decided.status_code == 409 and decided.json()["error"] == "lineup-late"
    assert not Lineup.objects.filter(team=team).exists()
