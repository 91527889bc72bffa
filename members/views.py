"""Members' pages: sign-up, email confirmation, the member list and profiles,
the profile form, API tokens and roles. Thin: they check roles, then call
services and selectors."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.db import IntegrityError
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.i18n import set_language

from members import selectors, services, tokens
from members.email_verification import email_verification_send, email_verify, sign_up_email_send
from members.forms import ProfileForm, RolesForm, SignUpForm, ThrottledPasswordResetForm
from members.models import Member
from members.roles import Role, role_required, roles_of


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
                time_zone=data["time_zone"],
                language=translation.get_language() or "",
            )
        except ValidationError as exc:
            form.add_error(None, exc)
        except IntegrityError:
            # Another sign-up took the username between the form's check and the insert.
            form.add_error("username", _("A user with that username already exists."))
        else:
            login(request, member, backend="django.contrib.auth.backends.ModelBackend")
            sign_up_email_send(member=member, base_url=request.build_absolute_uri("/")[:-1])
            messages.success(request, _("Welcome to the club! We have sent you a link to confirm your email."))
            return redirect("member-profile", username=member.username)
    return render(request, "registration/signup.html", {"form": form})


@require_POST
def language_choose(request):
    """Django's language switch, which also remembers a member's choice: his emails follow it."""
    response = set_language(request)
    chosen = request.POST.get("language", "")
    if request.user.is_authenticated and chosen in dict(settings.LANGUAGES):
        services.member_language_set(member=request.user, language=chosen)
    return response


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


@never_cache
@login_required
@require_POST
def api_token_create(request):
    """A new API token; its key is shown on this answer once and never again (only its digest is kept)."""
    token, key = tokens.api_token_issue(member=request.user)
    return render(request, "club/api_token_new.html", {"token": token, "key": key})


@login_required
@require_http_methods(["POST"])
def api_tokens_revoke(request):
    """Revoke one API token (``token_key``) or, without it, all of the member's tokens."""
    count = tokens.api_tokens_revoke(member=request.user, token_key=request.POST.get("token_key") or None)
    messages.success(
        request, ngettext("%(count)d API token revoked.", "%(count)d API tokens revoked.", count) % {"count": count}
    )
    return redirect("profile-edit")


@login_required
@require_http_methods(["POST"])
def calendar_renew(request):
    """A new address for the member's calendar feed; the old one stops."""
    services.member_calendar_renew(member=request.user)
    messages.success(request, _("Your calendar has a new address: the old one no longer works."))
    return redirect(reverse("profile-edit") + "#calendar")


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
