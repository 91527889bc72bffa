"""Writing notifications: on-site rows, emails, reminders and digests.

Every function here is idempotent: a notification is unique per (recipient,
key), so a task that runs twice (acks_late redelivery, two beat ticks) finds
the row and sends nothing twice.
"""

from __future__ import annotations

import datetime as dt

from django.conf import settings
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.utils import timezone, translation

from games import selectors as game_selectors

from .models import DigestSent, MoveEmail, Notification, NotificationSettings, TurnReminder
from .texts import email_subject, notification_text

# 80% of the time for a correspondence move used: time to remind (lichess CorresAlarm).
REMINDER_FRACTION = 0.8


def notification_settings_get(*, member) -> NotificationSettings:
    obj, _ = NotificationSettings.objects.get_or_create(member=member)
    return obj


def notification_settings_update(*, member, **fields) -> NotificationSettings:
    obj = notification_settings_get(member=member)
    for name, value in fields.items():
        setattr(obj, name, value)
    obj.full_clean()
    obj.save()
    return obj


def _email_mode(member, kind: str, choices: NotificationSettings) -> str:
    if not member.email or not member.email_verified:  # mail only an address its owner has confirmed
        return Notification.Email.NONE
    if kind == Notification.Kind.MOVE:
        return {MoveEmail.EACH: Notification.Email.SENT, MoveEmail.DIGEST: Notification.Email.DIGEST}.get(
            choices.move_email, Notification.Email.NONE
        )
    wanted = {
        Notification.Kind.CHALLENGE: choices.challenge_email,
        Notification.Kind.REMINDER: choices.reminder_email,
        Notification.Kind.RESULT: choices.result_email,
        Notification.Kind.DECISION: choices.decision_email,
        Notification.Kind.ARBITER: choices.arbiter_email,
        Notification.Kind.EVENT: True,  # rare: a section's start, told once for all its games
    }.get(kind, False)
    return Notification.Email.SENT if wanted else Notification.Email.NONE


def site_url(path: str) -> str:
    """An absolute link for an email: SITE_URL (README, Settings) plus the page's path."""
    return settings.SITE_URL.rstrip("/") + path


def _language(member) -> str:
    """The language of ``member``'s emails: the interface language he chose (Member.language)."""
    return member.language or settings.LANGUAGE_CODE


def _send(member, subject: str, body: str) -> None:
    with translation.override(_language(member)):
        send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [member.email])


def notify(
    *,
    recipient,
    kind: str,
    key: str,
    params: dict,
    url: str = "",
    game_id: int | None = None,
    challenge_id: int | None = None,
) -> Notification | None:
    """Record a notification once and email it if the member wants that now.

    Returns the new notification, or None when it already existed.
    """
    n = Notification(
        recipient=recipient, kind=kind, key=key, params=params, url=url, game_id=game_id, challenge_id=challenge_id
    )
    _choose_email([n])
    return _record(n)


def decision_notify(*, recipients, key: str, params: dict, url: str = "", game_id: int | None = None) -> None:
    """Tell each of ``recipients`` a decision that concerns him (a pairing published,
    a sanction, a ruling, an adjournment and its resumption, a result set) once the caller's
    transaction commits: on the page, and by mail to a confirmed address if he wants it.
    ``params["what"]`` names the decision for ``texts.notification_text``."""
    notices = [
        Notification(
            recipient=member,
            kind=Notification.Kind.DECISION,
            key=f"{key}:{member.pk}",
            params=params,
            url=url,
            game_id=game_id,
        )
        for member in recipients
        if member is not None and not member.is_guest  # a guest has no account to be told on
    ]
    if notices:
        transaction.on_commit(lambda: notify_many(notices))


def arbiter_notify(*, recipients, key: str, params: dict, url: str = "", game_id: int | None = None) -> None:
    """Tell each of ``recipients`` (the officials who may act on it) that something waits for
    his decision — a draw claim, a protest, a question, games to adjudicate, an appointment —
    once the caller's transaction commits: in his inbox and notices, and by mail in his
    language if he wants it (``arbiter_email``). ``params["what"]`` names it for ``texts``."""
    notices = [
        Notification(
            recipient=member,
            kind=Notification.Kind.ARBITER,
            key=f"{key}:{member.pk}",
            params=params,
            url=url,
            game_id=game_id,
        )
        for member in recipients
    ]
    if notices:
        transaction.on_commit(lambda: notify_many(notices))


def notify_many(notifications: list[Notification]) -> None:
    """Record unsaved notifications as ``notify`` would, in a constant number
    of queries, except one insert for each notification to email now: that
    insert succeeding is what makes its email go out only once.

    Members without settings are treated as the defaults, without a row.
    """
    _choose_email(notifications)
    quiet = [n for n in notifications if n.email != Notification.Email.SENT]
    # The quiet ones first: a mail server failing below does not hold them up.
    Notification.objects.bulk_create(quiet, ignore_conflicts=True)
    for n in notifications:
        if n.email == Notification.Email.SENT:
            _record(n)


def _choose_email(notifications: list[Notification]) -> None:
    """Set each notification's email mode from its recipient's settings, read
    in one query; a member without a settings row has the defaults."""
    chosen = {
        c.member_id: c
        for c in NotificationSettings.objects.filter(member_id__in={n.recipient_id for n in notifications})
    }
    for n in notifications:
        n.email = _email_mode(n.recipient, n.kind, chosen.get(n.recipient_id) or NotificationSettings())


def _record(n: Notification) -> Notification | None:
    """Save ``n`` unless its (recipient, key) exists, and email it if it says so."""
    try:
        with transaction.atomic():
            n.save(force_insert=True)
    except IntegrityError:
        return None
    if n.email == Notification.Email.SENT:
        with translation.override(_language(n.recipient)):
            body = notification_text(n) + ("\n\n" + site_url(n.url) if n.url else "")
            _send(n.recipient, email_subject(n), body)
    return n


def notifications_mark_read(*, member, ids: list[int] | None = None, game_id: int | None = None) -> int:
    """Mark ``member``'s unread notifications read: all, those ``ids``, or those of one game."""
    qs = Notification.objects.filter(recipient=member, read_at__isnull=True)
    if ids is not None:
        qs = qs.filter(id__in=ids)
    if game_id is not None:
        qs = qs.filter(game_id=game_id)
    return qs.update(read_at=timezone.now())


# --- correspondence reminders ------------------------------------------------------


def turn_reminder(*, game_id: int, ply: int, member, turn_started: dt.datetime, deadline: dt.datetime) -> TurnReminder:
    """The (unsaved) reminder to ``member`` of move ``ply``, due when 80% of its time is used."""
    return TurnReminder(
        game_id=game_id,
        ply=ply,
        member=member,
        deadline=deadline,
        remind_at=turn_started + (deadline - turn_started) * REMINDER_FRACTION,
    )


def turn_reminders_schedule(reminders: list[TurnReminder]) -> None:
    """Save reminders made by ``turn_reminder`` in one insert; a move whose
    reminder is already scheduled keeps it."""
    TurnReminder.objects.bulk_create(reminders, ignore_conflicts=True)


def turn_reminders_send_due(*, now: dt.datetime | None = None, still_waiting=None) -> int:
    """Send every reminder whose time has come; returns how many were sent.

    Each row is won with a conditional update (``sent_at`` still null), so two
    sweepers never send the same reminder. ``still_waiting(game_id, ply)`` says
    whether the game still waits for that move; a move already made or a
    finished game sends nothing.
    """
    now = now or timezone.now()
    sent = 0
    due = TurnReminder.objects.filter(sent_at__isnull=True, remind_at__lte=now).order_by("remind_at")[:500]
    for reminder in due:
        won = TurnReminder.objects.filter(id=reminder.id, sent_at__isnull=True).update(sent_at=now)
        if not won:
            continue
        facts = still_waiting(reminder.game_id, reminder.ply) if still_waiting else {}
        if facts is None:
            continue
        deadline = timezone.localtime(reminder.deadline).strftime("%Y-%m-%d %H:%M")
        if notify(
            recipient=reminder.member,
            kind=Notification.Kind.REMINDER,
            key=f"reminder:{reminder.game_id}:{reminder.ply}",
            params=dict(facts, deadline=deadline),
            url=facts.get("url", ""),
            game_id=reminder.game_id,
        ):
            sent += 1
    return sent


# --- the daily digest ------------------------------------------------------------------


DEADLINE_SOON = dt.timedelta(hours=48)


def digests_send(*, now: dt.datetime | None = None) -> int:
    """Email each member who chose the daily digest one mail a day: the moves
    made against him since the last one, every correspondence game waiting for
    his move across all his events, and the deadlines within 48 hours. Only a
    confirmed address gets it. Returns the emails sent."""
    now = now or timezone.now()
    sent = 0
    chosen = NotificationSettings.objects.filter(
        move_email=MoveEmail.DIGEST, member__email_verified=True, member__is_active=True
    ).exclude(member__email="")
    for member_id in chosen.values_list("member_id", flat=True):
        with transaction.atomic():
            composed = _digest(member_id, now)
            if composed is None:
                continue
            member, subject, body = composed
        # Sent once the day's row and the notices are marked: a crash in between loses
        # a digest rather than sending one twice.
        _send(member, subject, body)
        sent += 1
    return sent


def _digest(member_id: int, now: dt.datetime) -> tuple | None:
    """(member, subject, body) of today's digest, recorded as sent; None if it
    was sent today or there is nothing to tell. Call inside a transaction."""
    waiting = list(game_selectors.waiting_for(member_id).filter(speed="correspondence"))
    notices = list(
        Notification.objects.select_for_update()
        .filter(recipient_id=member_id, email=Notification.Email.DIGEST)
        .select_related("recipient")
        .order_by("created_at", "id")
    )
    if not waiting and not notices:
        return None
    try:
        with transaction.atomic():
            DigestSent.objects.create(member_id=member_id, day=now.astimezone(dt.UTC).date())
    except IntegrityError:
        return None
    Notification.objects.filter(id__in=[n.id for n in notices]).update(email=Notification.Email.SENT)
    member = (
        notices[0].recipient
        if notices
        else (waiting[0].white if waiting[0].white_id == member_id else waiting[0].black)
    )
    with translation.override(_language(member)):
        lines = [f"- {notification_text(n)}" + (f" {site_url(n.url)}" if n.url else "") for n in notices]
        if waiting:
            lines += ["", translation.gettext("Waiting for your move:")]
        for game in waiting:
            opponent = game.black if game.white_id == member_id else game.white
            soon = game.deadline is not None and game.deadline - now <= DEADLINE_SOON
            deadline = timezone.localtime(game.deadline).strftime("%Y-%m-%d %H:%M %Z") if game.deadline else ""
            lines.append(
                ("! " if soon else "- ")
                + translation.gettext("%(opponent)s, move by %(deadline)s")
                % {"opponent": opponent, "deadline": deadline}
                + (" — " + translation.gettext("within 48 hours") if soon else "")
                + f" {site_url(f'/play/games/{game.pk}/')}"
            )
        subject = translation.gettext("Your correspondence games: %(count)d waiting for your move") % {
            "count": len(waiting)
        }
    return member, subject, "\n".join(lines)
