"""Run on the main of 2026-12-01 (commit b7f302d, before the competition engine
was merged): the demo club, a team event with a round played and a round in
progress, a protest, then club_backup, plus what the pages read, by names."""

import json
import os
import sys
from pathlib import Path

os.environ["DJANGO_SETTINGS_MODULE"] = "club.settings"
import django

django.setup()
from django.core.management import call_command
from django.db import transaction

call_command("migrate", verbosity=0)
from club.celery import app

app.conf.task_always_eager = True


def commit_hooks(fn, *a, **k):
    with transaction.atomic():
        out = fn(*a, **k)
    return out


from club.demo import load_demo

members = load_demo()
from django.contrib.auth.models import Group

from club import services as club_services
from club.teams import selectors as tsel
from club.teams import services as ts
from club.teams.models import Match, Team
from games.services import game_resign


def member(username, *roles, **profile):
    m = club_services.member_sign_up(username=username, email=f"{username}@club.test", password="a long club password")
    m.display_name = profile.get("display_name", username)
    m.save()
    m.groups.add(*Group.objects.filter(name__in=roles))
    return m


org = members["olga"]
chief = members["irina"]
arb = members["pavel"]
names = ["Ладья", "Дамка", "Шашист", "Вертушка"]
rosters = [[member(f"t{t}p{i}", "member", display_name=f"{names[t]} {i + 1}") for i in range(3)] for t in range(4)]
event = ts.event_create(
    organiser=org, name="Командный кубок клуба", discipline="russian", time_control="d3", boards=2, reserves=1
)
ts.arbiter_appoint(by=org, event_id=event.pk, member=chief, role="chief")
ts.arbiter_appoint(by=org, event_id=event.pk, member=arb, role="arbiter")
for t in range(4):
    ts.team_register(by=rosters[t][0], event_id=event.pk, name=names[t], captain=rosters[t][0], players=rosters[t])
ts.registration_close(by=org, event_id=event.pk, seed="lot")
ts.round_pair(by=arb, event_id=event.pk)
ts.round_publish(by=arb, event_id=event.pk, round_number=1)
for m in Match.objects.filter(round__event=event, round__number=1):
    for b in m.board_games.exclude(game=None).order_by("board"):
        loser = b.black if b.board == 1 else b.white
        game_resign(game_id=b.game_id, member=loser)
ts.round_pair(by=arb, event_id=event.pk)
ts.round_publish(by=arb, event_id=event.pk, round_number=2)
first = Match.objects.filter(round__event=event, round__number=2).order_by("number").first()
b = first.board_games.exclude(game=None).order_by("board").first()
game_resign(game_id=b.game_id, member=b.white)
team0 = Team.objects.get(event=event, name=names[0])
p = ts.protest_file(
    by=rosters[0][0], event_id=event.pk, team_id=team0.pk, text="Часы на второй доске спешили.", match_id=first.pk
)
ts.protest_rule(by=arb, event_id=event.pk, protest_id=p.pk, upheld=False, ruling="Часы проверены, исправны.")
from club.teams.services import standings_recompute

standings_recompute(event_id=event.pk)

out = Path(sys.argv[1])
call_command("club_backup", str(out / "backup"))
(out / "backup" / "records").exists() and __import__("shutil").rmtree(out / "backup" / "records")
# What the pages read, by names (ids of team events change when they become championships).
from club.championships import publish
from club.championships.models import Championship

reads = {"championships": {}, "team_events": {}}
for c in Championship.objects.order_by("pk"):
    r = publish.results(c)
    reads["championships"][c.name] = json.loads(json.dumps(r, default=str))
for e in tsel.event_list():
    team_names = {t.pk: t.name for t in e.teams.all()}
    rounds = []
    for r in tsel.rounds_with_matches(e):
        rounds.append(
            [
                {
                    "home": team_names[m.home_id],
                    "away": team_names.get(m.away_id),
                    "result": m.result,
                    "home_points": m.home_points,
                    "away_points": m.away_points,
                    "boards": [[bg.board, str(bg.white), str(bg.black), bg.result] for bg in m.board_list],
                }
                for m in r.match_list
            ]
        )
    reads["team_events"][e.name] = {
        "status": e.status,
        "standings": [{k: v for k, v in row.items() if k not in ("id",)} for row in tsel.standings_rows(e)],
        "crosstable": [[row["name"], row["cells"]] for row in tsel.crosstable(e)["rows"]],
        "rounds": rounds,
        "arbiters": sorted((str(a.member), a.role) for a in tsel.appointments(e)),
        "protests": [[x.team.name, x.text, x.status, x.ruling, str(x.ruled_by)] for x in e.protests.all()],
    }
(out / "reads.json").write_text(json.dumps(reads, ensure_ascii=False, indent=1, default=str))
print("ok", out)
