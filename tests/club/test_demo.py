"""The demo club: a few members with profiles and roles, loaded as often as you like."""

import pytest

from club.site.demo import DEMO_PASSWORD, load_demo
from members.demo import DEMO_MEMBERS
from members.models import Member
from members.roles import Role, has_role
from tests.conftest import ROOT

pytestmark = pytest.mark.django_db


def test_the_demo_club_has_members_an_arbiter_and_an_organiser():
    members = load_demo()

    assert len(members) >= 4
    assert any(has_role(m, Role.ARBITER) for m in members.values())
    assert any(has_role(m, Role.CHIEF_ARBITER) for m in members.values())
    assert any(has_role(m, Role.ORGANISER) for m in members.values())
    assert all(m.display_name and m.city for m in members.values())


def test_loading_the_demo_twice_leaves_one_copy_and_keeps_changed_passwords():
    first = load_demo()
    members_after_first = Member.objects.count()
    sergey = first["sergey"]
    sergey.set_password("his own now")
    sergey.save()

    second = load_demo()

    # The apps' demo data (championship players too) is created once as well.
    assert Member.objects.count() == members_after_first
    assert second.keys() == first.keys()
    sergey.refresh_from_db()
    assert sergey.check_password("his own now")
    assert second["timur"].check_password(DEMO_PASSWORD)


def test_the_readme_names_every_demo_member_so_a_newcomer_knows_which_usernames_are_taken():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    demo_part = readme[readme.index("`up --demo` migrates") :][:800]

    assert [name for name, *_ in DEMO_MEMBERS if f"`{name}`" not in demo_part] == []
