"""``{% load club_roles %}`` then ``{% if user|has_role:"arbiter" %}``: the same check the server enforces."""

from django import template

from members import roles

register = template.Library()


@register.filter
def has_role(user, role_name: str) -> bool:
    return roles.has_role(user, roles.Role(role_name))


@register.filter
def role_labels(user) -> list[str]:
    """The roles to show on a profile, in the order Role lists them; plain membership left out."""
    held = roles.roles_of(user)
    return [str(role.label) for role in roles.Role if role in held and role != roles.Role.MEMBER]
