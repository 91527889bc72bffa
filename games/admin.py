"""Admin: games, their moves, events, challenges and vacations are read-only here
(a vacation moves deadlines: members take it through games.services.vacations).

A game changes through the services only, which keep its events, its end
(game_finish) and the ratings right. A result correction is the arbiters'
action "Correct the result" (club.arbiters.admin), which asks the one
authority and records the decision like every other.
"""

from django.contrib import admin

from foundation.admin import ReadOnlyAdmin, ReadOnlyInline
from games.models import Challenge, Game, GameEvent, Move, Vacation


class MoveInline(ReadOnlyInline):
    model = Move
    fields = ["ply", "notation", "colour", "played_at", "elapsed_ms", "clock_ms", "foul"]
    readonly_fields = fields


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
