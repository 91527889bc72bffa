"""Where a game is played, and what that lets the server do to it: the one place that decides.

* **online**: a live game on the site; the server keeps the clocks, takes the
  check-in, ends a flag fall, a first move that never came and a no-show.
* **at the board** (003 §1: the clocks stand on the table, the arbiter walks
  between the boards): the game exists from its round's publication and waits
  for its result. Nothing on the server ends it: no server clock, no check-in,
  no first-move period, no flag sweep, no forfeit decided by a worker; its moves
  come from the score sheet, its result from the players' reports or an arbiter.
* **by correspondence**: days per move, as online otherwise.

Every path that would act on a game by itself (the sweep's deadline, the
lateness, the check-in, the arbiter's clock and adjournment desk, the moves a
player makes, the rating eligibility) asks ``rules_of`` here, never the venue
string itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import models
from django.utils.translation import gettext_lazy as _


class Venue(models.TextChoices):
    ONLINE = "online", _("online")
    BOARD = "board", _("at the board")
    CORRESPONDENCE = "correspondence", _("by correspondence")


@dataclass(frozen=True, slots=True)
class VenueRules:
    server_clock: bool  # the server runs the clocks (flag falls, increments, the desk's clock corrections)
    first_move_period: bool  # a live game's first move off the clock, aborted if it never comes
    flag_sweep: bool  # the sweep ends the game when a deadline passes
    worker_forfeit: bool  # a worker forfeits a player absent past the allowed lateness (1.9.1, 1.9.2)
    moves_online: bool  # the players make their moves on the site, one by one
    # A result an arbiter records counts as played (rated) without the moves on the
    # server: he watched the game at the board (1.16); online he did not.
    arbiter_result_played: bool
    # A sealed move (5.3.3) is written down at the table and kept by the arbiter.
    sealed_move_on_paper: bool
    # The players report the result (it stands once both agree), and any appointed
    # arbiter records it, not only the chief: the arbiters watch the boards (1.16).
    results_reported: bool


# Online and by correspondence the server runs the game alike; the time control
# (minutes, or days per move) makes the rest of the difference.
_SERVER_RUNS_IT = VenueRules(
    server_clock=True,
    first_move_period=True,
    flag_sweep=True,
    worker_forfeit=True,
    moves_online=True,
    arbiter_result_played=False,
    sealed_move_on_paper=False,
    results_reported=False,
)

RULES = {
    Venue.ONLINE: _SERVER_RUNS_IT,
    Venue.CORRESPONDENCE: _SERVER_RUNS_IT,
    Venue.BOARD: VenueRules(
        server_clock=False,
        first_move_period=False,
        flag_sweep=False,
        worker_forfeit=False,
        moves_online=False,
        arbiter_result_played=True,
        sealed_move_on_paper=True,
        results_reported=True,
    ),
}


def rules_of(venue: str) -> VenueRules:
    """What a game played at ``venue`` allows; an unknown venue is refused (KeyError)."""
    return RULES[Venue(venue)]


def venue_rules(game) -> VenueRules:
    """What ``game`` (anything with a ``venue``) allows."""
    return rules_of(game.venue)


def default_venue(*, correspondence: bool) -> str:
    """The venue a time control implies when none is chosen: days per move are correspondence."""
    return Venue.CORRESPONDENCE if correspondence else Venue.ONLINE


def venues_where(rule: str) -> list[str]:
    """The venues whose rules have ``rule`` (a ``VenueRules`` field) set: for a query over many games."""
    return [str(venue) for venue, rules in RULES.items() if getattr(rules, rule)]
