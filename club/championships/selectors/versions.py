"""What an event's results are computed from, as digests.

``table_source``: the inputs of its table (results, entrants, options): the
worker stores the table with this digest, so a replay writes nothing and a
page can use the stored table while it still matches.

``results_version``: everything the results pages show, the table's inputs
and the rest (names, officials, rounds, rating changes, games in progress
with their moves): the key of their cache (``results.results``). A few
small queries, never the computation itself.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable

from django.db.models import Count, Max

from games.models import Game
from ratings import standings
from ratings.models import RatingChange

from ..models import Appointment, Board, Championship, Entry, Round
from . import inputs
from . import teams as team_selectors


def digest(*values) -> str:
    return hashlib.sha256(json.dumps(values, sort_keys=True, default=str).encode()).hexdigest()


def table_source(championship: Championship) -> tuple[str, Callable[[], list[dict]]]:
    """The digest of what the event's table is computed from, and the
    computation (``ratings.standings.table``, or ``team_rules.table`` for teams)."""
    if championship.for_teams:
        plain = inputs.results_plain(championship)
        options = team_selectors.table_options(championship)
        playoff = inputs.playoff_orders(championship)
        return digest(plain, options, playoff), lambda: team_selectors.standings_compute(championship)
    players, rounds = inputs.results_plain(championship)
    options = inputs.standings_options(championship)
    return digest(players, rounds, options), lambda: json.loads(
        json.dumps(standings.table(players, rounds, **options), default=str)
    )


def results_version(championship: Championship) -> tuple[str, Callable[[], list[dict]]]:
    """The digest of everything the results pages show, and the table's computation (``table_source``)."""
    table_digest, compute = table_source(championship)
    fields = [getattr(championship, f.attname) for f in Championship._meta.concrete_fields]
    entrants = Entry.objects.filter(championship=championship).values_list(
        "member_id", "start_number", "status", "rating", "rating_source", "member__display_name", "member__username"
    )
    officials = Appointment.objects.filter(championship=championship).values_list(
        "member_id", "role", "member__display_name"
    )
    rounds = Round.objects.filter(championship=championship).values_list(
        "number", "status", "starts_at", "published_at"
    )
    changes = RatingChange.objects.filter(game__championship_board__round__championship=championship).aggregate(
        Max("pk"), Count("pk")
    )
    in_progress = Board.objects.filter(
        round__championship=championship, result="", game__status=Game.Status.ONGOING
    ).values_list("game_id", "game__ply")
    return (
        digest(
            table_digest,
            fields,
            sorted(entrants),
            sorted(officials),
            sorted(rounds),
            changes,
            sorted(in_progress),
        ),
        compute,
    )


def round_sheet_version(boards) -> str:
    """The version of a round's results as the whole-round form shows them: each board's
    game and its result. The form carries it; a submission made from another version
    is refused (``services.round_results_set``), so the second of two arbiters who
    opened the form together never silently overwrites the first."""
    return digest([[b.number, b.game_id, b.game.status, b.game.result] for b in boards])[:16]
