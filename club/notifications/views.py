"""Pages: my notifications (read them, mark them read) and my notification settings."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from . import selectors, services
from .forms import NotificationSettingsForm


@login_required
def notification_list(request):
    page = Paginator(selectors.notifications_of(member=request.user), 30).get_page(request.GET.get("page"))
    return render(request, "notifications/list.html", {"page": page})


@login_required
@require_POST
def notifications_read(request):
    ids = [int(i) for i in request.POST.getlist("id") if i.isdigit()] or None
    services.notifications_mark_read(member=request.user, ids=ids)
    return redirect("notification-list")


@login_required
def notifications_unread(request):
    """The unread count and the newest few, for the page header's bell."""
    rows = selectors.notifications_unread(member=request.user)
    return JsonResponse(
        {
            "count": rows.count(),
            "items": [{"id": n.id, "kind": n.kind, "text": str(n), "url": n.url} for n in rows[:5]],
        }
    )


@login_required
def notification_settings(request):
    current = services.notification_settings_get(member=request.user)
    form = NotificationSettingsForm(request.POST or None, instance=current)
    if request.method == "POST" and form.is_valid():
        services.notification_settings_update(member=request.user, **form.cleaned_data)
        messages.success(request, _("Your notification settings are saved."))
        return redirect("notification-settings")
    return render(request, "notifications/settings.html", {"form": form})
