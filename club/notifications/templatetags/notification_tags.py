from django import template

from club.notifications.selectors import notifications_unread_count

register = template.Library()


@register.simple_tag
def unread_notifications(member) -> int:
    """How many notifications ``member`` has not read (0 for a visitor)."""
    if not getattr(member, "is_authenticated", False):
        return 0
    return notifications_unread_count(member=member)
