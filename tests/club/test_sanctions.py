"""Arbiters record sanctions (rules 003, 1.4); nobody else can."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from club import services
from club.models import Sanction

pytestmark = pytest.mark.django_db


def test_an_arbiter_records_a_warning(arbiter, anna):
    sanction = services.sanction_issue(
        member=anna, kind=Sanction.Kind.WARNING, reason="Talked during play.", issued_by=arbiter
    )

    assert (sanction.member, sanction.kind, sanction.issued_by) == (anna, "warning", arbiter)
    assert sanction.issued_at is not None


def test_a_chief_arbiter_may_record_one_too(chief_arbiter, anna):
    services.sanction_issue(member=anna, kind="reprimand", reason="Repeated.", issued_by=chief_arbiter)

    assert anna.sanctions.get().kind == "reprimand"


def test_an_arbiter_cannot_sanction_themselves(arbiter):
    with pytest.raises(ValidationError):
        services.sanction_issue(member=arbiter, kind="remark", reason="Oops.", issued_by=arbiter)


def test_a_sanction_needs_a_reason_and_a_known_kind(arbiter, anna):
    with pytest.raises(ValidationError) as refused:
        services.sanction_issue(member=anna, kind="yellow card", reason="  ", issued_by=arbiter)

    assert set(refused.value.message_dict) == {"kind", "reason"}


class TestTheSanctionPages:
    def test_an_arbiter_records_a_sanction_and_sees_it_listed(self, client, arbiter, anna):
        client.force_login(arbiter)
        assert client.get(reverse("sanction-new")).status_code == 200

        response = client.post(
            reverse("sanction-new"),
            {
                "member": anna.pk,
                "kind": "reprimand",
                "reason": "Refused to record the moves.",
            },
        )

        assert response.status_code == 302
        listing = client.get(reverse("sanction-list"))
        assert "Refused to record the moves." in listing.text

    def test_a_loss_of_the_game_is_not_a_free_standing_note(self, client, arbiter, anna):
        # 003 1.4: only the chief arbiter forfeits a game, with its effect (club.arbiters)
        client.force_login(arbiter)
        response = client.post(
            reverse("sanction-new"),
            {"member": anna.pk, "kind": "loss_of_game", "reason": "Refused to record the moves."},
        )
        assert response.status_code == 200 and not Sanction.objects.exists()

    def test_an_organiser_reads_the_list_but_cannot_record(self, client, organiser, arbiter, anna):
        services.sanction_issue(member=anna, kind="remark", reason="Late.", issued_by=arbiter)
        client.force_login(organiser)

        assert "Late." in client.get(reverse("sanction-list")).text
        assert client.get(reverse("sanction-new")).status_code == 403
        assert (
            client.post(reverse("sanction-new"), {"member": anna.pk, "kind": "remark", "reason": "x"}).status_code
            == 403
        )

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
        assert (
            client.post(
                reverse("sanction-new"), {"member": anna.pk, "kind": "exclusion", "reason": "I don't like her."}
            ).status_code
            == 403
        )
        assert not Sanction.objects.exists()

    def test_a_members_profile_shows_their_sanctions_to_arbiters_only(self, client, arbiter, anna, boris):
        services.sanction_issue(member=anna, kind="remark", reason="Phone rang.", issued_by=arbiter)
        profile = reverse("member-profile", args=["anna"])

        client.force_login(arbiter)
        assert "Phone rang." in client.get(profile).text
        client.force_login(boris)
        assert "Phone rang." not in client.get(profile).text


class TestTheSanctionApi:
    url = "/api/sanctions/"

    def test_an_arbiter_records_a_sanction(self, client, arbiter, anna):
        client.force_login(arbiter)

        response = client.post(
            self.url, {"member": anna.pk, "kind": "warning", "reason": "Noise."}, content_type="application/json"
        )

        assert response.status_code == 201
        body = response.json()
        assert (body["member"], body["kind"], body["issued_by"]) == (anna.pk, "warning", arbiter.pk)
        listed = client.get(self.url, {"member": anna.pk}).json()
        assert [s["id"] for s in listed["results"]] == [body["id"]]

    def test_sanctioning_oneself_is_a_validation_error(self, client, arbiter):
        client.force_login(arbiter)

        response = client.post(
            self.url, {"member": arbiter.pk, "kind": "remark", "reason": "x"}, content_type="application/json"
        )

        assert response.status_code == 400
        assert response.json()["error"] == "invalid"
        assert "member" in response.json()["fields"]

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

    def test_an_organiser_reads_but_gets_403_for_recording(self, client, organiser, anna):
        client.force_login(organiser)

        assert client.get(self.url).status_code == 200
        response = client.post(
            self.url, {"member": anna.pk, "kind": "remark", "reason": "x"}, content_type="application/json"
        )
        assert response.status_code == 403
