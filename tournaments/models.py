"""Events and how they are seated.

- event: a club night or a tournament of one club, played over a planned number of rounds;
- round: one sitting of an event, in which every present player sits at a table or has a bye;
- table: four players playing one Bonken session in a round;
- seat: a player's place at a table, 0..3 clockwise;
- bye: a player who sits out a round because the player count is not a multiple of four;
- standing: an event's derived ranking, recomputed by a Celery task, never typed in;
- rating pool: a club's players rated against each other, one complete session at a time in
  the order they were played (see ``tournaments.ratings_db.order``); player rating and rating
  history are derived from it by a Celery task, never typed in.
"""

import secrets

from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player
from tournaments.standings_rules import (
    ByeCreditKind,
    PointsField,
    default_points_per_place,
    default_standings_order,
    validate_points_per_place,
    validate_standings_order,
)

MAX_SEATS = 16  # the most seats any game's table may have (positions 0..15)


class Event(models.Model):
    class Kind(models.TextChoices):
        CLUB_NIGHT = "club_night", _("club night")
        TOURNAMENT = "tournament", _("tournament")

    class Status(models.TextChoices):
        DRAFT = "draft", _("draft")
        RUNNING = "running", _("running")
        FINISHED = "finished", _("finished")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="events")
    name = models.CharField(_("name"), max_length=160)
    kind = models.CharField(_("kind"), max_length=16, choices=Kind.choices, default=Kind.CLUB_NIGHT)
    date = models.DateField(_("date"))
    # The game the event plays (a code of ``games.registry``) and its ruleset (a code of that
    # game's rulesets).
    game = models.CharField(_("game"), max_length=20, default="bonken")
    ruleset = models.CharField(_("ruleset"), max_length=40, default="classic")
    planned_rounds = models.PositiveSmallIntegerField(_("planned rounds"), default=1)
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default="draft")
    published = models.BooleanField(_("published"), default=False)
    seating_method = models.CharField(_("seating method"), max_length=20, default="balanced")
    created_at = models.DateTimeField(auto_now_add=True)
    # Bumped whenever a result of the event changes; standings remember which they computed.
    results_version = models.PositiveIntegerField(default=0)
    # How the standings rank players and credit byes (tournaments.standings_rules).
    standings_order = models.JSONField(
        _("tie-break order"), default=default_standings_order,
        validators=[validate_standings_order],
    )
    points_per_place = models.JSONField(
        _("points per table place"), default=default_points_per_place,
        validators=[validate_points_per_place],
    )
    bye_credit = models.CharField(
        _("bye credit"), max_length=16, choices=ByeCreditKind.choices, default=ByeCreditKind.NONE
    )
    bye_points = models.FloatField(_("points for a bye"), default=0)
    bye_placement_points = models.FloatField(_("placement points for a bye"), default=0)
    # Whose result a seat's session is when a substitute finished it (tournaments.substitutes).
    substitute_counts = models.CharField(
        _("a substitute's seat counts for"), max_length=12, default="starter",
        choices=[("starter", _("the player who started the session")),
                 ("most_parts", _("whoever played most of the session"))],
    )

    class Meta:
        ordering = ["-date", "-id"]
        verbose_name = _("event")
        verbose_name_plural = _("events")

    def __str__(self) -> str:
        return f"{self.name} ({self.date})"


class HouseRuleset(models.Model):
    """A club's own rules for a game: the game's ruleset data (``Game.ruleset_from_dict``
    reads and checks it), named ``code`` and numbered by ``version``. Never changed in place: a
    change is a new version, so an event that played under one keeps it. An event names it as
    ``code@version`` (``Event.ruleset``)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="house_rulesets")
    game = models.CharField(_("game"), max_length=20)
    code = models.SlugField(_("code"), max_length=30)
    version = models.PositiveIntegerField(_("version"))
    name = models.CharField(_("name"), max_length=100)
    name_nl = models.CharField(_("Dutch name"), max_length=100)
    data = models.JSONField(_("rules"))
    created_by = models.ForeignKey("auth.User", null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["club_id", "game", "code", "-version"]
        constraints = [models.UniqueConstraint(fields=["club", "game", "code", "version"],
                                               name="house_ruleset_version_once")]
        verbose_name = _("house ruleset")
        verbose_name_plural = _("house rulesets")

    def __str__(self) -> str:
        return f"{self.name} ({self.label})"

    @property
    def label(self) -> str:
        return f"{self.code}@{self.version}"


class EventPlayer(models.Model):
    """A player registered for an event; ``present`` means checked in and to be seated."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="entries")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="entries")
    present = models.BooleanField(_("present"), default=True)

    class Meta:
        ordering = ["event_id", "player__name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="entry_once_per_event"),
        ]

    def __str__(self) -> str:
        return f"{self.player} @ {self.event}"


class EventScorer(models.Model):
    """A player who may enter results for this one event (a scorer for the night)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="scorers")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="scoring_events")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="event_scorer_once"),
        ]

    def __str__(self) -> str:
        return f"{self.player} scores {self.event}"


class Round(models.Model):
    class Status(models.TextChoices):
        PLANNED = "planned", _("planned")
        PLAYING = "playing", _("playing")
        CLOSED = "closed", _("closed")

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("number"))
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default="playing")
    # How the seating was made, and its quality report (repeats, worst pair, lower bound).
    seating_method = models.CharField(_("seating method"), max_length=20, default="manual")
    seed = models.BigIntegerField(default=0)
    quality = models.JSONField(default=dict, blank=True)
    # Bonko: when the King's table rang the bell that ends the round for every table, and who.
    bell_rung_at = models.DateTimeField(_("bell rung at"), null=True, blank=True)
    bell_rung_by = models.ForeignKey("auth.User", null=True, blank=True,
                                     on_delete=models.SET_NULL, related_name="+")
    # The round's timer on the room's screen (``tournaments.round_timer``): how long the round
    # is meant to last, when the running timer last started (empty while paused or reset), and
    # the seconds it ran before that.
    timer_minutes = models.PositiveSmallIntegerField(_("timer minutes"), default=0)
    timer_started_at = models.DateTimeField(_("timer started at"), null=True, blank=True)
    timer_elapsed_seconds = models.PositiveIntegerField(_("timer seconds run"), default=0)

    class Meta:
        ordering = ["event_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["event", "number"], name="round_number_once"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self) -> str:
        return f"{self.event.name} – round {self.number}"


def new_scoring_token() -> str:
    return secrets.token_urlsafe(18)


class Table(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("number"))
    # The table's own scoring link: whoever holds it may enter this table's results (only
    # this table's, only until the round closes), without an account.
    scoring_token = models.CharField(max_length=32, unique=True, default=new_scoring_token)
    # When the round closed before this table finished: what its session counts as
    # (``tournaments.round_lifecycle``); empty for a table that finished or still plays.
    unfinished = models.CharField(
        _("unfinished table"), max_length=12, blank=True, default="",
        choices=[("partial", _("counted as played so far")), ("not_played", _("not played")),
                 ("paper", _("totals from the paper sheet"))],
    )

    class Meta:
        ordering = ["round_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="table_number_once"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="table_number_positive"),
        ]

    def __str__(self) -> str:
        return f"round {self.round.number}, table {self.number}"


class Seat(models.Model):
    """A player at a table. ``round`` repeats the table's round so the database itself can
    forbid seating one player twice in a round."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
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

    def __str__(self) -> str:
        return f"{self.player} on seat {self.position} of {self.table}"


class Substitution(models.Model):
    """A player who takes over a seat during a session (the seated player left): from part
    ``from_part`` (1 = the first game, round or hand) on, ``player`` plays that seat. The
    seat's positions, and so the game's rotation, stay as they are."""

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="substitutions")
    position = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="substitutions")
    from_part = models.PositiveSmallIntegerField()
    reason = models.CharField(max_length=200, blank=True)
    created_by = models.ForeignKey("auth.User", null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table_id", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="one_substitute_per_seat"),
            models.CheckConstraint(condition=models.Q(from_part__gte=1),
                                   name="substitute_from_a_part"),
        ]

    def __str__(self) -> str:
        return f"{self.table}, seat {self.position + 1}: substitute from part {self.from_part}"


class Bye(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="byes")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="bye_once_per_round"),
        ]

    def __str__(self) -> str:
        return f"{self.player} sits out {self.round}"


class Standing(models.Model):
    """One player's line in an event's standings (derived)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="standings")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="standings")
    rank = models.PositiveIntegerField()
    tied = models.BooleanField(default=False)
    # Session totals plus bye credit (whole unless a credited average is not).
    total = PointsField(default=0)
    sessions = models.PositiveIntegerField(default=0)
    table_wins = models.PositiveIntegerField(default=0)
    # Counts of 1st, 2nd, 3rd and 4th table places.
    placements = models.JSONField(default=list)
    byes = models.PositiveIntegerField(default=0)
    placement_points = PointsField(default=0)
    # Only computed for players still tied when head-to-head is applied.
    head_to_head = models.FloatField(null=True, blank=True)
    # Mean rating of the opponents faced, as their ratings stood before the event.
    avg_opponent_rating = models.FloatField(null=True, blank=True)
    # The game's own per-seat figures summed (Bonko: wins, bonkos, and losses).
    stats = models.JSONField(default=dict, blank=True)

    class Meta:
        ordering = ["event_id", "rank", "player__name"]
        constraints = [
            models.UniqueConstraint(fields=["event", "player"], name="standing_once_per_player"),
        ]

    def __str__(self) -> str:
        return f"{self.rank}. {self.player} ({self.total})"


class StandingsComputation(models.Model):
    """When an event's standings were last computed, and from which results version."""

    event = models.OneToOneField(Event, on_delete=models.CASCADE, related_name="computation")
    results_version = models.PositiveIntegerField(default=0)
    computed_at = models.DateTimeField()

    def __str__(self) -> str:
        return f"standings of {self.event} at version {self.results_version}"


# --- Ratings (derived; written by tournaments.ratings_db only) -------------------------------

ORDER_KEY_LENGTH = 64


class RatingPool(models.Model):
    """A club's rating pool for one game and what of it has been applied.

    A club has one pool per game it rates (``game``, a code of ``games.registry``): a Bonken
    rating says nothing about Jonkler, so each game's sessions rate only each other.

    ``config`` overrides fields of ``tournaments.ratings.RatingConfig``; ``applied_config`` is
    the configuration the stored ratings were computed with (a difference means a rebuild).
    The applied sessions are its ``RatedSession`` rows; the counters and the last applied
    session let the reconcile job spot a pool that is behind without reading its history.
    ``dirty_from`` is the play-order key from which the pool must be replayed (empty: none).
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="rating_pools")
    game = models.CharField(_("game"), max_length=20, default="bonken")
    config = models.JSONField(_("rating configuration"), default=dict, blank=True)
    applied_config = models.JSONField(null=True, blank=True)
    sessions_applied = models.PositiveIntegerField(default=0)
    revisions_applied = models.PositiveBigIntegerField(default=0)
    last_order_key = models.CharField(max_length=ORDER_KEY_LENGTH, blank=True, default="")
    last_session_id = models.BigIntegerField(null=True, blank=True)
    last_played_on = models.DateField(null=True, blank=True)
    dirty_from = models.CharField(max_length=ORDER_KEY_LENGTH, blank=True, default="")
    updated_at = models.DateTimeField(null=True, blank=True)

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

    pool = models.ForeignKey(RatingPool, on_delete=models.CASCADE, related_name="ratings")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    # Double precision: a rebuild must reproduce these bit for bit.
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField(_("rating"))
    sessions_played = models.PositiveIntegerField(default=0)
    provisional = models.BooleanField(_("provisional"), default=True)
    last_played_on = models.DateField(null=True, blank=True)

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
    (``tournaments.ratings_db.order``) and ``position`` its place among the pool's rated
    sessions (1, 2, ...). A session whose key or revision has moved on since is rated again.
    ``session`` is deliberately not a database constraint: a deleted session leaves its row
    behind until the next update notices and replays the pool from where it stood.
    """

    # No database constraints on the bulk tables: deferred foreign-key checks of half a
    # million rows cost seconds at commit. Only the rating services write these rows, from
    # ids they have just read; deleting a pool or a player still cascades (in the ORM).
    pool = models.ForeignKey(
        RatingPool, on_delete=models.CASCADE, related_name="rated_sessions", db_index=False,
        db_constraint=False,
    )
    session = models.ForeignKey(
        "games.Session", on_delete=models.DO_NOTHING, db_constraint=False, db_index=False,
        related_name="+",
    )
    revision = models.PositiveIntegerField()
    order_key = models.CharField(max_length=ORDER_KEY_LENGTH)
    position = models.PositiveIntegerField()
    played_on = models.DateField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["pool", "session"], name="rated_session_once"),
            models.UniqueConstraint(fields=["pool", "position"], name="rated_session_position"),
        ]

    def __str__(self) -> str:
        return f"session {self.session_id} at {self.position}"


class RatingHistory(models.Model):
    """What one rated session did to one player's rating (one row per seat).

    ``position`` is the session's place in the pool's play order (see ``RatedSession``), so
    a player's history in order and "everything from this session on" are integer ranges.
    """

    # No database constraints, for the reason given at RatedSession.
    pool = models.ForeignKey(
        RatingPool, on_delete=models.CASCADE, related_name="history", db_index=False,
        db_constraint=False,
    )
    session = models.ForeignKey(
        "games.Session", on_delete=models.DO_NOTHING, db_constraint=False, db_index=False,
        related_name="+",
    )
    position = models.PositiveIntegerField()
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="rating_history", db_index=False,
        db_constraint=False,
    )
    seat = models.PositiveSmallIntegerField()
    played_on = models.DateField()
    total = models.IntegerField()
    place = models.PositiveSmallIntegerField()
    actual_placement = models.FloatField()
    expected_placement = models.FloatField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    ordinal_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    ordinal_after = models.FloatField()
    sessions_played = models.PositiveIntegerField()
    provisional = models.BooleanField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["pool", "session", "player"], name="rating_history_once"
            ),
        ]
        indexes = [
            models.Index(fields=["pool", "player", "position"], name="rating_history_player"),
        ]
        verbose_name = _("rating history")
        verbose_name_plural = _("rating history")

    def __str__(self) -> str:
        return f"session {self.session_id}, player {self.player_id}"


from tournaments.models_teams import EventTeam  # noqa: E402  (Django finds the model here)

__all__ = [
    "MAX_SEATS", "ORDER_KEY_LENGTH", "Bye", "Event", "EventPlayer", "EventScorer", "EventTeam",
    "HouseRuleset", "PlayerRating", "RatedSession", "RatingHistory", "RatingPool", "Round",
    "Seat", "Standing", "StandingsComputation", "Table", "new_scoring_token",
]
