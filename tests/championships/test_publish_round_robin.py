"""Published results of a round robin (003 1.12, 1.13, 1.10): the
crosstable, the standings with every tie-break column and the arithmetic
behind each figure, rating change and performance, the pages and the print
version. A hand-worked four-player event:

    pyotr beats everyone; olga and ivan draw; olga and ivan beat marina.
    points: pyotr 3, olga 1½, ivan 1½, marina 0.
    olga / ivan tie on Sonneborn-Berger (1½ each), wins (1), head-to-head (½),
    beaten opponents' points (0) and results against the others (0 v pyotr,
    1 v marina); the sum of opponents' Elo separates them (1.13.3):
    olga 2000 + 1900 + 1850 = 5750, ivan 2000 + 1950 + 1850 = 5800.
"""

from pathlib import Path

import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse
from django.utils import translation

from club.championships import demo, selectors
from club.championships.models import Board, Standings
from club.championships.selectors import results as publish
from ratings.models import RatingChange

from .conftest import T0

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _english():
    """Figures as an English reader sees them (6.5; Russian: 6,5, tests/championships/test_words.py)."""
    with translation.override("en"):
        yield


WINNERS = {
    ("pyotr", "olga"): "pyotr",
    ("pyotr", "ivan"): "pyotr",
    ("pyotr", "marina"): "pyotr",
    ("olga", "ivan"): None,
    ("olga", "marina"): "olga",
    ("ivan", "marina"): "ivan",
}


def hand_worked(white, black):
    key = (white.username, black.username)
    winner = WINNERS.get(key, WINNERS.get(key[::-1], "?"))
    return "draw" if winner is None else ("white" if winner == white.username else "black")


@pytest.fixture
def finished(players, staff, on_commit):
    with on_commit():
        return demo.round_robin(**staff, players=players[:4], start=T0, decide=hand_worked, name="Four")


def by_name(rows):
    return {row["player"].username: row for row in rows}


def test_places_points_and_the_tie_broken_by_opponents_elo(finished):
    rows = publish.results(finished)["standings"]
    assert [(r["player"].username, r["place"], r["points"]) for r in rows] == [
        ("pyotr", "1", "3"),
        ("ivan", "2", "1.5"),
        ("olga", "3", "1.5"),
        ("marina", "4", "0"),
    ]
    figures = {r["player"].username: {f["name"]: f["value"] for f in r["figures"]} for r in rows}
    assert figures["olga"]["berger"] == figures["ivan"]["berger"] == "1.5"  # 1.13.5: 2 × 0 + 1½
    assert figures["olga"]["opponents-elo"] == "5750" and figures["ivan"]["opponents-elo"] == "5800"


def test_every_coefficient_shows_its_arithmetic_with_opponent_names(finished):
    rows = by_name(publish.results(finished)["standings"])
    pyotr = {f["name"]: f for f in rows["pyotr"]["figures"]}
    # 1.13.5 in the seed's scale: 2 × each beaten opponent's points.
    assert sorted(
        (line["opponent"], line["points"], line["factor"], line["product"]) for line in pyotr["berger"]["lines"]
    ) == [("Ivan", "1.5", "2", "3"), ("Marina", "0", "2", "0"), ("Olga", "1.5", "2", "3")]
    assert pyotr["berger"]["value"] == "6" and pyotr["berger"]["sum"].endswith("= 6")
    olga = {f["name"]: f for f in rows["olga"]["figures"]}
    # 1.13.6 Buchholz 3 + 1½ + 0; 1.13.7 Solkoff leaves out the best (3) and the worst (0).
    assert olga["buchholz"]["value"] == "4.5"
    assert olga["solkoff"]["value"] == "1.5"
    assert {line["opponent"] for line in olga["solkoff"]["lines"] if line["factor"] == "0"} == {"Pyotr", "Marina"}
    # 1.13.8: minus the worst (Marina, 0), then minus the two worst (and Ivan, 1½).
    assert olga["truncated-solkoff"]["value"] == "4.5\u00a0/ 3"  # a long list breaks only after a slash
    assert [(line["opponent"], line["product"]) for line in olga["truncated-solkoff"]["lines"]] == [
        ("Marina", "4.5"),
        ("Ivan", "3"),
    ]
    # 1.13.4 Shmulyan: beaten (Marina 0) minus lost to (Pyotr 3).
    assert olga["shmulyan"]["value"] == "−3"
    # 1.13.9 Riga: 2 × 0 + 1.5 × 1½ + 1 × 3.
    assert olga["riga"]["value"] == "5.25"


def test_the_crosstable_is_the_grid_in_the_order_of_places(finished):
    table = publish.results(finished)["crosstable"]
    assert table["kind"] == "grid"
    assert [
        (row["player"].username, [None if c["self"] else c["marks"] for c in row["cells"]], row["points"])
        for row in table["rows"]
    ] == [
        ("pyotr", [None, "1", "1", "1"], "3"),
        ("ivan", ["0", None, "½", "1"], "1.5"),
        ("olga", ["0", "½", None, "1"], "1.5"),
        ("marina", ["0", "0", "0", None], "0"),
    ]


def test_the_published_table_is_the_one_celery_stored(finished):
    stored = Standings.objects.get(championship=finished).rows
    published = publish.results(finished)["standings"]
    assert [(r["id"], r["place"], r["points"], r["coefficients"]) for r in stored] == [
        (r["raw"]["id"], r["raw"]["place"], r["raw"]["points"], r["raw"]["coefficients"]) for r in published
    ]


def test_rating_change_and_performance_come_from_the_rating_history(finished):
    rows = by_name(publish.results(finished)["standings"])
    for username, row in rows.items():
        changes = list(
            RatingChange.objects.filter(
                member__username=username, game__championship_board__round__championship=finished
            ).order_by("ended_at", "game_id")
        )
        assert row["rating"]["games"] == len(changes) == 3
        assert row["rating"]["change"] == round(changes[-1].rating_after - changes[0].rating_before, 1)
    # Three wins out of three: the opponents' average + 800 (the dp table's end).
    pyotr = RatingChange.objects.filter(member__username="pyotr", game__championship_board__isnull=False)
    average = sum(c.opponent_rating for c in pyotr) / 3
    assert rows["pyotr"]["rating"]["performance"] == round(average + 800)


def test_performance_follows_the_logistic_difference_capped_at_800():
    assert publish.performance([1800, 2000], 1.0) == 1900  # 50 %: the average
    assert publish.performance([1900], 1.0) == 2700
    assert publish.performance([1900, 1900, 1900, 1900], 3.0) == 1900 + round(400 * 0.47712125472)
    assert publish.performance([], 0) is None


def test_the_results_page_shows_the_tables_and_each_games_viewer(finished, client):
    page = client.get(reverse("championships:results", args=[finished.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    for fragment in (
        'id="crosstable"',
        'id="standings"',
        "<details data-arithmetic=",
        "Pyotr",
        'data-coefficient="berger"',
    ):
        assert fragment in html
    for board in Board.objects.filter(round__championship=finished):
        assert reverse("games:game", args=[board.game_id]) in html
    detail = client.get(reverse("championships:detail", args=[finished.pk])).content.decode()
    assert reverse("championships:results", args=[finished.pk]) in detail


def test_the_print_version_is_the_document_the_chief_arbiter_signs(finished, client):
    page = client.get(reverse("championships:results-print", args=[finished.pk]))
    html = page.content.decode()
    assert page.status_code == 200
    assert "championships/results.css" in html
    styles = Path(finders.find("championships/results.css")).read_text(encoding="utf-8")
    assert "@page { size: A4;" in styles and "@media print" in styles
    assert "Valentin Chief" in html  # the chief arbiter's name
    assert page.context["printed_on"].isoformat() in html  # the date
    assert "<details" not in html  # the figures, not the click-to-open arithmetic


def test_a_draft_has_no_published_results(make_championship, players, client):
    draft = make_championship(players[:2], close=False)
    draft.status = "draft"
    draft.save(update_fields=["status"])
    assert client.get(reverse("championships:results", args=[draft.pk])).status_code == 404
    assert client.get(reverse("championships:export", args=[draft.pk, "trf"])).status_code == 404


def test_the_detail_pages_crosstable_agrees_with_the_published_one(finished):
    grid = selectors.crosstable_grid(finished)
    published = {row["player"].id: row for row in publish.results(finished)["crosstable"]["rows"]}
    order = [row["player"].id for row in publish.results(finished)["crosstable"]["rows"]]
    for row in grid:
        mine = published[row["entry"].member_id]
        marks = dict(zip(order, (c["marks"] for c in mine["cells"])))
        for other, cell in zip((r["entry"].member_id for r in grid), row["cells"]):
            if cell is not None:
                assert " ".join(cell) == marks[other]


def test_before_the_first_round_the_results_list_the_players_without_points(make_championship, players, client):
    championship = make_championship(players[:3])
    data = publish.results(championship)
    assert [(r["place"], r["points"]) for r in data["standings"]] == [("1-3", "0")] * 3  # all tied (1.13.1)
    assert data["rounds"] == [] and all(c["marks"] == "" for r in data["crosstable"]["rows"] for c in r["cells"])
    assert client.get(reverse("championships:results", args=[championship.pk])).status_code == 200
    assert client.get(reverse("championships:export", args=[championship.pk, "trf"])).status_code == 200
