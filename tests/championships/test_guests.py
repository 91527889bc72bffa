"""The organiser's entries: he adds members to his open event and
enters guests — players with no account (name, city, federation rating). A
guest plays like a member — the arbiter records his results (1.10.4), he stands
in the table and the exports — is never rated, and may later be merged into
the account of a member (002 §17: the organiser runs the entries)."""

import pytest
from django.urls import reverse

from club.championships import exports, services
from club.championships.models import Board, Entry, Standings
from games.models import Game
from games.services.errors import Conflict, Forbidden
from members.models import Member

from .conftest import T0, at
from .test_pages import client_for
from .test_services import pair_and_publish, refused

pytestmark = pytest.mark.django_db


def _guest_entered(championship, organiser, name="Ilya Gost", city="Vologda", rating=1750):
    return services.guest_enter(
        by=organiser, championship_id=championship.pk, name=name, city=city, federation_rating=rating, now=T0
    ).member


def test_the_organiser_adds_a_member_to_his_open_event_from_its_page(make_championship, players, staff):
    championship = make_championship([], close=False, invitation_only=True)  # his choice: no invitation needed
    page = client_for(staff["organiser"])

    page.post(reverse("championships:action", args=[championship.pk, "add"]), {"username": players[0].username})

    assert list(championship.entries.values_list("member", flat=True)) == [players[0].pk]
    assert championship.decisions.filter(action="entry-add").exists()


def test_nobody_but_the_organiser_adds_players_and_a_refusal_changes_nothing(make_championship, players, staff):
    championship = make_championship([], close=False)
    for someone in (staff["chief"], players[1]):
        with refused(Forbidden, "not-organiser"):
            services.entry_add(by=someone, championship_id=championship.pk, member=players[0])
        with refused(Forbidden, "not-organiser"):
            services.guest_enter(by=someone, championship_id=championship.pk, name="Ilya Gost")
    assert not championship.entries.exists() and not Member.objects.filter(is_guest=True).exists()


def test_a_guest_plays_has_his_result_recorded_by_the_arbiter_stands_in_the_table_and_is_never_rated(
    make_championship, players, staff, on_commit
):
    championship = make_championship(players[:1], close=False, rated=True)
    guest = _guest_entered(championship, staff["organiser"])
    assert (guest.is_guest, guest.is_active, guest.has_usable_password(), guest.city) == (True, False, False, "Vologda")
    services.entries_close(by=staff["organiser"], championship_id=championship.pk, now=T0)
    with on_commit():
        pair_and_publish(championship, staff)
        board = Board.objects.get(round__championship=championship)
        # 1.10.4: a game on a real board — the chief arbiter records its result.
        services.board_result_set(
            by=staff["chief"],
            championship_id=championship.pk,
            game_id=board.game_id,
            result="0-1" if board.white == guest else "1-0",
            reason="played on the board at the club night",
            now=at(90),
        )
    game = Game.objects.get(pk=board.game_id)
    assert game.rated is False  # a guest is never rated, though the event is
    rows = Standings.objects.get(championship=championship).rows
    assert [row["id"] for row in rows] == [players[0].pk, guest.pk]
    assert "Ilya Gost" in exports.standings_csv(championship).content.decode("utf-8-sig")


def test_a_guest_is_merged_into_a_member_and_the_table_follows(make_championship, players, staff, on_commit):
    championship = make_championship(players[:1], close=False)
    guest = _guest_entered(championship, staff["organiser"])
    services.entries_close(by=staff["organiser"], championship_id=championship.pk, now=T0)
    with on_commit():
        pair_and_publish(championship, staff)
        board = Board.objects.get(round__championship=championship)
        services.board_result_set(
            by=staff["chief"], championship_id=championship.pk, game_id=board.game_id, result="1/2-1/2", reason="agreed"
        )
    newcomer = players[3]  # he has since joined the club

    with on_commit():
        answer = client_for(staff["organiser"]).post(
            reverse("championships:action", args=[championship.pk, "merge-guest"]),
            {"guest": guest.pk, "username": newcomer.username},
            follow=True,
        )

    assert [m.level_tag for m in answer.context["messages"]] == ["success"]

    assert not Member.objects.filter(pk=guest.pk).exists()
    assert Entry.objects.filter(championship=championship, member=newcomer).exists()
    board.refresh_from_db()
    assert newcomer.pk in (board.white_id, board.black_id)
    assert newcomer.pk in {row["id"] for row in Standings.objects.get(championship=championship).rows}
    assert Game.objects.get(pk=board.game_id).rated is False  # played by a guest: it stays unrated


def test_a_guest_is_not_merged_into_a_member_who_plays_in_the_same_event(make_championship, players, staff):
    championship = make_championship(players[:1], close=False)
    guest = _guest_entered(championship, staff["organiser"])
    with refused(Conflict, "both-entered"):
        services.guest_merge(
            by=staff["organiser"], championship_id=championship.pk, guest_id=guest.pk, member=players[0]
        )
    assert Member.objects.filter(pk=guest.pk).exists()
