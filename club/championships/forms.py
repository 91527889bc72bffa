"""Forms of the championship pages (the organiser's and the arbiters')."""

from __future__ import annotations

import re
from decimal import Decimal

from django import forms
from django.utils.translation import gettext_lazy as _

from club.teams.models import Team
from foundation import zones
from foundation.api.params import MAX_ID
from foundation.inputs import local_datetime_field
from games import results as vocabulary
from games.disciplines import opening_rule_title
from games.forms import (
    RUSSIAN_64,
    TimeControlSelect,
    custom_time_control_field,
    discipline_choices,
    time_control_choices,
    time_control_cleaned,
)
from games.rules import ballots64, family
from games.services.start_rule import opening_rules_of
from games.venue import Venue
from members.models import Member
from ratings import standings

from .decisions import REASON_MAX
from .models import ROUNDS_MAX, Appointment, Championship
from .selectors import results

# "username 1-4", "username 5" (a dash or an en dash between the boards).
BOARD_GROUP = re.compile(r"(?P<name>\S+)\s+(?P<first>\d{1,4})(?:\s*[-–]\s*(?P<last>\d{1,4}))?")


def _opening_rule_choices():
    """Renju's opening rules, named by the rules module."""
    return [("", "—")] + [(name, opening_rule_title(name)) for name in opening_rules_of("renju")]


def _criteria_choices():
    """The tie criteria in words (their clause in the label), never their codes."""
    return [(c, f"{results.CRITERION_LABELS.get(c, c)}") for c in standings.CRITERIA]


RESULT_WORDS = {  # an arbiter's choice of result (games.results), in words
    vocabulary.WHITE_WINS: _("1 – 0: white wins"),
    vocabulary.BLACK_WINS: _("0 – 1: black wins"),
    vocabulary.DRAW: _("½ – ½: draw"),
    vocabulary.BOTH_LOST: _("0 – 0: both lose (a game played, 1.4)"),
    vocabulary.WHITE_FORFEIT_WIN: _("+ – −: white wins by forfeit"),
    vocabulary.BLACK_FORFEIT_WIN: _("− – +: black wins by forfeit"),
    vocabulary.BOTH_FORFEIT: _("− – −: both lose by forfeit"),
}


def _ballot_table_choices():
    return [(t, ballots64.table(t).name) for t in ballots64.tables()]


class ChampionshipForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    discipline = forms.ChoiceField(label=_("Discipline"), choices=discipline_choices)
    time_control = forms.ChoiceField(
        label=_("Time control"), choices=time_control_choices, initial="d3", widget=TimeControlSelect
    )
    custom_time_control = custom_time_control_field()
    venue = forms.ChoiceField(
        label=_("Played"),
        choices=[("", _("as the time control implies (days: by correspondence, minutes: online)"))] + Venue.choices,
        required=False,
        help_text=_(
            "At the board: the clocks stand on the table; the players or the arbiter report each result "
            "and the score sheets are typed in afterwards."
        ),
    )
    system = forms.ChoiceField(label=_("System"), choices=Championship.System.choices)
    # Not required: a form showing only its system's fields leaves it out for a Swiss or a knockout.
    cycles = forms.IntegerField(label=_("Cycles (round robin)"), min_value=1, max_value=4, initial=1, required=False)
    swiss_system = forms.ChoiceField(
        label=_("Swiss system"), required=False, choices=[("", "—")] + Championship.SwissSystem.choices
    )
    rounds_planned = forms.IntegerField(label=_("Rounds (Swiss)"), min_value=1, max_value=ROUNDS_MAX, required=False)
    initial_order = forms.ChoiceField(
        label=_("Initial classification (Swiss, 1.15.5.1)"),
        required=False,
        choices=[("", _("the system's own (the blind draw: by lot, 1.15.4)"))] + Championship.InitialOrder.choices,
    )
    accelerated_rounds = forms.IntegerField(
        label=_("Accelerated pairing: the first rounds (Swiss, 1.15.9; empty: none)"),
        min_value=0,
        max_value=ROUNDS_MAX,
        required=False,
    )
    accelerated_points = forms.DecimalField(
        label=_("Extra points the upper half counts in them"),
        min_value=Decimal("0.5"),
        max_value=Decimal("9.5"),
        decimal_places=1,
        initial=1,
        required=False,
    )
    rating_bands = forms.CharField(
        label=_("Pair within rating bands: their lower bounds (Swiss, 1.15.9; e.g. «2000, 1600»)"),
        max_length=60,
        required=False,
    )
    age_categories = forms.CharField(
        label=_("Age categories (1.1; e.g. «U14» or «U14, 60+»; empty: every age)"), max_length=60, required=False
    )
    scoring = forms.ChoiceField(label=_("Scoring (1.12.1)"), choices=Championship.Scoring.choices)
    rated = forms.BooleanField(label=_("Rated"), required=False, initial=True)
    opening_rule = forms.ChoiceField(label=_("Renju opening rule"), required=False, choices=_opening_rule_choices)
    foul_policy = forms.ChoiceField(
        label=_("Renju fouls"),
        required=False,
        initial="reject",
        choices=[
            ("reject", _("a foul move is refused")),
            ("foul-loses", _("a foul loses (002 9.2)")),
            ("foul-claim", _("a foul stands until white points it out (002 9.8)")),
        ],
    )
    lateness_minutes = forms.IntegerField(
        label=_("Allowed lateness, minutes (1.9.1; empty: the first control, at most an hour)"),
        min_value=0,
        max_value=60,
        required=False,
    )
    draw_after_moves = forms.IntegerField(
        label=_("Renju: drawn after this many moves (5.2.7.2; empty: no limit)"),
        min_value=1,
        max_value=1000,
        required=False,
    )
    tie_criteria = forms.MultipleChoiceField(
        label=_("Tie criteria in order (1.13.3; empty: the rules' order)"), required=False, choices=_criteria_choices
    )
    entries_open_at = local_datetime_field(required=False)
    entries_close_at = local_datetime_field(required=False)
    invitation_only = forms.BooleanField(label=_("By invitation"), required=False)
    games_per_pairing = forms.IntegerField(
        label=_("Games per pairing (micro-matches, 1.11; empty: 1, шашки-64: 2)"),
        min_value=1,
        max_value=12,
        required=False,
    )
    ballot_table = forms.ChoiceField(
        label=_("Шашки-64 ballot table (2.2.2)"), required=False, initial="idf", choices=_ballot_table_choices
    )
    tie_matches = forms.IntegerField(
        label=_("Further micro-matches after a drawn one (1.11; empty: knockout 1, else 0)"),
        min_value=0,
        max_value=10,
        required=False,
    )
    tie_time_control = forms.CharField(label=_("Then at the faster control (1.11)"), max_length=64, required=False)
    tie_break = forms.ChoiceField(
        label=_("A tie still drawn goes on to (3.6.4)"),
        required=False,
        choices=[
            ("", _("micro-matches at the faster control")),
            (
                Championship.TieBreak.LEHMANN_GEORGIEV,
                _("a Lehmann–Georgiev series: 5 min + 3 s per move until the first win"),
            ),
        ],
    )

    play_mode = forms.ChoiceField(
        label=_("Play (correspondence)"),
        choices=Championship.PlayMode.choices,
        initial=Championship.PlayMode.ROUNDS,
        required=False,  # left out (a live event's form), round by round
        help_text=_(
            "All games at once: a round robin, a Scheveningen or each knockout stage starts every game together."
        ),
    )

    def clean_rating_bands(self) -> list[int]:
        text = self.cleaned_data["rating_bands"].replace(";", ",")
        bounds = [part.strip() for part in text.split(",") if part.strip()]
        if not all(part.isdigit() for part in bounds):
            raise forms.ValidationError(_("Write the bands' lower bounds as ratings separated by commas."))
        return [int(part) for part in bounds]

    def clean_age_categories(self) -> list[str]:
        return [code.strip() for code in self.cleaned_data["age_categories"].split(",") if code.strip()]

    def clean_play_mode(self):
        return self.cleaned_data["play_mode"] or Championship.PlayMode.ROUNDS

    round_days = forms.IntegerField(
        label=_("Days for each round (correspondence Swiss)"), min_value=1, max_value=3650, required=False
    )
    closes_at = local_datetime_field(required=False)  # labelled with the reader's zone in __init__
    vacation_days_max = forms.IntegerField(
        label=_("Vacation days a player may take during the event"), min_value=0, max_value=366, required=False
    )

    section_size = forms.IntegerField(
        label=_("A standing event: start a section each time this many players wait"),
        min_value=3,
        max_value=40,
        required=False,
    )
    section_days = forms.IntegerField(label=_("Days each section lasts"), min_value=1, max_value=3650, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        zone = zones.current_label()  # a typed time is read in the zone active for the request, as named
        self.fields["entries_open_at"].label = _("Entries open (%(zone)s)") % {"zone": zone}
        self.fields["entries_close_at"].label = _("Entries close (%(zone)s)") % {"zone": zone}
        self.fields["closes_at"].label = _(
            "Closing date (correspondence; then the chief arbiter adjudicates, %(zone)s)"
        ) % {"zone": zone}

    def clean_cycles(self):
        return self.cleaned_data["cycles"] or 1

    def clean(self):
        data = super().clean()
        time_control_cleaned(self, data)
        return data

    @staticmethod
    def five_row_disciplines() -> list[str]:
        """The disciplines of renju's family, whose fields (opening rule, fouls, move limit) the page shows."""
        return [name for name, _title in discipline_choices() if name != RUSSIAN_64 and family(name) != "draughts"]

    def service_arguments(self) -> dict:
        values = dict(self.cleaned_data)
        values["time_control"] = values.pop("time_control_text")
        values.pop("time_control_value")
        del values["custom_time_control"]
        if values["discipline"] == RUSSIAN_64:
            # 2.2: шашки-64 is played in micro-matches, a ballot drawn for each from the chosen table.
            values["discipline"], values["ballot_table"] = "russian", values["ballot_table"] or "idf"
        else:
            values["ballot_table"] = ""
        values["swiss_system"] = values["swiss_system"] or ""
        values["foul_policy"] = values["foul_policy"] or "reject"
        values["tie_criteria"] = list(values["tie_criteria"])
        values["accelerated_rounds"] = values["accelerated_rounds"] or 0
        if values["accelerated_points"] is None:
            values["accelerated_points"] = 1
        return values


class AdjudicationForm(forms.Form):
    """The chief arbiter's adjudication of one of the games awaiting it (``games``: the
    desk's list, ``selectors.adjudication``); no other game can be named."""

    game_id = forms.TypedChoiceField(
        label=_("Game"),
        coerce=int,
        error_messages={"invalid_choice": _("This game does not await adjudication: pick one from the list.")},
    )
    result = forms.ChoiceField(
        label=_("Adjudication"),
        choices=[
            ("1-0", _("white wins")),
            ("0-1", _("black wins")),
            ("1/2-1/2", _("draw")),
            ("0-0", _("both lose the game played")),
            ("+/-", _("no move made: black loses by forfeit")),
            ("-/+", _("no move made: white loses by forfeit")),
            ("-/-", _("no move made: both lose by forfeit")),
        ],
    )
    reason = forms.CharField(label=_("Reason"), max_length=2000)

    def __init__(self, *args, games=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["game_id"].choices = [(w.game.pk, awaiting_label(w)) for w in games]


def awaiting_label(waiting) -> str:
    """A game awaiting adjudication as the form lists it: its round, board and players."""
    players = f"{waiting.game.white} – {waiting.game.black}"
    if waiting.round_number is None:
        return players
    return _("Round %(n)s, board %(b)s: %(players)s") % {
        "n": waiting.round_number,
        "b": waiting.board_number,
        "players": players,
    }


# A board's result as every page writes it (games.results.shown: "1/2-1/2" is ½ – ½; + – − a forfeit).
ROUND_RESULT_CHOICES = [
    ("", "—"),
    *((result, vocabulary.shown(result)) for result in ("1-0", "1/2-1/2", "0-1", "+/-", "-/+", "-/-")),
]


class RoundResultsForm(forms.Form):
    """A whole round's results: one choice per board — ``board_<n>`` — and the reason."""

    reason = forms.CharField(label=_("Reason (recorded with every result)"), max_length=300)
    records = forms.FileField(
        label=_("The round's games (PDN file, optional)"),
        required=False,
        help_text=_("Each game goes to its board by its Round tag (3.2: round 3, board 2) or its players' names."),
    )

    # The version of the results the form was read at (``selectors.versions.round_sheet_version``):
    # a submission from a version since changed is refused, so nobody overwrites results unseen.
    version = forms.CharField(widget=forms.HiddenInput, max_length=64)

    def __init__(self, *args, boards=(), version: str = "", **kwargs):
        super().__init__(*args, **kwargs)
        self.boards = list(boards)
        self.fields["version"].initial = version
        for board in self.boards:
            self.fields[f"board_{board.number}"] = forms.ChoiceField(
                label=_("Board %(n)s: %(white)s – %(black)s")
                % {"n": board.number, "white": board.white, "black": board.black},
                choices=ROUND_RESULT_CHOICES,
                required=False,
                initial=board.game.result,
            )

    def records_text(self) -> str:
        upload = self.cleaned_data.get("records")
        return upload.read().decode("utf-8", "replace") if upload else ""

    def results(self) -> dict[int, str]:
        return {board.number: self.cleaned_data[f"board_{board.number}"] for board in self.boards}


class GuestForm(forms.Form):
    """A player with no account, entered by the organiser."""

    name = forms.CharField(label=_("Guest's name"), max_length=80)
    city = forms.CharField(label=_("City"), max_length=80, required=False)
    federation_rating = forms.IntegerField(label=_("Federation rating"), required=False, min_value=0, max_value=4000)
    reason = forms.CharField(
        label=_("Reason (needed for a late entry, after the entries' closing time)"),
        max_length=REASON_MAX,
        required=False,
    )


def member_named(username: str) -> Member:
    """The member a form names by username; an unknown name is the form's error (400)."""
    member = Member.objects.filter(username=(username or "").strip()).first()
    if member is None:
        raise forms.ValidationError(_("There is no member %(name)s.") % {"name": username})
    return member


class MemberField(forms.CharField):
    """A member typed by username: cleaned to the ``Member``."""

    def __init__(self, **kwargs):
        super().__init__(max_length=150, **kwargs)

    def clean(self, value):
        return member_named(super().clean(value))


class NoInputForm(forms.Form):
    """An action that takes nothing but the press of its button (open, close, enter, pair a section)."""


class RoundForm(forms.Form):
    """An action on one round of the event: the round's number travels in a hidden field."""

    round = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=ROUNDS_MAX)


class MemberReasonForm(forms.Form):
    """An organiser's act on one member (a late entry, an invitation), with its reason if any."""

    username = MemberField(label=_("Member"))
    reason = forms.CharField(label=_("Reason"), max_length=REASON_MAX, required=False)


class GroupForm(forms.Form):
    """A Scheveningen entrant's group (1.2); empty: the lot decides."""

    username = MemberField(label=_("Player"))
    group = forms.ChoiceField(label=_("Group"), choices=[("A", "A"), ("B", "B"), ("", "—")], required=False)


class StageForm(forms.Form):
    """The next stage this event's qualifiers go on to (1.2)."""

    next_stage = forms.IntegerField(label=_("Next stage (championship number)"), min_value=1, max_value=MAX_ID)
    qualifiers = forms.IntegerField(label=_("Qualifiers"), min_value=2, max_value=MAX_ID)


class MergeGuestForm(forms.Form):
    guest = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=MAX_ID)
    username = MemberField(label=_("Member"))


class DiscardForm(RoundForm):
    reason = forms.CharField(label=_("Reason"), max_length=REASON_MAX)


class AppointForm(forms.Form):
    username = MemberField(label=_("Member"))
    role = forms.ChoiceField(label=_("Role"), choices=Appointment.Role.choices)
    # Once the entries have closed a change is the club's chief arbiter's decision, with its reason (002 §17).
    reason = forms.CharField(label=_("Reason"), max_length=REASON_MAX, required=False)


class PairForm(forms.Form):
    """A round's scheduled start, typed in the viewer's zone — the one its label names — and stored in UTC."""

    starts_at = local_datetime_field(required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["starts_at"].label = _("Scheduled start (live rounds, %(zone)s)") % {"zone": zones.current_label()}


class PublishForm(PairForm):
    """Publishing a round; the publication that starts the event is confirmed."""

    confirm_start = forms.BooleanField(
        required=False, label=_("I have checked the pairing: publish it and start the championship")
    )


class RelayFeedForm(forms.Form):
    """The address of a relay feed: the event's, or one round's (``services.relay``)."""

    url = forms.CharField(label=_("Relay feed (PDN, http:// or https://)"), max_length=500, required=False)
    round = forms.IntegerField(label=_("Round (empty: every round)"), min_value=1, max_value=99, required=False)


class NumbersField(forms.Field):
    """A posted list of ids (checked boxes): each a whole number, the empty ones skipped."""

    widget = forms.SelectMultiple

    def __init__(self, **kwargs):
        super().__init__(required=False, **kwargs)

    def to_python(self, value) -> list[int]:
        numbers = []
        for item in value or ():
            text = str(item).strip()
            if not text:
                continue
            if not text.isdigit() or int(text) > MAX_ID:
                raise forms.ValidationError(_("A whole number, please."))
            numbers.append(int(text))
        return numbers


class RoundPublishForm(RoundForm, PublishForm):
    """Publishing a paired round; a team event's arbiter ticks the players known to be away, whom
    the line-ups skip (1.14.2)."""

    absent = NumbersField()


class OverrideForm(forms.Form):
    """The chief arbiter's change of a pair (1.15): the players are picked from the event's
    entrants by name — a guest has no username anyone knows."""

    board = forms.IntegerField(label=_("Board"), min_value=1, max_value=MAX_ID)
    white = forms.ChoiceField(label=_("White"))
    black = forms.ChoiceField(label=_("Black (none: the bye)"), required=False)
    reason = forms.CharField(label=_("Reason"), max_length=300, required=False)

    def __init__(self, *args, players=(), **kwargs):
        super().__init__(*args, **kwargs)
        choices = [(p.username, str(p)) for p in players]
        self.fields["white"].choices = choices
        self.fields["black"].choices = [("", "—"), *choices]

    def clean_white(self) -> Member:
        return member_named(self.cleaned_data["white"])

    def clean_black(self) -> Member | None:
        return member_named(self.cleaned_data["black"]) if self.cleaned_data["black"] else None


class RoundOverrideForm(RoundForm, OverrideForm):
    pass


class BoardArbitersForm(forms.Form):
    """The round's arbiters by board (1.16.9): one line per arbiter, "username 1-4" or "username 5"."""

    assignments = forms.CharField(
        label=_("Arbiters by board: one line each, username and boards (e.g. «yelena 1-4»); empty: every arbiter"),
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=5000,
        required=False,
    )

    def clean_assignments(self) -> list[tuple[Member, int, int]]:
        groups = []
        for line in self.cleaned_data["assignments"].splitlines():
            if not line.strip():
                continue
            match = BOARD_GROUP.fullmatch(line.strip())
            if match is None:
                raise forms.ValidationError(_("Write each line as a username and boards, e.g. «yelena 1-4»."))
            first = int(match["first"])
            groups.append((member_named(match["name"]), first, int(match["last"] or first)))
        return groups


class RoundBoardArbitersForm(RoundForm, BoardArbitersForm):
    pass


class ResultForm(forms.Form):
    game_id = forms.IntegerField(label=_("Game"), min_value=0, max_value=MAX_ID)
    result = forms.ChoiceField(label=_("Result"), choices=[(r, RESULT_WORDS[r]) for r in vocabulary.RESULTS])
    reason = forms.CharField(label=_("Reason"), max_length=500)


class MatchResultForm(forms.Form):
    """The chief arbiter decides a knockout encounter left drawn (1.11): its board and who goes through."""

    board = forms.IntegerField(widget=forms.HiddenInput, min_value=0, max_value=MAX_ID)
    result = forms.ChoiceField(
        label=_("Decision"),
        choices=[
            (vocabulary.WHITE_WINS, _("the first-named player goes through")),
            (vocabulary.BLACK_WINS, _("the second-named player goes through")),
        ],
    )
    reason = forms.CharField(label=_("Reason (how it was decided, 1.11)"), max_length=REASON_MAX)


class AbsenceForm(forms.Form):
    username = MemberField(label=_("Player"))
    round = forms.IntegerField(label=_("Round he will miss"), min_value=1, max_value=ROUNDS_MAX)
    reason = forms.CharField(label=_("Reason"), max_length=300)


class PlayoffForm(forms.Form):
    usernames = forms.CharField(label=_("The tied players (usernames, comma-separated)"), max_length=2000)
    time_control = forms.CharField(label=_("Time control"), max_length=64, initial="600+5")
    games_per_pair = forms.IntegerField(label=_("Games per pair"), min_value=1, max_value=4, initial=2)
    reason = forms.CharField(label=_("Reason"), max_length=300)

    def clean_usernames(self) -> list[Member]:
        return [member_named(name) for name in self.cleaned_data["usernames"].split(",") if name.strip()]


class LeaveForm(forms.Form):
    username = MemberField(label=_("Player"))
    excluded = forms.BooleanField(label=_("Excluded (not withdrawn)"), required=False)
    reason = forms.CharField(label=_("Reason"), max_length=300)


class BoardActionForm(forms.Form):
    """One board's action on the boards page: a player's report, an arbiter's result or no-show."""

    ACTIONS = ("report", "decide", "absent")

    game = forms.IntegerField(min_value=1, max_value=MAX_ID)
    action = forms.ChoiceField(choices=[(a, a) for a in ACTIONS])
    result = forms.ChoiceField(
        label=_("Result"), required=False, choices=[("", "—")] + [(r, r) for r in vocabulary.PLAYED]
    )
    absent = forms.ChoiceField(
        label=_("Did not come"),
        required=False,
        choices=[("", "—"), ("white", _("white")), ("black", _("black")), ("both", _("both"))],
    )
    reason = forms.CharField(label=_("Reason"), max_length=REASON_MAX, required=False)


class ScoreSheetForm(forms.Form):
    """Moves typed from a score sheet: one, or a whole sheet "1. c3-d4 f6-e5 2. …"."""

    moves = forms.CharField(
        label=_("Moves"), required=False, max_length=20_000, widget=forms.Textarea(attrs={"rows": 4})
    )
    ply = forms.IntegerField(min_value=0, max_value=10_000, widget=forms.HiddenInput)
    take_back = forms.BooleanField(required=False, widget=forms.HiddenInput)
    reason = forms.CharField(
        label=_("Reason (only to correct the record of a finished event, 2.1.10.4)"),
        max_length=REASON_MAX,
        required=False,
    )


class ReturnForm(forms.Form):
    """Where an action sends the member back: the desk's forms say ``from=desk``, every other page
    is the championship's."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["from"] = forms.ChoiceField(choices=[("desk", "desk")], required=False)

    def to_desk(self) -> bool:
        return self.is_valid() and self.cleaned_data["from"] == "desk"


class LineupForm(forms.Form):
    """A team's line-up for a round, board by board (1.14.2); an empty board stays empty where
    the boards are fixed."""

    team_id = forms.IntegerField(min_value=1, max_value=MAX_ID)
    round = forms.IntegerField(min_value=1, max_value=ROUNDS_MAX)

    def __init__(self, *args, boards: int, **kwargs):
        super().__init__(*args, **kwargs)
        for number in range(1, boards + 1):
            self.fields[f"board{number}"] = forms.IntegerField(
                label=_("Board %(n)s") % {"n": number}, min_value=1, max_value=MAX_ID, required=False
            )


class LineupDecisionForm(LineupForm):
    reason = forms.CharField(label=_("Reason"), max_length=REASON_MAX, required=False)


class TeamPlayoffForm(forms.Form):
    team_ids = NumbersField(label=_("Teams"))
    time_control = forms.CharField(label=_("Time control"), max_length=64, required=False)
    matches_per_pair = forms.IntegerField(label=_("Matches per pair"), min_value=1, max_value=4, required=False)
    reason = forms.CharField(label=_("Reason"), max_length=REASON_MAX, required=False)


class TeamWithdrawForm(forms.Form):
    """1.14.5: a team leaves after a published round; its matches are lost or annulled."""

    team_id = forms.IntegerField(min_value=1, max_value=MAX_ID)
    after_round = forms.IntegerField(label=_("After round"), min_value=0, max_value=ROUNDS_MAX)
    treatment = forms.ChoiceField(label=_("Its matches"), choices=Team.Withdrawal.choices)
    reason = forms.CharField(label=_("Reason"), max_length=REASON_MAX, required=False)


class IneligibleForm(forms.Form):
    """1.14.4: a board's game played by a player without the right to it."""

    board_id = forms.IntegerField(min_value=1, max_value=MAX_ID)
    member_id = forms.IntegerField(min_value=1, max_value=MAX_ID)
    reason = forms.CharField(label=_("Reason"), max_length=REASON_MAX, required=False)
