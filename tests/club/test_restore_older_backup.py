"""A backup written before the latest migrations restores through them:
the club backed up on the main of 2026-12-01 (before team events became
championships) reads the same after the restore — its
championships' standings and crosstables, and its team event's table,
crosstable, rounds, arbiters and protest (tests/club/data/backup-2026-12-01)."""

import json
import re
from pathlib import Path

import pytest
from django.core.management import call_command
from django.utils import translation

from club.arbiters.models import Protest
from club.championships.models import Championship
from club.championships.selectors import events, results
from club.championships.selectors import teams as team_selectors
from members.models import Member

from .test_backup_restore import club_rows, wipe

pytestmark = pytest.mark.django_db(transaction=True)

DATA = Path(__file__).parent / "data" / "backup-2026-12-01"


@pytest.fixture
def reads():
    return json.loads((DATA / "reads.json").read_text(encoding="utf-8"))


def restored(tmp_path):
    folder = tmp_path / "backup"
    folder.mkdir()
    (folder / "club.json").write_bytes((DATA / "club.json").read_bytes())
    call_command("club_restore", str(folder))


# What the read model's Player has gained since the backup's reads: his status in words, the
# rating he was seeded by and its source, and whether he is a guest.
GAINED = re.compile(r", (status_label|rating_source|rating_source_label)='[^']*'|, guest=(True|False)")


def player_then(text: str) -> str:
    return GAINED.sub("", text)


def standings_seen(rows: list[dict], *, comma: bool = False) -> list:
    def point(text):
        return text.replace(",", ".") if comma else text

    return [
        [
            r["place"],
            player_then(r["player"]),
            point(r["points"]),
            r["wins"],
            r["draws"],
            r["losses"],
            # a long list of cuts breaks only after a slash (a no-break space before it)
            [point(f["value"]).replace("\u00a0", " ") for f in r["figures"]],
        ]
        for r in rows
    ]


def _then(cell: dict) -> dict:
    """A crosstable cell as the backup's reads had it: the mark of an adjudicated result (1.10.4) came later."""
    return {k: v for k, v in cell.items() if k != "adjudicated"}


def by_position(table: dict) -> dict:
    """The crosstable with each player's № replaced by his row's position, as the
    backup's reads numbered it; now the № is the start number (checked apart)."""
    position = {row["number"]: i for i, row in enumerate(table["rows"], start=1)}
    rows = []
    for row in table["rows"]:
        cells = [
            {**c, "opponent": position.get(c["opponent"], c["opponent"])} if "opponent" in c else c
            for c in (_then(cell) for cell in row["cells"])
        ]
        player = player_then(row["player"])
        points = row["points"].replace(",", ".")  # the decimal comma of Russian figures
        rows.append({**row, "number": position[row["number"]], "player": player, "points": points, "cells": cells})
    columns = [position[n] for n in table["columns"]] if table["kind"] == "grid" else table["columns"]
    return {**table, "rows": rows, "columns": columns}


def test_the_championships_read_the_same(tmp_path, reads):
    restored(tmp_path)
    for name, then in reads["championships"].items():
        championship = Championship.objects.get(name=name)
        with translation.override("ru"):  # as the reads were taken
            now = json.loads(json.dumps(results.results(championship), default=str))
        # Russian figures have a decimal comma now (6,5); the reads were taken with a point.
        assert standings_seen(now["standings"], comma=True) == standings_seen(then["standings"]), name
        assert by_position(now["crosstable"]) == then["crosstable"], name
        start = dict(championship.entries.values_list("member__username", "start_number"))
        assert [r["number"] for r in now["crosstable"]["rows"]] == [
            start[re.search(r"username='([^']*)'", r["player"]).group(1)] for r in now["crosstable"]["rows"]
        ]


def test_the_team_event_is_a_championship_of_teams_that_reads_the_same(tmp_path, reads):
    restored(tmp_path)
    [(name, then)] = reads["team_events"].items()
    event = Championship.objects.get(name=name)
    assert event.for_teams and event.status == then["status"] == "running"
    standings = team_selectors.standings_rows(event)
    assert [{k: v for k, v in row.items() if k != "id"} for row in standings] == then["standings"]
    assert [[row["name"], row["cells"]] for row in team_selectors.crosstable(event)["rows"]] == then["crosstable"]
    names = {t.pk: t.name for t in event.teams.all()}
    rounds = [
        [
            {
                "home": names[m.home_id],
                "away": names.get(m.away_id),
                "result": m.result,
                "home_points": m.home_points,
                "away_points": m.away_points,
                "boards": [[bg.board, str(bg.white), str(bg.black), bg.result] for bg in m.board_list],
            }
            for m in r.match_list
        ]
        for r in team_selectors.rounds_with_matches(event)
    ]
    assert rounds == then["rounds"]
    assert sorted([str(a.member), a.role] for a in events.appointments(event)) == then["arbiters"]
    protests = Protest.objects.filter(championship=event, team__isnull=False)
    assert [[p.team.name, p.text, p.status, p.ruling, str(p.ruled_by)] for p in protests] == then["protests"]
    # Its first decision remembers the team event it was (a link queued before the move).
    assert event.decisions.get(action="create").data == {"team_event": 1}


def test_a_restored_old_backup_backs_up_and_restores_again_unchanged(tmp_path):
    restored(tmp_path)
    before = club_rows(passwords=False)
    call_command("club_backup", str(tmp_path / "again"))
    wipe()
    call_command("club_restore", str(tmp_path / "again"))
    assert club_rows(passwords=False) == before
    assert Member.objects.filter(username="olga").exists()
