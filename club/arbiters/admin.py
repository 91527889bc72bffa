"""The arbiters' records in the admin: read-only. Sanctions, protests, claims
and the audit log change only through club.arbiters.services (permissions,
effects, audit); the log is append-only everywhere."""

from django.contrib import admin

from .models import Adjournment, AuditEntry, DrawClaim, Protest, ProtestPanelMember, Question, Sanction


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Sanction)
class SanctionAdmin(ReadOnly):
    list_display = ["issued_at", "member", "kind", "game", "championship", "status", "issued_by", "clause"]
    list_filter = ["kind", "status"]


@admin.register(Protest)
class ProtestAdmin(ReadOnly):
    list_display = ["filed_at", "member", "sanction", "game", "status", "ruled_by"]
    list_filter = ["status"]


@admin.register(Question)
class QuestionAdmin(ReadOnly):
    list_display = ["asked_at", "asked_by", "game", "answered_by"]


@admin.register(Adjournment)
class AdjournmentAdmin(ReadOnly):
    list_display = ["game", "status", "resume_at", "order", "ordered_by"]
    exclude = ["sealed_move"]  # hidden until the game resumes (5.3.3.3)


@admin.register(DrawClaim)
class DrawClaimAdmin(ReadOnly):
    list_display = ["claimed_at", "game", "kind", "claimed_by", "status", "decided_by"]


@admin.register(ProtestPanelMember)
class ProtestPanelMemberAdmin(ReadOnly):
    list_display = ["championship", "member", "appointed_by", "appointed_at"]


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnly):
    list_display = ["at", "actor", "action", "member", "game", "championship", "clause"]
    list_filter = ["action"]
    search_fields = ["actor__username", "member__username", "reason"]
