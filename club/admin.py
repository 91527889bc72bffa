from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.utils.translation import gettext_lazy as _

from club import services
from club.models import Member, Sanction


@admin.register(Member)
class MemberAdmin(UserAdmin):
    list_display = ("username", "display_name", "city", "federation_title", "federation_rating", "is_staff")
    list_filter = ("groups", "is_staff", "is_superuser", "is_active")
    search_fields = ("username", "display_name", "city", "email")
    fieldsets = UserAdmin.fieldsets + (
        (_("Club profile"), {"fields": ("display_name", "city", "federation_title", "federation_rating")}),
    )


@admin.register(Sanction)
class SanctionAdmin(admin.ModelAdmin):
    list_display = ("issued_at", "member", "kind", "issued_by")
    list_filter = ("kind",)
    search_fields = ("member__username", "member__display_name", "reason")
    autocomplete_fields = ("member",)
    readonly_fields = ("issued_by", "issued_at")

    def save_model(self, request, obj, form, change):
        if change:
            super().save_model(request, obj, form, change)
        else:
            # New sanctions go through the service, which checks the arbiter role.
            saved = services.sanction_issue(
                member=obj.member, kind=obj.kind, reason=obj.reason, issued_by=request.user
            )
            obj.pk, obj.issued_by, obj.issued_at = saved.pk, saved.issued_by, saved.issued_at
