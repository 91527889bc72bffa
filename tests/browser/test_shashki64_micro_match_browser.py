"""A шашки-64 micro-match seen by its player (003 2.2, 2.2.2): one
ballot is drawn for the pair, the championship page names it beside both
games, and both game pages name it and draw the same balloted start, with
colours swapped between the two games (1.11)."""

import pytest
from django.test import Client
from playwright.sync_api import expect

from club.championships import services
from club.championships.models import Board
from games.rules import ballots64, variant
from games.services import game_resign
from tests.championships.conftest import T0, at, players, staff  # noqa: F401 (the personas, as fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=15_000)  # a busy 2-core machine


def log_in(page, live_server, member):
    client = Client()
    client.force_login(member)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )


def pieces_of(fen: str) -> dict[str, str]:
    """{square: piece} as the board draws them: w/b men, W/B kings."""
    found = {}
    for part in fen.split(":")[1:]:
        side = part[0].lower()
        for token in filter(None, part[1:].split(",")):
            king = token.startswith("K")
            found[token.lstrip("K")] = side.upper() if king else side
    return found


def drawn_pieces(page) -> dict[str, str]:
    return page.locator("#board [data-at]").evaluate_all(
        "els => Object.fromEntries(els.map(e => [e.dataset.at, e.dataset.piece]))"
    )


def test_both_games_of_a_micro_match_start_from_the_ballot_the_pages_name(
    page, live_server, players, staff, eager_celery
):  # noqa: F811
    pyotr, olga = players[:2]
    championship = services.championship_create(
        organiser=staff["organiser"], now=T0, name="Cup 64", discipline="russian", time_control="d3", ballot_table="idf"
    )
    services.arbiter_appoint(
        by=staff["organiser"], championship_id=championship.pk, member=staff["chief"], role="chief"
    )
    services.entries_open(by=staff["organiser"], championship_id=championship.pk, now=T0)
    for member in (pyotr, olga):
        services.entry_create(championship_id=championship.pk, member=member, now=T0)
    services.entries_close(by=staff["organiser"], championship_id=championship.pk, now=T0)
    services.round_pair(by=staff["chief"], championship_id=championship.pk, now=at(1))
    services.round_publish(by=staff["chief"], championship_id=championship.pk, round_number=1, now=at(2))

    board = Board.objects.get(round__championship=championship)
    # The micro-match's second game is created when the first ends (here: a resignation).
    opening = board.match_games.get()
    game_resign(game_id=opening.game_id, member=opening.game.white)
    first, second = board.match_games.order_by("game_id")
    assert first.ballot == second.ballot and first.ballot.startswith("idf:")  # 2.2.2: one ballot per micro-match
    described = ballots64.describe(first.ballot)
    start = pieces_of(variant("russian").to_fen(ballots64.position(first.ballot)))

    log_in(page, live_server, pyotr)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"/championships/{championship.pk}/")
    expect(page.locator(".ballot-table")).to_have_text("idf")
    expect(page.locator("small.ballot")).to_have_text([described, described])

    players_by_game = []
    for game_number in (0, 1):
        page.goto(f"/championships/{championship.pk}/")
        page.locator("a.game-link").nth(game_number).click()
        expect(page.locator("#game")).to_be_visible()
        expect(page.locator("dd.ballot")).to_have_text(described)
        expect(page.locator("#board [data-at]")).to_have_count(len(start))
        assert drawn_pieces(page) == start
        players_by_game.append(
            (page.locator(".player-white .name").inner_text(), page.locator(".player-black .name").inner_text())
        )
    # 1.11: the second game of the micro-match with the colours swapped.
    assert players_by_game[1] == players_by_game[0][::-1]
