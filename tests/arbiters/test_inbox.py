"""The arbiter's inbox: what waits for an official's decision — draw claims
(2.1.9.1.6, 1.7.13), protests (1.3.1), questions (1.3.1), games awaiting
adjudication after a correspondence closing date — each with its deadline and
the link to act, only for those the authority lets act on it (002 §17), and a
notice (mail in his language, following his settings) when it arrives."""

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import translation

from club.arbiters import inbox, services
from club.arbiters.models import Protest
from club.championships import services as championships
from club.notifications.models import Notification
from club.notifications.services import notification_settings_update
from tests.conftest import make_member

from .conftest import T0, at
from .test_clocks_and_adjournment import clock, live  # noqa: F401

pytestmark = pytest.mark.django_db
DAY = 24 * 60


def kinds(items):
    return [i.kind for i in items]


def test_a_draw_claim_waits_in_the_inbox_of_each_arbiter_of_the_game_and_nobody_else(
    live, staff, players, on_commit, clock
):  # 1.7.13: the draw the stronger side's stopped clocks ask for is the arbiter's decision
    game = live
    with on_commit():
        claim = services.draw_claim(member=game.white, game_id=game.pk, kind="stop-clocks", now=clock.now)
    for official in (staff["chief"], staff["arbiter"]):
        (item,) = inbox.inbox_of(official)
        assert (item.kind, item.may_act, item.target) == ("claim", True, game)
        assert item.url == f"/arbiters/games/{game.pk}/#draw-claims"
        assert item.deadline == item.since == claim.claimed_at  # at once: the clocks are stopped
    # the organiser holds no appointment; the players and a club member judge nothing (002 §17)
    for member in (staff["organiser"], game.white, game.black, players[5]):
        assert inbox.inbox_of(member) == []


def english(member):
    member.language = "en"
    member.save(update_fields=["language"])
    return member


def test_each_arbiter_is_told_once_by_mail_in_his_own_language(live, staff, on_commit, clock):
    game = live
    english(staff["chief"])  # Yelena keeps the club's language, Russian
    mail.outbox.clear()
    with on_commit():
        services.draw_claim(member=game.white, game_id=game.pk, kind="stop-clocks", now=clock.now)
    notices = Notification.objects.filter(kind="arbiter")
    assert sorted(n.recipient_id for n in notices) == sorted([staff["chief"].pk, staff["arbiter"].pk])
    by_address = {m.to[0]: m for m in mail.outbox}
    assert by_address["yelena@club.test"].subject == "Решение за вами как судьёй"
    assert "просит ничью" in by_address["yelena@club.test"].body
    assert by_address["valentin@club.test"].subject == "For your decision as an arbiter"
    assert f"/arbiters/games/{game.pk}/" in by_address["valentin@club.test"].body


def test_an_arbiter_who_wants_no_such_mail_is_told_on_the_site_only(live, staff, on_commit, clock):
    notification_settings_update(member=staff["arbiter"], arbiter_email=False)
    mail.outbox.clear()
    with on_commit():
        services.draw_claim(member=live.white, game_id=live.pk, kind="stop-clocks", now=clock.now)
    assert Notification.objects.filter(recipient=staff["arbiter"], kind="arbiter", email="none").exists()
    assert [m.to for m in mail.outbox] == [["valentin@club.test"]]


def test_a_stopped_clock_claim_must_be_decided_at_once_and_leaves_the_inbox_when_decided(
    live, staff, on_commit, clock
):  # 1.7.13: the clocks stay stopped until the arbiter decides
    game = live
    with on_commit():
        claim = services.draw_claim(member=game.white, game_id=game.pk, kind="stop-clocks", now=clock.now)
    (item,) = inbox.inbox_of(staff["arbiter"])
    assert item.deadline == claim.claimed_at
    services.draw_claim_decide(by=staff["arbiter"], claim_id=claim.pk, grant=False, reason="not won", now=clock.now)
    assert inbox.inbox_of(staff["arbiter"]) == []


def test_a_question_waits_until_it_is_answered(live, staff, on_commit, clock):  # 1.3.1
    game = live
    with on_commit():
        question = services.question_ask(member=game.white, game_id=game.pk, text="May I leave the hall?", now=T0)
    (item,) = inbox.inbox_of(staff["arbiter"])
    assert item.kind == "question" and "May I leave the hall?" in item.what
    assert Notification.objects.filter(recipient=staff["arbiter"], kind="arbiter", params__what="question").exists()
    services.question_answer(by=staff["chief"], question_id=question.pk, answer="Yes, with the arbiter.")
    assert inbox.inbox_of(staff["arbiter"]) == []


def test_a_protest_waits_for_whoever_rules_on_it_not_for_every_arbiter(live, staff, on_commit, clock):  # 1.3.1
    game = live
    (sanction,) = services.sanction_issue(
        by=staff["arbiter"], member_id=game.white_id, kind="remark", reason="talking", game_id=game.pk, now=T0
    )
    with on_commit():
        protest = services.protest_file(member=game.white, sanction_id=sanction.pk, text="I was silent", now=T0)
    (item,) = inbox.inbox_of(staff["chief"])
    assert item.kind == "protest" and item.url == f"/championships/{protest.championship_id}/desk/#protest-{protest.pk}"
    assert inbox.inbox_of(staff["arbiter"]) == []  # a plain arbiter does not rule on protests
    assert list(Notification.objects.filter(kind="arbiter").values_list("recipient", flat=True)) == [staff["chief"].pk]
    services.protest_rule(by=staff["chief"], protest_id=protest.pk, upheld=False, ruling="Heard twice")
    assert inbox.inbox_of(staff["chief"]) == []


def test_the_event_view_shows_everything_waiting_and_who_may_act(live, staff, on_commit, clock):
    game = live
    with on_commit():
        services.draw_claim(member=game.white, game_id=game.pk, kind="stop-clocks", now=clock.now)
        (sanction,) = services.sanction_issue(
            by=staff["arbiter"], member_id=game.white_id, kind="remark", reason="talking", game_id=game.pk, now=T0
        )
        services.protest_file(member=game.white, sanction_id=sanction.pk, text="I was silent", now=T0)
    championship = inbox.championship_of_game(game)
    seen = {i.kind: i.may_act for i in inbox.event_inbox(championship, staff["arbiter"])}
    assert seen == {"claim": True, "protest": False}
    seen = {i.kind: i.may_act for i in inbox.event_inbox(championship, staff["chief"])}
    assert seen == {"claim": True, "protest": True}


def test_a_club_game_s_question_waits_for_the_club_s_arbiters(db, on_commit):
    from games.services import game_create

    white, black = make_member("white_one"), make_member("black_one")
    club_arbiter = make_member("klara", "arbiter")
    game = game_create(discipline="russian", white=white, black=black, time_control="d3")
    with on_commit():
        services.question_ask(member=white, game_id=game.pk, text="May I take a day's vacation?")
    (item,) = inbox.inbox_of(club_arbiter)
    assert item.championship is None and item.deadline_note
    assert Notification.objects.filter(recipient=club_arbiter, kind="arbiter").exists()


@pytest.fixture
def closed_section(make_championship, players, staff, on_commit):
    """A correspondence round robin of four played all at once whose closing date has passed."""
    championship = make_championship(players[:4], play_mode="all-at-once", time_control="d3", closes_at=at(2 * DAY))
    championships.section_start(by=staff["chief"], championship_id=championship.pk, now=T0)
    with on_commit():
        championships.play_close_due(now=at(2 * DAY + 1))
    return championship


def test_games_awaiting_adjudication_wait_for_the_chief_arbiter_with_a_link_to_each(closed_section, staff):
    items = inbox.inbox_of(staff["chief"])
    assert kinds(items) == ["adjudication"] * 6
    assert {i.url.split("#")[1] for i in items} == {f"adjudicate-{g.target.pk}" for g in items}
    assert all(i.since == at(2 * DAY + 1) for i in items)
    assert inbox.inbox_of(staff["arbiter"]) == []  # the adjudication is the chief arbiter's
    (notice,) = Notification.objects.filter(kind="arbiter", params__what="adjudication")
    assert notice.recipient == staff["chief"] and notice.params["games"] == 6
    with translation.override("en"):
        assert "6 unfinished games wait for your adjudication" in str(notice)


def test_an_adjudicated_game_leaves_the_inbox(closed_section, staff):
    first = inbox.inbox_of(staff["chief"])[0].target
    championships.game_adjudicate(
        by=staff["chief"], championship_id=closed_section.pk, game_id=first.pk, result="-/-", reason="never began"
    )  # no move was made: the game did not take place (1.12.2)
    assert first.pk not in {i.target.pk for i in inbox.inbox_of(staff["chief"])}


def test_an_appointed_arbiter_is_told_of_his_appointment(staff, on_commit):
    with on_commit():
        championship = championships.championship_create(
            organiser=staff["organiser"], name="Spring cup", discipline="russian", time_control="d3", now=T0
        )
        championships.arbiter_appoint(
            by=staff["organiser"], championship_id=championship.pk, member=staff["chief"], role="chief"
        )
    (notice,) = Notification.objects.filter(kind="arbiter", recipient=staff["chief"])
    with translation.override("en"):
        assert str(notice) == "You are appointed chief arbiter of Spring cup."
    assert notice.url == "/arbiters/"


def test_a_new_source_needs_only_to_be_registered(live, staff, monkeypatch):
    """Disputed results and boards without a result come as sources of their own."""
    game = live
    extra = inbox.Item(
        kind="no-result",
        what="Board without a result",
        subject=str(game),
        championship=None,
        since=T0,
        deadline=T0 + timedelta(hours=1),
        deadline_note="",
        url="/",
        action=inbox.Action.GAME_RESULT,
        target=game,
    )
    monkeypatch.setattr(inbox, "SOURCES", [*inbox.SOURCES, lambda scope: [extra]])
    assert kinds(inbox.inbox_of(staff["chief"])) == ["no-result"]
    assert inbox.inbox_of(staff["arbiter"]) == []  # a result is the chief arbiter's to set (1.4)


# ---- the pages ------------------------------------------------------------------------------------
def test_the_inbox_page_lists_what_waits_with_its_deadline_and_link(client, live, staff, on_commit, clock):
    game = live
    with on_commit():
        services.draw_claim(member=game.white, game_id=game.pk, kind="stop-clocks", now=clock.now)
    client.force_login(staff["arbiter"])
    page = client.get("/arbiters/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-kind="claim"' in page and f'href="/arbiters/games/{game.pk}/#draw-claims"' in page
    assert "the clocks are stopped" in page
    home = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Waiting for my decision" in home and f"/arbiters/games/{game.pk}/#draw-claims" in home


def test_a_member_without_office_finds_the_inbox_empty_and_is_sent_to_his_own_page(client, players):
    client.force_login(players[0])
    response = client.get("/arbiters/")
    assert response.status_code == 200 and b'class="not-official"' in response.content
    assert b"Waiting for my decision" not in client.get("/", HTTP_ACCEPT_LANGUAGE="en").content


def test_the_event_inbox_is_for_its_officials(client, live, staff, players):
    championship = inbox.championship_of_game(live)
    client.force_login(players[0])
    assert client.get(f"/arbiters/championships/{championship.pk}/inbox/").status_code == 403
    client.force_login(staff["organiser"])
    assert client.get(f"/arbiters/championships/{championship.pk}/inbox/").status_code == 200


def test_a_club_protest_is_ruled_on_its_own_page_by_the_club_chief_arbiter(client, db):
    member, club_arbiter, club_chief = (
        make_member("m1"),
        make_member("a1", "arbiter"),
        make_member("c1", "chief_arbiter"),
    )
    (sanction,) = services.sanction_issue(by=club_arbiter, member_id=member.pk, kind="remark", reason="rude")
    protest = services.protest_file(member=member, sanction_id=sanction.pk, text="I was polite")
    (item,) = inbox.inbox_of(club_chief)
    assert item.url == f"/arbiters/protests/{protest.pk}/"
    client.force_login(club_arbiter)  # a plain arbiter neither rules nor reads it
    assert client.get(item.url).status_code == 403
    assert client.post(item.url, {"upheld": "yes", "ruling": "x"}).status_code == 403
    protest.refresh_from_db()
    assert protest.status == Protest.Status.PENDING
    client.force_login(club_chief)
    assert b'class="form inline-form ruling"' in client.get(item.url).content
    client.post(item.url, {"upheld": "no", "ruling": "Heard the arbiter"})
    protest.refresh_from_db()
    assert (protest.status, protest.ruled_by) == (Protest.Status.REJECTED, club_chief)


# ---- games played at the board ----------------------------------------------------------------
@pytest.fixture
def club_night(make_championship, players, staff, on_commit):
    """A 3+2 Swiss of four played at the board, round 1 published."""
    from tests.championships.test_services import pair_and_publish

    championship = make_championship(
        players[:4], venue="board", time_control="180+2", system="swiss", swiss_system="buchholz", rounds_planned=3
    )
    with on_commit():
        pair_and_publish(championship, staff, starts_at=at(60))
    return championship


def test_boards_without_a_result_wait_for_the_event_s_arbiters(club_night, staff):  # 1.16
    items = inbox.inbox_of(staff["arbiter"])
    assert kinds(items) == ["no-result", "no-result"]
    assert items[0].url == f"/championships/{club_night.pk}/boards/#board-1-1"


def test_a_disputed_result_is_told_to_the_arbiters_and_waits_as_such(club_night, staff, on_commit):
    from club.championships.models import Board

    board = Board.objects.filter(round__championship=club_night).order_by("number").first()
    after = at(90)
    championships.board_result_report(
        by=board.white, championship_id=club_night.pk, game_id=board.game_id, result="1-0", now=after
    )
    with on_commit():
        outcome = championships.board_result_report(
            by=board.black, championship_id=club_night.pk, game_id=board.game_id, result="0-1", now=after
        )
    assert outcome == "disputed"
    assert sorted(kinds(inbox.inbox_of(staff["chief"]))) == ["disputed-result", "no-result"]
    notices = Notification.objects.filter(kind="arbiter", params__what="disputed")
    assert sorted(n.recipient_id for n in notices) == sorted([staff["chief"].pk, staff["arbiter"].pk])
