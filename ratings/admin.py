"""Admin: ratings and their history are read-only here.

They are derived data — change a game's result (which triggers the
recompute task) or run ``manage.py ratings recompute``, never edit a rating.
"""

from django.contrib import admin

from foundation.admin import ReadOnlyAdmin
from ratings.models import Rating, RatingChange, RatingPool


@admin.register(Rating)
class RatingAdmin(ReadOnlyAdmin):
    list_display = ["member", "discipline", "speed", "rating", "games", "last_change", "last_played_at"]
    list_filter = ["discipline", "speed"]
    search_fields = ["member__username", "member__display_name"]
    list_select_related = ["member"]
    ordering = ["discipline", "speed", "-rating"]


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyAdmin):
    list_display = [
        "game",
        "member",
        "opponent",
        "discipline",
        "speed",
        "ended_at",
        "score",
        "rating_before",
        "rating_after",
    ]
    list_filter = ["discipline", "speed"]
    search_fields = ["member__username", "game__id"]
    list_select_related = ["member", "opponent"]
    date_hierarchy = "ended_at"
    raw_id_fields = ["game", "member", "opponent"]


@admin.register(RatingPool)
class RatingPoolAdmin(ReadOnlyAdmin):
    list_display = ["discipline", "speed"]
