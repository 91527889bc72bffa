"""Reads of the competition engine (championships and team events), by what they read.

* ``board_arbiters``: which arbiter judges which board of a round (1.16.9);
* ``events``: lists, an event's entries, rounds, appointments, its number of rounds;
* ``inputs``: the results as plain values for the pure pairing and standings modules;
* ``results``: the one read model of published results (pages, print, API, exports);
* ``teams``: rosters, line-ups, matches and the table of a team event;
* ``visibility``: which rounds' pairings a viewer may see (a paired round: its officials only, 1.15).
"""

from .board_arbiters import round_board_arbiters
from .event_tables import crosstable_grid, crosstable_plain, scheveningen_table, stored_standings_rows
from .events import (
    appointments,
    championship_get,
    championship_list,
    championship_of_game,
    championships_listed,
    decisions_shown,
    entrant_count,
    entries,
    events_played,
    game_places,
    games_scheduled,
    is_live,
    next_game_of,
    rounds_total,
    rounds_with_boards,
)
from .inputs import pairing_players, played_rounds, playoff_states, results_plain, standings_options

__all__ = [
    "appointments",
    "championship_get",
    "decisions_shown",
    "championship_of_game",
    "championship_list",
    "championships_listed",
    "crosstable_grid",
    "crosstable_plain",
    "entrant_count",
    "entries",
    "events_played",
    "game_places",
    "games_scheduled",
    "is_live",
    "next_game_of",
    "pairing_players",
    "played_rounds",
    "playoff_states",
    "results_plain",
    "round_board_arbiters",
    "rounds_total",
    "rounds_with_boards",
    "scheveningen_table",
    "standings_options",
    "stored_standings_rows",
]
