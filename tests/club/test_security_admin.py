"""No back door through the Django admin: games, their moves and events, sanctions and
ratings are read-only there; a result is corrected by the arbiter service; only a
superuser manages staff and superuser flags, groups, permissions and passwords."""

import pytest
from django.contrib.auth.models import Group

from club.arbiters.models import Sanction
from club.arbiters.services import sanction_issue
from games.models import Game, GameEvent
from members.models import Member
from members.roles import Role
from tests.games_web.helpers import start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def superuser(db):
    return Member.objects.create_superuser("root", "root@club.test", "x")


@pytest.fixture
def game(anna, boris):
    return start_game(white=anna, black=boris)


def game_fields(game):
    game.refresh_from_db()
    return (game.status, game.result, game.termination, game.white_id, game.black_id, game.discipline, game.rated)


class TestGames:
    def test_a_superusers_admin_post_cannot_change_a_games_result_fields(self, client, superuser, game, boris):
        before = game_fields(game)
        client.force_login(superuser)

        response = client.post(
            f"/admin/games/game/{game.pk}/change/",
            {
                "status": "finished",
                "result": "0-1",
                "termination": "resign",
                "white": boris.pk,
                "black": boris.pk,
                "discipline": "international",
                "rated": "on",
            },
        )

        assert response.status_code == 403
        assert game_fields(game) == before

    def test_the_game_page_in_the_admin_is_a_view(self, client, superuser, game):
        client.force_login(superuser)

        page = client.get(f"/admin/games/game/{game.pk}/change/")

        assert page.status_code == 200
        assert 'name="result"' not in page.text and 'name="_save"' not in page.text

    @pytest.mark.parametrize("url", ["/admin/games/game/add/", "/admin/games/gameevent/add/"])
    def test_games_and_events_cannot_be_added_in_the_admin(self, client, superuser, url):
        client.force_login(superuser)

        assert client.get(url).status_code == 403

    def test_a_game_cannot_be_deleted_in_the_admin(self, client, superuser, game):
        client.force_login(superuser)

        client.post(f"/admin/games/game/{game.pk}/delete/", {"post": "yes"})

        assert Game.objects.filter(pk=game.pk).exists()

    def test_a_result_is_corrected_with_a_reason_by_the_admin_action_through_the_arbiter_service(
        self, client, superuser, game
    ):
        client.force_login(superuser)
        action = {"action": "correct_result", "_selected_action": [game.pk]}

        form = client.post("/admin/games/game/", action)
        assert form.status_code == 200 and 'name="reason"' in form.text
        client.post("/admin/games/game/", {**action, "apply": "1", "result": "0-1", "reason": "Recording error."})

        game.refresh_from_db()
        assert (game.status, game.result) == ("finished", "0-1")
        assert GameEvent.objects.filter(game=game, kind="result-set").exists()

    def test_a_correction_without_a_reason_changes_nothing(self, client, superuser, game):
        client.force_login(superuser)
        before = game_fields(game)

        client.post(
            "/admin/games/game/",
            {"action": "correct_result", "_selected_action": [game.pk], "apply": "1", "result": "0-1", "reason": ""},
        )

        assert game_fields(game) == before


class TestSanctions:
    """A sanction names the arbiter who decided it (003 1.4): the admin neither re-targets nor
    adds one; they are recorded through club.arbiters.services, which checks who may."""

    def test_a_sanction_cannot_be_retargeted_in_the_admin(self, client, superuser, chief_arbiter, anna, boris):
        (sanction,) = sanction_issue(by=chief_arbiter, member_id=anna.pk, kind="warning", reason="Late.")
        client.force_login(superuser)

        response = client.post(
            f"/admin/arbiters/sanction/{sanction.pk}/change/",
            {"member": boris.pk, "kind": "reprimand", "reason": "Other.", "issued_by": superuser.pk},
        )

        assert response.status_code == 403
        sanction.refresh_from_db()
        assert (sanction.member, sanction.kind, sanction.issued_by) == (anna, "warning", chief_arbiter)

    def test_a_sanction_cannot_be_added_or_deleted_in_the_admin(self, client, superuser, chief_arbiter, anna):
        (sanction,) = sanction_issue(by=chief_arbiter, member_id=anna.pk, kind="warning", reason="Late.")
        client.force_login(superuser)

        added = client.post("/admin/arbiters/sanction/add/", {"member": anna.pk, "kind": "remark", "reason": "Late."})
        deleted = client.post(f"/admin/arbiters/sanction/{sanction.pk}/delete/", {"post": "yes"})

        assert (added.status_code, deleted.status_code) == (403, 403)
        assert list(Sanction.objects.all()) == [sanction]


class TestClubAdministrator:
    def member_form(self, member, **changes):
        data = {
            "username": member.username,
            "first_name": "",
            "last_name": "",
            "is_active": "on",
            "display_name": member.display_name,
            "city": member.city,
            "federation_title": "",
            "federation_rating": "",
            "last_login_0": "",
            "last_login_1": "",
            "date_joined_0": "2024-01-01",
            "date_joined_1": "10:00:00",
        }
        return {**data, **changes}

    def test_he_cannot_make_himself_superuser(self, client, club_admin):
        client.force_login(club_admin)

        client.post(
            f"/admin/club/member/{club_admin.pk}/change/",
            self.member_form(
                club_admin, is_superuser="on", is_staff="on", groups=[Group.objects.get(name=Role.ADMIN).pk]
            ),
        )

        club_admin.refresh_from_db()
        assert not club_admin.is_superuser

    def test_he_cannot_grant_a_member_staff_superuser_or_groups(self, client, club_admin, anna):
        client.force_login(club_admin)
        page = client.get(f"/admin/club/member/{anna.pk}/change/")
        assert page.status_code == 200
        for field in ("is_superuser", "is_staff", "groups", "user_permissions"):
            assert f'name="{field}"' not in page.text

        client.post(
            f"/admin/club/member/{anna.pk}/change/",
            self.member_form(
                anna, is_superuser="on", is_staff="on", groups=[Group.objects.get(name=Role.ADMIN).pk], city="Moscow"
            ),
        )

        anna.refresh_from_db()
        assert anna.city == "Moscow"  # the profile is his to keep
        assert not (anna.is_superuser or anna.is_staff)
        assert not anna.groups.filter(name=Role.ADMIN).exists()

    def test_he_does_not_see_who_is_superuser_in_the_member_list(self, client, club_admin):
        client.force_login(club_admin)

        assert "is_superuser__exact" not in client.get("/admin/club/member/").text

    def test_he_cannot_set_another_members_password(self, client, club_admin, anna):
        client.force_login(club_admin)

        response = client.post(
            f"/admin/club/member/{anna.pk}/password/",
            {"password1": "taken over 12345", "password2": "taken over 12345"},
        )

        assert response.status_code == 403
        anna.refresh_from_db()
        assert not anna.check_password("taken over 12345")

    def test_he_cannot_change_another_members_email(self, client, club_admin, anna):
        client.force_login(club_admin)

        client.post(f"/admin/club/member/{anna.pk}/change/", self.member_form(anna, email="mine@evil.test"))

        anna.refresh_from_db()
        assert anna.email == "anna@club.test"

    def test_a_superuser_still_manages_all_of_it(self, client, superuser, anna):
        client.force_login(superuser)

        client.post(
            f"/admin/club/member/{anna.pk}/password/",
            {"password1": "set by root 12345", "password2": "set by root 12345"},
        )

        anna.refresh_from_db()
        assert anna.check_password("set by root 12345")
        assert 'name="is_superuser"' in client.get(f"/admin/club/member/{anna.pk}/change/").text
