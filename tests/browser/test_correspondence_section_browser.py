"""A correspondence section played all at once, through the pages:
the organiser creates a 4-player section, the chief arbiter starts it, a
player sees all three of his games in "my games" and moves in two of them,
the provisional standings show the games in progress, and after the closing
date the chief arbiter adjudicates a game left unfinished."""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from club.championships import services
from club.championships.models import Board, Championship
from games.models import Game
from games.services import game_move_make
from tests.browser.test_play_browser import club_server, member_page  # noqa: F401 (fixture and helper)
from tests.conftest import make_member

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=15_000)


def test_a_section_all_at_once_from_creation_to_adjudication(browser, club_server, eager_celery):  # noqa: F811
    organiser = make_member("olga", "organiser", display_name="Olga Organiser")
    chief = make_member("irina", "chief_arbiter", display_name="Irina Chief")
    players = [make_member(name, display_name=name.capitalize()) for name in ("anna", "boris", "vera", "gleb")]

    desk = member_page(browser, club_server, organiser)
    desk.goto("/championships/new/")
    desk.locator("#id_name").fill("Autumn correspondence section")
    desk.locator("#id_discipline").select_option("russian")
    desk.locator("#id_time_control").select_option("d3")
    desk.locator("#id_play_mode").select_option("all-at-once")
    closes = timezone.now() + timedelta(days=2)  # before any 3-day move period runs out
    desk.locator("#id_closes_at").fill(closes.strftime("%Y-%m-%d %H:%M"))
    desk.get_by_role("button", name="Create").click()
    expect(desk.locator(".play-mode")).to_contain_text("all games at once")
    championship = Championship.objects.get(name="Autumn correspondence section")
    desk.locator("form[action$='/appoint/'] input[name=username]").fill("irina")
    desk.locator("form[action$='/appoint/'] select[name=role]").select_option("chief")
    desk.locator("form[action$='/appoint/'] button").click()
    desk.get_by_role("button", name="Open entries").click()
    for player in players:
        services.entry_create(championship_id=championship.pk, member=player)
    desk.reload()
    desk.locator("form[action$='/close/'] button").click()

    arbiter = member_page(browser, club_server, chief)
    arbiter.goto(f"/championships/{championship.pk}/")
    arbiter.get_by_role("button", name="Start the section: every game begins now").click()
    expect(arbiter.locator(".messages")).to_contain_text("every game has begun")
    assert Game.objects.filter(championship_board__round__championship=championship).count() == 6

    anna = players[0]
    mine = member_page(browser, club_server, anna)
    mine.goto("/play/mine/")
    links = mine.locator("a[href*='/play/games/']")
    hrefs = {links.nth(i).get_attribute("href") for i in range(links.count())}
    her_games = Game.objects.filter(
        championship_board__round__championship=championship, white=anna
    ) | Game.objects.filter(championship_board__round__championship=championship, black=anna)
    assert {f"/play/games/{g.pk}/" for g in her_games} <= hrefs  # all three, at once
    played = 0
    for game in her_games.order_by("pk"):
        if game.white_id == anna.pk and played < 2:
            mine.goto(f"/play/games/{game.pk}/")
            root = mine.locator("#game")
            expect(root).to_have_attribute("data-my-turn", "1")
            mine.locator("#board [data-square='c3']").click()
            mine.locator("#board [data-square='d4']").click()
            expect(root).to_have_attribute("data-ply", "1")
            played += 1
    if played < 2:  # she has black in the others: her opponent opens, she answers
        for game in her_games.filter(black=anna).order_by("pk")[: 2 - played]:
            game_move_make(game_id=game.pk, member=game.white, text="c3-d4", expected_ply=0)
            mine.goto(f"/play/games/{game.pk}/")
            root = mine.locator("#game")
            expect(root).to_have_attribute("data-my-turn", "1")
            mine.locator("#board [data-square='f6']").click()
            mine.locator("#board [data-square='g5']").click()
            expect(root).to_have_attribute("data-ply", "2")
            played += 1
    assert played == 2

    mine.goto(f"/championships/{championship.pk}/results/")
    expect(mine.locator(".provisional")).to_be_visible()
    expect(mine.locator("#crosstable a.in-progress").first).to_be_visible()

    # The closing date passes: play stops, the chief arbiter adjudicates one game that was played (1.10.4).
    services.play_close_due(now=closes + timedelta(minutes=1))
    board = (
        Board.objects.filter(round__championship=championship, game__ply__gt=0, game__status=Game.Status.ONGOING)
        .order_by("round__number", "number")
        .first()
    )
    arbiter.goto(f"/championships/{championship.pk}/")
    form = arbiter.locator("form.adjudication")
    form.locator("select[name=game_id]").select_option(str(board.game_id))  # one of the games awaiting it
    form.locator("select[name=result]").select_option("1/2-1/2")
    form.locator("input[name=reason]").fill("equal position, nothing to play for")
    form.get_by_role("button", name="Adjudicate (after the deadline)").click()
    expect(arbiter.locator(".messages")).to_contain_text("adjudicated")
    game = Game.objects.get(pk=board.game_id)
    assert (game.result, game.termination) == ("1/2-1/2", "adjudication")
