"""Championships: the event, its arbiters, entries, rounds, boards, standings and decisions.

One engine for every competition: a team event (1.14) is a championship
whose entrants are teams (``entrants="teams"``); its teams, line-ups, matches
and their board games are the team tables of ``club.teams``, its rounds,
appointments, decisions and standings the ones here.

No tie-break or pairing maths here: ``pairing`` and ``ratings/standings.py``
are pure and take plain values (see ``selectors``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from games.clock import Period, TimeControl
from games.model_fields import TimeControlField
from games.venue import Venue

# 3.6.4: «5 мин. + 3 сек. на все партии до первой победы».
LEHMANN_GEORGIEV_CONTROL = TimeControl(periods=(Period(300),), increment=3)

# The most rounds an event plans: more than any Swiss needs, within TRF16's columns.
ROUNDS_MAX = 99


class Championship(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("draft")
        ENTRIES_OPEN = "entries-open", _("entries open")
        ENTRIES_CLOSED = "entries-closed", _("entries closed")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    class System(models.TextChoices):
        ROUND_ROBIN = "round-robin", _("round robin")
        SWISS = "swiss", _("Swiss")
        KNOCKOUT = "knockout", _("knockout")
        SCHEVENINGEN = "scheveningen", _("Scheveningen")

    class SwissSystem(models.TextChoices):
        BLIND = "blind", _("blind draw (1.15.4)")
        COEFFICIENTS = "coefficients", _("individual coefficients (1.15.5)")
        SOLKOFF = "solkoff", _("truncated Solkoff (1.15.6)")
        BUCHHOLZ = "buchholz", _("current Buchholz (1.15.7)")

    class TieBreak(models.TextChoices):
        NONE = "", _("none")
        LEHMANN_GEORGIEV = "lehmann-georgiev", _("Lehmann–Georgiev (3.6.4)")

    class Entrants(models.TextChoices):
        PLAYERS = "players", _("players")
        TEAMS = "teams", _("teams")

    class Scoring(models.TextChoices):
        ONE = "1-1/2-0", _("1 / ½ / 0")
        TWO = "2-1-0", _("2 / 1 / 0")
        # Team events (1.14.6): the sum of board points; its note: 2 / 1 / 0 per match.
        MATCH_POINTS = "match-points", _("match points 2 / 1 / 0 (1.14.6, note)")
        BOARD_POINTS = "board-points", _("board points (1.14.6)")

    class InitialOrder(models.TextChoices):
        RATING = "rating", _("by rating")
        LOT = "lot", _("by lot")

    class PlayMode(models.TextChoices):
        ROUNDS = "rounds", _("round by round")
        # Correspondence (ICCF Tournament Rules 0.3): every game of the section at once.
        ALL_AT_ONCE = "all-at-once", _("all games at once")

    name = models.CharField(_("name"), max_length=120)
    organiser = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="championships_organised"
    )
    discipline = models.CharField(_("discipline"), max_length=32)
    opening_rule = models.CharField(_("opening rule"), max_length=16, blank=True)
    ballot = models.CharField(
        _("ballot"), max_length=32, blank=True, help_text=_("шашки-64: 'random' draws one per game.")
    )
    time_control = TimeControlField(_("time control"))
    # Where its games are played (games.venue): online, at the board or by correspondence.
    venue = models.CharField(_("played"), max_length=16, choices=Venue.choices, default=Venue.ONLINE)
    rated = models.BooleanField(_("rated"), default=True)
    entrants = models.CharField(_("entrants"), max_length=8, choices=Entrants.choices, default=Entrants.PLAYERS)
    # Team events (1.14.1, 1.14.2): boards per match, reserves per team.
    boards = models.PositiveSmallIntegerField(_("boards per match"), null=True, blank=True)
    reserves = models.PositiveSmallIntegerField(_("reserves per team"), default=0)
    # 1.14.2, the regulations' board rules (``team_rules.BoardPolicy``): fixed boards, the boards
    # reserves may play (empty: any), whether the line-up moves up past a missing player.
    fixed_boards = models.BooleanField(_("boards fixed to the players (1.14.2)"), default=False)
    reserve_boards = models.JSONField(_("boards reserves may play (1.14.2)"), default=list, blank=True)
    lineup_moves_up = models.BooleanField(_("the line-up moves up past a missing player (1.14.2)"), default=False)
    # 1.1: a personal-team event ranks each board's players too (``selectors.board_rankings``).
    ranks_boards = models.BooleanField(_("ranks each board's players too (1.1)"), default=False)
    # 1.14.2: line-ups are due this many minutes before the round (empty: the rules' 15).
    lineup_minutes = models.PositiveSmallIntegerField(
        _("line-ups due, minutes before the round"), null=True, blank=True
    )
    scoring = models.CharField(_("scoring"), max_length=12, choices=Scoring.choices, default=Scoring.ONE)
    foul_policy = models.CharField(_("foul policy"), max_length=12, default="reject")
    # 1.9.1: from 0 to the first control's base time, at most an hour; empty: that maximum.
    lateness_minutes = models.PositiveIntegerField(_("allowed lateness (minutes)"), null=True, blank=True)
    # 5.2.7.2 / 000 9.2.7.2: the regulations' own draw condition for renju — drawn once this many
    # moves (stones) are on the board, as the correspondence world championship's 150.
    draw_after_moves = models.PositiveSmallIntegerField(_("drawn after this many moves (renju)"), null=True, blank=True)
    # Spectators see each move this many minutes after it is made (0 to 30; the organiser sets it,
    # services.broadcast): against help from outside during play. Players and officials see it at once.
    broadcast_delay = models.PositiveSmallIntegerField(_("broadcast delay (minutes)"), default=0)
    # A relay feed (services.relay): the address of every round's games as PDN, polled while a
    # round at the board is played; a round may name its own (``Round.relay_url``).
    relay_url = models.URLField(_("relay feed"), max_length=500, blank=True)
    system = models.CharField(_("system"), max_length=12, choices=System.choices, default=System.ROUND_ROBIN)
    cycles = models.PositiveSmallIntegerField(_("cycles"), default=1)
    swiss_system = models.CharField(_("Swiss system"), max_length=12, choices=SwissSystem.choices, blank=True)
    rounds_planned = models.PositiveSmallIntegerField(_("rounds (Swiss)"), null=True, blank=True)
    initial_order = models.CharField(
        _("initial classification"), max_length=8, choices=InitialOrder.choices, default=InitialOrder.RATING
    )
    # 1.15.9, the regulations' other pairing procedures (a Swiss): accelerated pairing in the first
    # rounds, the upper group counting these extra points; pairing within rating bands (lower bounds).
    accelerated_rounds = models.PositiveSmallIntegerField(_("accelerated rounds (1.15.9)"), default=0)
    accelerated_points = models.DecimalField(
        _("extra points of the upper group (1.15.9)"), max_digits=3, decimal_places=1, default=1
    )
    rating_bands = models.JSONField(_("rating bands paired apart (1.15.9)"), default=list, blank=True)
    # 1.1: the age categories the event is for ("U14", "60+"; ``age_categories``): an entry must
    # fit one; with several, each has its own standings. Empty: open to every age.
    age_categories = models.JSONField(_("age categories (1.1)"), default=list, blank=True)
    # 1.11: each pairing is a micro-match of this many games, colours alternating (шашки-64: 2, 2.2).
    games_per_pairing = models.PositiveSmallIntegerField(_("games per pairing"), default=1)
    # 2.2.2: шашки-64 draws one start per micro-match from this table ("idf", "fmjd", a loaded one).
    ballot_table = models.CharField(_("ballot table"), max_length=16, blank=True)
    # 1.11: a drawn micro-match goes on with this many further micro-matches, then at the faster control.
    tie_matches = models.PositiveSmallIntegerField(_("further micro-matches after a draw"), default=0)
    tie_time_control = TimeControlField(_("faster control for a tie"), blank=True)
    # 3.6.4: a tie still drawn after the further micro-matches is broken by a Lehmann–Georgiev
    # series (games at ``tie_time_control``, default 5 min + 3 s, on one clock budget, until a win).
    tie_break = models.CharField(
        _("tie-break series"),
        max_length=20,
        blank=True,
        choices=TieBreak.choices,
    )
    tie_criteria = models.JSONField(_("tie criteria (1.13.3, 1.14.6)"), default=list, blank=True)
    # Correspondence: a section played all at once (round robin, Scheveningen, each knockout
    # stage); a Swiss round's days to be played; the closing date, after which the chief
    # arbiter adjudicates what is unfinished; a cap on the vacation days taken during it.
    play_mode = models.CharField(_("play"), max_length=12, choices=PlayMode.choices, default=PlayMode.ROUNDS)
    round_days = models.PositiveSmallIntegerField(_("days for each round"), null=True, blank=True)
    closes_at = models.DateTimeField(_("closing date"), null=True, blank=True)
    vacation_days_max = models.PositiveSmallIntegerField(_("vacation days at most"), null=True, blank=True)
    # A standing event (correspondence): it keeps taking entries and starts a section of
    # ``section_size`` players, all games at once, each time that many are waiting.
    section_size = models.PositiveSmallIntegerField(_("players per section"), null=True, blank=True)
    section_days = models.PositiveSmallIntegerField(_("days each section lasts"), null=True, blank=True)
    standing_event = models.ForeignKey("self", null=True, blank=True, on_delete=models.PROTECT, related_name="sections")
    # Staged events (1.2): the top ``qualifiers`` of this stage's final standings enter ``next_stage``.
    next_stage = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="previous_stages"
    )
    qualifiers = models.PositiveSmallIntegerField(_("qualifiers to the next stage"), null=True, blank=True)
    entries_open_at = models.DateTimeField(_("entries open"), null=True, blank=True)
    entries_close_at = models.DateTimeField(_("entries close"), null=True, blank=True)
    invitation_only = models.BooleanField(_("by invitation"), default=False)
    invited = models.ManyToManyField(settings.AUTH_USER_MODEL, blank=True, related_name="championship_invitations")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.DRAFT)
    lot_seed = models.CharField(max_length=64, blank=True, help_text=_("The lot is reproducible from this seed."))
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self):
        return self.name

    @property
    def event_year(self) -> int:
        """The year ages are counted in (1.1): the year its entries close, else the year it was created."""
        return (self.entries_close_at or self.created_at).year

    @property
    def for_teams(self) -> bool:
        return self.entrants == self.Entrants.TEAMS

    @property
    def is_swiss(self) -> bool:
        return self.system == self.System.SWISS

    @property
    def is_knockout(self) -> bool:
        return self.system == self.System.KNOCKOUT

    @property
    def is_scheveningen(self) -> bool:
        return self.system == self.System.SCHEVENINGEN

    @property
    def seeds_by_rating(self) -> bool:
        """Whether the start numbers follow the players' ratings (else the lot's order): the organiser
        chose it, for a system that has it — 1.15.4's blind draw and a round robin number by lot."""
        return (
            (self.is_swiss and self.swiss_system != self.SwissSystem.BLIND) or self.is_knockout or self.is_scheveningen
        ) and self.initial_order == self.InitialOrder.RATING

    @property
    def all_at_once(self) -> bool:
        return self.play_mode == self.PlayMode.ALL_AT_ONCE

    @property
    def series_time_control(self) -> TimeControl:
        """A Lehmann–Georgiev series' control (3.6.4): the regulations' faster one, else 5 min + 3 s."""
        return self.tie_time_control or LEHMANN_GEORGIEV_CONTROL

    @property
    def plays_micro_matches(self) -> bool:
        """Pairings are micro-matches (1.11): several games, a ballot per match, or a knockout tie."""
        return self.games_per_pairing > 1 or bool(self.ballot_table) or self.is_knockout

    @property
    def standings_system(self) -> str:
        """The standings module's system: a knockout's or a Scheveningen's results
        count like a Swiss's (not everybody meets everybody: no full crosstable)."""
        return self.System.SWISS if self.is_knockout or self.is_scheveningen else self.system


class Appointment(models.Model):
    """An official appointed to one championship (002 §17: a club-wide role is
    not enough): an arbiter, or a member of the protest panel the organiser
    names to rule on its protests instead of its chief arbiter (003 1.3.1).
    Nobody appointed plays in the event."""

    class Role(models.TextChoices):
        CHIEF = "chief", _("chief arbiter")
        DEPUTY = "deputy", _("deputy chief arbiter")
        ARBITER = "arbiter", _("arbiter")
        PANEL = "panel", _("protest panel member")
        # Enters a game at the board's moves live at the table, for its broadcast (the chief arbiter appoints him).
        OPERATOR = "operator", _("board operator")

    championship = models.ForeignKey(Championship, on_delete=models.CASCADE, related_name="appointments")
    member = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="championship_appointments"
    )
    role = models.CharField(max_length=8, choices=Role.choices)
    appointed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    appointed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["championship", "member"], name="appointment_once"),
            models.UniqueConstraint(fields=["championship"], condition=Q(role="chief"), name="one_chief_arbiter"),
        ]

    def __str__(self):
        return f"{self.member} ({self.role}) in {self.championship}"


class Entry(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("playing")
        WITHDRAWN = "withdrawn", _("withdrawn")
        EXCLUDED = "excluded", _("excluded")

    championship = models.ForeignKey(Championship, on_delete=models.CASCADE, related_name="entries")
    member = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="championship_entries")
    start_number = models.PositiveSmallIntegerField(null=True, blank=True)
    rating = models.IntegerField(null=True, blank=True, help_text=_("The rating when entries closed."))

    class RatingSource(models.TextChoices):
        CLUB = "club", _("club rating")
        FEDERATION = "federation", _("federation rating")

    # Which rating ``rating`` is: the club's in the event's pool, else the federation's (entries.member_rating);
    # blank for an entry drawn before it was recorded, or without a rating.
    rating_source = models.CharField(max_length=10, choices=RatingSource.choices, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    # Scheveningen (1.2): the team (group) he plays for, "A" or "B"; set by the organiser or at the lot.
    group = models.CharField(_("group"), max_length=1, blank=True, choices=[("A", "A"), ("B", "B")])
    # 1.10: the last round whose results count for him; why he left.
    left_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    left_reason = models.CharField(max_length=300, blank=True)
    # 1.10.2: fewer than half his games played, his results are struck from the standings.
    struck = models.BooleanField(default=False)
    entered_at = models.DateTimeField(auto_now_add=True)
    # A standing event's entry: the section he was placed in (None: still waiting).
    section = models.ForeignKey(Championship, null=True, blank=True, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["start_number", "entered_at", "id"]
        constraints = [models.UniqueConstraint(fields=["championship", "member"], name="entry_once")]

    def __str__(self):
        return f"{self.member} in {self.championship}"


class Absence(models.Model):
    """A Swiss round a player is known in advance to miss (1.15.2): marked
    before it is paired, he is not paired in it and loses it ("−"); it is
    not a withdrawal, and nobody wins a game against him."""

    championship = models.ForeignKey(Championship, on_delete=models.CASCADE, related_name="absences")
    member = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    round_number = models.PositiveSmallIntegerField()
    reason = models.CharField(max_length=300)
    marked_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    marked_at = models.DateTimeField()

    class Meta:
        ordering = ["championship", "round_number", "id"]
        constraints = [models.UniqueConstraint(fields=["championship", "member", "round_number"], name="absence_once")]

    def __str__(self):
        return f"{self.member} absent in round {self.round_number} of {self.championship}"


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("draft")
        PAIRED = "paired", _("paired")
        PUBLISHED = "published", _("published")
        CLOSED = "closed", _("closed")

    championship = models.ForeignKey(Championship, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PAIRED)
    starts_at = models.DateTimeField(null=True, blank=True, help_text=_("Live rounds: the clocks start then (1.6.3)."))
    paired_at = models.DateTimeField(null=True, blank=True)
    published_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    # A correspondence round's end (``Championship.round_days``): then the chief arbiter
    # adjudicates its unfinished games and the next round can be paired.
    deadline = models.DateTimeField(null=True, blank=True)
    # A Swiss round's working as ``pairing.swiss_working`` gave it when the round was paired:
    # the classification its boards came from, shown with the published round,
    # never recomputed from results corrected since. Empty for the other systems.
    working = models.JSONField(null=True, blank=True)
    # This round's relay feed, before the event's (``Championship.relay_url``); the last
    # poll's refusal of the whole feed (unreachable, not PDN, too large), shown on the desk.
    relay_url = models.URLField(_("relay feed"), max_length=500, blank=True)
    relay_error = models.CharField(max_length=300, blank=True)
    relay_polled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["championship", "number"]
        constraints = [models.UniqueConstraint(fields=["championship", "number"], name="round_once")]

    def __str__(self):
        return f"{self.championship} round {self.number}"


class BoardArbiter(models.Model):
    """An arbiter the chief arbiter assigns to a group of a round's boards (003 1.16.9: «на каждую
    партию должен назначаться судья»): he judges their games (``authority``). In a team event the
    numbers are the round's matches, each with all its boards."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="board_arbiters")
    arbiter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    first_board = models.PositiveSmallIntegerField()
    last_board = models.PositiveSmallIntegerField()
    assigned_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    assigned_at = models.DateTimeField()

    class Meta:
        ordering = ["round", "first_board"]
        constraints = [
            models.CheckConstraint(
                condition=Q(first_board__gte=1, last_board__gte=models.F("first_board")), name="board_arbiter_range"
            )
        ]

    def __str__(self):
        return f"{self.arbiter} on boards {self.first_board}–{self.last_board} of {self.round}"

    def covers(self, number: int) -> bool:
        return self.first_board <= number <= self.last_board


class Board(models.Model):
    """One pair of a round: white against black, or white alone (a bye, or resting in a round robin)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField()
    white = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    black = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    game = models.OneToOneField(
        "games.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="championship_board"
    )
    # games.results vocabulary, plus "bye" (Swiss "+") and "" (no result yet, or a round-robin rest).
    result = models.CharField(max_length=8, blank=True)
    override_reason = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="board_once")]

    def __str__(self):
        return f"{self.round} board {self.number}"


class RelayBoard(models.Model):
    """A board its round's relay feed carries (``services.relay``): relaying while the feed's
    game extends the record, stalled with the reason while it does not (the feed stopped,
    broke, or sent a move the rules refuse), or taken over by hand by an arbiter, after
    which the feed no longer touches it."""

    class State(models.TextChoices):
        RELAYING = "relaying", _("relaying")
        STALLED = "stalled", _("relay stalled")
        BY_HAND = "by-hand", _("entered by hand")

    board = models.OneToOneField(Board, on_delete=models.CASCADE, related_name="relay")
    state = models.CharField(max_length=10, choices=State.choices, default=State.RELAYING)
    reason = models.CharField(max_length=300, blank=True)
    changed_at = models.DateTimeField()
    taken_over_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    def __str__(self):
        return f"{self.board}: {self.state}"


class MatchGame(models.Model):
    """One game of a board's micro-match (1.11): its order, colours and ballot (2.2.2).

    The board's result is the micro-match's (``pairing.micro_match``); the
    board's ``game`` stays its first game."""

    board = models.ForeignKey(Board, on_delete=models.CASCADE, related_name="match_games")
    game = models.OneToOneField("games.Game", on_delete=models.PROTECT, related_name="championship_match_game")
    number = models.PositiveSmallIntegerField(help_text=_("The game's order in the encounter, from 1."))
    micro_match = models.PositiveSmallIntegerField(default=1, help_text=_("1, then further micro-matches (1.11)."))
    board_white_has_white = models.BooleanField(default=True)
    ballot = models.CharField(max_length=32, blank=True)

    class Meta:
        ordering = ["board", "number"]
        constraints = [models.UniqueConstraint(fields=["board", "number"], name="match_game_once")]

    def __str__(self):
        return f"{self.board} game {self.number}"


class Playoff(models.Model):
    """A play-off for tied places (1.13.2, 1.14.6): a match, or a mini round robin, between
    exactly the players tied on points in the final standings, at its own time control.
    Its result orders those places ahead of the coefficients; a drawn one decides nothing.
    In a team event its entrants are teams, its games the boards of team matches (1.14.6)."""

    championship = models.ForeignKey(Championship, on_delete=models.CASCADE, related_name="playoffs")
    players = models.JSONField(
        help_text=_("The tied players' ids (a team event's: its teams' ids), in their order in the standings.")
    )
    time_control = TimeControlField(_("time control"))
    # A team play-off: the matches each pair of teams plays, every one over all the boards.
    games_per_pair = models.PositiveSmallIntegerField(_("games per pair"), default=2)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["championship", "id"]

    def __str__(self):
        return f"play-off of {self.championship}"


class PlayoffGame(models.Model):
    playoff = models.ForeignKey(Playoff, on_delete=models.CASCADE, related_name="games")
    game = models.OneToOneField("games.Game", on_delete=models.PROTECT, related_name="championship_playoff_game")
    number = models.PositiveSmallIntegerField()
    # A team play-off's game: its match in the play-off, its board, and the two teams
    # (home has white on board 1, 1.14.3). Empty in a players' play-off.
    match = models.PositiveSmallIntegerField(null=True, blank=True)
    board = models.PositiveSmallIntegerField(null=True, blank=True)
    home = models.ForeignKey("teams.Team", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    away = models.ForeignKey("teams.Team", null=True, blank=True, on_delete=models.PROTECT, related_name="+")

    class Meta:
        ordering = ["playoff", "number"]
        constraints = [models.UniqueConstraint(fields=["playoff", "number"], name="playoff_game_once")]

    def __str__(self):
        return f"{self.playoff} game {self.number}"


class Standings(models.Model):
    """The computed table: a function of the results, one row per championship."""

    championship = models.OneToOneField(Championship, on_delete=models.CASCADE, related_name="standings")
    rows = models.JSONField(default=list)
    computed_at = models.DateTimeField()
    results_version = models.CharField(
        max_length=64, blank=True, help_text=_("Digest of the results it was computed from.")
    )

    def __str__(self):
        return f"standings of {self.championship}"


class Decision(models.Model):
    """An arbiter's or organiser's recorded action: who, when, what, why, under which clause.

    Append-only (``decisions.decision_record``): no service or admin edits or
    deletes one, and neither the championship nor the member can be deleted
    from under it. ``by`` is empty for what the club's workers did."""

    championship = models.ForeignKey(Championship, on_delete=models.PROTECT, related_name="decisions")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    at = models.DateTimeField()
    action = models.CharField(max_length=40)
    reason = models.TextField(blank=True)
    clause = models.CharField(max_length=40, blank=True)
    data = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self):
        return f"{self.action} by {self.by} in {self.championship}"


class BoardReport(models.Model):
    """A player's report of his own board's result, at the board (``games.venue``):
    it stands once his opponent reports the same or an arbiter decides; two that
    disagree wait on the arbiter's list (``selectors.board_results``). One per
    player and game, replaced by his next report while the game waits."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="board_reports")
    member = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    result = models.CharField(max_length=8)
    reported_at = models.DateTimeField()

    class Meta:
        ordering = ["game", "reported_at", "id"]
        constraints = [models.UniqueConstraint(fields=["game", "member"], name="board_report_once")]

    def __str__(self):
        return f"{self.member} reports {self.result} in game {self.game_id}"
