from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from rest_framework.permissions import BasePermission

from members.roles import Role, has_any_role


def role_permission(*roles: Role) -> type[BasePermission]:
    """A DRF permission class admitting holders of any of ``roles`` (anonymous users get 401)."""

    class HasRole(BasePermission):
        message = format_lazy(_("This needs the role: {roles}."), roles=", ".join(role.value for role in roles))

        def has_permission(self, request, view):
            return has_any_role(request.user, *roles)

    HasRole.__name__ = "HasRole_" + "_".join(role.value for role in roles)
    return HasRole
