"""Pages: the arbiter's inbox, the event's inbox for its chief arbiter and organiser, and
one protest with its ruling form (a club protest has no event desk to be ruled at)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from club.championships.authority import Action, verdict
from club.championships.models import Championship
from foundation.refusals import Refused

from . import inbox, services
from .models import Protest


@login_required
@require_GET
def my_inbox(request):
    """What waits for my decision as an arbiter, the most urgent first."""
    return render(
        request,
        "arbiters/inbox.html",
        {"items": inbox.inbox_of(request.user), "official": inbox.is_official(request.user), "championship": None},
    )


@login_required
@require_GET
def event_inbox(request, pk: int):
    """Everything waiting in one event, for those who may read its log (its officials, its organiser)."""
    championship = get_object_or_404(Championship, pk=pk)
    may = verdict(request.user, Action.EVENT_READ, championship)
    if not may.allowed:
        raise PermissionDenied(may.reason)
    return render(
        request,
        "arbiters/inbox.html",
        {"items": inbox.event_inbox(championship, request.user), "official": True, "championship": championship},
    )


@login_required
@require_http_methods(["GET", "POST"])
def protest(request, pk: int):
    """One protest: its text and what it is about; whoever may rule on it (1.3.1) rules here."""
    found = get_object_or_404(Protest.objects.select_related("member", "sanction", "game", "championship"), pk=pk)
    may_rule = verdict(request.user, Action.PROTEST_RULE, found)
    if not may_rule.allowed and found.member_id != request.user.pk:
        raise PermissionDenied(may_rule.reason)
    if request.method == "POST":
        upheld = request.POST.get("upheld")
        if upheld not in ("yes", "no"):
            messages.error(request, _("Say whether the protest is upheld or rejected."))
            return redirect("arbiters:protest", pk)
        try:
            services.protest_rule(
                by=request.user, protest_id=pk, upheld=upheld == "yes", ruling=request.POST.get("ruling", "")
            )
        except Refused as refusal:
            messages.error(request, refusal.detail)
        else:
            messages.success(request, _("The ruling is recorded."))
        return redirect("arbiters:protest", pk)
    may_act = may_rule.allowed and found.status == Protest.Status.PENDING
    return render(request, "arbiters/protest.html", {"protest": found, "may_rule": may_act})
