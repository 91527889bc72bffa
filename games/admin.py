from django.contrib import admin

from games.models import Challenge, Game, GameEvent, Move, Vacation


class MoveInline(admin.TabularInline):
    model = Move
    extra = 0
    can_delete = False
    fields = ["ply", "notation", "colour", "played_at", "elapsed_ms", "clock_ms", "foul"]
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False  # moves are made through the services only


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["id", "discipline", "white", "black", "time_control", "status", "result", "termination", "ply",
                    "deadline", "ended_at"]
    list_filter = ["status", "discipline", "speed", "rated"]
    search_fields = ["white__username", "black__username", "event", "white_name", "black_name"]
    raw_id_fields = ["white", "black", "imported_by"]
    readonly_fields = ["ply", "fen", "to_move", "white_ms", "black_ms", "white_moves", "black_moves",
                       "turn_started_at", "deadline", "created_at", "started_at", "ended_at"]
    inlines = [MoveInline]


@admin.register(Challenge)
class ChallengeAdmin(admin.ModelAdmin):
    list_display = ["id", "challenger", "opponent", "discipline", "time_control", "status", "expires_at"]
    list_filter = ["status", "discipline"]
    raw_id_fields = ["challenger", "opponent", "game"]


@admin.register(Vacation)
class VacationAdmin(admin.ModelAdmin):
    list_display = ["member", "starts_at", "ends_at"]
    raw_id_fields = ["member"]


@admin.register(GameEvent)
class GameEventAdmin(admin.ModelAdmin):
    list_display = ["game", "kind", "ply", "created_at"]
    list_filter = ["kind"]
    raw_id_fields = ["game"]
