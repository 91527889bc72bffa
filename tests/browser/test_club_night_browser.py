"""A club night at the board, walked in the browser at 390 px, nothing through the API:
the organiser creates an at-the-board Swiss with a guest; the chief arbiter pairs and
publishes round 1 and prints its pairing sheet and score sheets (each table's players
on the page); two players report a result from their phones and one confirms it; an
arbiter decides a disputed board and records a no-show (1.9.1); a score sheet is typed
in and the game shows in the viewer; the next round is paired, its results entered by
an arbiter, and the final standings are published."""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from club.championships.models import Board, Championship, Round
from games.models import Game
from tests.browser.conftest import screenshot
from tests.browser.test_play_browser import club_server, member_page  # noqa: F401 (fixture)
from tests.conftest import make_member

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=15_000)


def phone(browser, server, member):
    return member_page(browser, server, member, phone=True)


def act(page, action, **fields):
    form = page.locator(f"form[action$='/{action}/']").first
    for name, value in fields.items():
        form.locator(f"[name='{name}']").fill(value)
    form.locator("button[type='submit']").first.click()
    expect(page.locator(".messages")).to_be_visible()


def publish(page, event, *, starts_event):
    page.goto(f"/championships/{event.pk}/desk/")
    check = page.locator(".next-step .publish-check")
    start = (timezone.localtime() + timedelta(minutes=5)).strftime("%Y-%m-%d %H:%M")
    check.locator("input[name='starts_at']").fill(start)
    if starts_event:
        check.locator("input[name='confirm_start']").check()
    check.get_by_role("button", name="Publish the round").click()


def the_club_night_began_an_hour_ago(event, number):
    """The browser cannot wait for the round's start and its allowed lateness (1.9.1): the
    round and its games are moved an hour back, as if the evening had gone on."""
    past = timezone.now() - timedelta(hours=1)
    Round.objects.filter(championship=event, number=number).update(starts_at=past)
    Game.objects.filter(championship_board__round__championship=event, championship_board__round__number=number).update(
        starts_at=past
    )


def test_a_club_night_at_the_board_from_creation_to_the_final_standings(
    browser, club_server, organiser, chief_arbiter, arbiter, eager_celery
):
    members = [make_member(n, display_name=f"{n.title()} Player") for n in ("anna", "boris", "vera", "gleb", "ilya")]
    org = phone(browser, club_server, organiser)
    org.goto("/championships/new/")
    org.locator("#id_name").fill("Club night")
    org.locator("#id_discipline").select_option("russian")
    org.locator("#id_time_control").select_option("180+2")
    org.locator("#id_venue").select_option("board")
    org.locator("#id_system").select_option("swiss")
    org.locator("#id_swiss_system").select_option("buchholz")
    org.locator("#id_rounds_planned").fill("2")
    org.locator("#id_lateness_minutes").fill("1")
    org.get_by_role("button", name="Create").click()
    expect(org.locator(".messages")).to_contain_text("The championship is created")
    event = Championship.objects.get(name="Club night")
    expect(org.locator("dd.venue")).to_have_text("at the board")

    org.goto(f"/championships/{event.pk}/desk/")
    org.locator("#id_username").fill(chief_arbiter.username)
    org.locator("#id_role").select_option("chief")
    org.get_by_role("button", name="Appoint").click()
    org.goto(f"/championships/{event.pk}/")
    appoint = org.locator("form[action$='/appoint/']").first
    appoint.locator("[name='username']").fill(arbiter.username)
    appoint.locator("[name='role']").select_option("arbiter")
    appoint.get_by_role("button", name="Appoint").click()
    expect(org.locator(".messages")).to_be_visible()
    org.goto(f"/championships/{event.pk}/desk/")
    org.get_by_role("button", name="Open entries").click()
    for member in members:
        act(org, "add", username=member.username)
    act(org, "guest", name="Stepan Gost", city="Vologda", federation_rating="1500")
    org.goto(f"/championships/{event.pk}/desk/")
    org.get_by_role("button", name="Close entries and draw the lot").click()

    chief = phone(browser, club_server, chief_arbiter)
    chief.goto(f"/championships/{event.pk}/desk/")
    chief.get_by_role("button", name="Pair the next round").click()
    expect(chief.locator(".messages")).to_contain_text("Round 1 is paired")
    publish(chief, event, starts_event=True)
    expect(chief.locator(".messages")).to_contain_text("Round 1 is published")
    boards = list(Board.objects.filter(round__championship=event, round__number=1).order_by("number"))
    assert len(boards) == 3 and all(b.black_id for b in boards)

    # The paper: the pairing sheet to pin on the wall, and the score sheets for the tables.
    chief.goto(f"/championships/{event.pk}/")
    chief.locator("a.print-pairings").first.click()
    for board in boards:
        row = chief.locator("table.pairing-sheet tr.table-row").nth(board.number - 1)
        expect(row.locator(".table-number")).to_have_text(str(board.number))
        expect(row.locator(".white")).to_have_text(str(board.white))
        expect(row.locator(".black")).to_have_text(str(board.black))
    chief.goto(f"/championships/{event.pk}/")
    chief.locator("a.print-score-sheets").first.click()
    expect(chief.locator("section.score-sheet")).to_have_count(3)
    for board in boards:
        sheet = chief.locator("section.score-sheet").nth(board.number - 1)
        expect(sheet.locator(".white")).to_contain_text(str(board.white))
        expect(sheet.locator(".black")).to_contain_text(str(board.black))

    the_club_night_began_an_hour_ago(event, 1)
    guest_board = next(b for b in boards if b.white.is_guest or b.black.is_guest)
    agreed, disputed = [b for b in boards if b is not guest_board]

    # Two players report from their phones; the opponent confirms.
    white = phone(browser, club_server, agreed.white)
    white.goto(f"/championships/{event.pk}/boards/")
    white.locator(f"#board-1-{agreed.number} form.board-report").get_by_role("button", name="1 – 0").click()
    expect(white.locator(".messages")).to_contain_text("it stands once your opponent confirms it")
    black = phone(browser, club_server, agreed.black)
    black.goto(f"/championships/{event.pk}/boards/")
    black.locator(f"#board-1-{agreed.number}").get_by_role("button", name="Confirm 1 – 0").click()
    expect(black.locator(".messages")).to_contain_text("the result stands")
    screenshot(black, "club-night-boards-390")

    # A disputed board goes to the arbiter, who decides it.
    for member, button in ((disputed.white, "1 – 0"), (disputed.black, "0 – 1")):
        player = phone(browser, club_server, member)
        player.goto(f"/championships/{event.pk}/boards/")
        player.locator(f"#board-1-{disputed.number} form.board-report").get_by_role("button", name=button).click()
        expect(player.locator(".messages")).to_be_visible()
    judge = phone(browser, club_server, arbiter)
    judge.goto(f"/championships/{event.pk}/desk/")
    expect(judge.locator(".boards-waiting .board-state-disputed")).to_contain_text("an arbiter decides")
    judge.goto(f"/championships/{event.pk}/boards/")
    decide = judge.locator(f"#board-1-{disputed.number} form.board-decide")
    decide.locator("select[name='result']").select_option("1/2-1/2")
    decide.locator("input[name='reason']").fill("both sheets end in the same drawn position")
    decide.get_by_role("button", name="Record the result").click()
    expect(judge.locator(".messages")).to_contain_text("The result is recorded")

    # The guest never came: a no-show, past the allowed lateness (1.9.1).
    absent = "white" if guest_board.white.is_guest else "black"
    no_show = judge.locator(f"#board-1-{guest_board.number} form.board-absent")
    no_show.locator("select[name='absent']").select_option(absent)
    no_show.get_by_role("button", name="Record the no-show").click()
    expect(judge.locator(".messages")).to_contain_text("The no-show is recorded")
    expect(judge.locator(".all-recorded")).to_be_visible()
    assert Game.objects.get(pk=guest_board.game_id).result in ("-/+", "+/-")

    # A score sheet typed in; the game shows in the viewer.
    white.goto(f"/championships/{event.pk}/games/{agreed.game_id}/score-sheet/")
    white.locator("#sheet-moves").fill("1. c3-d4 f6-e5 2. d4:f6 g7:e5")
    white.get_by_role("button", name="Add the moves").click()
    expect(white.locator(".messages")).to_contain_text("The score sheet is saved")
    expect(white.locator("ol.sheet-moves li")).to_have_count(4)
    white.locator("a.viewer-link").click()
    expect(white.locator("body")).to_contain_text("d4:f6")

    # The round is closed: round 2 is paired at once, its results entered by an arbiter.
    chief.goto(f"/championships/{event.pk}/desk/")
    chief.get_by_role("button", name="Pair the next round").click()
    expect(chief.locator(".messages")).to_contain_text("Round 2 is paired")
    publish(chief, event, starts_event=False)
    expect(chief.locator(".messages")).to_contain_text("Round 2 is published")
    the_club_night_began_an_hour_ago(event, 2)
    judge.goto(f"/championships/{event.pk}/")
    judge.get_by_role("link", name="Enter the whole round's results").last.click()
    for select in judge.locator("select[name^='board_']").all():
        select.select_option("1-0")
    judge.locator("#id_reason").fill("the score sheets of round 2")
    judge.get_by_role("button", name="Record the round's results").click()
    expect(judge.locator(".messages")).to_contain_text("results of round 2 are recorded")

    event.refresh_from_db()
    assert event.status == Championship.Status.FINISHED
    viewer = phone(browser, club_server, members[0])
    viewer.goto(f"/championships/{event.pk}/results/")
    expect(viewer.locator("body")).to_contain_text("at the board")
    expect(viewer.locator("body")).to_contain_text(str(agreed.white))
    assert not (org.errors or chief.errors or white.errors or black.errors or judge.errors)
