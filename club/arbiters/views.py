"""Pages: what concerns me (sanctions, protests, questions, decisions), and a championship's log for its arbiters."""

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, render

from club.championships.models import Championship

from . import selectors


@login_required
def mine(request):
    return render(request, "arbiters/mine.html", selectors.concerning(request.user))


@login_required
def championship_log(request, pk: int):
    championship = get_object_or_404(Championship, pk=pk)
    if not selectors.may_see_log(request.user, championship):
        raise PermissionDenied
    return render(
        request,
        "arbiters/championship_log.html",
        {
            "championship": championship,
            "entries": selectors.championship_log(championship),
            "adjourned": selectors.adjourned_games(championship),
        },
    )
