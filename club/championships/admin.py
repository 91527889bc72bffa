"""Admin: read-mostly views of championships; every change goes through the services and pages."""

from django.contrib import admin

from .models import Appointment, Board, Championship, Decision, Entry, MatchGame, Round, Standings


class AppointmentInline(admin.TabularInline):
    model = Appointment
    extra = 0
    raw_id_fields = ["member"]


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    raw_id_fields = ["member"]
    readonly_fields = ["start_number", "rating", "status", "left_after_round", "left_reason", "struck"]


@admin.register(Championship)
class ChampionshipAdmin(admin.ModelAdmin):
    list_display = ["name", "discipline", "system", "status", "organiser", "created_at"]
    list_filter = ["status", "system", "discipline"]
    search_fields = ["name"]
    raw_id_fields = ["organiser"]
    filter_horizontal = ["invited"]
    readonly_fields = ["status", "lot_seed", "started_at", "finished_at"]
    inlines = [AppointmentInline, EntryInline]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["championship", "number", "status", "starts_at", "published_at", "closed_at"]
    list_filter = ["status"]
    readonly_fields = ["championship", "number", "status", "paired_at", "published_at", "closed_at"]


class MatchGameInline(admin.TabularInline):
    """The games of a micro-match (1.11) with their ballots (2.2.2)."""

    model = MatchGame
    extra = 0
    can_delete = False
    readonly_fields = ["number", "micro_match", "game", "board_white_has_white", "ballot"]

    def has_add_permission(self, request, obj=None):
        return False  # the games are created by the services (matches.match_game_next)


@admin.register(Board)
class BoardAdmin(admin.ModelAdmin):
    list_display = ["round", "number", "white", "black", "result", "game"]
    readonly_fields = ["round", "number", "white", "black", "game", "result", "override_reason"]
    inlines = [MatchGameInline]


@admin.register(Decision)
class DecisionAdmin(admin.ModelAdmin):
    list_display = ["championship", "at", "by", "action", "clause", "reason"]
    list_filter = ["action"]
    readonly_fields = ["championship", "by", "at", "action", "reason", "clause", "data"]


@admin.register(Standings)
class StandingsAdmin(admin.ModelAdmin):
    list_display = ["championship", "computed_at"]
    readonly_fields = ["championship", "rows", "computed_at", "results_version"]
