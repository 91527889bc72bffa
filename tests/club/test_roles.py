"""Roles are groups with permissions; only administrators hand them out."""

import importlib

import pytest
from django.contrib.auth.models import Group, Permission
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from members import services
from members.models import Member
from members.roles import ROLE_PERMISSIONS, Role, has_role, role_groups_sync, roles_of

pytestmark = pytest.mark.django_db


def group_permissions(name: str) -> set[str]:
    group = Group.objects.get(name=name)
    return {f"{p.content_type.app_label}.{p.codename}" for p in group.permissions.all()}


def test_every_role_is_a_group_holding_exactly_the_listed_permissions():
    for role, permissions in ROLE_PERMISSIONS.items():
        assert group_permissions(role.value) == permissions, role


def test_the_last_data_migration_of_the_roles_lists_the_same_permissions_as_the_code():
    migration = importlib.import_module("members.migrations.0005_remove_sanction")

    assert {role.value: perms for role, perms in ROLE_PERMISSIONS.items()} == migration.ROLE_PERMISSIONS


def test_the_sync_brings_back_a_deleted_group_and_keeps_hand_given_permissions():
    Group.objects.filter(name="arbiter").delete()
    organisers = Group.objects.get(name="organiser")
    organisers.permissions.add(Permission.objects.get(codename="view_protest", content_type__app_label="arbiters"))

    role_groups_sync()

    assert group_permissions("arbiter") == ROLE_PERMISSIONS[Role.ARBITER]
    assert "arbiters.view_protest" in group_permissions("organiser")


def test_a_chief_arbiter_is_also_an_arbiter_but_not_an_organiser(chief_arbiter):
    assert has_role(chief_arbiter, Role.ARBITER)
    assert not has_role(chief_arbiter, Role.ORGANISER)


def test_a_superuser_holds_every_role(db):
    root = Member.objects.create_superuser("root", "root@club.test", "x")
    assert roles_of(root) == set(Role)


def test_anonymous_visitors_and_deactivated_accounts_hold_no_role(arbiter):
    from django.contrib.auth.models import AnonymousUser

    assert roles_of(AnonymousUser()) == set()
    arbiter.is_active = False
    assert roles_of(arbiter) == set()


def test_roles_carry_the_django_permissions_the_admin_checks(arbiter, organiser, club_admin):
    # Sanctions are shown in the admin, recorded only through club.arbiters.services (003 1.4).
    for member in (arbiter, organiser, club_admin):
        assert member.has_perm("arbiters.view_sanction")
        assert not any(member.has_perm(f"arbiters.{action}_sanction") for action in ("add", "change", "delete"))


def test_an_admin_makes_a_member_an_arbiter(club_admin, anna):
    services.member_roles_set(member=anna, roles=[Role.ARBITER], by=club_admin)

    assert roles_of(Member.objects.get(pk=anna.pk)) == {Role.MEMBER, Role.ARBITER}


def test_making_someone_an_admin_lets_them_into_the_django_admin(club_admin, anna):
    services.member_roles_set(member=anna, roles=[Role.ADMIN], by=club_admin)
    anna.refresh_from_db()
    assert anna.is_staff

    services.member_roles_set(member=anna, roles=[], by=club_admin)
    anna.refresh_from_db()
    assert not anna.is_staff
    assert roles_of(anna) == {Role.MEMBER}


def test_an_admin_cannot_take_away_their_own_admin_role(club_admin):
    with pytest.raises(ValidationError):
        services.member_roles_set(member=club_admin, roles=[], by=club_admin)


@pytest.mark.parametrize("persona", ["anna", "arbiter", "chief_arbiter", "organiser"])
def test_only_admins_assign_roles(persona, request, boris):
    with pytest.raises(PermissionDenied):
        services.member_roles_set(member=boris, roles=[Role.ARBITER], by=request.getfixturevalue(persona))


class TestTheRolesPage:
    def test_an_admin_assigns_roles_on_the_page(self, client, club_admin, anna):
        client.force_login(club_admin)
        url = reverse("member-roles", args=["anna"])
        assert client.get(url).status_code == 200

        response = client.post(url, {"roles": ["organiser", "arbiter"]})

        assert response.status_code == 302
        assert roles_of(Member.objects.get(pk=anna.pk)) == {Role.MEMBER, Role.ORGANISER, Role.ARBITER}

    def test_an_anonymous_visitor_is_sent_to_log_in(self, client, anna):
        response = client.post(reverse("member-roles", args=["anna"]), {"roles": ["admin"]})

        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))
        assert roles_of(anna) == {Role.MEMBER}

    @pytest.mark.parametrize("persona", ["boris", "chief_arbiter", "organiser"])
    def test_anyone_but_an_admin_is_refused(self, client, persona, request, anna):
        client.force_login(request.getfixturevalue(persona))

        assert client.get(reverse("member-roles", args=["anna"])).status_code == 403
        assert client.post(reverse("member-roles", args=["anna"]), {"roles": ["admin"]}).status_code == 403
        assert roles_of(Member.objects.get(pk=anna.pk)) == {Role.MEMBER}


class TestTheRolesApi:
    def url(self, member):
        return reverse("api-member-roles", args=[member.pk])

    def test_an_admin_replaces_the_roles(self, client, club_admin, anna):
        client.force_login(club_admin)

        response = client.put(self.url(anna), {"roles": ["chief_arbiter"]}, content_type="application/json")

        assert response.status_code == 200
        assert response.json() == {"roles": ["arbiter", "chief_arbiter", "member"]}

    def test_an_unknown_role_is_a_validation_error(self, client, club_admin, anna):
        client.force_login(club_admin)

        response = client.put(self.url(anna), {"roles": ["grandmaster"]}, content_type="application/json")

        assert response.status_code == 400
        assert response.json()["error"] == "invalid"
        assert "roles" in response.json()["fields"]

    def test_an_anonymous_client_gets_401(self, client, anna):
        response = client.put(self.url(anna), {"roles": ["admin"]}, content_type="application/json")

        assert response.status_code == 401
        assert response.json()["error"] == "not-authenticated"

    @pytest.mark.parametrize("persona", ["boris", "chief_arbiter", "organiser"])
    def test_anyone_but_an_admin_gets_403(self, client, persona, request, anna):
        client.force_login(request.getfixturevalue(persona))

        response = client.put(self.url(anna), {"roles": ["admin"]}, content_type="application/json")

        assert response.status_code == 403
        assert response.json()["error"] == "permission-denied"
        assert roles_of(Member.objects.get(pk=anna.pk)) == {Role.MEMBER}
