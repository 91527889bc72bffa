from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext_lazy as _

from members.models import Member
from members.services import member_account_save

# Only a superuser grants the powers behind these fields (and only he sets passwords
# and addresses: a password reset mailed to an address an administrator chose is a takeover).
SUPERUSER_FIELDS = ("is_staff", "is_superuser", "groups", "user_permissions")


@admin.register(Member)
class MemberAdmin(UserAdmin):
    list_display = ("username", "display_name", "city", "federation_title", "federation_rating", "is_staff")
    list_filter = ("groups", "is_staff", "is_superuser", "is_active")
    search_fields = ("username", "display_name", "city", "email")
    fieldsets = UserAdmin.fieldsets + (
        (
            _("Club profile"),
            {"fields": ("display_name", "city", "federation_title", "federation_rating", "email_verified")},
        ),
    )

    def get_list_filter(self, request):
        if request.user.is_superuser:
            return self.list_filter
        return [f for f in self.list_filter if f not in SUPERUSER_FIELDS]

    def get_fieldsets(self, request, obj=None):
        fieldsets = super().get_fieldsets(request, obj)
        if request.user.is_superuser or obj is None:
            return fieldsets
        return [
            (name, {**options, "fields": [f for f in options["fields"] if f not in SUPERUSER_FIELDS]})
            for name, options in fieldsets
        ]

    def get_readonly_fields(self, request, obj=None):
        if request.user.is_superuser:
            return super().get_readonly_fields(request, obj)
        return ("email", "email_verified", "last_login", "date_joined")

    def has_change_permission(self, request, obj=None):
        # Staff accounts (administrators, superusers) are changed by superusers only.
        if obj is not None and obj.is_staff and not request.user.is_superuser:
            return False
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        if obj is not None and obj.is_staff and not request.user.is_superuser:
            return False
        return super().has_delete_permission(request, obj)

    def save_model(self, request, obj, form, change):
        member_account_save(member=obj, changed=form.changed_data)

    def user_change_password(self, request, id, form_url=""):
        if not request.user.is_superuser:
            raise PermissionDenied
        return super().user_change_password(request, id, form_url)
