"""Writes of the competition engine (003 §1): championships and team events.

Every service that changes an event first takes its row lock
(``locks.championship_locked``), checks who may act (``authority``) and
records the decision (``decisions``). Refusals are the club's
(``foundation.refusals``): a refused call raises inside its transaction
and changes nothing.

* ``setup``: create an event, appoint arbiters, invite, open entries;
* ``broadcast``: the organiser's broadcast delay (how late spectators see the games);
* ``entries``: enter, withdraw an entry, Scheveningen groups, the lot;
* ``guests``: the organiser adds members and guests (players with no account), merges a guest into a member;
* ``teams``: register a team, line-ups, a team round's matches, team decisions;
* ``rounds``: pair, discard or override a draft pairing, publish; start a section played all at once;
* ``correspondence``: round deadlines, the closing date, adjudication, an event's vacation cap;
* ``results``: the game hook, the chief arbiter's result;
* ``board_results``: at the board, the players' reports and the arbiter's no-show (1.9);
* ``score_sheets``: a game at the board's score sheet typed into its record;
* ``matches``: micro-matches, ballots and knockout ties;
* ``leaving``: withdrawal, exclusion and reinstatement;
* ``absences``: a player known to miss one Swiss round (1.15.2);
* ``board_arbiters``: the chief arbiter assigns arbiters to a round's boards (1.16.9);
* ``playoffs``: a play-off for tied places (1.13.2), players or teams (1.14.6);
* ``operators``: the board operators who enter moves live at the tables;
* ``relay``: a round's relay feed (PDN) polled into its boards' records;
* ``standings``: the stored table;
* ``stages``: staged events;
* ``standing``: standing events, a new section each time enough players wait.
"""

from .absences import absence_mark
from .board_arbiters import BoardGroup, board_arbiters_assign
from .board_results import board_no_show, board_result_report
from .broadcast import broadcast_delay_set
from .correspondence import game_adjudicate, play_close_due
from .entries import entries_close, entry_create, entry_group_set, entry_withdraw
from .guests import entry_add, guest_enter, guest_merge
from .leaving import player_leave, player_reinstate
from .matches import match_result_set
from .operators import board_operator_appoint
from .playoffs import playoff_create, team_playoff_create
from .relay import relay_board_take_over, relay_poll, relay_url_set, relays_poll
from .results import board_result_record, board_result_set, round_boards_to_record, round_results_set
from .rounds import board_override, round_discard, round_pair, round_publish, section_start
from .scheduling import lateness_limit_ms, lateness_ms, seed_int
from .score_sheets import score_sheet_enter, score_sheet_take_back
from .setup import arbiter_appoint, championship_create, entries_open, invitation_add, protest_panel_set
from .stages import stage_advance, stage_link
from .standing import sections_fill
from .standings import standings_recompute
from .teams import (
    board_ineligible,
    lineup_decide,
    lineup_submit,
    team_invitation_answer,
    team_register,
    team_withdraw,
)

__all__ = [
    "absence_mark",
    "arbiter_appoint",
    "BoardGroup",
    "board_arbiters_assign",
    "board_ineligible",
    "board_no_show",
    "board_result_report",
    "score_sheet_enter",
    "relay_url_set",
    "relay_poll",
    "relays_poll",
    "relay_board_take_over",
    "score_sheet_take_back",
    "board_operator_appoint",
    "board_override",
    "board_result_record",
    "board_result_set",
    "broadcast_delay_set",
    "championship_create",
    "entries_close",
    "entries_open",
    "entry_add",
    "entry_create",
    "entry_group_set",
    "entry_withdraw",
    "guest_enter",
    "guest_merge",
    "game_adjudicate",
    "invitation_add",
    "lateness_limit_ms",
    "lateness_ms",
    "lineup_decide",
    "lineup_submit",
    "match_result_set",
    "play_close_due",
    "playoff_create",
    "player_leave",
    "player_reinstate",
    "protest_panel_set",
    "round_discard",
    "round_boards_to_record",
    "round_pair",
    "round_results_set",
    "round_publish",
    "section_start",
    "sections_fill",
    "seed_int",
    "stage_advance",
    "stage_link",
    "standings_recompute",
    "team_invitation_answer",
    "team_playoff_create",
    "team_register",
    "team_withdraw",
]
