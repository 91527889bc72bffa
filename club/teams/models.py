"""The team tables of team competitions (003 1.14): teams and their rosters,
line-ups, the matches of a round and their board games.

A team event is a championship whose entrants are teams
(``club.championships``: its rounds, appointments, decisions and standings
are the championship's); this app keeps the tables only teams have, under
their own app label. The services and the pure rules of 1.14 are the
championship engine's (``club.championships.services.teams``,
``club.championships.team_rules``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Team(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("playing")
        WITHDRAWN = "withdrawn", _("withdrawn from the event")

    class Withdrawal(models.TextChoices):
        # 1.14.5: the arbiters choose what least affects the winners' results.
        FORFEIT = "forfeit", _("its remaining matches lost")
        ANNUL = "annul", _("all its matches annulled")

    championship = models.ForeignKey("championships.Championship", on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("name"), max_length=80)
    captain = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    start_number = models.PositiveSmallIntegerField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    left_after_round = models.PositiveSmallIntegerField(null=True, blank=True)
    withdrawal = models.CharField(max_length=8, choices=Withdrawal.choices, blank=True)
    withdrawal_reason = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["start_number", "id"]
        constraints = [models.UniqueConstraint(fields=["championship", "name"], name="team_name_once")]

    def __str__(self):
        return self.name


class TeamPlayer(models.Model):
    """A place in a team's roster, in board order (1.14.2); past the event's
    ``boards`` a reserve. The member plays once he accepts the invitation
    (``accepted_at``); until then his place is only offered, and another team
    may offer him one too."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="players")
    championship = models.ForeignKey("championships.Championship", on_delete=models.CASCADE, related_name="+")
    member = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="team_places")
    order = models.PositiveSmallIntegerField()
    accepted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["team", "order"]
        constraints = [
            models.UniqueConstraint(
                fields=["championship", "member"],
                condition=models.Q(accepted_at__isnull=False),
                name="team_player_one_team",
            ),
            models.UniqueConstraint(fields=["team", "member"], name="team_player_once_in_a_team"),
            models.UniqueConstraint(fields=["team", "order"], name="team_player_order_once"),
        ]

    def __str__(self):
        return f"{self.member} #{self.order} of {self.team}"


class Lineup(models.Model):
    """The captain's line-up for a round, in board order (1.14.2): member ids."""

    championship = models.ForeignKey("championships.Championship", on_delete=models.CASCADE, related_name="lineups")
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

    round = models.ForeignKey("championships.Round", on_delete=models.CASCADE, related_name="matches")
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
