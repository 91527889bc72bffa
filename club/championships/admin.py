"""Admin: championships and team events are read-only here; every change goes
through the services (pages, API), which check who may act and record the decision."""

from django.contrib import admin

from foundation.admin import ReadOnlyAdmin, ReadOnlyInline

from .models import Appointment, Board, Championship, Decision, Entry, MatchGame, Round, Standings


class AppointmentInline(ReadOnlyInline):
    model = Appointment
    fields = ["member", "role"]
    readonly_fields = fields


class EntryInline(ReadOnlyInline):
    model = Entry
    fk_name = "championship"
    fields = ["member", "start_number", "rating", "status", "left_after_round", "left_reason", "struck"]
    readonly_fields = fields


@admin.register(Championship)
class ChampionshipAdmin(ReadOnlyAdmin):
    list_display = ["name", "entrants", "discipline", "system", "status", "organiser", "created_at"]
    list_filter = ["status", "entrants", "system", "discipline"]
    search_fields = ["name"]
    inlines = [AppointmentInline, EntryInline]


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ["championship", "number", "status", "starts_at", "published_at", "closed_at"]
    list_filter = ["status"]


class MatchGameInline(ReadOnlyInline):
    """The games of a micro-match (1.11) with their ballots (2.2.2)."""

    model = MatchGame
    fields = ["number", "micro_match", "game", "board_white_has_white", "ballot"]
    readonly_fields = fields


@admin.register(Board)
class BoardAdmin(ReadOnlyAdmin):
    list_display = ["round", "number", "white", "black", "result", "game"]
    inlines = [MatchGameInline]


@admin.register(Decision)
class DecisionAdmin(ReadOnlyAdmin):
    list_display = ["championship", "at", "by", "action", "clause", "reason"]
    list_filter = ["action"]


@admin.register(Standings)
class StandingsAdmin(ReadOnlyAdmin):
    list_display = ["championship", "computed_at"]
