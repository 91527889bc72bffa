"""Club-scope sanctions (003 1.4) through the arbiters' one Sanction model: the
/sanctions/ pages, /api/sanctions/ and a member's profile. Any arbiter of the
club may give a remark, a warning or a reprimand; the loss of a game and an
exclusion are decided in the game or the championship by its chief arbiter;
nobody sanctions himself; members without an arbiter's role sanction nobody."""

import pytest
from django.urls import reverse

from club.arbiters.models import AuditEntry, Sanction
from club.arbiters.selectors import sanctions_visible
from club.arbiters.services import sanction_issue
from foundation.refusals import Forbidden, Invalid
from tests.championships.conftest import T0, make_championship, players, staff  # noqa: F401
from tests.conftest import make_member

pytestmark = pytest.mark.django_db


def club_sanction(by, member, kind="remark", reason="Late."):
    (sanction,) = sanction_issue(by=by, member_id=member.pk, kind=kind, reason=reason)
    return sanction


class TestWhoMaySanctionAtClubScope:
    def test_an_arbiter_records_a_warning_with_its_audit_entry(self, arbiter, anna):
        sanction = club_sanction(arbiter, anna, "warning", "Talked during play.")

        assert (sanction.member, sanction.kind, sanction.issued_by) == (anna, "warning", arbiter)
        assert (sanction.scope, sanction.clause, sanction.status) == ("club", "003 1.4", "in-force")
        entry = AuditEntry.objects.get(data__sanction=sanction.pk)
        assert (entry.actor, entry.action, entry.member) == (arbiter, "sanction:warning", anna)

    def test_a_chief_arbiter_may_record_one_too(self, chief_arbiter, anna):
        club_sanction(chief_arbiter, anna, "reprimand", "Repeated.")

        assert Sanction.objects.get(member=anna).kind == "reprimand"

    @pytest.mark.parametrize("persona", ["arbiter", "chief_arbiter"])
    def test_an_arbiter_never_sanctions_himself(self, persona, request):
        arbiter = request.getfixturevalue(persona)

        with pytest.raises(Forbidden) as refused:
            club_sanction(arbiter, arbiter)

        assert refused.value.code == "self-sanction"
        assert not Sanction.objects.exists()

    @pytest.mark.parametrize("persona", ["boris", "organiser", "club_admin"])
    def test_a_member_without_an_arbiters_role_sanctions_nobody(self, persona, request, anna):
        with pytest.raises(Forbidden) as refused:
            club_sanction(request.getfixturevalue(persona), anna)

        assert refused.value.code == "not-arbiter"

    def test_a_sanction_needs_a_reason_and_a_known_kind(self, arbiter, anna):
        with pytest.raises(Invalid) as no_reason:
            club_sanction(arbiter, anna, "remark", "  ")
        with pytest.raises(Invalid) as bad_kind:
            club_sanction(arbiter, anna, "yellow card", "Late.")

        assert (no_reason.value.code, bad_kind.value.code) == ("no-reason", "bad-kind")

    def test_an_arbiter_cannot_forfeit_a_game_or_exclude(self, arbiter, anna):
        for kind in ("loss_of_game", "exclusion"):
            with pytest.raises(Forbidden) as refused:
                club_sanction(arbiter, anna, kind)
            assert refused.value.code == "not-chief-arbiter"

    def test_the_chief_arbiter_forfeits_only_a_game_and_excludes_only_from_a_championship(self, chief_arbiter, anna):
        with pytest.raises(Invalid) as no_game:
            club_sanction(chief_arbiter, anna, "loss_of_game")
        with pytest.raises(Invalid) as no_championship:
            club_sanction(chief_arbiter, anna, "exclusion")

        assert (no_game.value.code, no_championship.value.code) == ("no-game", "no-championship")
        assert not Sanction.objects.exists()


class TestWhoSeesASanction:
    def test_a_club_sanction_is_seen_by_its_member_and_the_clubs_arbiters_organisers_and_admins(
        self, arbiter, chief_arbiter, organiser, club_admin, anna, boris
    ):
        sanction = club_sanction(arbiter, anna)

        for viewer in (anna, arbiter, chief_arbiter, organiser, club_admin):
            assert list(sanctions_visible(viewer)) == [sanction], viewer
        assert list(sanctions_visible(boris)) == []

    def test_a_championship_sanction_is_seen_by_its_arbiters_organiser_and_the_clubs_admins_only(
        self, make_championship, players, staff, club_admin
    ):
        championship = make_championship(players[:4])
        (sanction,) = sanction_issue(
            by=staff["arbiter"],
            member_id=players[0].pk,
            kind="warning",
            reason="Noise.",
            championship_id=championship.pk,
        )
        elsewhere = make_member("fyodor", "arbiter", display_name="Fyodor Elsewhere")

        for viewer in (players[0], staff["arbiter"], staff["chief"], staff["organiser"], club_admin):
            assert list(sanctions_visible(viewer)) == [sanction], viewer
        for viewer in (players[1], elsewhere):
            assert list(sanctions_visible(viewer)) == [], viewer

    def test_a_members_profile_shows_the_sanctions_its_viewer_may_see(self, client, arbiter, anna, boris):
        club_sanction(arbiter, anna, "remark", "Phone rang.")
        profile = reverse("member-profile", args=["anna"])

        for viewer in (arbiter, anna):
            client.force_login(viewer)
            assert "Phone rang." in client.get(profile).text
        client.force_login(boris)
        assert "Phone rang." not in client.get(profile).text
        client.logout()
        assert "Phone rang." not in client.get(profile).text


class TestTheSanctionPages:
    def test_an_arbiter_records_a_club_sanction_and_sees_it_listed(self, client, arbiter, anna):
        client.force_login(arbiter)
        assert client.get(reverse("sanction-new")).status_code == 200

        response = client.post(
            reverse("sanction-new"), {"member": anna.pk, "kind": "reprimand", "reason": "Refused to record the moves."}
        )

        assert response.status_code == 302
        sanction = Sanction.objects.get()
        assert (sanction.member, sanction.kind, sanction.issued_by, sanction.scope) == (
            anna,
            "reprimand",
            arbiter,
            "club",
        )
        assert "Refused to record the moves." in client.get(reverse("sanction-list")).text

    def test_the_loss_of_a_game_is_not_offered_at_club_scope(self, client, chief_arbiter, anna):
        # 003 1.4: the chief arbiter forfeits a game in the game itself (its arbiter page)
        client.force_login(chief_arbiter)

        response = client.post(
            reverse("sanction-new"), {"member": anna.pk, "kind": "loss_of_game", "reason": "Refused to record."}
        )

        assert response.status_code == 200 and not Sanction.objects.exists()

    def test_an_arbiter_sanctioning_himself_is_refused_on_the_page(self, client, arbiter):
        client.force_login(arbiter)

        response = client.post(
            reverse("sanction-new"),
            {"member": arbiter.pk, "kind": "remark", "reason": "Oops."},
            HTTP_ACCEPT_LANGUAGE="en",
        )

        assert response.status_code == 403
        assert "An arbiter cannot sanction themselves." in response.text
        assert not Sanction.objects.exists()

    def test_the_list_shows_every_scope_the_viewer_may_see(self, client, make_championship, players, staff):
        championship = make_championship(players[:4])
        sanction_issue(
            by=staff["arbiter"],
            member_id=players[0].pk,
            kind="warning",
            reason="Noise.",
            championship_id=championship.pk,
        )
        club_sanction(staff["arbiter"], players[5], "remark", "Late.")
        client.force_login(staff["organiser"])

        listing = client.get(reverse("sanction-list")).text

        assert "Noise." in listing and championship.name in listing
        assert "Late." in listing

    def test_an_organiser_reads_the_list_but_cannot_record(self, client, organiser, arbiter, anna):
        club_sanction(arbiter, anna, "remark", "Late.")
        client.force_login(organiser)

        assert "Late." in client.get(reverse("sanction-list")).text
        assert client.get(reverse("sanction-new")).status_code == 403
        response = client.post(reverse("sanction-new"), {"member": anna.pk, "kind": "remark", "reason": "x"})
        assert response.status_code == 403
        assert Sanction.objects.count() == 1

    def test_an_anonymous_visitor_is_sent_to_log_in(self, client, anna):
        for url in (reverse("sanction-list"), reverse("sanction-new")):
            response = client.get(url)
            assert response.status_code == 302
            assert response["Location"].startswith(reverse("login"))
        client.post(reverse("sanction-new"), {"member": anna.pk, "kind": "remark", "reason": "x"})
        assert not Sanction.objects.exists()

    def test_a_plain_member_is_refused(self, client, boris, anna):
        client.force_login(boris)

        assert client.get(reverse("sanction-list")).status_code == 403
        response = client.post(
            reverse("sanction-new"), {"member": anna.pk, "kind": "exclusion", "reason": "I don't like her."}
        )
        assert response.status_code == 403
        assert not Sanction.objects.exists()


class TestTheSanctionApi:
    url = "/api/sanctions/"

    def test_an_arbiter_records_a_club_sanction(self, client, arbiter, anna):
        client.force_login(arbiter)

        response = client.post(
            self.url, {"member": anna.pk, "kind": "warning", "reason": "Noise."}, content_type="application/json"
        )

        assert response.status_code == 201
        body = response.json()
        assert (body["member"], body["kind"], body["issued_by"], body["scope"], body["clause"]) == (
            anna.pk,
            "warning",
            arbiter.pk,
            "club",
            "003 1.4",
        )
        listed = client.get(self.url, {"member": anna.pk}).json()
        assert [s["id"] for s in listed["results"]] == [body["id"]]

    def test_sanctioning_oneself_is_refused(self, client, arbiter):
        client.force_login(arbiter)

        response = client.post(
            self.url, {"member": arbiter.pk, "kind": "remark", "reason": "x"}, content_type="application/json"
        )

        assert response.status_code == 403
        assert response.json()["error"] == "self-sanction"
        assert not Sanction.objects.exists()

    def test_an_arbiter_cannot_forfeit_a_game_here(self, client, arbiter, anna):
        client.force_login(arbiter)

        response = client.post(
            self.url, {"member": anna.pk, "kind": "loss_of_game", "reason": "x"}, content_type="application/json"
        )

        assert response.status_code == 403
        assert response.json()["error"] == "not-chief-arbiter"
        assert not Sanction.objects.exists()

    def test_an_anonymous_client_gets_401_for_reading_and_recording(self, client, anna):
        assert client.get(self.url).status_code == 401
        response = client.post(
            self.url, {"member": anna.pk, "kind": "remark", "reason": "x"}, content_type="application/json"
        )
        assert response.status_code == 401
        assert not Sanction.objects.exists()

    def test_a_plain_member_gets_403_for_reading_and_recording(self, client, boris, anna):
        client.force_login(boris)

        assert client.get(self.url).status_code == 403
        response = client.post(
            self.url, {"member": anna.pk, "kind": "remark", "reason": "x"}, content_type="application/json"
        )
        assert response.status_code == 403
        assert response.json()["error"] == "permission-denied"
        assert not Sanction.objects.exists()

    def test_an_organiser_reads_but_gets_403_for_recording(self, client, organiser, arbiter, anna):
        club_sanction(arbiter, anna)
        client.force_login(organiser)

        assert client.get(self.url).json()["count"] == 1
        response = client.post(
            self.url, {"member": anna.pk, "kind": "remark", "reason": "x"}, content_type="application/json"
        )
        assert response.status_code == 403
        assert Sanction.objects.count() == 1
