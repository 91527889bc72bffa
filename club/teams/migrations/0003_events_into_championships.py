"""Every team event becomes a championship whose entrants are teams: one engine for both.

Its fields, arbiters (appointments), rounds, table (standings) and protests
move into the championship engine's tables; the team tables point at the
championship and its rounds. The audit log's entries about the event link to
the championship too (their text is kept as written). The championship's
first decision records the event's old id.
"""

from django.db import migrations

STATUS = {"registration": "entries-open", "ready": "entries-closed", "running": "running", "finished": "finished"}


def events_into_championships(apps, schema_editor):
    TeamEvent = apps.get_model("teams", "TeamEvent")
    Championship = apps.get_model("championships", "Championship")
    Appointment = apps.get_model("championships", "Appointment")
    Round = apps.get_model("championships", "Round")
    Standings = apps.get_model("championships", "Standings")
    Decision = apps.get_model("championships", "Decision")
    Protest = apps.get_model("arbiters", "Protest")
    AuditEntry = apps.get_model("arbiters", "AuditEntry")
    names = ("Team", "TeamPlayer", "Lineup", "TeamArbiter", "TeamRound", "Match", "TeamStandings", "Protest")
    Team, TeamPlayer, Lineup, TeamArbiter, TeamRound, Match, TeamStandings, TeamProtest = (
        apps.get_model("teams", name) for name in names
    )
    for event in TeamEvent.objects.order_by("pk"):
        rounds = list(TeamRound.objects.filter(event=event).order_by("number"))
        started = next((r.published_at for r in rounds if r.published_at), None)
        championship = Championship.objects.create(
            name=event.name,
            organiser_id=event.organiser_id,
            discipline=event.discipline,
            time_control=event.time_control,
            rated=event.rated,
            entrants="teams",
            boards=event.boards,
            reserves=event.reserves,
            system=event.system,
            swiss_system=event.swiss_system,
            rounds_planned=event.rounds_planned,
            initial_order="lot",
            scoring=event.scoring,
            tie_criteria=event.tie_criteria,
            status=STATUS[event.status],
            lot_seed=event.lot_seed,
            started_at=started,
            finished_at=event.finished_at,
        )
        Championship.objects.filter(pk=championship.pk).update(created_at=event.created_at)
        Decision.objects.create(
            championship=championship,
            by_id=event.organiser_id,
            at=event.created_at,
            action="create",
            data={"team_event": event.pk},
        )
        Appointment.objects.bulk_create(
            Appointment(championship=championship, member_id=a.member_id, role=a.role)
            for a in TeamArbiter.objects.filter(event=event)
        )
        for old in rounds:
            new = Round.objects.create(
                championship=championship,
                number=old.number,
                status=old.status,
                published_at=old.published_at,
                closed_at=old.closed_at,
            )
            Match.objects.filter(round=old).update(championship_round=new)
        Team.objects.filter(event=event).update(championship=championship)
        TeamPlayer.objects.filter(event=event).update(championship=championship)
        Lineup.objects.filter(event=event).update(championship=championship)
        for table in TeamStandings.objects.filter(event=event):
            Standings.objects.create(championship=championship, rows=table.rows, computed_at=table.computed_at)
        Protest.objects.bulk_create(
            Protest(
                member_id=p.filed_by_id,
                championship=championship,
                team_id=p.team_id,
                match_id=p.match_id,
                text=p.text,
                filed_at=p.filed_at,
                status=p.status,
                ruled_by_id=p.ruled_by_id,
                ruled_at=p.ruled_at,
                ruling=p.ruling,
            )
            for p in TeamProtest.objects.filter(event=event).order_by("pk")
        )
        AuditEntry.objects.filter(data__team_event=event.pk).update(championship=championship)


def refuse_to_split(apps, schema_editor):
    """Backwards only over an empty club (club_restore migrates an empty
    database back to a backup's schema): the merge is not undone row by row."""
    if apps.get_model("championships", "Championship").objects.filter(entrants="teams").exists():
        raise RuntimeError("team events are championships now; restore a backup made before the merge instead")


class Migration(migrations.Migration):
    dependencies = [
        ("teams", "0002_championship_links"),
        ("arbiters", "0006_team_protests"),
        ("championships", "0006_team_events"),
    ]

    operations = [migrations.RunPython(events_into_championships, refuse_to_split)]
