"""The pages chess-results users expect, for every championship:
the starting list, each round's pairings (the pairing sheet), the standings
after each round, the crosstable and a card per player — each at a stable
URL, with its JSON twin in the API, all read from the one results model."""

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone, translation
from rest_framework.test import APIClient

from club.championships import demo, services
from club.championships.models import Board, Championship, Entry
from club.championships.selectors import event_tables, result_pages, visibility
from club.championships.selectors import results as publish
from games.services import game_move_make
from ratings import standings
from ratings.models import Rating

from .conftest import T0

pytestmark = pytest.mark.django_db

# Codes the pages must never show as text (the browser test holds the same list).
CODES = [
    "russian",
    "d1",
    "d3",
    "2700+10",
    "rif",
    "reject",
    "shmulyan",
    "truncated-solkoff",
    "opponents-elo",
    "entries-open",
    "protest:file",
    "sanction:warning",
    "round-robin",
    "1-1/2-0",
]


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


@pytest.fixture
def swiss(players, staff, on_commit):
    with on_commit():
        return demo.swiss(
            **staff, players=players[:6], start=T0, rounds_planned=4, rounds_played=2, name="Spring Swiss"
        )


@pytest.fixture
def round_robin(players, staff, on_commit):
    with on_commit():
        return demo.round_robin(**staff, players=players[:4], start=T0, name="Club final")


def page(url: str) -> str:
    response = Client(HTTP_ACCEPT_LANGUAGE="en").get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def api(url: str) -> dict:
    response = APIClient().get(url)
    assert response.status_code == 200, url
    return response.json()


def visible_text(html: str) -> str:
    """The page's words as a reader sees them: no tags, attributes, scripts or styles."""
    html = re.sub(r"(?s)<(script|style)\b.*?</\1>", " ", html)
    return re.sub(r"<[^>]+>", " ", html)


@pytest.mark.parametrize("which", ["swiss", "round_robin"])
def test_every_page_has_a_stable_url_and_a_json_twin(which, request):
    championship = request.getfixturevalue(which)
    pk = championship.pk
    entry = championship.entries.order_by("start_number").first()
    pages = [
        f"/championships/{pk}/players/",
        f"/championships/{pk}/rounds/1/",
        f"/championships/{pk}/standings/",
        f"/championships/{pk}/standings/after/1/",
        f"/championships/{pk}/crosstable/",
        f"/championships/{pk}/players/{entry.member.username}/",
    ]
    for url in pages:
        html = page(url)
        assert 'class="print-button' in html  # every page prints on A4 (results.css, @media print)
        text = visible_text(html)
        for code in CODES:
            assert f" {code} " not in f" {' '.join(text.split())} ", (url, code)
    assert api(f"/api/championships/{pk}/starting-list/")["players"][0]["start_number"] == 1
    assert api(f"/api/championships/{pk}/rounds/1/pairings/")["boards"]
    assert api(f"/api/championships/{pk}/standings/after/1/")["after_round"] == 1
    assert api(f"/api/championships/{pk}/crosstable/table/")["rows"]
    assert api(f"/api/championships/{pk}/players/{entry.member.username}/")["player"]["start_number"] == 1


def test_a_round_nobody_published_has_no_page(swiss):
    assert Client().get(f"/championships/{swiss.pk}/rounds/9/").status_code == 404
    assert Client().get(f"/championships/{swiss.pk}/standings/after/9/").status_code == 404


def test_the_crosstable_number_is_the_start_number_on_every_page(round_robin):
    start = dict(Entry.objects.filter(championship=round_robin).values_list("member__username", "start_number"))
    for row in publish.results(round_robin)["crosstable"]["rows"]:
        assert row["number"] == start[row["player"].username]
    for row in api(f"/api/championships/{round_robin.pk}/crosstable/table/")["rows"]:
        assert row["number"] == start[next(u for u, n in start.items() if n == row["number"])]
    table = result_pages.crosstable_page(round_robin)["crosstable"]
    assert table["columns"] == [row["number"] for row in table["rows"]]  # the columns headed by the same №
    grid = event_tables.crosstable_grid(round_robin)  # the championship page's grid: start-number order
    assert [r["entry"].start_number for r in grid] == sorted(start.values())


def test_the_standings_after_a_round_count_only_that_rounds_results(swiss):
    after_one = result_pages.standings_after(swiss, 1)["standings"]
    # The same figures as the standings module gives on the first round's boards alone.
    boards = Board.objects.filter(round__championship=swiss, round__number=1)
    players = [{"id": e.member_id, "rating": e.rating} for e in swiss.entries.order_by("start_number")]
    alone = standings.table(
        players,
        [[{"white": b.white_id, "black": b.black_id, "result": b.result} for b in boards]],
        scoring=swiss.scoring,
        system="swiss",
    )
    assert [(r["player"].id, r["raw"]["points"]) for r in after_one] == [(r["id"], r["points"]) for r in alone]
    assert sum(r["raw"]["points"] for r in after_one) == 3  # six players, three games
    now = result_pages.standings_after(swiss, None)["standings"]
    assert sum(r["raw"]["points"] for r in now) > 3


def test_the_player_card_gives_every_game_and_the_points_after_each_round(swiss):
    for entry in swiss.entries.select_related("member"):
        card = result_pages.player_card(swiss, entry.member.username)
        boards = Board.objects.filter(round__championship=swiss, round__status__in=visibility.PUBLIC_ROUNDS)
        mine = [b for b in boards if entry.member_id in (b.white_id, b.black_id)]
        assert [g["round"] for g in card["games"]] == sorted(b.round.number for b in mine)
        for game in card["games"]:
            board = next(b for b in mine if b.round.number == game["round"])
            assert game["game_id"] == board.game_id
            if board.black_id is None:
                continue
            white = board.white_id == entry.member_id
            assert game["colour"] == ("white" if white else "black")
            assert game["opponent"].id == (board.black_id if white else board.white_id)
            # the points after each round are the standings' after that round
            after = result_pages.standings_after(swiss, game["round"])["standings"]
            assert game["points_after"] == next(r["points"] for r in after if r["player"].id == entry.member_id)


def test_a_rated_players_card_gives_each_games_rating_change_and_his_performance(round_robin):
    entry = round_robin.entries.select_related("member").first()
    card = result_pages.player_card(round_robin, entry.member.username)
    assert card["rating"]["performance"] is not None
    assert all(g["rating_change"] for g in card["games"] if g["game_id"])
    html = page(f"/championships/{round_robin.pk}/players/{entry.member.username}/")
    assert str(card["rating"]["performance"]) in html and f'href="/play/games/{card["games"][0]["game_id"]}/"' in html


def test_the_pairing_sheet_prints_each_boards_numbers_and_points_before_the_round(swiss):
    sheet = result_pages.round_sheet(swiss, 2)["round"]
    after_one = {r["player"].id: r["points"] for r in result_pages.standings_after(swiss, 1)["standings"]}
    for board in sheet["boards"]:
        assert board["white_points"] == after_one[board["white_id"]]
        if board["black_id"]:
            assert board["black_points"] == after_one[board["black_id"]]


def test_figures_read_one_way_in_each_language(swiss):
    with translation.override("ru"):
        ru = Client(HTTP_ACCEPT_LANGUAGE="ru")
        ru.cookies["django_language"] = "ru"
        html = ru.get(f"/championships/{swiss.pk}/standings/").content.decode()
        half = [r["points"] for r in result_pages.standings_after(swiss, None)["standings"] if "," in r["points"]]
    assert half and all("." not in p for p in half)
    assert all(p in html for p in half)
    en = [r["points"] for r in result_pages.standings_after(swiss, None)["standings"]]
    assert all("," not in p and not p.endswith(".0") for p in en)


# ---- the results pages' findings: labels, ties, provisional figures, guests, status, live count ----
def test_the_starting_list_says_which_rating_seeds_each_player(players, make_championship):
    # The seeding rating is the club rating in the event's pool, else the federation rating (entries.member_rating).
    championship = make_championship(
        players[:4], close=False, system="swiss", swiss_system="buchholz", rounds_planned=3, initial_order="rating"
    )
    speed = championship.time_control.speed_in(championship.discipline)
    Rating.objects.create(member=players[3], discipline=championship.discipline, speed=speed, rating=2300)
    services.entries_close(by=championship.organiser, championship_id=championship.pk, now=T0)
    championship = Championship.objects.get(pk=championship.pk)
    assert championship.seeds_by_rating
    rows = {p.username: p for p in result_pages.starting_list(championship)["players"]}
    assert (rows["marina"].rating, rows["marina"].rating_source_label) == (2300, "club rating")
    assert (rows["pyotr"].rating, rows["pyotr"].rating_source_label) == (2000, "federation rating")
    # Seeded by that rating, highest first: the club's 2300 takes number 1.
    assert rows["marina"].number == 1
    html = visible_text(page(f"/championships/{championship.pk}/players/"))
    assert "Seeding rating" in html and "club rating" in html and "federation rating" in html
    assert "The start numbers follow the seeding rating, highest first." in html


def test_a_player_card_labels_the_seeding_rating_and_the_club_rating_change(round_robin):
    me = round_robin.entries.select_related("member").get(start_number=1).member
    html = visible_text(page(f"/championships/{round_robin.pk}/players/{me.username}/"))
    assert "Seeding rating" in html and "(federation rating)" in html
    assert "Club rating change" in html and "Rating change" not in html.replace("Club rating change", "")


def test_a_guest_s_card_has_no_profile_link(staff, players, make_championship, on_commit):
    # A guest has no account, so no profile page: his card links to none.
    championship = make_championship(players[:2], close=False, system="round-robin")
    with on_commit():
        guest = services.guest_enter(by=staff["organiser"], championship_id=championship.pk, name="Visiting Player")
        services.entries_close(by=staff["organiser"], championship_id=championship.pk, now=T0)
    html = page(f"/championships/{championship.pk}/players/{guest.member.username}/")
    assert "Visiting Player" in html
    assert "Profile" not in visible_text(html) and f"/members/{guest.member.username}" not in html
    member = players[0].username
    assert "Profile" in visible_text(page(f"/championships/{championship.pk}/players/{member}/"))


def test_a_player_s_status_reads_entered_before_the_start_playing_while_it_runs_and_finished_after(
    swiss, round_robin, make_championship, players
):
    def status(championship):
        return {p.status_label for p in result_pages.starting_list(championship)["players"]}

    assert status(swiss) == {"playing"}
    assert status(round_robin) == {"finished"}
    waiting = make_championship(players[:2], close=False, system="round-robin")  # entries open: not started
    assert status(waiting) == {"entered"}


def test_the_standings_page_shows_the_provisional_figures_while_the_event_runs(swiss, round_robin):
    html = page(f"/championships/{swiss.pk}/standings/")
    assert 'class="games-left"' in html and 'class="max-points"' in html
    after = page(f"/championships/{swiss.pk}/standings/after/1/")
    assert 'class="games-left"' not in after  # a past table has nothing left to play
    assert 'class="games-left"' not in page(f"/championships/{round_robin.pk}/standings/")  # finished


def test_the_sum_of_the_opponents_ratings_is_named_and_defined_as_a_sum(round_robin):
    html = page(f"/championships/{round_robin.pk}/standings/")
    text = visible_text(html)
    assert "Sum of opp. ratings" in text and "Opp. Elo" not in text
    assert "a total, not a rating" in text  # the legend under the table
    me = round_robin.entries.select_related("member").get(start_number=1).member.username
    arithmetic = page(f"/championships/{round_robin.pk}/players/{me}/arithmetic/opponents-elo/")
    assert "his seeding rating" in arithmetic and "his points" not in arithmetic


def test_truncated_solkoff_is_shown_after_the_first_round_and_explained(swiss):
    # 1.13.8: after one game, Buchholz without the only opponent is 0 — shown, not blank.
    rows = result_pages.standings_after(swiss, 1)["standings"]
    assert all(next(f for f in row["figures"] if f["name"] == "truncated-solkoff")["value"] == "0" for row in rows)
    text = visible_text(page(f"/championships/{swiss.pk}/standings/after/1/"))
    assert "Buchholz without the worst opponent / without the two worst" in text


def test_a_tie_on_points_says_in_words_which_criterion_placed_each_player(swiss):
    data = result_pages.standings_after(swiss)
    decided = [row for row in data["standings"] if row["decided_by"]]
    assert decided, "the Swiss has a tie on points that a criterion settled"
    html = page(f"/championships/{swiss.pk}/standings/")
    text = visible_text(html)
    for row in decided:
        assert f"{row['player'].name} — place {row['place']}, by " in " ".join(text.split())
        if row["decided_by"] in standings.COEFFICIENTS:
            cell = f'class="figure decided" data-coefficient="{row["decided_by"]}"'
            assert cell in html


def test_the_pairing_sheet_counts_moves_as_a_score_sheet_does(players, staff, on_commit):
    with on_commit():
        championship = demo.swiss(
            **staff, players=players[:4], start=T0, rounds_planned=3, rounds_played=0, name="Moves"
        )
    board = Board.objects.filter(round__championship=championship, game__status="active").select_related("game").first()
    when = T0 + timedelta(days=1, hours=1)
    game_move_make(game_id=board.game_id, member=board.white, text="c3-d4", expected_ply=0, now=when)
    game_move_make(game_id=board.game_id, member=board.black, text="f6-g5", expected_ply=1, now=when)
    text = " ".join(visible_text(page(f"/championships/{championship.pk}/rounds/1/")).split())
    assert "playing, move 2" in text  # one move each: the second move is being played


def test_the_printable_page_dates_the_event_by_its_first_round_and_its_finish(round_robin):
    first = round_robin.rounds.order_by("number").first()
    begun = timezone.localtime(first.starts_at or first.published_at).date().isoformat()
    ended = timezone.localtime(round_robin.finished_at).date().isoformat()
    html = page(f"/championships/{round_robin.pk}/results/print/")
    shown = re.sub(r"<[^>]+>", "", re.search(r'<dd class="dates">(.*?)</dd>', html).group(1))
    assert shown == f"{begun} – {ended}"
