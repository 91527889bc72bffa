"""Admin: games, their moves, events, challenges and vacations are read-only here
(a vacation moves deadlines: members take it through games.services.vacations).

A game changes through the services only, which keep its events, its end
(game_finish) and the ratings right. A result correction is the action
"Correct the result", which calls the arbiter service with a reason.
"""

from django import forms
from django.contrib import admin, messages
from django.db import transaction
from django.template.response import TemplateResponse
from django.utils.translation import gettext_lazy as _

from club.platform.admin import ReadOnlyAdmin, ReadOnlyInline
from games import events
from games.models import Challenge, Game, GameEvent, Move, Vacation
from games.services import PlayRefused
from games.services.arbiter import RESULTS, game_result_change


class MoveInline(ReadOnlyInline):
    model = Move
    fields = ["ply", "notation", "colour", "played_at", "elapsed_ms", "clock_ms", "foul"]
    readonly_fields = fields


class ResultChangeForm(forms.Form):
    result = forms.ChoiceField(label=_("Result"), choices=[(r, r) for r in RESULTS])
    reason = forms.CharField(label=_("Reason"), widget=forms.Textarea(attrs={"rows": 3}))
    clause = forms.CharField(label=_("Rule clause"), max_length=40, required=False)


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = [
        "id",
        "discipline",
        "white",
        "black",
        "time_control",
        "status",
        "result",
        "termination",
        "ply",
        "deadline",
        "ended_at",
    ]
    list_filter = ["status", "discipline", "speed", "rated"]
    search_fields = ["white__username", "black__username", "event", "white_name", "black_name"]
    raw_id_fields = ["white", "black", "imported_by"]
    inlines = [MoveInline]
    actions = ["correct_result"]

    @admin.action(description=_("Correct the result (arbiter's decision, with a reason)"), permissions=["view"])
    def correct_result(self, request, queryset):
        form = ResultChangeForm(request.POST if "apply" in request.POST else None)
        if form.is_valid():
            data = form.cleaned_data
            for game in queryset:
                try:
                    with transaction.atomic():
                        game_result_change(
                            game_id=game.pk,
                            arbiter=request.user,
                            result=data["result"],
                            reason=data["reason"],
                            clause=data["clause"],
                        )
                        # Recorded by its subscribers (the arbiters' audit log), in this transaction.
                        events.admin_result_corrected(
                            actor=request.user,
                            game=game,
                            result=data["result"],
                            reason=data["reason"],
                            clause=data["clause"],
                        )
                except PlayRefused as refusal:
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


@admin.register(Challenge)
class ChallengeAdmin(ReadOnlyAdmin):
    list_display = ["id", "challenger", "opponent", "discipline", "time_control", "status", "expires_at"]
    list_filter = ["status", "discipline"]
    raw_id_fields = ["challenger", "opponent", "game"]


@admin.register(Vacation)
class VacationAdmin(ReadOnlyAdmin):
    list_display = ["member", "starts_at", "ends_at"]
    raw_id_fields = ["member"]


@admin.register(GameEvent)
class GameEventAdmin(ReadOnlyAdmin):
    list_display = ["game", "kind", "ply", "created_at"]
    list_filter = ["kind"]
    raw_id_fields = ["game"]
