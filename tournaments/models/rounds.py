"""How an event is seated.

- round: one sitting of an event, in which every present player sits at a table or has a bye;
- table: the players of one session of the event's game in a round (the game's table sizes);
- seat: a player's place at a table, 0 upwards clockwise (at most ``MAX_SEATS``);
- substitution: a player who took over a seat mid-session (``tournaments.rounds.substitutes``);
- bye: a player who sits out a round because the players do not fill the tables.
"""

import secrets

from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Player
from tournaments.models.events import Event

MAX_SEATS = 16  # the most seats any game's table may have (positions 0..15)


class Round(models.Model):
    class Status(models.TextChoices):
        PLANNED = "planned", _("planned")
        PLAYING = "playing", _("playing")
        CLOSED = "closed", _("closed")

    event = models.ForeignKey(
        Event,
        verbose_name=_("event"),
        on_delete=models.CASCADE,
        related_name="rounds",
    )
    number = models.PositiveSmallIntegerField(_("number"))
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default="playing")
    # How the seating was made, and its quality report (repeats, worst pair, lower bound).
    seating_method = models.CharField(_("seating method"), max_length=20, default="manual")
    seed = models.BigIntegerField(verbose_name=_("seating seed"), default=0)
    quality = models.JSONField(verbose_name=_("seating quality"), default=dict, blank=True)
    # Bonko: when the King's table rang the bell that ends the round for every table, and who.
    bell_rung_at = models.DateTimeField(_("bell rung at"), null=True, blank=True)
    bell_rung_by = models.ForeignKey(
        "auth.User",
        verbose_name=_("bell rung by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    # The round's timer on the room's screen (``tournaments.rounds.timer``): its length, when it
    # last started (empty while paused or reset), and the seconds it ran before that.
    timer_minutes = models.PositiveSmallIntegerField(_("timer minutes"), default=0)
    timer_started_at = models.DateTimeField(_("timer started at"), null=True, blank=True)
    timer_elapsed_seconds = models.PositiveIntegerField(_("timer seconds run"), default=0)

    class Meta:
        ordering = ["event_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_once"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="round_number_positive"),
        ]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")

    def __str__(self) -> str:
        return f"{self.event.name} – round {self.number}"


def new_scoring_token() -> str:
    return secrets.token_urlsafe(18)


class Table(models.Model):
    round = models.ForeignKey(
        Round,
        verbose_name=_("round"),
        on_delete=models.CASCADE,
        related_name="tables",
    )
    number = models.PositiveSmallIntegerField(_("number"))
    # The table's own scoring link: whoever holds it may enter this table's results (only
    # this table's, only until the round closes), without an account.
    scoring_token = models.CharField(
        verbose_name=_("scoring link"),
        max_length=32,
        unique=True,
        default=new_scoring_token,
    )
    # When the round closed before this table finished: what its session counts as
    # (``tournaments.rounds.lifecycle``); empty for a table that finished or still plays.
    unfinished = models.CharField(
        _("unfinished table"),
        max_length=12,
        blank=True,
        default="",
        choices=[
            ("partial", _("counted as played so far")),
            ("not_played", _("not played")),
            ("paper", _("totals from the paper sheet")),
        ],
    )

    class Meta:
        ordering = ["round_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_once"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="table_number_positive"),
        ]
        verbose_name = _("table")
        verbose_name_plural = _("tables")

    def __str__(self) -> str:
        return f"round {self.round.number}, table {self.number}"


class Seat(models.Model):
    """A player at a table. ``round`` repeats the table's round so the database itself can
    forbid seating one player twice in a round."""

    table = models.ForeignKey(
        Table,
        verbose_name=_("table"),
        on_delete=models.CASCADE,
        related_name="seats",
    )
    round = models.ForeignKey(
        Round,
        verbose_name=_("round"),
        on_delete=models.CASCADE,
        related_name="seats",
    )
    player = models.ForeignKey(
        Player,
        verbose_name=_("player"),
        on_delete=models.PROTECT,
        related_name="seats",
    )
    position = models.PositiveSmallIntegerField(_("seat"))

    class Meta:
        ordering = ["table_id", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_position_once"),
            models.UniqueConstraint(fields=["round", "player"], name="seat_player_once_per_round"),
            # Each game allows its own table sizes (tournaments.rounds.tables checks the event's
            # game); no game seats more than this many.
            models.CheckConstraint(
                condition=models.Q(position__gte=0, position__lt=MAX_SEATS),
                name="seat_position_range",
            ),
        ]
        verbose_name = _("seat")
        verbose_name_plural = _("seats")

    def __str__(self) -> str:
        return f"{self.player} on seat {self.position} of {self.table}"


class Substitution(models.Model):
    """A player who takes over a seat during a session (the seated player left): from part
    ``from_part`` (1 = the first game, round or hand) on, ``player`` plays that seat. The
    seat's positions, and so the game's rotation, stay as they are."""

    table = models.ForeignKey(
        Table,
        verbose_name=_("table"),
        on_delete=models.PROTECT,
        related_name="substitutions",
    )
    position = models.PositiveSmallIntegerField(verbose_name=_("seat"))
    player = models.ForeignKey(
        Player,
        verbose_name=_("player"),
        on_delete=models.PROTECT,
        related_name="substitutions",
    )
    from_part = models.PositiveSmallIntegerField(verbose_name=_("from part"))
    reason = models.CharField(verbose_name=_("reason"), max_length=200, blank=True)
    created_by = models.ForeignKey(
        "auth.User",
        verbose_name=_("created by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
    )
    created_at = models.DateTimeField(verbose_name=_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["table_id", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="one_substitute_per_seat"),
            models.CheckConstraint(
                condition=models.Q(from_part__gte=1), name="substitute_from_a_part"
            ),
        ]
        verbose_name = _("substitution")
        verbose_name_plural = _("substitutions")

    def __str__(self) -> str:
        return f"{self.table}, seat {self.position + 1}: substitute from part {self.from_part}"


class Bye(models.Model):
    round = models.ForeignKey(
        Round,
        verbose_name=_("round"),
        on_delete=models.CASCADE,
        related_name="byes",
    )
    player = models.ForeignKey(
        Player,
        verbose_name=_("player"),
        on_delete=models.PROTECT,
        related_name="byes",
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="bye_once_per_round"),
        ]
        verbose_name = _("bye")
        verbose_name_plural = _("byes")

    def __str__(self) -> str:
        return f"{self.player} sits out {self.round}"
