"""The stored ratings: a pool per club and game, each player's rating in it, the sessions it
has rated and every player's history (derived; written by the services of ``ratings`` only).

The tables are named after this app (``ratings_ratingpool``, ...; until migration 0003 they
kept the names they had when these models were part of ``tournaments``).
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player
from games.registry import DEFAULT_GAME

ORDER_KEY_LENGTH = 64


class RatingPool(models.Model):
    """A club's rating pool for one game and what of it has been applied.

    A club has one pool per game it rates (``game``, a code of ``games.registry``): a Bonken
    rating says nothing about Jonkler, so each game's sessions rate only each other.

    ``config`` overrides fields of ``ranking.arithmetic.ratings.RatingConfig``; ``applied_config``
    is the configuration the stored ratings were computed with (a difference means a rebuild). The
    applied sessions are its ``RatedSession`` rows; the counters and the last applied session let
    the reconcile job spot a pool that is behind without reading its history. ``dirty_from`` is the
    play-order key from which the pool must be replayed (empty: none).
    """

    club = models.ForeignKey(
        Club,
        verbose_name=_("club"),
        on_delete=models.CASCADE,
        related_name="rating_pools",
    )
    game = models.CharField(_("game"), max_length=20, default=DEFAULT_GAME)
    config = models.JSONField(_("rating configuration"), default=dict, blank=True)
    applied_config = models.JSONField(
        verbose_name=_("configuration applied"),
        null=True,
        blank=True,
    )
    sessions_applied = models.PositiveIntegerField(verbose_name=_("sessions applied"), default=0)
    revisions_applied = models.PositiveBigIntegerField(
        verbose_name=_("revisions applied"),
        default=0,
    )
    last_order_key = models.CharField(
        verbose_name=_("last order key"),
        max_length=ORDER_KEY_LENGTH,
        blank=True,
        default="",
    )
    last_session_id = models.BigIntegerField(verbose_name=_("last session"), null=True, blank=True)
    last_played_on = models.DateField(verbose_name=_("last played on"), null=True, blank=True)
    dirty_from = models.CharField(
        verbose_name=_("replay from"),
        max_length=ORDER_KEY_LENGTH,
        blank=True,
        default="",
    )
    updated_at = models.DateTimeField(verbose_name=_("updated at"), null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "game"], name="rating_pool_per_game"),
        ]
        verbose_name = _("rating pool")
        verbose_name_plural = _("rating pools")

    def __str__(self) -> str:
        return f"{self.game} ratings of club {self.club_id} ({self.sessions_applied} sessions)"


class PlayerRating(models.Model):
    """A player's current rating in a pool: after their latest applied session."""

    pool = models.ForeignKey(
        RatingPool,
        verbose_name=_("rating pool"),
        on_delete=models.CASCADE,
        related_name="ratings",
    )
    player = models.ForeignKey(
        Player,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="ratings",
    )
    # Double precision: a rebuild must reproduce these bit for bit.
    mu = models.FloatField(verbose_name=_("mu"))
    sigma = models.FloatField(verbose_name=_("sigma"))
    ordinal = models.FloatField(_("rating"))
    sessions_played = models.PositiveIntegerField(verbose_name=_("sessions played"), default=0)
    provisional = models.BooleanField(_("provisional"), default=True)
    last_played_on = models.DateField(verbose_name=_("last played on"), null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["pool", "player"], name="rating_once_per_pool"),
        ]
        indexes = [models.Index(fields=["pool", "-ordinal"], name="rating_pool_ordinal")]
        verbose_name = _("player rating")
        verbose_name_plural = _("player ratings")

    def __str__(self) -> str:
        return f"{self.player_id}: {self.ordinal:.0f}"


class RatedSession(models.Model):
    """A session the pool has rated: which revision, and where it stood in the play order.

    ``order_key`` is the session's play-order key when it was rated
    (``ranking.ratings.order``) and ``position`` its place among the pool's rated
    sessions (1, 2, ...). A session whose key or revision has moved on since is rated again.
    ``session`` is deliberately not a database constraint: a deleted session leaves its row
    behind until the next update notices and replays the pool from where it stood.
    """

    # No database constraints on the bulk tables: deferred foreign-key checks of half a
    # million rows cost seconds at commit. Only the rating services write these rows, from
    # ids they have just read; deleting a pool or a player still cascades (in the ORM).
    pool = models.ForeignKey(
        RatingPool,
        verbose_name=_("rating pool"),
        on_delete=models.CASCADE,
        related_name="rated_sessions",
        db_index=False,
        db_constraint=False,
    )
    session = models.ForeignKey(
        "games.Session",
        verbose_name=_("session"),
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        db_index=False,
        related_name="+",
    )
    revision = models.PositiveIntegerField(verbose_name=_("revision"))
    order_key = models.CharField(verbose_name=_("order key"), max_length=ORDER_KEY_LENGTH)
    position = models.PositiveIntegerField(verbose_name=_("seat"))
    played_on = models.DateField(verbose_name=_("played on"))

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["pool", "session"], name="rated_session_once"),
            models.UniqueConstraint(fields=["pool", "position"], name="rated_session_position"),
        ]
        verbose_name = _("rated session")
        verbose_name_plural = _("rated sessions")

    def __str__(self) -> str:
        return f"session {self.session_id} at {self.position}"


class RatingHistory(models.Model):
    """What one rated session did to one player's rating (one row per seat).

    ``position`` is the session's place in the pool's play order (see ``RatedSession``), so
    "everything from this session on" is an integer range of the one index.
    """

    # No database constraints, for the reason given at RatedSession.
    pool = models.ForeignKey(
        RatingPool,
        verbose_name=_("rating pool"),
        on_delete=models.CASCADE,
        related_name="history",
        db_index=False,
        db_constraint=False,
    )
    session = models.ForeignKey(
        "games.Session",
        verbose_name=_("session"),
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        db_index=False,
        related_name="+",
    )
    position = models.PositiveIntegerField(verbose_name=_("seat"))
    player = models.ForeignKey(
        Player,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="rating_history",
        db_index=False,
        db_constraint=False,
    )
    seat = models.PositiveSmallIntegerField(verbose_name=_("seat"))
    played_on = models.DateField(verbose_name=_("played on"))
    total = models.IntegerField(verbose_name=_("total"))
    place = models.PositiveSmallIntegerField(verbose_name=_("place"))
    actual_placement = models.FloatField(verbose_name=_("placement"))
    expected_placement = models.FloatField(verbose_name=_("expected placement"))
    mu_before = models.FloatField(verbose_name=_("mu before"))
    sigma_before = models.FloatField(verbose_name=_("sigma before"))
    ordinal_before = models.FloatField(verbose_name=_("rating before"))
    mu_after = models.FloatField(verbose_name=_("mu after"))
    sigma_after = models.FloatField(verbose_name=_("sigma after"))
    ordinal_after = models.FloatField(verbose_name=_("rating after"))
    sessions_played = models.PositiveIntegerField(verbose_name=_("sessions played"))
    provisional = models.BooleanField(verbose_name=_("provisional"))

    class Meta:
        # One index besides the key, in the order a replay writes the rows: a replay streams
        # hundreds of thousands of rows, and every other index would be written in random
        # order. A player's rows are found through the seats of their sessions
        # (``ranking.ratings.store.loading.player_history``); the rating services write each
        # (session, player) once.
        indexes = [models.Index(fields=["pool", "position"], name="rating_history_position")]
        verbose_name = _("rating history")
        verbose_name_plural = _("rating history")

    def __str__(self) -> str:
        return f"session {self.session_id}, player {self.player_id}"
