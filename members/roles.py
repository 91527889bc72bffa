"""Club roles: Django groups carrying permissions, checked on the server.

Each role is a group of the same name, created with its permissions by
migration ``0003_roles`` (the sanction permissions moved to club.arbiters by
``0005_remove_sanction``) and kept present by ``role_groups_sync`` after every
migrate. Keep ``ROLE_PERMISSIONS`` and the last of those migrations in step: a
test compares them. Superusers hold every role.

Checking a role, wherever you are:
- services: ``require_role(user, Role.ARBITER)`` (raises PermissionDenied);
- pages: ``@role_required(Role.ORGANISER)`` (anonymous → login page, others → 403);
- API views: ``permission_classes = [role_permission(Role.ARBITER)]`` from members.api.permissions;
- templates: ``{% load club_roles %}{% if user|has_role:"arbiter" %}``.
"""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.models import Group, Permission
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db import models
from django.utils.translation import gettext_lazy as _


class Role(models.TextChoices):
    MEMBER = "member", _("member")
    ARBITER = "arbiter", _("arbiter")
    CHIEF_ARBITER = "chief_arbiter", _("chief arbiter")
    ORGANISER = "organiser", _("organiser")
    ADMIN = "admin", _("administrator")


# A chief arbiter may do everything an arbiter may.
IMPLIED_ROLES: dict[Role, set[Role]] = {Role.CHIEF_ARBITER: {Role.ARBITER}}

ROLE_PERMISSIONS: dict[Role, set[str]] = {
    Role.MEMBER: {"club.view_member"},
    # Sanctions are recorded and reversed only through club.arbiters.services (003 1.3.1, 1.4);
    # the admin shows them read-only.
    Role.ARBITER: {"club.view_member", "arbiters.view_sanction"},
    Role.CHIEF_ARBITER: {"club.view_member", "arbiters.view_sanction"},
    Role.ORGANISER: {"club.view_member", "arbiters.view_sanction"},
    Role.ADMIN: {
        "club.view_member",
        "club.change_member",
        "club.assign_role",
        "arbiters.view_sanction",
        "auth.view_group",
    },
}


def roles_of(user) -> set[Role]:
    """Every role the user holds, directly or implied; empty for anonymous users."""
    if not getattr(user, "is_authenticated", False) or not user.is_active:
        return set()
    if user.is_superuser:
        return set(Role)
    # Cached on the instance: a request asks several times, the groups don't change meanwhile.
    cached = getattr(user, "_club_roles", None)
    if cached is None:
        # groups.all() rather than a filter, so a prefetched member list costs no query.
        cached = {Role(g.name) for g in user.groups.all() if g.name in Role.values}
        for role in list(cached):
            cached |= IMPLIED_ROLES.get(role, set())
        user._club_roles = cached
    return cached


def has_role(user, role: Role) -> bool:
    return role in roles_of(user)


def has_any_role(user, *roles: Role) -> bool:
    return bool(roles_of(user) & set(roles))


def require_role(user, *roles: Role) -> None:
    """Raise PermissionDenied unless the user holds one of ``roles``."""
    if not has_any_role(user, *roles):
        raise PermissionDenied(
            _("This needs the role: %(roles)s.") % {"roles": ", ".join(str(role.label) for role in roles)}
        )


def forget_roles(user) -> None:
    """Drop the cached roles after the user's groups changed."""
    user.__dict__.pop("_club_roles", None)


def role_required(*roles: Role):
    """Page decorator: anonymous visitors go to the login page; members without the role get 403."""

    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            require_role(request.user, *roles)
            return view(request, *args, **kwargs)

        return wrapped

    return decorator


def role_groups_sync(*, using: str = "default", **kwargs) -> None:
    """Make sure every role group exists with at least its listed permissions.

    Only adds: permissions an administrator gave a group by hand are kept.
    Runs on ``post_migrate`` (see MembersConfig.ready).
    """
    for role, permissions in ROLE_PERMISSIONS.items():
        group, _created = Group.objects.using(using).get_or_create(name=role.value)
        for dotted in sorted(permissions):
            app_label, codename = dotted.split(".")
            permission = (
                Permission.objects.using(using).filter(content_type__app_label=app_label, codename=codename).first()
            )
            if permission is not None:  # absent only while an app's migrations are still pending
                group.permissions.add(permission)
