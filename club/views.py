"""Pages of the club: thin views that check roles, then call services and selectors."""

import sys

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.exceptions import RequestDataTooBig, ValidationError
from django.core.paginator import Paginator
from django.db import IntegrityError, InterfaceError, OperationalError
from django.http import Http404, HttpResponseServerError, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from club import selectors, services
from club.api import tokens
from club.api.errors import REFUSAL_STATUS, json_error_response
from club.arbiters import selectors as arbiter_selectors
from club.arbiters import services as arbiter_services
from club.email_verification import email_verification_send, email_verify
from club.forms import ProfileForm, RolesForm, SanctionForm, SignUpForm, ThrottledPasswordResetForm
from club.health import health_report
from club.middleware import NulCharacter
from club.models import Member
from club.refusals import Refused
from club.roles import Role, role_required, roles_of


def home(request):
    return render(request, "home.html", {"member_count": selectors.member_list().count()})


@require_http_methods(["GET", "POST"])
def sign_up(request):
    if request.user.is_authenticated:
        return redirect("member-profile", username=request.user.username)
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            member = services.member_sign_up(
                username=data["username"],
                email=data["email"],
                password=data["password1"],
                display_name=data["display_name"],
                city=data["city"],
            )
        except ValidationError as exc:
            form.add_error(None, exc)
        except IntegrityError:
            # Another sign-up took the username between the form's check and the insert.
            form.add_error("username", _("A user with that username already exists."))
        else:
            login(request, member, backend="django.contrib.auth.backends.ModelBackend")
            email_verification_send(member=member, base_url=request.build_absolute_uri("/")[:-1])
            messages.success(request, _("Welcome to the club! We have sent you a link to confirm your email."))
            return redirect("member-profile", username=member.username)
    return render(request, "registration/signup.html", {"form": form})


@require_GET
def email_verify_link(request, token: str):
    try:
        member = email_verify(token=token)
    except ValidationError as exc:
        messages.error(request, exc.messages[0])
        return redirect("home")
    messages.success(request, _("Your email address %(email)s is confirmed.") % {"email": member.email})
    return redirect("member-profile", username=member.username)


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset page, with its emails limited per client address and per email address."""

    form_class = ThrottledPasswordResetForm

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "request": self.request}


@require_GET
def member_list(request):
    query = request.GET.get("q", "")
    page = Paginator(selectors.member_list(query=query), 50).get_page(request.GET.get("page"))
    return render(request, "club/member_list.html", {"page": page, "query": query})


@require_GET
def member_profile(request, username: str):
    try:
        member = selectors.member_get(username=username)
    except Member.DoesNotExist:
        raise Http404 from None
    return render(
        request,
        "club/profile.html",
        {
            "member": member,
            "is_me": request.user == member,
            "sanctions": list(arbiter_selectors.sanctions_visible(request.user, member=member)),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def profile_edit(request):
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        try:
            services.member_profile_update(
                member=request.user, **{name: form.cleaned_data[name] for name in form.changed_data}
            )
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            if "email" in form.changed_data:
                email_verification_send(member=request.user, base_url=request.build_absolute_uri("/")[:-1])
            messages.success(request, _("Your profile is saved."))
            return redirect("member-profile", username=request.user.username)
    return render(
        request,
        "club/profile_edit.html",
        {
            "form": form,
            "api_tokens": tokens.api_token_list(member=request.user),
        },
    )


@login_required
@require_http_methods(["POST"])
def api_tokens_revoke(request):
    """Revoke one API token (``token_key``) or, without it, all of the member's tokens."""
    count = tokens.api_tokens_revoke(member=request.user, token_key=request.POST.get("token_key") or None)
    messages.success(
        request, ngettext("%(count)d API token revoked.", "%(count)d API tokens revoked.", count) % {"count": count}
    )
    return redirect("profile-edit")


@role_required(Role.ADMIN)
@require_http_methods(["GET", "POST"])
def member_roles(request, username: str):
    try:
        member = selectors.member_get(username=username)
    except Member.DoesNotExist:
        raise Http404 from None
    initial = {"roles": [role.value for role in roles_of(member)]}
    form = RolesForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            services.member_roles_set(member=member, roles=form.cleaned_data["roles"], by=request.user)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, _("Roles of %(name)s are saved.") % {"name": member})
            return redirect("member-profile", username=member.username)
    return render(request, "club/member_roles.html", {"member": member, "form": form})


@role_required(Role.ARBITER, Role.ORGANISER, Role.ADMIN)
@require_GET
def sanction_list(request):
    """The arbiters' sanctions the viewer may see, every scope (club.arbiters.selectors)."""
    page = Paginator(arbiter_selectors.sanctions_visible(request.user), 50).get_page(request.GET.get("page"))
    return render(request, "club/sanction_list.html", {"page": page})


@role_required(Role.ARBITER)
@require_http_methods(["GET", "POST"])
def sanction_new(request):
    """A club-scope sanction (003 1.4) through club.arbiters.services, which decides who may."""
    form = SanctionForm(request.POST or None, initial={"member": request.GET.get("member")})
    if request.method == "POST" and form.is_valid():
        try:
            (sanction,) = arbiter_services.sanction_issue(
                by=request.user,
                member_id=form.cleaned_data["member"].pk,
                kind=form.cleaned_data["kind"],
                reason=form.cleaned_data["reason"],
            )
        except Refused as refused:
            form.add_error(None, refused.detail)
            return render(request, "club/sanction_new.html", {"form": form}, status=REFUSAL_STATUS[refused.kind])
        messages.success(request, _("Sanction recorded: %(sanction)s.") % {"sanction": sanction})
        return redirect("sanction-list")
    return render(request, "club/sanction_new.html", {"form": form})


@never_cache
@require_GET
def health(request):
    report = health_report()
    return JsonResponse(report, status=503 if report["failed"] else 200)


# --- Error pages: JSON under /api/, HTML elsewhere -------------------------------------


def _is_api(request) -> bool:
    return request.path.startswith("/api/")


def page_not_found(request, exception=None):
    if _is_api(request):
        return json_error_response("not-found", _("Not found."), 404)
    return render(request, "club/error.html", {"title": _("Page not found")}, status=404)


def permission_denied(request, exception=None):
    if _is_api(request):
        return json_error_response("permission-denied", _("You do not have permission to do this."), 403)
    return render(
        request,
        "club/error.html",
        {
            "title": _("Not allowed"),
            "text": _("Your role in the club does not allow this."),
        },
        status=403,
    )


def bad_request(request, exception=None):
    if isinstance(exception, RequestDataTooBig):
        return request_too_large(request)
    if isinstance(exception, NulCharacter):
        text = _("A web address cannot contain a NUL character.")
        if _is_api(request):
            return json_error_response("nul-character", text, 400)
        return render(request, "club/error.html", {"title": _("Bad request"), "text": text}, status=400)
    if _is_api(request):
        return json_error_response("bad-request", _("Bad request."), 400)
    return render(request, "club/error.html", {"title": _("Bad request")}, status=400)


def request_too_large(request):
    limit = _("The request is too large: at most %(size)d kB.") % {"size": settings.DATA_UPLOAD_MAX_MEMORY_SIZE // 1024}
    if _is_api(request):
        return json_error_response("too-large", limit, 413)
    return render(request, "club/error.html", {"title": _("Request too large"), "text": limit}, status=413)


# A database or Redis that cannot be reached (restarting, failing over) is not
# a bug of the request: 503 with Retry-After tells clients and the proxy to retry.
_UNAVAILABLE = (OperationalError, InterfaceError, RedisConnectionError, RedisTimeoutError)


def server_error(request):
    # Django calls this handler inside its except block: the exception is at hand.
    if isinstance(sys.exc_info()[1], _UNAVAILABLE):
        status, code = 503, "service-unavailable"
    else:
        status, code = 500, "server-error"
    if _is_api(request):
        response = json_error_response(code, _("Server error. It has been logged."), status)
    else:
        # Rendered without the request: the failure may lie in what a full page needs.
        response = HttpResponseServerError(render_to_string("club/500.html"), status=status)
    if status == 503:
        response["Retry-After"] = "5"
    return response
