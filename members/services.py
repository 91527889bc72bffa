"""Writes for members and roles. Edges (pages, API, admin) call these. Sanctions are
club.arbiters.services' (003 1.4)."""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from django.conf import settings
from django.contrib.auth.models import Group
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from members.counting import member_count_forget
from members.models import Member, calendar_secret_new
from members.roles import Role, forget_roles, require_role

PROFILE_FIELDS = (
    "display_name",
    "city",
    "federation_title",
    "federation_rating",
    "email",
    "time_zone",
    "birth_year",
)


@transaction.atomic
def member_sign_up(
    *,
    username: str,
    email: str,
    password: str,
    display_name: str = "",
    city: str = "",
    time_zone: str = "",
    language: str = "",
) -> Member:
    """Create an account holding the member role. The password is validated by the caller's form;
    ``time_zone`` and ``language`` empty: the club's."""
    member = Member(username=username, email=email, display_name=display_name, city=city)
    if time_zone:
        member.time_zone = time_zone
    if language:
        member.language = language
    member.set_password(password)
    member.full_clean(exclude=["password"])
    member.save()
    member.groups.add(Group.objects.get(name=Role.MEMBER))
    transaction.on_commit(member_count_forget)  # the home page counts him at once
    return member


def member_profile_update(*, member: Member, **fields) -> Member:
    """Change the public profile (and email) of ``member``; other fields are refused."""
    unknown = set(fields) - set(PROFILE_FIELDS)
    if unknown:
        raise ValidationError(
            _("These fields cannot be changed here: %(fields)s.") % {"fields": ", ".join(sorted(unknown))}
        )
    for name, value in fields.items():
        setattr(member, name, value)
    member.full_clean(exclude=["password"])
    return member_account_save(member=member, changed=list(fields))


def guest_create(*, name: str, city: str = "", federation_rating: int | None = None) -> Member:
    """A guest: a player with no account (no login, no password), known by his name, city and
    federation rating; the championship service that enters him is the one that may."""
    member = Member(
        username=f"guest-{secrets.token_hex(6)}",
        display_name=name.strip(),
        city=city.strip(),
        federation_rating=federation_rating,
        is_guest=True,
        is_active=False,
    )
    member.set_unusable_password()
    if not member.display_name:
        raise ValidationError(_("A guest needs a name."))
    member.full_clean(exclude=["password"])
    member.save()
    return member


def member_calendar_renew(*, member: Member) -> Member:
    """A new secret for the member's private calendar feed: the address he gave out stops."""
    member.calendar_secret = calendar_secret_new()
    # An UPDATE, not save(): called from the password hook, inside the member's own save().
    Member.objects.filter(pk=member.pk).update(calendar_secret=member.calendar_secret)
    return member


def member_language_set(*, member: Member, language: str) -> Member:
    """Remember the interface language ``member`` chose: his emails follow it, and so do the
    pages in every browser he logs in to."""
    if language not in dict(settings.LANGUAGES):
        raise ValidationError(_("Unknown language %(code)s.") % {"code": language})
    if member.language != language or not member.language_chosen:
        member.language, member.language_chosen = language, True
        member.save(update_fields=["language", "language_chosen"])
    return member


def member_account_save(*, member: Member, changed: Iterable[str]) -> Member:
    """Save the ``changed`` fields of ``member`` (a profile form, the admin).

    A new email address is unproven until its own link is followed: changing
    it clears ``email_verified``, unless the same change sets it."""
    changed = list(changed)
    if "email" in changed and "email_verified" not in changed and member.pk is not None:
        stored = Member.objects.filter(pk=member.pk).values_list("email", flat=True).first() or ""
        if stored.lower() != member.email.lower():
            member.email_verified = False
            changed.append("email_verified")
    concrete = {f.name for f in Member._meta.concrete_fields}
    fields = [name for name in changed if name in concrete]
    if member.pk is not None and fields:
        member.save(update_fields=fields)
    else:
        member.save()
    return member


@transaction.atomic
def member_roles_set(*, member: Member, roles: Iterable[Role | str], by: Member) -> Member:
    """Give ``member`` exactly ``roles`` (the member role is always kept). Admins only.

    An administrator also becomes staff, so that the Django admin lets them in.
    """
    require_role(by, Role.ADMIN)
    wanted = {Role(role) for role in roles} | {Role.MEMBER}
    if member.pk == by.pk and Role.ADMIN not in wanted and not member.is_superuser:
        raise ValidationError(_("You cannot take away your own administrator role."))

    groups = Group.objects.filter(name__in=Role.values)
    member.groups.remove(*[g for g in groups if g.name not in wanted])
    member.groups.add(*[g for g in groups if g.name in wanted])
    is_staff = member.is_superuser or Role.ADMIN in wanted
    if member.is_staff != is_staff:
        member.is_staff = is_staff
        member.save(update_fields=["is_staff"])
    forget_roles(member)
    return member


@transaction.atomic
def member_create_admin(*, username: str, email: str, password: str) -> Member:
    """The club's first administrator: a superuser holding the admin and member roles."""
    member = Member.objects.create_superuser(username=username, email=email, password=password)
    member.groups.add(*Group.objects.filter(name__in=[Role.MEMBER, Role.ADMIN]))
    return member
