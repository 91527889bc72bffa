"""Exports of a championship, read back: every game as one PDN file
(draughts) or renju-record file and as a ZIP of one file per game, the standings as
CSV for spreadsheet programs, the championship as TRF16 (FIDE C.04 Annex 2) — read
with ``trf.loads``, column by column, and by BBP Pairings."""

import csv
import io
import zipfile

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from club.championships import demo, exports, services, trf
from club.championships.models import Board, Championship, MatchGame
from club.championships.selectors import results as publish
from club.site import demo as club_demo
from games.records import game_record
from games.rules import pdn, renju_records
from members.models import Member
from tests.conftest import make_member

from .bbp import bbp_read
from .conftest import T0, at

pytestmark = pytest.mark.django_db

STRENGTH = ["pyotr", "olga", "ivan", "marina", "sergei", "tatiana"]


def stronger_wins_else_draw(white, black):
    """pyotr beats everyone …; olga and ivan draw (a draw to carry in every format)."""
    if {white.username, black.username} == {"olga", "ivan"}:
        return "draw"
    return "white" if STRENGTH.index(white.username) < STRENGTH.index(black.username) else "black"


def white_wins(white, black):
    return "white"


def earlier_member_wins(white, black):
    """A strict order of strength: the last of them loses every game (his Shmulyan is below 0)."""
    return "white" if white.pk < black.pk else "black"


@pytest.fixture
def russian(players, staff, on_commit):
    with on_commit():
        return demo.round_robin(
            **staff, players=players[:4], start=T0, decide=stronger_wins_else_draw, name="Spring cup"
        )


def first_game_kept_going():
    """A ``skip`` for ``demo.play_round``: the round's first game stays unfinished."""
    seen = []

    def skip(white, black):
        seen.append(white)
        return len(seen) == 1

    return skip


def boards_with_games(championship):
    return list(
        Board.objects.filter(round__championship=championship, game__isnull=False)
        .select_related("game", "white", "black")
        .order_by("round__number", "number")
    )


def move_queries(run):
    """How many queries ``run()`` makes on the moves table."""
    with CaptureQueriesContext(connection) as queries:
        run()
    return sum('"games_move"' in q["sql"] for q in queries.captured_queries)


# ---- the games -------------------------------------------------------------------------------------
def test_every_game_of_a_draughts_championship_is_one_pdn_file_the_pdn_reader_replays(russian):
    done = exports.games_file(russian)
    assert done.filename.endswith(".pdn") and done.content_type.startswith("application/x-draughts-pdn")
    games = pdn.read_games(done.content.decode())
    boards = boards_with_games(russian)
    assert len(games) == len(boards) == 6
    for game, board in zip(games, boards):
        assert game.tags["Event"] == "Spring cup"
        assert (game.tags["White"], game.tags["Black"]) == (board.white.name, board.black.name)
        assert game.tags["Round"] == f"{board.round.number}.{board.number}"
        assert game.result == board.result
        pdn.replay_game(game, "russian")  # every move legal
        assert len(game.moves) == board.game.moves.count()


def test_a_renju_championship_is_one_renju_record_file_of_its_own_type(players, staff, on_commit):
    """Renju records used to download as .txt; they are .renju, text/x-renju (games/records.py)."""
    with on_commit():
        championship = demo.round_robin(
            **staff,
            players=players[:3],
            start=T0,
            decide=stronger_wins_else_draw,
            name="Renju cup",
            discipline="renju",
            time_control="d3",
        )
    done = exports.games_file(championship)
    assert done.filename.endswith(".renju") and done.content_type.startswith("text/x-renju")
    records = renju_records.read_records(done.content.decode())
    boards = boards_with_games(championship)
    assert len(records) == len(boards) == 3
    # Renju records name black first and give the result from black's side (renju_records.py).
    flipped = {"1-0": "0-1", "0-1": "1-0", "1/2-1/2": "1/2-1/2"}
    for record, board in zip(records, boards):
        assert record.tags["Black"] == board.black.name and record.tags["White"] == board.white.name
        assert record.result == flipped[board.result]
        renju_records.replay(record)
        assert record.moves == list(board.game.moves.order_by("ply").values_list("notation", flat=True))


def test_the_zip_holds_every_game_as_its_own_record_file(russian):
    done = exports.games_zip(russian)
    assert done.content_type == "application/zip" and done.filename.endswith("-games.zip")
    boards = boards_with_games(russian)
    with zipfile.ZipFile(io.BytesIO(done.content)) as archive:
        assert archive.testzip() is None
        names = archive.namelist()
        folder = done.filename.removesuffix("-games.zip")
        assert names == [f"{folder}/round-{b.round.number:02d}-board-{b.number:02d}.pdn" for b in boards]
        for name, board in zip(names, boards):
            assert archive.read(name).decode() == game_record(game=board.game, format="pdn")
            assert archive.getinfo(name).date_time == board.game.started_at.timetuple()[:6]


def test_a_micro_match_event_zips_each_game_of_a_pairing_by_its_number(make_championship, players, staff):
    """Micro-matches (1.11): a pairing's games are numbered in the order played."""
    championship = make_championship(players[:2], games_per_pairing=2)
    services.round_pair(by=staff["arbiter"], championship_id=championship.pk, now=at(1))
    services.round_publish(by=staff["arbiter"], championship_id=championship.pk, round_number=1, now=at(1))
    played = MatchGame.objects.filter(board__round__championship=championship).order_by("number")
    with zipfile.ZipFile(io.BytesIO(exports.games_zip(championship).content)) as archive:
        assert archive.namelist() == [
            f"championship-{championship.pk}-club-championship/round-01-board-01-game-{mg.number}.pdn" for mg in played
        ]
    assert played.exists()


def test_the_moves_of_all_the_events_games_are_read_in_one_query(russian, players, staff, on_commit):
    with on_commit():
        bigger = demo.round_robin(**staff, players=players, start=T0, decide=white_wins, name="Big cup")
    for export in (exports.games_file, exports.games_zip):
        assert move_queries(lambda: export(russian)) == move_queries(lambda: export(bigger)) == 1  # noqa: B023


def test_the_games_files_are_built_once_per_version_of_the_results(players, staff, on_commit):
    """A 500-player Swiss's 2,750 records take a second to build; a second
    download of the same results reads no move, and a result that comes in is in the next."""
    with on_commit():
        swiss = demo.swiss(
            **staff, players=players[:4], start=T0, rounds_planned=3, rounds_played=1, decide=white_wins, name="Open"
        )
    going = Board.objects.get(round__championship=swiss, round__number=2, black__isnull=False, result="")
    for kind in ("games", "games.zip"):
        first = exports.export(swiss, kind)
        assert move_queries(lambda: exports.export(swiss, kind)) == 0  # noqa: B023
        assert exports.export(swiss, kind).content == first.content
    before = exports.export(swiss, "games").content.decode()
    with on_commit():
        demo.play_game(going.game, "white", start=at(60 * 24 * 2))
        services.board_result_record(game_id=going.game_id, now=at(60 * 24 * 3))
    after = exports.export(swiss, "games").content.decode()
    assert after.count("[Event ") == before.count("[Event ")
    assert after.count('[Result "*"]') == before.count('[Result "*"]') - 1


# ---- the standings as CSV ---------------------------------------------------------------------------
def read_csv(done):
    """The CSV as Python's csv module reads it with its defaults (RFC 4180): UTF-8, no byte order mark."""
    assert not done.content.startswith("\ufeff".encode())
    return list(csv.reader(io.StringIO(done.content.decode("utf-8"))))


def test_the_standings_csv_reads_back_as_the_published_standings(russian):
    with translation.override("en"):
        done = exports.standings_csv(russian)
        labels = {name: str(label) for name, label in publish.COEFFICIENT_LABELS.items()}
    assert done.content_type.startswith("text/csv")
    header, *lines = read_csv(done)
    rows = [dict(zip(header, line)) for line in lines]
    published = publish.results(russian)["standings"]
    assert [(r["Place"], r["Username"], float(r["Points"])) for r in rows] == [
        (p["place"], p["player"].username, p["raw"]["points"]) for p in published
    ]
    for row, p in zip(rows, published):
        figures = p["raw"]["coefficients"]
        for name in ("shmulyan", "berger", "buchholz", "solkoff", "riga", "opponents-elo"):
            assert float(row[labels[name]]) == figures[name]
        cuts = [float(row[f"{labels['truncated-solkoff']}, cut {k}"]) for k in (1, 2)]
        assert cuts == figures["truncated-solkoff"]
        assert int(row["Wins"]) + int(row["Draws"]) + int(row["Losses"]) == int(row["Games"]) == 3
        assert float(row["Rating change"]) == p["rating"]["change"]


def test_the_csv_is_rfc_4180_whatever_the_language_and_excel_ru_is_chosen_in_the_address(russian, client):
    """The default file is the same for everyone: comma-separated UTF-8 with English column names and
    decimal points, read by csv's defaults. ``?dialect=excel-ru`` is what a Russian spreadsheet reads on
    a double click: "1,5" as a number, cells split at ";", a byte order mark telling it UTF-8."""
    url = reverse("championships:export", args=[russian.pk, "standings.csv"])
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content
    assert client.get(url, HTTP_ACCEPT_LANGUAGE="ru").content == client.get(url).content == english
    header, *rows = list(csv.reader(io.StringIO(english.decode("utf-8"))))
    assert header[:9] == ["Place", "Start number", "Name", "Username", "Rating", "Points", "Wins", "Draws", "Losses"]
    assert "1.5" in [row[header.index("Points")] for row in rows]

    excel = client.get(url + "?dialect=excel-ru", HTTP_ACCEPT_LANGUAGE="en")
    assert excel.content.startswith("\ufeff".encode()) and "excel-ru" in excel["Content-Disposition"]
    russian_file = excel.content.decode("utf-8-sig").splitlines()
    assert russian_file[0].startswith("Место;Стартовый номер;Имя;Логин;Рейтинг;Очки;Победы;Ничьи;Поражения")
    header, *rows = list(csv.reader(russian_file, delimiter=";"))
    points = [row[header.index("Очки")] for row in rows]
    assert "1,5" in points and not any("." in p for p in points)
    assert len({len(row) for row in rows + [header]}) == 1
    assert client.get(url + "?dialect=tsv").status_code == 404
    api = client.get(reverse("api-championship-export-standings.csv", args=[russian.pk]) + "?dialect=tsv")
    assert api.status_code == 400 and api.json()["error"] == "unknown-dialect"


def test_the_results_page_links_the_spreadsheet_variant_beside_the_csv(russian, client):
    page = client.get(reverse("championships:results", args=[russian.pk])).content.decode()
    url = reverse("championships:export", args=[russian.pk, "standings.csv"])
    assert f'href="{url}">' in page and f'href="{url}?dialect=excel-ru"' in page


def test_names_that_look_like_formulas_are_neutralised_but_negative_figures_stay_numbers(
    make_championship, players, staff, on_commit
):
    """OWASP "CSV Injection": a text cell starting with = + - @ (or a tab, a carriage
    return) gets a single quote before it; figures are numbers (Shmulyan, 1.13.4, goes below 0)."""
    hostile = ['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1:A2)"]
    for member, name in zip(players, hostile):
        Member.objects.filter(pk=member.pk).update(display_name=name)
    plus = make_member("+cmd", display_name="Plain Name")  # usernames may start with + - @
    championship = make_championship([*players[:4], plus])
    with on_commit():
        while championship.status != Championship.Status.FINISHED:
            demo.play_round(championship, arbiter=staff["arbiter"], decide=earlier_member_wins, now=at(60))
            championship.refresh_from_db()
    with translation.override("en"):
        header, *rows = read_csv(exports.standings_csv(championship))
    cells = {row[header.index("Username")]: row for row in rows}
    names = sorted(row[header.index("Name")] for row in rows)
    assert names == sorted(["'" + name for name in hostile] + ["Plain Name"])
    assert "'+cmd" in cells
    shmulyan = [float(row[header.index("Shmulyan (1.13.4)")]) for row in rows]
    assert min(shmulyan) < 0  # a real negative figure, written as a number: no quote before it
    assert all(not row[header.index("Shmulyan (1.13.4)")].startswith("'") for row in rows)


def test_the_csv_neutralises_every_formula_start_and_nothing_else():
    assert [exports._text(v) for v in ["=1", "+1", "-1", "@x", "\t=1", "\r=1", "Anna", "3-4", ""]] == [
        "'=1",
        "'+1",
        "'-1",
        "'@x",
        "'\t=1",
        "'\r=1",
        "Anna",
        "3-4",
        "",
    ]
    assert [exports._number(v, ",") for v in (-1.5, 2.0, 7, None)] == ["-1,5", "2", "7", ""]


# ---- TRF16 -----------------------------------------------------------------------------------------
def trf_of(championship) -> str:
    return exports.trf_text(championship).content.decode()


def test_the_trf_reads_back_with_the_reader_and_its_players_and_games(russian):
    read = trf.loads(trf_of(russian))
    assert read["tournament"]["012"] == "Spring cup"
    assert read["tournament"]["102"] == "Valentin Chief"  # the chief arbiter
    entries = list(russian.entries.select_related("member").order_by("start_number"))
    table = {p["player"].id: p for p in publish.results(russian)["standings"]}
    assert [(p["id"], p["name"], p["points"], p["rank"]) for p in read["players"]] == [
        (e.start_number, e.member.name, table[e.member_id]["raw"]["points"], int(table[e.member_id]["place"]))
        for e in entries
    ]
    rank = {e.member_id: e.start_number for e in entries}
    recorded = sorted(
        (b.round.number, rank[b.white_id], rank[b.black_id], b.result)
        for b in Board.objects.filter(round__championship=russian, black__isnull=False)
    )
    read_back = sorted(
        (number, g["white"], g["black"], g["result"])
        for number, games in enumerate(read["rounds"], start=1)
        for g in games
    )
    assert read_back == recorded


def test_the_trf_columns_are_where_the_spec_puts_them(russian):
    """An independent reader: fixed columns of the 001 line (C.04 Annex 2), 1-based inclusive."""
    lines = [line for line in trf_of(russian).splitlines() if line.startswith("001")]
    entries = list(russian.entries.select_related("member").order_by("start_number"))
    table = {p["player"].id: p for p in publish.results(russian)["standings"]}
    colour = {}
    for b in Board.objects.filter(round__championship=russian, black__isnull=False).select_related("round"):
        colour[(b.round.number, b.white_id)] = ("w", b.black_id, b.result.split("-")[0])
        colour[(b.round.number, b.black_id)] = ("b", b.white_id, b.result.split("-")[-1])
    rank = {e.member_id: e.start_number for e in entries}
    score = {"1": "1", "0": "0", "1/2": "="}
    for line, entry in zip(lines, entries):
        assert line[4:8] == f"{entry.start_number:>4}"  # 5-8 starting rank
        assert line[14:47].rstrip() == entry.member.name  # 15-47 name
        assert line[48:52] == f"{entry.rating:>4}"  # 49-52 rating
        assert line[80:84] == f"{table[entry.member_id]['raw']['points']:>4.1f}"  # 81-84 points
        assert line[85:89] == f"{int(table[entry.member_id]['place']):>4}"  # 86-89 rank
        for number in (1, 2, 3):
            first = 92 + (number - 1) * 10  # 92-95 opponent, 97 colour, 99 result
            cell = line[first - 1 : first + 7]
            side, opponent, result = colour[(number, entry.member_id)]
            assert cell == f"{rank[opponent]:>4} {side} {score[result]}"


def test_bbp_pairings_reads_the_trf_of_every_demo_championship(db, tmp_path):
    """The TRF16 of any event, finished or with a round in progress, is read by
    BBP Pairings; the Dutch-system differences it prints are not defects (tests/championships/bbp.py)."""
    club_demo.load_demo()
    events = list(Championship.objects.filter(entrants=Championship.Entrants.PLAYERS))
    in_progress = Board.objects.filter(round__championship__in=events, black__isnull=False, result="")
    assert {c.name for c in events} >= {demo.ROUND_ROBIN_NAME, demo.SWISS_NAME} and in_progress.exists()
    for championship in events:
        reading = bbp_read(trf_of(championship), tmp_path)
        assert reading.read, f"{championship.name}: {reading.output}"


@pytest.mark.parametrize(
    "options",
    [
        {"system": "knockout"},
        {"system": "scheveningen"},
        {"system": "round-robin", "cycles": 2, "scoring": "2-1-0"},
        {"system": "swiss", "swiss_system": "solkoff", "rounds_planned": 3},
    ],
    ids=["knockout", "scheveningen", "double round robin 2-1-0", "swiss"],
)
def test_bbp_pairings_reads_every_system_finished_and_in_progress(
    options, make_championship, players, staff, on_commit, tmp_path
):
    """Each round is read with its first game still going, then again once it is over."""
    championship = make_championship(players[:4], **options)
    with on_commit():
        while championship.status != Championship.Status.FINISHED:
            played = demo.play_round(
                championship,
                arbiter=staff["arbiter"],
                decide=white_wins,
                now=at(60 * (championship.rounds.count() + 1)),
                skip=first_game_kept_going(),
            )
            for moment in ("in progress", "over"):
                reading = bbp_read(trf_of(championship), tmp_path)
                assert reading.read, f"round {played.number} {moment}: {reading.output}"
                going = played.boards.filter(black__isnull=False, result="").first()
                if going is not None:
                    demo.play_game(going.game, "white", start=at(60 * played.number + 30))
                    services.board_result_record(game_id=going.game_id, now=at(60 * played.number + 45))
            championship.refresh_from_db()


def test_a_game_still_going_is_left_out_until_its_result_is_in(players, staff, on_commit, tmp_path):
    with on_commit():
        swiss = demo.swiss(
            **staff, players=players[:4], start=T0, rounds_planned=3, rounds_played=1, decide=white_wins, name="Open"
        )
    going = Board.objects.get(round__championship=swiss, round__number=2, black__isnull=False, result="")
    start = {e.member_id: e.start_number for e in swiss.entries.all()}
    lines = {int(line[4:8]): line for line in trf_of(swiss).splitlines() if line.startswith("001")}
    for pid in (going.white_id, going.black_id):
        assert lines[start[pid]][101:109].strip() == ""  # round 2: columns 102-109 blank
    assert "XXR 3" in trf_of(swiss).splitlines()
    assert bbp_read(trf_of(swiss), tmp_path).read
    with on_commit():
        demo.play_game(going.game, "white", start=at(60 * 24 * 2))
        services.board_result_record(game_id=going.game_id, now=at(60 * 24 * 3))
    lines = {int(line[4:8]): line for line in trf_of(swiss).splitlines() if line.startswith("001")}
    assert lines[start[going.white_id]][101:109] == f"{start[going.black_id]:>4} w 1"


def test_the_header_says_only_what_was_entered_in_one_language_with_the_time_control_in_words(russian, client):
    """Line 022 used to say the organiser's own city ("Казань"), which nobody entered for the
    event; 092 changed language with the visitor's browser; 122 held the code "d3"."""
    Member.objects.filter(pk=russian.organiser_id).update(city="Казань")
    url = reverse("championships:export", args=[russian.pk, "trf"])
    russian_visitor = client.get(url, HTTP_ACCEPT_LANGUAGE="ru").content
    english_visitor = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content
    assert russian_visitor == english_visitor
    header = {line[:3]: line[4:] for line in russian_visitor.decode().splitlines() if not line.startswith("001")}
    assert "022" not in header and "032" not in header
    assert header["092"] == "round robin, by correspondence"  # the system, and where it was played
    assert header["122"] == "3 days per move"
    assert header["XXR"] == "3"  # 4 players: Berger's three rounds, planned


def test_two_one_nought_scoring_and_a_struck_player_still_add_up(
    make_championship, players, staff, on_commit, tmp_path
):
    """2 / 1 / 0 (1.12.1) is declared; a player whose results are struck (1.10.2) keeps his
    points on his line, which the games add up to, and has no rank."""
    championship = make_championship(players[:4], scoring="2-1-0")
    with on_commit():
        demo.play_round(championship, arbiter=staff["arbiter"], decide=white_wins, now=at(60))
        services.player_leave(
            by=staff["chief"], championship_id=championship.pk, member_id=players[0].pk, reason="ill", now=at(100)
        )
        for number in (2, 3):
            demo.play_round(championship, arbiter=staff["arbiter"], decide=white_wins, now=at(100 + 60 * number))
    text = trf_of(championship)
    assert "BBW  2.0" in text.splitlines() and "BBD  1.0" in text.splitlines()
    his = next(line for line in text.splitlines() if line.startswith("001") and players[0].name in line)
    assert his[80:84].strip() and not his[85:89].strip()
    reading = bbp_read(text, tmp_path)
    assert reading.read, reading.output


def test_a_name_stored_with_a_line_break_stays_on_its_001_line(russian, tmp_path):
    """Names refuse control characters now, but one stored before must not break the file."""
    member = russian.entries.first().member
    Member.objects.filter(pk=member.pk).update(display_name="Pyotr\r\nthe Great")
    text = trf_of(russian)
    assert sum(line.startswith("001") for line in text.splitlines()) == 4
    assert any(line[14:47].rstrip() == "Pyotr the Great" for line in text.splitlines())
    assert bbp_read(text, tmp_path).read


# ---- the files to download ---------------------------------------------------------------------------
def test_exports_are_files_to_download_linked_from_the_results_page(russian, client):
    page = client.get(reverse("championships:results", args=[russian.pk])).content.decode()
    for kind, extension in (("games", ".pdn"), ("games.zip", ".zip"), ("standings.csv", ".csv"), ("trf", ".trf")):
        url = reverse("championships:export", args=[russian.pk, kind])
        assert f'href="{url}"' in page
        response = client.get(url)
        assert response.status_code == 200
        assert response["Content-Disposition"].startswith("attachment;")
        assert response["Content-Disposition"].rstrip('"').endswith(extension)
        assert response.content == exports.export(russian, kind).content
    assert client.get(reverse("championships:export", args=[russian.pk, "xls"])).status_code == 404


def test_a_team_event_has_no_individual_results_files(staff, client):
    """A team event's results are its own pages; these answer 404, not a server error.
    Its games' files are the same as any event's (1.14: its match boards' games)."""
    event = services.championship_create(
        organiser=staff["organiser"],
        name="Team cup",
        discipline="russian",
        time_control="d3",
        entrants="teams",
        boards=2,
    )
    for kind in exports.EXPORTS:
        offered = kind in ("games", "games.zip")  # renju's files only for renju
        expected = 200 if offered else 404
        assert client.get(reverse("championships:export", args=[event.pk, kind])).status_code == expected
    assert client.get(reverse("championships:results", args=[event.pk])).status_code == 404
