"""An event: a club night or a tournament of one club, played over a planned number of rounds,
with its game and ruleset, how it seats its rounds, how its standings rank and count, and its
door link."""

import secrets

from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Club
from core.names import NameField
from games.registry import DEFAULT_GAME
from tournaments.models.counted import COMPLETE, STANDINGS_COUNT_CHOICES
from tournaments.models.standings_rules import (
    ByeCreditKind,
    default_points_per_place,
    event_order,
    validate_points_per_place,
    validate_standings_order,
)


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
    # How the standings rank players and credit byes (tournaments.models.standings_rules); an empty
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
    # Whose result a seat's session is when a substitute finished it
    # (tournaments.rounds.substitutes).
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
    # sign): players check themselves in there (``tournaments.door.services``). Renewing it ends the
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
    )  # tournaments.models.counted

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
