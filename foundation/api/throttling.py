"""Who is asking, and how often: the client address, the login lockout and the API throttles.

Every limit keys on ``client_ip``: X-Forwarded-For counts only on a request
that arrives from one of ``settings.TRUSTED_PROXIES``; from anyone else it is
ignored, so a fresh forged header per request does not make a fresh client.
"""

from __future__ import annotations

import ipaddress
from functools import cache

from axes.handlers.cache import AxesCacheHandler
from axes.helpers import get_client_cache_keys, get_failure_limit
from django.conf import settings
from rest_framework.throttling import ScopedRateThrottle, SimpleRateThrottle


@cache
def _trusted_networks(proxies: tuple[str, ...]) -> tuple[ipaddress.IPv4Network | ipaddress.IPv6Network, ...]:
    return tuple(ipaddress.ip_network(proxy, strict=False) for proxy in proxies)


def _is_trusted_proxy(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in _trusted_networks(tuple(settings.TRUSTED_PROXIES)))


def client_ip(request) -> str:
    """The address of the client: REMOTE_ADDR, or, when that is a trusted proxy,
    the nearest address in X-Forwarded-For that is not a trusted proxy itself
    (read from the right: each proxy appends the address it got the request from)."""
    address = request.META.get("REMOTE_ADDR", "")
    if not _is_trusted_proxy(address):
        return address
    hops = [hop.strip() for hop in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
    for hop in reversed(hops):
        if not _is_trusted_proxy(hop):
            return hop
        address = hop
    return address


class LoginLockout(AxesCacheHandler):
    """django-axes, counting failed logins per address and per account.

    An address is locked out after ``AXES_FAILURE_LIMIT`` failures; an account
    only after ``LOGIN_ACCOUNT_FACTOR`` times as many from all addresses
    together. A lockout per account alone would let anyone lock a member out
    with a few wrong guesses; this way a guesser spread over many addresses is
    stopped while the owner, from his own address, still gets in after one
    guesser has been locked out.
    """

    def get_failures(self, request, credentials=None) -> int:
        # The keys follow AXES_LOCKOUT_PARAMETERS: ["ip_address", "username"].
        per_address, per_account = (self.cache.get(key, 0) for key in get_client_cache_keys(request, credentials))
        return max(per_address, per_account // settings.LOGIN_ACCOUNT_FACTOR)

    def is_locked(self, request, credentials=None) -> bool:
        return self.get_failures(request, credentials) >= get_failure_limit(request, credentials)


class ClientScopedRateThrottle(ScopedRateThrottle):
    """DRF's scoped throttle, keyed on the real client address for anonymous requests
    (DRF's own takes X-Forwarded-For from anyone)."""

    def get_ident(self, request):
        return client_ip(request)


class DirectChallengeThrottle(SimpleRateThrottle):
    """Direct challenges per challenger (API and page): each one emails its opponent.

    Only POSTs that name an opponent count; open challenges email nobody.
    Runs after the permission check, so the challenger is logged in."""

    scope = "direct-challenge"

    def allow_request(self, request, view):
        data = getattr(request, "data", request.POST)  # a DRF view, or the challenge page
        names_opponent = isinstance(data, dict) and (data.get("opponent_id") or data.get("opponent"))
        if request.method != "POST" or not names_opponent:
            return True
        return super().allow_request(request, view)

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": request.user.pk}


class PasswordResetThrottle(SimpleRateThrottle):
    """Password-reset emails, counted per client address and per email address
    (one throttle each; the reset page is a plain Django view)."""

    scope = "password-reset"

    def __init__(self, ident: str):
        super().__init__()
        self.ident = ident

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.ident}

    @classmethod
    def allow_reset(cls, request, email: str) -> bool:
        throttles = [cls(f"ip:{client_ip(request)}"), cls(f"email:{email.strip().lower()}")]
        return all([throttle.allow_request(request, None) for throttle in throttles])
