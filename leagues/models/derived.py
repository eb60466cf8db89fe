"""What a league computes from its member clubs' sessions (written by ``leagues.computing``
only).

Every computation that changes anything is a new ``LeagueVersion``, numbered, with its reason
(new results, a correction, a club that left, a consent withdrawn, a night unmarked, ...); the
standings, ratings and rating history are kept for the newest version only, the versions
themselves for good. A seat of a player without a league number is kept in the history with
no ``league_player`` (they played, and their opponents' ratings moved by it), and shown by
their club only.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from leagues.models.league import League, LeagueSeason
from leagues.models.players import LeaguePlayer


class LeagueVersion(models.Model):
    league = models.ForeignKey(
        League, verbose_name=_("league"), on_delete=models.CASCADE, related_name="versions"
    )
    number = models.PositiveIntegerField(_("version"))
    reason = models.CharField(_("reason"), max_length=30)
    detail = models.CharField(_("detail"), max_length=200, blank=True, default="")
    computed_at = models.DateTimeField(verbose_name=_("computed at"))
    sessions = models.PositiveIntegerField(_("sessions"), default=0)
    nights = models.PositiveIntegerField(_("nights"), default=0)
    # What the version was computed from: {"sessions": {id: revision}, "key": digest}.
    inputs = models.JSONField(_("inputs"), default=dict)

    class Meta:
        ordering = ["league_id", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["league", "number"], name="league_version_once"),
        ]
        verbose_name = _("league version")
        verbose_name_plural = _("league versions")

    def __str__(self) -> str:
        return f"{self.league_id} v{self.number} ({self.reason})"


class LeagueStanding(models.Model):
    version = models.ForeignKey(
        LeagueVersion, verbose_name=_("version"), on_delete=models.CASCADE, related_name="+"
    )
    season = models.ForeignKey(
        LeagueSeason, verbose_name=_("season"), on_delete=models.CASCADE, related_name="lines"
    )
    league_player = models.ForeignKey(
        LeaguePlayer, verbose_name=_("league player"), on_delete=models.CASCADE, related_name="+"
    )
    rank = models.PositiveIntegerField(_("rank"), null=True, blank=True)
    tied = models.BooleanField(_("tied"), default=False)
    line = models.PositiveIntegerField(_("line"))
    nights = models.PositiveIntegerField(_("nights"))
    sessions = models.PositiveIntegerField(_("sessions"))
    total = models.IntegerField(_("total"))
    average = models.FloatField(_("average"), null=True)
    best_nights_total = models.IntegerField(_("best nights"))
    placement_points = models.FloatField(_("placement points"))
    table_wins = models.PositiveIntegerField(_("table wins"))

    class Meta:
        ordering = ["season_id", "line"]
        verbose_name = _("league standing")
        verbose_name_plural = _("league standings")

    def __str__(self) -> str:
        return f"{self.season_id}: {self.league_player_id} #{self.rank}"


class LeagueRating(models.Model):
    league = models.ForeignKey(
        League, verbose_name=_("league"), on_delete=models.CASCADE, related_name="ratings"
    )
    version = models.ForeignKey(
        LeagueVersion, verbose_name=_("version"), on_delete=models.CASCADE, related_name="+"
    )
    league_player = models.ForeignKey(
        LeaguePlayer, verbose_name=_("league player"), on_delete=models.CASCADE, related_name="+"
    )
    mu = models.FloatField(verbose_name=_("mu"))
    sigma = models.FloatField(verbose_name=_("sigma"))
    ordinal = models.FloatField(_("rating"))
    sessions_played = models.PositiveIntegerField(verbose_name=_("sessions played"))
    provisional = models.BooleanField(_("provisional"))
    last_played_on = models.DateField(verbose_name=_("last played on"), null=True)

    class Meta:
        ordering = ["league_id", "-ordinal"]
        verbose_name = _("league rating")
        verbose_name_plural = _("league ratings")

    def __str__(self) -> str:
        return f"{self.league_player_id}: {self.ordinal:.0f}"


class LeagueRatingEntry(models.Model):
    """What one session did to one seat's league rating (one row per seat, in play order)."""

    league = models.ForeignKey(
        League, verbose_name=_("league"), on_delete=models.CASCADE, related_name="history"
    )
    version = models.ForeignKey(
        LeagueVersion, verbose_name=_("version"), on_delete=models.CASCADE, related_name="+"
    )
    session = models.ForeignKey(
        "games.Session",
        verbose_name=_("session"),
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        related_name="+",
    )
    event = models.ForeignKey(
        "tournaments.Event",
        verbose_name=_("event"),
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        related_name="+",
    )
    # The club whose night it was (a seat without a league number is shown by it only).
    club = models.ForeignKey(
        Club,
        verbose_name=_("club"),
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        related_name="+",
    )
    league_player = models.ForeignKey(
        LeaguePlayer,
        verbose_name=_("league player"),
        null=True,
        on_delete=models.CASCADE,
        related_name="+",
    )
    position = models.PositiveIntegerField(_("position"))
    seat = models.PositiveSmallIntegerField(_("seat"))
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
        ordering = ["league_id", "position", "seat"]
        indexes = [
            models.Index(fields=["league", "position"], name="league_history_position"),
            models.Index(fields=["league_player", "position"], name="league_history_player"),
        ]
        verbose_name = _("league rating history")
        verbose_name_plural = _("league rating history")

    def __str__(self) -> str:
        return f"session {self.session_id}, seat {self.seat}"
