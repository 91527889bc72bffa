"""Admin: the team tables are read-only here; every change goes through the
competition engine's services (club.championships)."""

from django.contrib import admin

from foundation.admin import ReadOnlyAdmin, ReadOnlyInline

from .models import BoardGame, Match, Team, TeamPlayer


class TeamPlayerInline(ReadOnlyInline):
    model = TeamPlayer
    fields = ["order", "member"]
    readonly_fields = fields


@admin.register(Team)
class TeamAdmin(ReadOnlyAdmin):
    list_display = ["name", "championship", "captain", "start_number", "status"]
    inlines = [TeamPlayerInline]


class BoardGameInline(ReadOnlyInline):
    model = BoardGame
    fields = ["board", "white", "black", "game", "result", "ineligible_reason"]
    readonly_fields = fields


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin):
    list_display = ["__str__", "result", "home_points", "away_points", "forfeit_reason"]
    inlines = [BoardGameInline]
