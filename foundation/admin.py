"""The admin's one stance on club data: it is read here, and changed only
through the services (a page, the API, or an admin action that calls one)."""

from django.contrib import admin


class ReadOnlyAdmin(admin.ModelAdmin):
    """Lists and shows rows; adds, changes and deletes none."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False
