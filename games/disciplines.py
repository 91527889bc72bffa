"""Discipline names in the reader's language, through the games catalogue.

The rules module is pure (no Django) and names each discipline in English
(``title_en``); these marks put those names into games/locale, where the
Russian ones live like every other string of the site.
tests/games/test_discipline_titles.py checks that the list covers every
discipline of the rules module with its ``title_en`` as the msgid and that the
Russian catalogue gives its ``title_ru``.
"""

from django.utils.translation import gettext, gettext_noop

RUSSIAN_64 = "russian-64"  # Russian draughts from a шашки-64 ballot (003 §2.2), chosen at challenge time

TITLES = {
    "russian": gettext_noop("Russian draughts"),
    RUSSIAN_64: gettext_noop("Shashki-64 (ballot)"),
    "international": gettext_noop("International draughts"),
    "giveaway": gettext_noop("Giveaway draughts"),
    "renju": gettext_noop("Renju"),
    "gomoku": gettext_noop("Gomoku (free)"),
    "gomoku-standard": gettext_noop("Gomoku (standard)"),
    "renju-free": gettext_noop("Free renju"),
    "gomoku-19": gettext_noop("Gomoku (free, 19×19)"),
    "gomoku-standard-19": gettext_noop("Gomoku (standard, 19×19)"),
    "gomoku-infinite": gettext_noop("Five in a row on the infinite field"),
    "connect6": gettext_noop("Connect6"),
}


OPENING_RULES = {  # games.rules.renju.RULES, in the reader's language
    "none": gettext_noop("no opening rule"),
    "rif": gettext_noop("RIF opening rule (1996)"),
    "yamaguchi": gettext_noop("Yamaguchi opening rule"),
    "soosorv8": gettext_noop("Soosõrv-8 opening rule"),
    "taraguchi10": gettext_noop("Taraguchi-10 opening rule"),
    "swap2": gettext_noop("Swap2 opening rule"),  # also gomoku's (games.rules.fiverow.SWAP2)
}

FOUL_POLICIES = {  # Game.foul_policy (002 9.2): what happens to a black stone on a forbidden point
    "reject": gettext_noop("a forbidden stone is refused"),
    "foul-loses": gettext_noop("a forbidden stone loses the game"),
    "foul-claim": gettext_noop("a forbidden stone loses if white points it out (002 9.8)"),
}


def opening_rule_title(rule: str) -> str:
    title = OPENING_RULES.get(rule)
    return gettext(title) if title else rule


def foul_policy_title(policy: str) -> str:
    title = FOUL_POLICIES.get(policy)
    return gettext(title) if title else policy


def discipline_title(name: str) -> str:
    """The discipline's name in the active language; an unknown name as it is."""
    title = TITLES.get(name)
    return gettext(title) if title else name
