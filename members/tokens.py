"""API tokens: issue, list, revoke (django-rest-knox's AuthToken, stored as digests).

A password change revokes every token of the member (``passwords.TokensEndWithThePassword``).
"""

from __future__ import annotations

from django.db.models import QuerySet
from django.utils import timezone
from knox.models import AuthToken

from members.models import Member


def api_token_issue(*, member: Member) -> tuple[AuthToken, str]:
    """A new token for ``member`` and its key (shown once: only its digest is kept).
    The member's expired tokens are cleared on the way."""
    member.auth_token_set.filter(expiry__lt=timezone.now()).delete()
    return AuthToken.objects.create(user=member)


def api_token_list(*, member: Member) -> QuerySet[AuthToken]:
    """The member's tokens that still work, newest first."""
    return member.auth_token_set.filter(expiry__gte=timezone.now()).order_by("-created")


def api_tokens_revoke(*, member: Member, token_key: str | None = None) -> int:
    """Revoke one of ``member``'s tokens (by its public ``token_key`` prefix) or all of them."""
    tokens = member.auth_token_set.all()
    if token_key is not None:
        tokens = tokens.filter(token_key=token_key)
    return tokens.delete()[0]
