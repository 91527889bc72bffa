"""The start rule of a game: how it begins and how it is timed, checked in one place.

A challenge, a championship and a team event each choose a discipline, a time
control, an opening rule (renju 002 §11–12; Swap2 for gomoku), a шашки-64
ballot (003 2.2.2) and a foul policy (002 9.2). ``start_rule_check`` refuses
what the rules do not allow, saying why (``Invalid``), and returns the
``StartRule`` value its caller stores and hands on to ``game_create``: the
time control parsed once.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext as _

from games import clock
from games.positions import FOUL_POLICIES
from games.pure_words import worded
from games.rules import ballots64, family, variant

from .errors import Invalid

DEFAULT_FOUL_POLICY = "reject"


@dataclass(frozen=True, slots=True)
class StartRule:
    discipline: str
    time_control: clock.TimeControl
    opening_rule: str = ""
    ballot: str = ""
    foul_policy: str = DEFAULT_FOUL_POLICY
    # 5.2.7.2: the regulations' own draw condition for renju, drawn once this many moves are made.
    draw_after_moves: int | None = None

    @property
    def family(self) -> str:
        """ "draughts" or "renju" (the five-in-a-row family), as the rules module says."""
        return family(self.discipline)

    def game_fields(self) -> dict:
        """The keywords ``game_create`` takes for this rule."""
        return {
            "discipline": self.discipline,
            "time_control": self.time_control,
            "opening_rule": self.opening_rule,
            "ballot": self.ballot,
            "foul_policy": self.foul_policy,
            "draw_after_moves": self.draw_after_moves,
        }


def opening_rules_of(discipline: str) -> tuple[str, ...]:
    """The opening rules a game of ``discipline`` may be played under (renju's; Swap2 for gomoku)."""
    rules = tuple(getattr(variant(discipline), "opening_rules", ()))
    return rules if len(rules) > 1 else ()


def has_fouls(discipline: str) -> bool:
    """Only renju forbids points to black (002 9.2); its relatives have no fouls."""
    return hasattr(variant(discipline), "fouls")


def time_control_check(given: clock.TimeControl | str, discipline: str, *, clocked: bool = False) -> clock.TimeControl:
    """The control ``given`` — a member's text, read here where it enters, or a form's value
    already read — within what the club offers for ``discipline`` (``clock.check_allowed``);
    ``clocked``: an untimed game is refused (a championship's games need a clock)."""
    try:
        tc = given if isinstance(given, clock.TimeControl) else clock.TimeControl.parse(given)
        clock.check_allowed(tc, discipline)
    except clock.BadTimeControl as error:
        raise Invalid("bad-time-control", worded(error)) from None
    if clocked and not tc.timed:
        raise Invalid("bad-time-control", _("A championship game needs a clock: a live control or days per move."))
    return tc


def start_rule_check(
    *,
    discipline: str,
    time_control: clock.TimeControl | str,
    opening_rule: str = "",
    ballot: str = "",
    foul_policy: str = DEFAULT_FOUL_POLICY,
    clocked: bool = False,
) -> StartRule:
    """The start rule, or ``Invalid`` naming what the rules refuse.

    Renju without an opening rule named plays with none ("none"); a ballot is
    "random" (drawn when the game starts) or a key of a loaded table."""
    try:
        variant(discipline)
    except KeyError:
        raise Invalid("unknown-discipline", _("Unknown discipline %(d)s.") % {"d": discipline}) from None
    tc = time_control_check(time_control, discipline, clocked=clocked)
    if foul_policy not in FOUL_POLICIES:
        raise Invalid(
            "bad-foul-policy",
            _("The foul policy is one of %(p)s (002 9.2).") % {"p": ", ".join(FOUL_POLICIES)},
        )
    if foul_policy != DEFAULT_FOUL_POLICY and not has_fouls(discipline):
        raise Invalid("bad-foul-policy", _("Only renju has fouls."))
    rules = opening_rules_of(discipline)
    if discipline == "renju":
        opening_rule = opening_rule or "none"
    if opening_rule and opening_rule not in rules:
        if not rules:
            raise Invalid("bad-opening-rule", _("Only renju and gomoku have opening rules."))
        raise Invalid(
            "bad-opening-rule",
            _("Opening rules of %(d)s: %(r)s.") % {"d": discipline, "r": ", ".join(rules)},
        )
    if ballot and discipline != "russian":
        raise Invalid("bad-ballot", _("Ballots (шашки-64, 003 2.2.2) are drawn for Russian draughts only."))
    if ballot and ballot != "random" and ballot not in ballots64.keys():  # noqa: SIM118 (a function of the ballots module)
        raise Invalid(
            "bad-ballot",
            _("Unknown ballot %(b)s: give 'random' or a key <table>:<cell>, e.g. idf:2-III (tables: %(t)s).")
            % {"b": ballot, "t": ", ".join(ballots64.tables())},
        )
    return StartRule(
        discipline=discipline, time_control=tc, opening_rule=opening_rule, ballot=ballot, foul_policy=foul_policy
    )
