"""The organiser's and the arbiter's desk in the browser, nothing done
through the API: the organiser creates a Swiss, appoints its arbiter, adds two
members and a guest (a player with no account) and closes the entries; the chief
arbiter pairs round 1, checks on the desk the classification it was paired from
(1.15) and publishes it there, confirming that it starts the event, enters the whole round's results in one form
(1.10.4) and pairs round 2 at once; the chief arbiter warns a player from the game's page,
who protests it on the desk, and
the chief arbiter rules on it (1.3.1); the player is told of each decision."""

import pytest
from playwright.sync_api import expect

from club.arbiters.models import Sanction
from club.championships.models import Board, Championship
from club.notifications.models import Notification
from tests.browser.test_play_browser import club_server, member_page  # noqa: F401 (fixture)
from tests.conftest import make_member

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
expect.set_options(timeout=15_000)


def act(page, action, **fields):
    """Fill the fields of the form that posts to ``action`` and submit it."""
    form = page.locator(f"form[action$='/{action}/']").first
    for name, value in fields.items():
        form.locator(f"[name='{name}']").fill(value)
    form.locator("button[type='submit']").first.click()
    expect(page.locator(".messages")).to_be_visible()


def check_and_publish(page, event, *, starts_event):
    """On the desk: the classification the round was paired from, beside its Publish button
    (1.15.7.3 / 1.15.7.6: score groups in order; 1.15.2: the bye apart), then publish it —
    confirming first when it starts the championship."""
    page.goto(f"/championships/{event.pk}/desk/")
    check = page.locator(".next-step .publish-check")
    working = check.locator("details.pairing-working")
    expect(working).to_have_attribute("open", "")
    expect(working.locator(".working-verdict")).to_be_visible()
    expect(working.locator("table.working-groups tbody tr")).to_have_count(2)  # three players, one has the bye
    expect(working).to_contain_text("The bye (+, 1.15.2)")
    confirm = check.locator("input[name='confirm_start']")
    if starts_event:
        expect(check.locator("[data-starts-event]")).to_be_visible()
        confirm.check()
    else:
        expect(confirm).to_have_count(0)
    check.get_by_role("button", name="Publish the round").click()


def test_an_event_run_from_the_pages_with_a_guest_a_round_s_results_in_one_form_and_a_protest(
    browser, club_server, organiser, chief_arbiter, eager_celery
):
    anna, boris = make_member("anna", display_name="Anna Orlova"), make_member("boris", display_name="Boris Lebedev")
    org = member_page(browser, club_server, organiser)
    org.goto("/championships/new/")
    org.locator("#id_name").fill("Club night")
    org.locator("#id_discipline").select_option("russian")
    org.locator("#id_system").select_option("swiss")
    org.locator("#id_swiss_system").select_option("buchholz")
    org.locator("#id_rounds_planned").fill("2")
    org.get_by_role("button", name="Create").click()
    expect(org.locator(".messages")).to_contain_text("The championship is created")
    event = Championship.objects.get(name="Club night")

    org.goto(f"/championships/{event.pk}/desk/")
    expect(org.locator(".next-step .step")).to_contain_text("appoints the chief arbiter")
    org.locator("#id_username").fill(chief_arbiter.username)
    org.locator("#id_role").select_option("chief")
    org.get_by_role("button", name="Appoint").click()
    org.goto(f"/championships/{event.pk}/desk/")
    org.get_by_role("button", name="Open entries").click()
    for member in (anna, boris):
        act(org, "add", username=member.username)
        expect(org.locator(".messages")).to_contain_text("is entered")
    act(org, "guest", name="Ilya Gost", city="Vologda", federation_rating="1750")
    expect(org.locator(".messages")).to_contain_text("The guest Ilya Gost is entered")
    org.goto(f"/championships/{event.pk}/desk/")
    org.get_by_role("button", name="Close entries and draw the lot").click()

    chief = member_page(browser, club_server, chief_arbiter)
    chief.goto(f"/championships/{event.pk}/desk/")
    expect(chief.locator(".next-step .step")).to_contain_text("pairs round 1")
    chief.get_by_role("button", name="Pair the next round").click()
    expect(chief.locator(".messages")).to_contain_text("Round 1 is paired")
    check_and_publish(chief, event, starts_event=True)
    expect(chief.locator(".messages")).to_contain_text("Round 1 is published")
    # three players: one board and the bye (1.15.2); its members are told, a guest has no account to be told on
    board = Board.objects.get(round__championship=event, round__number=1, black__isnull=False)
    told = Notification.objects.filter(kind="decision", params__what="pairing").values_list("recipient", flat=True)
    assert sorted(told) == sorted(m.pk for m in (board.white, board.black) if not m.is_guest)

    chief.get_by_role("link", name="Enter the whole round's results").first.click()
    chief.locator("select[name^='board_']").first.select_option("1/2-1/2")
    chief.locator("#id_reason").fill("scoresheets of the club night")
    chief.get_by_role("button", name="Record the round's results").click()
    expect(chief.locator(".messages")).to_contain_text("results of round 1 are recorded")
    chief.goto(f"/championships/{event.pk}/desk/")
    chief.get_by_role("button", name="Pair the next round").click()  # at once: no "round 1 is not closed yet"
    expect(chief.locator(".messages")).to_contain_text("Round 2 is paired")

    check_and_publish(chief, event, starts_event=False)
    expect(chief.locator(".messages")).to_contain_text("Round 2 is published")
    # 1.16: the chief arbiter warns a player of round 2 from the game's arbiter page
    board = Board.objects.get(round__championship=event, round__number=2, black__isnull=False)
    culprit = anna if anna.pk in (board.white_id, board.black_id) else boris  # two members and a guest
    chief.goto(f"/arbiters/games/{board.game_id}/")
    sanction_form = chief.locator("form[data-action='sanction']")
    sanction_form.locator("[name='member']").select_option(str(culprit.pk))
    sanction_form.locator("[name='kind']").select_option("warning")
    sanction_form.locator("[name='reason']").fill("talking during play")
    sanction_form.get_by_role("button", name="Record the sanction").click()
    expect(chief.locator(".messages")).to_be_visible()
    sanction = Sanction.objects.get(member=culprit, championship=event, kind="warning")
    player = member_page(browser, club_server, culprit)
    player.goto(f"/championships/{event.pk}/desk/")
    expect(player.locator(".my-sanction")).to_contain_text("talking during play")
    player.locator(".protest-form input[name='text']").fill("I was asking the arbiter.")
    player.get_by_role("button", name="File the protest").click()
    expect(player.locator(".messages")).to_contain_text("The protest is handed to the arbiters")

    chief.goto(f"/championships/{event.pk}/desk/")
    chief.locator(".ruling input[name='ruling']").fill("Asking the arbiter is allowed.")
    chief.get_by_role("button", name="Uphold").click()
    expect(chief.locator(".messages")).to_contain_text("The ruling is recorded")
    player.goto(f"/championships/{event.pk}/desk/")
    expect(player.locator(".my-protest")).to_contain_text("Asking the arbiter is allowed.")
    sanction.refresh_from_db()
    assert sanction.status == "reversed"
    player.goto("/notifications/")
    expect(player.locator("body")).to_contain_text("Your protest is upheld: Asking the arbiter is allowed.")
    expect(player.locator("body")).to_contain_text("the arbiter gave you a sanction")
    assert not (org.errors or chief.errors or player.errors)


def test_the_desk_s_late_entry_event_sanction_question_and_result_correction(
    browser, club_server, organiser, chief_arbiter, eager_celery
):
    """The actions the desk's audit added, walked from the desk: a late entry with its reason
    (002 §17), a sanction outside any one game (1.4), a player's question and its answer
    (1.3.1), a result set (1.10.4) and then corrected on its grounds (2.1.10.4)."""
    from datetime import timedelta

    from django.utils import timezone

    from club.championships import services
    from games.models import Game

    anna, boris, vera = (make_member(n, display_name=f"{n.title()} Player") for n in ("anna", "boris", "vera"))
    # Set-up the first test walks in the pages: an event with its chief arbiter, two entries,
    # and its entries' closing time passed (a late entry is what comes next).
    event = services.championship_create(
        organiser=organiser, name="Late night", discipline="russian", time_control="d3"
    )
    services.arbiter_appoint(by=organiser, championship_id=event.pk, member=chief_arbiter, role="chief")
    services.entries_open(by=organiser, championship_id=event.pk)
    for member in (anna, boris):
        services.entry_create(championship_id=event.pk, member=member)
    Championship.objects.filter(pk=event.pk).update(entries_close_at=timezone.now() - timedelta(hours=1))

    org = member_page(browser, club_server, organiser)
    org.goto(f"/championships/{event.pk}/desk/")
    org.locator(".desk-links a").first.click()  # entries are on the event's page
    act(org, "add", username=vera.username, reason="arrived after the closing time, admitted by the organiser")
    expect(org.locator(".messages")).to_contain_text("is entered")
    late = event.decisions.get(action="entry-late")
    assert late.data["member"] == vera.pk and late.reason.startswith("arrived after the closing time")
    org.goto(f"/championships/{event.pk}/desk/")
    org.get_by_role("button", name="Close entries and draw the lot").click()

    chief = member_page(browser, club_server, chief_arbiter)
    chief.goto(f"/championships/{event.pk}/desk/")
    chief.get_by_role("button", name="Pair the next round").click()
    chief.locator("form.publish-form input[name='confirm_start']").check()  # it starts the event
    chief.get_by_role("button", name="Publish the round").click()
    expect(chief.locator(".messages")).to_contain_text("Round 1 is published")

    # 1.4: a warning outside any one game, from the desk
    chief.goto(f"/championships/{event.pk}/desk/")
    sanction = chief.locator("form[data-action='event-sanction']")
    sanction.locator("[name='member']").select_option(str(vera.pk))
    sanction.locator("[name='kind']").select_option("warning")
    sanction.locator("[name='reason']").fill("late for the players' meeting")
    sanction.get_by_role("button", name="Record the sanction").click()
    expect(chief.locator(".messages")).to_contain_text("The sanction is recorded")
    expect(chief.locator(".sanctions")).to_contain_text("late for the players' meeting")

    # 1.3.1: a player of round 1's game asks its arbiter from the desk, and reads the answer there
    board = Board.objects.get(round__championship=event, round__number=1, black__isnull=False)
    player = member_page(browser, club_server, board.white)
    player.goto(f"/championships/{event.pk}/desk/")
    question = player.locator("form[data-action='question']")
    question.locator("[name='game']").select_option(str(board.game_id))
    question.locator("[name='text']").fill("May I record my moves on a phone?")
    question.get_by_role("button", name="Ask the arbiter (1.3.1)").click()
    expect(player.locator(".messages")).to_contain_text("The question is sent to the arbiter")

    chief.goto(f"/championships/{event.pk}/desk/")
    chief.locator(f".desk-links a[href='/arbiters/games/{board.game_id}/']").click()
    chief.locator("form[data-action='answer'] textarea[name='answer']").fill("No: on the scoresheet only.")
    chief.get_by_role("button", name="Answer").click()
    expect(chief.locator(".messages")).to_contain_text("The answer is sent")
    player.goto(f"/championships/{event.pk}/desk/")
    expect(player.locator(".my-question")).to_contain_text("No: on the scoresheet only.")

    # 1.12.2 then 2.1.10.4: nobody moved, so the chief arbiter records the game as not played
    # (a played result does not stand in for a game still running, 1.10.4), then corrects a recording error
    page = f"/arbiters/games/{board.game_id}/"
    for result, grounds, reason in (
        ("+/-", "recording-error", "black did not come to the board"),
        ("-/+", "recording-error", "white and black were swapped on the sheet"),
    ):
        chief.goto(page)
        form = chief.locator("form[data-action='result']")
        form.locator("[name='result']").select_option(result)
        form.locator("[name='grounds']").select_option(grounds)
        form.locator("[name='reason']").fill(reason)
        form.get_by_role("button", name="Record the result").click()
        expect(chief.locator(".messages")).to_contain_text("The result is recorded with its grounds")
    assert Game.objects.get(pk=board.game_id).result == "-/+"
    assert not (org.errors or chief.errors or player.errors)
