"""The event's desk (issue 28): one page per championship for its organiser and
arbiters — the next step and who takes it, the step's own form, the protests to
rule on, the sanctions and adjourned games — and for a player his own part of
it: his sanctions (with a protest form), his protests and questions with their
answers. The forms post to the same actions and services as everywhere else;
the services (club.championships.authority) decide who may."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from club.championships import selectors as championships
from club.championships.authority import Action, verdict
from club.championships.forms import AppointForm, PairForm, PublishForm
from club.championships.selectors.desk import next_step, publish_check
from club.platform.api.params import posted_int
from club.platform.refusals import Refused

from . import selectors, services


def _event_or_404(pk: int):
    championship = championships.championship_get(pk)
    if championship is None:
        raise Http404
    return championship


@login_required
def championship_desk(request, pk: int):
    championship = _event_or_404(pk)
    me = request.user
    official = verdict(me, Action.EVENT_READ, championship).allowed  # its organiser and officials
    playing = championship.entries.filter(member=me).exists()
    if not (official or playing):
        raise PermissionDenied
    context = {"championship": championship, "official": official, **selectors.event_part_of(me, championship)}
    if official:
        step = next_step(championship)
        last = championship.rounds.order_by("-number").first()
        context.update(
            step=step,
            my_step=any(member.pk == me.pk for member in step.by),
            last_round=last,
            pair_form=PairForm(),
            publish_form=PublishForm(),
            # beside the Publish button: the classification the pairing was made from (issue 28)
            publish=publish_check(championship, last) if step.action == "publish" else None,
            appoint_form=AppointForm(),
            **selectors.event_desk(championship, me),
        )
    return render(request, "arbiters/desk.html", context)


@login_required
@require_POST
def desk_protest(request, pk: int):
    """A player protests in writing a sanction against him (1.3.1), from the desk."""
    _event_or_404(pk)
    try:
        services.protest_file(
            member=request.user,
            sanction_id=posted_int(request.POST, "sanction", default=0),
            text=request.POST.get("text", ""),
        )
    except Refused as refusal:
        messages.error(request, refusal.detail)
    else:
        messages.success(request, _("The protest is handed to the arbiters."))
    return redirect("championship-desk", pk)


@login_required
@require_POST
def desk_ruling(request, pk: int, protest_id: int):
    """The chief arbiter, or the event's protest panel, rules on a protest with its reasons (1.3.1)."""
    _event_or_404(pk)
    upheld = request.POST.get("upheld")
    if upheld not in ("yes", "no"):
        messages.error(request, _("Say whether the protest is upheld or rejected."))
        return redirect("championship-desk", pk)
    try:
        services.protest_rule(
            by=request.user, protest_id=protest_id, upheld=upheld == "yes", ruling=request.POST.get("ruling", "")
        )
    except Refused as refusal:
        messages.error(request, refusal.detail)
    else:
        messages.success(request, _("The ruling is recorded."))
    return redirect("championship-desk", pk)
