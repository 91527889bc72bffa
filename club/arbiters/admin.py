"""The arbiters' records in the admin: read-only. Sanctions, protests, claims
and the audit log change only through club.arbiters.services (permissions,
effects, audit); the log is append-only everywhere."""

from django.contrib import admin

from club.platform.admin import ReadOnlyAdmin

from .models import Adjournment, AuditEntry, DrawClaim, Protest, ProtestPanelMember, Question, Sanction


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


@admin.register(ProtestPanelMember)
class ProtestPanelMemberAdmin(ReadOnlyAdmin):
    list_display = ["championship", "member", "appointed_by", "appointed_at"]


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ["at", "actor", "action", "member", "game", "championship", "clause"]
    list_filter = ["action"]
    search_fields = ["actor__username", "member__username", "reason"]
