"""Proving an email address: a signed link mailed to it, valid for three days.

The link signs the member and the address, so it stops working when the
address changes. Verified addresses are unique among members (Member.Meta).
"""

from __future__ import annotations

from django.conf import settings
from django.core import signing
from django.core.exceptions import ValidationError
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _

from members.models import Member

_SALT = "club.email-verification"
MAX_AGE = 3 * 24 * 3600


def email_verification_send(*, member: Member, base_url: str) -> None:
    """Mail ``member`` the link that verifies their current address (``base_url``: scheme and host)."""
    if not member.email:
        return
    token = signing.dumps({"member": member.pk, "email": member.email.lower()}, salt=_SALT)
    link = base_url + reverse("email-verify", args=[token])
    with translation.override(member.language or settings.LANGUAGE_CODE):  # his language, not the page's
        body = render_to_string("registration/email_verification_email.txt", {"member": member, "link": link})
        send_mail(_("Confirm your email address"), body, settings.DEFAULT_FROM_EMAIL, [member.email])


def sign_up_email_send(*, member: Member, base_url: str) -> None:
    """After a sign-up: the confirmation link to a new address; to an address that another
    member already holds, a notice to its owner instead. The page answers both the same way,
    so sign-up never tells anyone whose address is whose; the new account keeps the address
    unconfirmed (a confirmed address is unique, Member.Meta) and the club mails it nothing."""
    holders = list(
        Member.objects.filter(email__iexact=member.email, is_active=True)
        .exclude(pk=member.pk)
        .order_by("-email_verified", "pk")
    )
    if not holders:
        email_verification_send(member=member, base_url=base_url)
        return
    owner = holders[0]  # the confirmed holder first: the address is his
    context = {
        "owner": owner,
        "usernames": ", ".join(holder.username for holder in holders),
        "new_username": member.username,
        "reset_link": base_url + reverse("password_reset"),
    }
    with translation.override(owner.language or settings.LANGUAGE_CODE):
        body = render_to_string("registration/sign_up_taken_email.txt", context)
        send_mail(_("Someone signed up with your email address"), body, settings.DEFAULT_FROM_EMAIL, [owner.email])


def email_verify(*, token: str) -> Member:
    """Mark the address in ``token`` verified; ValidationError for a bad, stale or taken link."""
    try:
        claim = signing.loads(token, salt=_SALT, max_age=MAX_AGE)
    except signing.SignatureExpired:
        raise ValidationError(_("This link has expired: ask for a new one on your profile page.")) from None
    except signing.BadSignature:
        raise ValidationError(_("This link is not valid.")) from None
    member = Member.objects.filter(pk=claim["member"], is_active=True).first()
    if member is None or member.email.lower() != claim["email"]:
        raise ValidationError(_("This link is for an address that is no longer on the account."))
    try:
        with transaction.atomic():
            Member.objects.filter(pk=member.pk).update(email_verified=True)
    except IntegrityError:
        raise ValidationError(_("This email belongs to another member.")) from None
    member.email_verified = True
    return member
