"""Events and how they are seated.

- event: a club night or a tournament of one club, played over a planned number of rounds;
- round: one sitting of an event, in which every present player sits at a table or has a bye;
- table: the players of one session of the event's game in a round (the game's table sizes);
- seat: a player's place at a table, 0 upwards clockwise (at most ``MAX_SEATS``);
- bye: a player who sits out a round because the players do not fill the tables;
- entry and event scorer: the players of an event and who may enter its results
  (``models_entries``); a team for the night (``models_teams``); a club's house ruleset
  (``models_house_rules``);
- standing: an event's derived ranking, recomputed by a Celery task, never typed in
  (``models_standings``).
"""

import secrets

from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player
from core.names import NameField
from games.registry import DEFAULT_GAME
from tournaments.counted import COMPLETE, STANDINGS_COUNT_CHOICES
from tournaments.standings_rules import (
    ByeCreditKind,
    default_points_per_place,
    event_order,
    validate_points_per_place,
    validate_standings_order,
)

MAX_SEATS = 16  # the most seats any game's table may have (positions 0..15)


def new_door_token() -> str:
    return secrets.token_urlsafe(18)


class Event(models.Model):
    class Kind(models.TextChoices):
        CLUB_NIGHT = "club_night", _("club night")
        TOURNAMENT = "tournament", _("tournament")

    class Status(models.TextChoices):
        DRAFT = "draft", _("draft")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    club = models.ForeignKey(
        Club,
        verbose_name=_("club"),
        on_delete=models.CASCADE,
        related_name="events",
    )
    name = NameField(_("name"), max_length=160, label=_("The event's name"))
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices, default=Kind.CLUB_NIGHT)
    date = models.DateField(_("date"))
    # The game the event plays (a code of ``games.registry``) and its ruleset (one of its).
    game = models.CharField(_("game"), max_length=20, default=DEFAULT_GAME)
    ruleset = models.CharField(_("ruleset"), max_length=40, default="classic")
    planned_rounds = models.PositiveSmallIntegerField(_("planned rounds"), default=1)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default="draft")
    published = models.BooleanField(_("published"), default=False)
    seating_method = models.CharField(_("seating method"), max_length=20, default="balanced")
    created_at = models.DateTimeField(verbose_name=_("created at"), auto_now_add=True)
    # Bumped whenever a result of the event changes; standings remember which they computed.
    results_version = models.PositiveIntegerField(verbose_name=_("results version"), default=0)
    # How the standings rank players and credit byes (tournaments.standings_rules); an empty
    # tie-break order is the game's own (``event_order``).
    standings_order = models.JSONField(
        _("tie-break order"),
        default=list,
        blank=True,
        validators=[validate_standings_order],
    )
    points_per_place = models.JSONField(
        _("points per table place"),
        default=default_points_per_place,
        validators=[validate_points_per_place],
    )
    bye_credit = models.CharField(
        _("bye credit"), max_length=16, choices=ByeCreditKind.choices, default=ByeCreditKind.NONE
    )
    bye_points = models.FloatField(_("points for a bye"), default=0)
    bye_placement_points = models.FloatField(_("placement points for a bye"), default=0)
    # Whose result a seat's session is when a substitute finished it (tournaments.substitutes).
    substitute_counts = models.CharField(
        _("a substitute's seat counts for"),
        max_length=12,
        default="starter",
        choices=[
            ("starter", _("the player who started the session")),
            ("most_parts", _("whoever played most of the session")),
        ],
    )
    # The event's door link (``/door/<token>/``, a QR code on the room's screen and the door
    # sign): players check themselves in there (``tournaments.door``). Renewing it ends the
    # old link. ``door_sign_in``: only signed-in players may check in at the door.
    door_token = models.CharField(
        verbose_name=_("door link"),
        max_length=32,
        unique=True,
        default=new_door_token,
    )
    door_sign_in = models.BooleanField(_("sign-in required at the door"), default=False)
    standings_count = models.CharField(
        _("standings count"), max_length=10, default=COMPLETE, choices=STANDINGS_COUNT_CHOICES
    )  # tournaments.counted

    class Meta:
        ordering = ["-date", "-id"]
        verbose_name = _("event")
        verbose_name_plural = _("events")

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"

    @property
    def ranked_by(self) -> list[str]:
        """The tie-break order the standings use: the event's own, or its game's."""
        return list(event_order(self))


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
    # The round's timer on the room's screen (``tournaments.round_timer``): its length, when it
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
    # (``tournaments.round_lifecycle``); empty for a table that finished or still plays.
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
            # Each game allows its own table sizes (tournaments.tables checks the event's game);
            # no game seats more than this many.
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


from tournaments.models_entries import EventPlayer, EventScorer  # noqa: E402
from tournaments.models_house_rules import HouseRuleset  # noqa: E402
from tournaments.models_standings import Standing, StandingsComputation  # noqa: E402
from tournaments.models_teams import EventTeam  # noqa: E402

__all__ = [
    "MAX_SEATS",
    "Bye",
    "Event",
    "EventPlayer",
    "EventScorer",
    "EventTeam",
    "HouseRuleset",
    "Round",
    "Seat",
    "Standing",
    "StandingsComputation",
    "Table",
    "new_door_token",
    "new_scoring_token",
]
