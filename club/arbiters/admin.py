"""The arbiters' records in the admin: read-only. Sanctions, protests, claims
and the audit log change only through club.arbiters.services (permissions,
effects, audit); the log is append-only everywhere."""

from django import forms
from django.contrib import admin, messages
from django.template.response import TemplateResponse
from django.utils.translation import gettext_lazy as _

from foundation.admin import ReadOnlyAdmin
from foundation.refusals import Refused
from games import admin as games_admin
from games.models import Game
from games.services.arbiter import RESULTS

from .models import Adjournment, AuditEntry, DrawClaim, Protest, Question, Sanction
from .services import result_decide


@admin.register(Sanction)
class SanctionAdmin(ReadOnlyAdmin):
    list_display = ["issued_at", "member", "kind", "game", "championship", "status", "issued_by", "clause"]
    list_filter = ["kind", "status"]


@admin.register(Protest)
class ProtestAdmin(ReadOnlyAdmin):
    list_display = ["filed_at", "member", "sanction", "game", "team", "championship", "status", "ruled_by"]
    list_filter = ["status"]


@admin.register(Question)
class QuestionAdmin(ReadOnlyAdmin):
    list_display = ["asked_at", "asked_by", "game", "answered_by"]


@admin.register(Adjournment)
class AdjournmentAdmin(ReadOnlyAdmin):
    list_display = ["game", "status", "resume_at", "order", "ordered_by"]
    exclude = ["sealed_move"]  # hidden until the game resumes (5.3.3.3)


@admin.register(DrawClaim)
class DrawClaimAdmin(ReadOnlyAdmin):
    list_display = ["claimed_at", "game", "kind", "claimed_by", "status", "decided_by"]


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ["at", "actor", "action", "member", "game", "championship", "clause"]
    list_filter = ["action"]
    search_fields = ["actor__username", "member__username", "reason"]


class ResultChangeForm(forms.Form):
    result = forms.ChoiceField(label=_("Result"), choices=[(r, r) for r in RESULTS])
    reason = forms.CharField(label=_("Reason"), widget=forms.Textarea(attrs={"rows": 3}))
    clause = forms.CharField(label=_("Rule clause"), max_length=40, required=False)


# The games' admin with the arbiters' one action on a game: the result correction, asked of the
# authority like every other path (the games layer does not know the arbiters).
admin.site.unregister(Game)


@admin.register(Game)
class GameAdmin(games_admin.GameAdmin):
    actions = ["correct_result"]

    @admin.action(description=_("Correct the result (arbiter's decision, with a reason)"), permissions=["view"])
    def correct_result(self, request, queryset):
        form = ResultChangeForm(request.POST if "apply" in request.POST else None)
        if form.is_valid():
            data = form.cleaned_data
            for game in queryset:
                try:
                    result_decide(
                        by=request.user,
                        game_id=game.pk,
                        result=data["result"],
                        reason=data["reason"],
                        clause=data["clause"],
                    )
                except Refused as refusal:
                    self.message_user(request, f"{game.pk}: {refusal.detail}", messages.ERROR)
                else:
                    self.message_user(
                        request, _("Game %(id)d: result set to %(result)s.") % {"id": game.pk, "result": data["result"]}
                    )
            return None
        return TemplateResponse(
            request,
            "admin/games/game/result_change.html",
            {
                **self.admin_site.each_context(request),
                "title": _("Correct the result"),
                "form": form,
                "games": queryset,
                "opts": self.model._meta,
                "action_checkbox_name": admin.helpers.ACTION_CHECKBOX_NAME,
            },
        )
