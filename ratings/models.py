"""Club ratings: one rating per (member, discipline, speed class) and its history.

A *pool* is a (discipline, speed class) pair; ratings in different pools never
influence each other. ``RatingChange`` is the history — one row per (game,
player), unique, which is what makes applying a game idempotent — and
``Rating`` is the current standing, always equal to the member's last
``RatingChange`` in the pool (or absent before the first rated game).
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

#: The rated speed classes (games.models.SPEEDS also has "untimed": those games are not rated).
SPEEDS = ("correspondence", "classical", "rapid", "blitz")


class RatingPool(models.Model):
    """A (discipline, speed) pool. Its row is the lock: every write to the
    pool's ratings and history runs holding SELECT … FOR UPDATE on it, so
    games of one pool are applied one at a time and in the order they ended."""

    discipline = models.CharField(_("discipline"), max_length=40)
    speed = models.CharField(_("speed class"), max_length=20)

    class Meta:
        verbose_name = _("rating pool")
        verbose_name_plural = _("rating pools")
        ordering = ["discipline", "speed"]
        constraints = [
            models.UniqueConstraint(fields=["discipline", "speed"], name="ratings_pool_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.discipline} / {self.speed}"


class Rating(models.Model):
    """A member's current club rating in one pool."""

    # Like the history (below), the current ratings are derived from the games and
    # rebuilt from them; their two keys' checks, one per row and each locking the
    # member's and the game's row, were a third of a full rebuild of 1 M games on
    # PostgreSQL, so the database does not check them; the ORM still cascades.
    # The member's index would repeat the unique (member, discipline, speed).
    member = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="ratings",
        verbose_name=_("member"),
        db_constraint=False,
        db_index=False,
    )
    discipline = models.CharField(_("discipline"), max_length=40)
    speed = models.CharField(_("speed class"), max_length=20)
    rating = models.FloatField(_("rating"))
    games = models.PositiveIntegerField(_("rated games"), default=0)
    last_change = models.FloatField(_("last change"), default=0.0)
    last_game = models.ForeignKey(
        "games.Game",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("last game"),
        db_constraint=False,
    )
    last_played_at = models.DateTimeField(_("last rated game ended"), null=True, blank=True)

    class Meta:
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        ordering = ["discipline", "speed", "-rating"]
        constraints = [
            models.UniqueConstraint(fields=["member", "discipline", "speed"], name="ratings_rating_unique"),
        ]
        indexes = [models.Index(fields=["discipline", "speed", "-rating"], name="ratings_list_idx")]

    def __str__(self) -> str:
        return f"{self.member} {self.discipline}/{self.speed}: {self.rating:.0f}"


class RatingChange(models.Model):
    """What one rated game did to one player's rating (the rating history).

    Unique per (game, member): a replayed or duplicated task cannot add a
    second change. ``ended_at`` is the game's end, copied so that a pool's
    history can be read in end order from one index.
    """

    # The history is derived from the games: its member and opponent are the game's
    # players, who cannot be deleted while the game stands (Game.white/black PROTECT),
    # and the game's key cascades. So only the game's key is checked by the database:
    # the two member keys' checks, one per row, went: they were a large share of a full
    # rebuild's bulk load on PostgreSQL (bench/club_scale.py, its runs in bench/results/). The game's and
    # the member's own indexes would repeat the unique (game, member) and the
    # member's history index.
    game = models.ForeignKey(
        "games.Game",
        on_delete=models.CASCADE,
        related_name="rating_changes",
        verbose_name=_("game"),
        db_index=False,
    )
    member = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="rating_changes",
        verbose_name=_("member"),
        db_constraint=False,
        db_index=False,
    )
    opponent = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.DO_NOTHING,  # the member's own rows go with him; these are other members' rows
        related_name="+",
        verbose_name=_("opponent"),
        db_constraint=False,
        db_index=False,
    )
    discipline = models.CharField(_("discipline"), max_length=40)
    speed = models.CharField(_("speed class"), max_length=20)
    ended_at = models.DateTimeField(_("game ended"))
    colour = models.CharField(_("colour"), max_length=5, choices=[("white", _("white")), ("black", _("black"))])
    score = models.FloatField(_("score"))
    expected = models.FloatField(_("expected score"))
    k = models.FloatField(_("K factor"))
    rating_before = models.FloatField(_("rating before"))
    rating_after = models.FloatField(_("rating after"))
    opponent_rating = models.FloatField(_("opponent's rating before"))
    games = models.PositiveIntegerField(_("rated games after this one"))

    class Meta:
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        ordering = ["ended_at", "game_id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "member"], name="ratings_change_once_per_game_player"),
        ]
        indexes = [
            models.Index(fields=["discipline", "speed", "ended_at", "game"], name="ratings_pool_order_idx"),
            models.Index(fields=["member", "discipline", "speed", "ended_at"], name="ratings_member_hist_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.member} game {self.game_id}: {self.delta:+.1f}"

    @property
    def delta(self) -> float:
        return self.rating_after - self.rating_before
