"""Admin: read-mostly views of team events; every change goes through the services and pages."""

from django.contrib import admin

from .models import Match, Protest, Team, TeamArbiter, TeamEvent, TeamPlayer


class TeamArbiterInline(admin.TabularInline):
    model = TeamArbiter
    extra = 0
    raw_id_fields = ["member"]


class TeamPlayerInline(admin.TabularInline):
    model = TeamPlayer
    extra = 0
    raw_id_fields = ["member"]
    readonly_fields = ["event"]


@admin.register(TeamEvent)
class TeamEventAdmin(admin.ModelAdmin):
    list_display = ["name", "discipline", "system", "boards", "scoring", "status", "organiser"]
    list_filter = ["status", "system", "scoring"]
    search_fields = ["name"]
    raw_id_fields = ["organiser"]
    readonly_fields = ["status", "lot_seed", "finished_at"]
    inlines = [TeamArbiterInline]


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "event", "captain", "start_number", "status"]
    raw_id_fields = ["captain"]
    readonly_fields = ["start_number", "status", "left_after_round", "withdrawal", "withdrawal_reason"]
    inlines = [TeamPlayerInline]


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["__str__", "result", "home_points", "away_points", "forfeit_reason"]
    readonly_fields = ["round", "number", "home", "away", "result", "home_points", "away_points", "forfeit_reason"]


@admin.register(Protest)
class ProtestAdmin(admin.ModelAdmin):
    list_display = ["team", "event", "status", "filed_at", "ruled_by"]
    list_filter = ["status"]
    readonly_fields = [
        "event",
        "team",
        "match",
        "filed_by",
        "filed_at",
        "text",
        "status",
        "ruled_by",
        "ruled_at",
        "ruling",
    ]
