from .models import Notification


def notifications_of(*, member):
    return Notification.objects.filter(recipient=member)


def notifications_unread(*, member):
    return Notification.objects.filter(recipient=member, read_at__isnull=True)


def notifications_unread_count(*, member) -> int:
    return notifications_unread(member=member).count()
