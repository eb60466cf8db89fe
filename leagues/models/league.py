"""A league: clubs that play one competition of one game.

- ``League``: its name, address and game, whether member clubs may count their own nights, the
  rating's configuration (its rating pool: ``rating_config`` overrides the game's defaults) and
  the reasons waiting for the next computation (``pending``);
- ``LeagueOrganizer``: the logins that run it;
- ``LeagueClub``: a club invited, a member (its organizer accepted), declined or left. A club
  that leaves keeps what counted: its nights up to the day it left stay in the league;
- ``LeagueSeason``: a date range and how it ranks (criteria, best N nights, a minimum of
  nights, points per table place);
- ``LeagueNight``: an event that counts, marked by its club as a league night, or held by the
  league as a league day at a host club for the players of several clubs. Unmarking keeps the
  row (``unmarked_at``), so the reason is kept.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from core.names import NameField
from games.registry import DEFAULT_GAME


def default_rank_by() -> list[str]:
    return ["total"]


def default_points() -> list[float]:
    return [3.0, 2.0, 1.0, 0.0]


class League(models.Model):
    name = NameField(_("name"), max_length=120, label=_("The league's name"))
    slug = models.SlugField(_("slug"), max_length=120, unique=True)
    game = models.CharField(_("game"), max_length=20, default=DEFAULT_GAME)
    # Member clubs may mark their own nights (else only the league's days count).
    club_nights = models.BooleanField(_("club nights count"), default=True)
    rating_config = models.JSONField(_("rating configuration"), default=dict, blank=True)
    # Why the next computation runs: [{"reason": code, "detail": text}], emptied by it.
    pending = models.JSONField(_("pending reasons"), default=list, blank=True)
    created_at = models.DateTimeField(verbose_name=_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("league")
        verbose_name_plural = _("leagues")

    def __str__(self) -> str:
        return self.name


class LeagueOrganizer(models.Model):
    league = models.ForeignKey(
        League, verbose_name=_("league"), on_delete=models.CASCADE, related_name="organizers"
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("login"),
        on_delete=models.CASCADE,
        related_name="league_roles",
    )
    added_at = models.DateTimeField(verbose_name=_("added at"), auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["league", "user"], name="league_organizer_once"),
        ]
        verbose_name = _("league organizer")
        verbose_name_plural = _("league organizers")

    def __str__(self) -> str:
        return f"{self.user_id} runs {self.league_id}"


class LeagueClub(models.Model):
    class Status(models.TextChoices):
        INVITED = "invited", _("invited")
        MEMBER = "member", _("member")
        DECLINED = "declined", _("declined")
        LEFT = "left", _("left")

    league = models.ForeignKey(
        League, verbose_name=_("league"), on_delete=models.CASCADE, related_name="clubs"
    )
    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="leagues"
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.INVITED
    )
    invited_at = models.DateTimeField(verbose_name=_("invited at"))
    joined_on = models.DateField(verbose_name=_("joined on"), null=True, blank=True)
    left_on = models.DateField(verbose_name=_("left on"), null=True, blank=True)

    class Meta:
        ordering = ["league_id", "club__name"]
        constraints = [
            models.UniqueConstraint(fields=["league", "club"], name="league_club_once"),
        ]
        verbose_name = _("member club")
        verbose_name_plural = _("member clubs")

    def __str__(self) -> str:
        return f"{self.club_id} in {self.league_id} ({self.status})"


class LeagueSeason(models.Model):
    league = models.ForeignKey(
        League, verbose_name=_("league"), on_delete=models.CASCADE, related_name="seasons"
    )
    name = NameField(_("name"), max_length=80, label=_("The season's name"))
    start = models.DateField(_("start"))
    end = models.DateField(_("end"))
    rank_by = models.JSONField(_("ranked by"), default=default_rank_by)
    best_nights = models.PositiveSmallIntegerField(_("best nights"), null=True, blank=True)
    min_nights = models.PositiveSmallIntegerField(_("minimum nights"), default=0)
    points_per_place = models.JSONField(_("points per table place"), default=default_points)

    class Meta:
        ordering = ["league_id", "-start", "id"]
        constraints = [
            models.UniqueConstraint(fields=["league", "name"], name="league_season_name_once"),
        ]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")

    def __str__(self) -> str:
        return self.name


class LeagueNight(models.Model):
    class Kind(models.TextChoices):
        NIGHT = "night", _("league night")
        DAY = "day", _("league day")

    league = models.ForeignKey(
        League, verbose_name=_("league"), on_delete=models.CASCADE, related_name="nights"
    )
    event = models.ForeignKey(
        "tournaments.Event",
        verbose_name=_("event"),
        on_delete=models.CASCADE,
        related_name="league_nights",
    )
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices, default=Kind.NIGHT)
    marked_at = models.DateTimeField(verbose_name=_("marked at"))
    unmarked_at = models.DateTimeField(verbose_name=_("unmarked at"), null=True, blank=True)
    reason = models.CharField(_("reason"), max_length=200, blank=True, default="")

    class Meta:
        ordering = ["league_id", "-event__date", "-event_id"]
        constraints = [
            models.UniqueConstraint(fields=["league", "event"], name="league_night_once"),
        ]
        verbose_name = _("league night")
        verbose_name_plural = _("league nights")

    def __str__(self) -> str:
        return f"{self.event_id} in {self.league_id}"
