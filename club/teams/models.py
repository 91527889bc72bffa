"""Team competitions (003 1.14): the event, its arbiters, teams and their
line-ups, rounds of matches, the board games, protests and the table.

No placing maths here: ``rules.py`` is pure and takes plain values
(``selectors.results_plain``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from club.arbiters.models import WrittenProtest


class TeamEvent(models.Model):
    class Status(models.TextChoices):
        REGISTRATION = "registration", _("registration open")
        READY = "ready", _("registration closed")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("over")

    class System(models.TextChoices):
        ROUND_ROBIN = "round-robin", _("round robin")
        SWISS = "swiss", _("Swiss")

    class Scoring(models.TextChoices):
        # 1.14.6: the sum of board points; its note: 2 / 1 / 0 per match.
        MATCH_POINTS = "match-points", _("match points 2 / 1 / 0 (1.14.6, note)")
        BOARD_POINTS = "board-points", _("board points (1.14.6)")

    name = models.CharField(_("name"), max_length=120)
    organiser = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="team_events")
    discipline = models.CharField(_("discipline"), max_length=32)
    time_control = models.CharField(_("time control"), max_length=64)
    rated = models.BooleanField(_("rated"), default=True)
    boards = models.PositiveSmallIntegerField(_("boards per match"))
    reserves = models.PositiveSmallIntegerField(_("reserves per team"), default=0)
    system = models.CharField(_("system"), max_length=12, choices=System.choices, default=System.ROUND_ROBIN)
    swiss_system = models.CharField(_("Swiss system"), max_length=12, blank=True)
    rounds_planned = models.PositiveSmallIntegerField(_("rounds (Swiss)"), null=True, blank=True)
    scoring = models.CharField(_("scoring"), max_length=12, choices=Scoring.choices, default=Scoring.MATCH_POINTS)
    tie_criteria = models.JSONField(_("tie criteria (1.14.6)"), default=list, blank=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.REGISTRATION)
    lot_seed = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self):
        return self.name


class TeamArbiter(models.Model):
    """An arbiter appointed to one team event (002 §17)."""

    class Role(models.TextChoices):
        CHIEF = "chief", _("chief arbiter")
        ARBITER = "arbiter", _("arbiter")

    event = models.ForeignKey(TeamEvent, on_delete=models.CASCADE, related_name="arbiters")
    member = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    role = models.CharField(max_length=8, choices=Role.choices)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "member"], name="team_arbiter_once"),
            models.UniqueConstraint(fields=["event"], condition=Q(role="chief"), name="team_event_one_chief"),
        ]

    def __str__(self):
        return f"{self.member} ({self.role}) in {self.event}"


class Team(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("playing")
        WITHDRAWN = "withdrawn", _("withdrawn from the event")

    class Withdrawal(models.TextChoices):
        # 1.14.5: the arbiters choose what least affects the winners' results.
        FORFEIT = "forfeit", _("its remaining matches lost")
        ANNUL = "annul", _("all its matches annulled")

    event = models.ForeignKey(TeamEvent, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("name"), max_length=80)
    captain = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    start_number = models.PositiveSmallIntegerField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    left_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    withdrawal = models.CharField(max_length=8, choices=Withdrawal.choices, blank=True)
    withdrawal_reason = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["start_number", "id"]
        constraints = [models.UniqueConstraint(fields=["event", "name"], name="team_name_once")]

    def __str__(self):
        return self.name


class TeamPlayer(models.Model):
    """A player of a team's roster, in board order (1.14.2); past ``event.boards`` a reserve."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="players")
    event = models.ForeignKey(TeamEvent, on_delete=models.CASCADE, related_name="+")
    member = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="team_places")
    order = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["team", "order"]
        constraints = [
            models.UniqueConstraint(fields=["event", "member"], name="team_player_one_team"),
            models.UniqueConstraint(fields=["team", "order"], name="team_player_order_once"),
        ]

    def __str__(self):
        return f"{self.member} #{self.order} of {self.team}"


class TeamRound(models.Model):
    class Status(models.TextChoices):
        PAIRED = "paired", _("paired")
        PUBLISHED = "published", _("published")
        CLOSED = "closed", _("closed")

    event = models.ForeignKey(TeamEvent, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PAIRED)
    published_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "number"]
        constraints = [models.UniqueConstraint(fields=["event", "number"], name="team_round_once")]

    def __str__(self):
        return f"{self.event} round {self.number}"


class Lineup(models.Model):
    """The captain's line-up for a round, in board order (1.14.2): member ids."""

    event = models.ForeignKey(TeamEvent, on_delete=models.CASCADE, related_name="lineups")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="lineups")
    round_number = models.PositiveSmallIntegerField()
    members = models.JSONField(default=list)
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    submitted_at = models.DateTimeField()

    class Meta:
        ordering = ["round_number", "team"]
        constraints = [models.UniqueConstraint(fields=["team", "round_number"], name="lineup_once")]

    def __str__(self):
        return f"{self.team} round {self.round_number}"


class Match(models.Model):
    """Two teams in a round; ``home`` has white on board 1 (1.14.3); no ``away``: a bye or a rest."""

    round = models.ForeignKey(TeamRound, on_delete=models.CASCADE, related_name="matches")
    number = models.PositiveSmallIntegerField()
    home = models.ForeignKey(Team, on_delete=models.PROTECT, related_name="+")
    away = models.ForeignKey(Team, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    # games.results vocabulary from home's side, "bye", or "" (not finished / a rest).
    result = models.CharField(max_length=8, blank=True)
    home_points = models.FloatField(default=0)
    away_points = models.FloatField(default=0)
    forfeit_reason = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="team_match_once")]

    def __str__(self):
        return f"{self.home} – {self.away or '—'} ({self.round})"


class BoardGame(models.Model):
    """One board of a match; a chair may be empty (its side loses the board, 1.9.2)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="board_games")
    board = models.PositiveSmallIntegerField()
    white = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    black = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    game = models.OneToOneField(
        "games.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="team_board"
    )
    result = models.CharField(max_length=8, blank=True)
    # 1.14.4: a player on a board he had no right to: the game does not count.
    ineligible_reason = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["match", "board"]
        constraints = [models.UniqueConstraint(fields=["match", "board"], name="team_board_once")]

    def __str__(self):
        return f"{self.match} board {self.board}"


class Protest(WrittenProtest):
    """A captain's written protest (1.14.7) and the arbiter's ruling with its reasons."""

    event = models.ForeignKey(TeamEvent, on_delete=models.CASCADE, related_name="protests")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="protests")
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    filed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")

    class Meta(WrittenProtest.Meta):
        pass

    def __str__(self):
        return f"protest of {self.team}"


class TeamStandings(models.Model):
    """The computed table: a function of the results, one row per event."""

    event = models.OneToOneField(TeamEvent, on_delete=models.CASCADE, related_name="standings")
    rows = models.JSONField(default=list)
    computed_at = models.DateTimeField()

    def __str__(self):
        return f"standings of {self.event}"
