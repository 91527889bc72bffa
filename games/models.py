"""Challenges, games, moves and vacations.

The game row is the unit of locking: every write to a game (a move, an offer,
a result) holds SELECT … FOR UPDATE on it (IMMEDIATE transactions on SQLite).
A game's position is never trusted from a column alone: it is rebuilt by
replaying its moves from ``start_fen`` (see ``games.positions``);
``fen`` is a denormalised copy for listings.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from games.model_fields import TimeControlField
from games.venue import Venue

WHITE, BLACK = "white", "black"
COLOURS = [(WHITE, _("white")), (BLACK, _("black"))]

SPEEDS = [
    ("blitz", _("blitz")),
    ("rapid", _("rapid")),
    ("classical", _("classical")),
    ("correspondence", _("correspondence")),
    ("untimed", _("untimed")),
]


class Challenge(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("open")
        ACCEPTED = "accepted", _("accepted")
        DECLINED = "declined", _("declined")
        CANCELLED = "cancelled", _("cancelled")
        EXPIRED = "expired", _("expired")

    class Colour(models.TextChoices):
        WHITE = "white", _("white")
        BLACK = "black", _("black")
        RANDOM = "random", _("random")

    challenger = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="challenges_made")
    # None: an open challenge anyone (within the rating range) may accept.
    opponent = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="challenges_received"
    )
    discipline = models.CharField(max_length=32)
    opening_rule = models.CharField(max_length=16, blank=True, help_text=_("Renju opening rule."))
    # "" normal start; "random" draws a шашки-64 ballot at acceptance; else a ballot key.
    ballot = models.CharField(max_length=32, blank=True)
    start_fen = models.TextField(blank=True)  # as the rules write it (games.services.challenges)
    colour = models.CharField(max_length=8, choices=Colour.choices, default=Colour.RANDOM)
    rated = models.BooleanField(default=True)
    time_control = TimeControlField()
    foul_policy = models.CharField(max_length=12, default="reject")
    rating_min = models.PositiveIntegerField(null=True, blank=True)
    rating_max = models.PositiveIntegerField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField(db_index=True)
    game = models.OneToOneField("Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="challenge")

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "expires_at"])]

    def __str__(self):
        return f"{self.challenger} → {self.opponent or '*'} {self.discipline} {self.time_control}"


class GameQuerySet(models.QuerySet):
    def of(self, member) -> GameQuerySet:
        """The games ``member`` (a member or his id) plays, with either colour."""
        return self.filter(models.Q(white=member) | models.Q(black=member))

    def ongoing(self) -> GameQuerySet:
        """The games going on. A game never reopens, so an ongoing one has no
        ``ended_at``; saying so lets a member's ongoing games be read down his
        side's history index (player, -ended_at) even in a prepared statement's
        generic plan, which cannot use the partial deadline index."""
        return self.filter(status=Game.Status.ONGOING, ended_at__isnull=True)


class Game(models.Model):
    class Status(models.TextChoices):
        # Stored as "active", not renamed to "ongoing": the value is public — the
        # REST API and the game state's JSON answer `status: "active"` (docs/contracts.md,
        # bench/play_load.py, API clients); migration 0002_contract_status moved it from
        # "ongoing" to "active" on purpose for that contract (with the partial index
        # game_deadline_ongoing's condition). A rename is an API version change, not a
        # data migration; code says Status.ONGOING.
        ONGOING = "active", _("active")
        FINISHED = "finished", _("finished")
        ABORTED = "aborted", _("aborted")
        ANNULLED = "annulled", _("annulled")

    # Every index here is written on each move (the deadline changes, so the
    # UPDATE is never HOT): the players' look-ups use the (player, -created_at)
    # indexes below, not single-column ones.
    discipline = models.CharField(max_length=32)
    white = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="games_as_white", db_index=False
    )
    black = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="games_as_black", db_index=False
    )
    rated = models.BooleanField(default=True)
    # A game of a competition (an event's board, match or play-off game): its result
    # goes to the event (settings.GAME_FINISHED_COMPETITION_TASKS); games never knows which.
    competition = models.BooleanField(default=False)
    speed = models.CharField(max_length=16, choices=SPEEDS)
    time_control = TimeControlField(default="-")
    opening_rule = models.CharField(max_length=16, blank=True)
    ballot = models.CharField(max_length=32, blank=True)
    start_fen = models.TextField(blank=True, help_text=_("Empty: the discipline's start."))
    foul_policy = models.CharField(max_length=12, default="reject")

    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ONGOING)
    # From white's side, one of games/results.py's six ("1-0" … "+/-", "-/-"); "" while playing, aborted or annulled.
    result = models.CharField(max_length=8, blank=True)
    termination = models.CharField(max_length=40, blank=True)
    termination_clause = models.CharField(max_length=40, blank=True)

    ply = models.PositiveIntegerField(default=0, help_text=_("Moves and actions made so far."))
    fen = models.TextField(blank=True)  # a long Connect6 game outgrows any fixed size
    to_move = models.CharField(max_length=5, choices=COLOURS, default=WHITE)
    # Clock state as of turn_started_at (milliseconds left for each player).
    white_ms = models.BigIntegerField(default=0)
    black_ms = models.BigIntegerField(default=0)
    white_moves = models.PositiveIntegerField(default=0)
    black_moves = models.PositiveIntegerField(default=0)
    turn_started_at = models.DateTimeField(null=True, blank=True)
    # When the side to move's flag falls; NULL once over or untimed. Swept by games.tasks.
    deadline = models.DateTimeField(null=True, blank=True)
    # Outbox of correspondence turns: set by the write that passes the turn (the
    # move's own UPDATE, no extra query), cleared by games.events.turns_announce
    # once the turn hooks (notifications) have run: see games/events/hooks.py.
    turn_unannounced = models.BooleanField(default=False)

    # Draw offers (2.1.9.3–2.1.9.4).
    draw_offer_by = models.CharField(max_length=5, choices=COLOURS, blank=True)
    draw_offer_ply = models.PositiveIntegerField(null=True, blank=True)
    draw_barred = models.CharField(
        max_length=5,
        choices=COLOURS,
        blank=True,
        help_text=_("Declined offerer who may not offer again until the opponent has offered (2.1.9.4)."),
    )

    # PDN tags and archive.
    event = models.CharField(max_length=120, blank=True)
    site = models.CharField(max_length=120, blank=True)
    round = models.CharField(max_length=20, blank=True)
    imported_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="imported_games"
    )
    white_name = models.CharField(max_length=120, blank=True, help_text=_("Imported games: names from the record."))
    black_name = models.CharField(max_length=120, blank=True)

    # A scheduled game (a championship round, 1.6.3): no move before
    # ``starts_at``; the first mover's clock runs from it. ``lateness_ms``: the
    # allowed lateness (1.9.1); a player absent when it has passed forfeits.
    starts_at = models.DateTimeField(null=True, blank=True)
    lateness_ms = models.BigIntegerField(null=True, blank=True)
    # The competition's closing date: from then on no move and no draw offer is accepted, whether or
    # not the sweep has yet stopped the game for adjudication; a resignation or a draw agreed still stands.
    play_closes_at = models.DateTimeField(null=True, blank=True)
    # The event's move limit (renju, 003 5.2.7.2): drawn once this many moves are made.
    draw_after_moves = models.PositiveSmallIntegerField(null=True, blank=True)
    # Where it is played (games.venue decides what that lets the server do to it).
    venue = models.CharField(max_length=16, choices=Venue.choices, default=Venue.ONLINE)
    # A player is present once he has moved or checked in ("I am here").
    white_checked_in_at = models.DateTimeField(null=True, blank=True)
    black_checked_in_at = models.DateTimeField(null=True, blank=True)

    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    objects = GameQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            # The sweep: ongoing games whose flag has fallen.
            models.Index(fields=["deadline"], name="game_deadline_ongoing", condition=Q(status="active")),
            models.Index(fields=["id"], name="game_turn_unannounced", condition=Q(turn_unannounced=True)),
            models.Index(fields=["white", "-created_at"]),
            models.Index(fields=["black", "-created_at"]),
            models.Index(fields=["status", "-ended_at"]),
            # The game lists, newest first (all games, and one discipline's), and a
            # member's latest results, and his ongoing games (no ended_at yet:
            # GameQuerySet.ongoing), read down his side's history.
            models.Index(fields=["-created_at", "-id"], name="game_list_newest"),
            models.Index(fields=["discipline", "-created_at", "-id"], name="game_list_discipline"),
            models.Index(fields=["white", "-ended_at", "-id"], name="game_white_history"),
            models.Index(fields=["black", "-ended_at", "-id"], name="game_black_history"),
        ]

    def __str__(self):
        return f"#{self.pk} {self.discipline} {self.white} – {self.black} {self.result}"

    def colour_of(self, member_id: int) -> str | None:
        if member_id == self.white_id:
            return WHITE
        if member_id == self.black_id:
            return BLACK
        return None

    def member_of(self, colour: str) -> int:
        return self.white_id if colour == WHITE else self.black_id

    @property
    def is_over(self) -> bool:
        return self.status != self.Status.ONGOING

    @property
    def took_place(self) -> bool:
        """Was a move made? Such a game was played, finished or not (1.10.4): its result is
        one of play, never a forfeit sign, which is for a game that did not take place (1.12.2)."""
        return bool(self.white_moves or self.black_moves)

    def is_present(self, colour: str) -> bool:
        """Has the player of ``colour`` come to the game (moved or checked in, 1.9.1)?"""
        if colour == WHITE:
            return bool(self.white_moves or self.white_checked_in_at)
        return bool(self.black_moves or self.black_checked_in_at)


class Move(models.Model):
    """One accepted move or protocol action; ``ply`` counts from 1 without gaps."""

    # Indexed by the unique (game, ply) below.
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves", db_index=False)
    ply = models.PositiveIntegerField()
    notation = models.CharField(max_length=120)
    colour = models.CharField(max_length=5, choices=COLOURS)
    member = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    played_at = models.DateTimeField()
    elapsed_ms = models.BigIntegerField(default=0)
    clock_ms = models.BigIntegerField(default=0, help_text=_("Mover's time left after the move."))
    idempotency_key = models.CharField(max_length=64, null=True, blank=True)
    # A renju foul played under the "foul loses" policy (002 9.2).
    foul = models.CharField(max_length=20, blank=True)

    class Meta:
        ordering = ["game", "ply"]
        constraints = [
            models.UniqueConstraint(fields=["game", "ply"], name="move_unique_ply"),
            models.UniqueConstraint(fields=["game", "idempotency_key"], name="move_unique_idempotency_key"),
        ]

    def __str__(self):
        return f"{self.game_id}:{self.ply} {self.notation}"


class GameEvent(models.Model):
    """Outbox of things that happened to a game, written in the same
    transaction as the change. ``finished`` is unique per game: the proof that
    a game ended once and its follow-up work was enqueued once."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="events")
    kind = models.CharField(max_length=40)  # "repetition-claim-refused" is 24
    ply = models.PositiveIntegerField(default=0)
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # Set once the "finished" follow-up tasks are on the broker (games.events), and
    # again each time the ones not done are sent again.
    dispatched_at = models.DateTimeField(null=True, blank=True)
    # Set once every follow-up has run to its end (games.events.followups_run): until
    # then a queued message lost with the broker is sent again.
    followups_done_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["game"], condition=Q(kind="finished"), name="game_finished_once"),
        ]
        indexes = [
            models.Index(
                fields=["created_at"],
                name="game_event_undispatched",
                condition=Q(kind="finished", dispatched_at__isnull=True),
            ),
            models.Index(
                fields=["dispatched_at"],
                name="game_event_followups_open",
                condition=Q(kind="finished", dispatched_at__isnull=False, followups_done_at__isnull=True),
            ),
        ]


class FollowupDone(models.Model):
    """One follow-up of a finished game ran while another failed: the resent
    follow-up task skips it (games.events.outbox.followups_run)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="followups_done")
    task = models.CharField(max_length=100)
    done_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "task"], name="followup_done_once")]


class Vacation(models.Model):
    """A correspondence player's pause: his correspondence clocks stop inside it."""

    member = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations")
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-starts_at"]
        indexes = [models.Index(fields=["member", "ends_at"])]
        constraints = [models.CheckConstraint(condition=Q(ends_at__gt=models.F("starts_at")), name="vacation_positive")]


class ConditionalLine(models.Model):
    """A correspondence player's prepared answers (lidraughts' conditional
    premoves): after ply ``after_ply``, if the opponent plays ``moves[0]`` the
    server answers ``moves[1]``, then ``moves[2]`` → ``moves[3]``, …; a
    different reply deletes the line. One line per player and game."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="conditional_lines")
    member = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    after_ply = models.PositiveIntegerField()
    moves = models.JSONField()  # canonical notations, even length: the opponent's, mine, …
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "member"], name="conditional_line_unique")]
