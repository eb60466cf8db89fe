"""Club nights planned ahead, and who says they are coming.

A ``PlannedNight`` is one occurrence: a night planned once, or one night of a series (every
week, fortnight or month) that shares a ``series`` id; planning a series stores its nights at
once, so one night of it is changed or cancelled like any other; a date of the series the
organizer skipped (a holiday) is a ``SkippedDate``, and has no night. A night says how many
rounds it plays and under which ruleset; once the organizer opens the night it links to its
``Event``, which plays them.

An ``Rsvp`` is a player's answer (coming, not coming, maybe), given from their account, the
club page, their personal link or by an organizer. A ``RsvpLink`` is a player's personal link
at a club (no account needed): its token is the permission, like the door's link, and the
player's calendar of the nights they said yes to is read with it. A ``ClubCalendar`` holds the
secret token of the club's calendar feed.
"""

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Player
from core.names import NameField
from tournaments.models import Event


def new_link_token() -> str:
    return secrets.token_urlsafe(18)


class Recurrence(models.TextChoices):
    ONCE = "once", _("once")
    WEEKLY = "weekly", _("every week")
    FORTNIGHTLY = "fortnightly", _("every fortnight")
    MONTHLY = "monthly", _("every month")


class PlannedNight(models.Model):
    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="planned_nights"
    )
    series = models.UUIDField(_("series"), null=True, blank=True, db_index=True)
    recurrence = models.CharField(
        _("repeats"), max_length=16, choices=Recurrence.choices, default=Recurrence.ONCE
    )
    starts_at = models.DateTimeField(_("starts at"), db_index=True)
    ends_at = models.DateTimeField(_("ends at"))
    game = models.CharField(_("game"), max_length=40)
    ruleset = models.CharField(_("ruleset"), max_length=80, blank=True)
    # The rounds the night plays (the event opened from it plans as many).
    planned_rounds = models.PositiveSmallIntegerField(_("planned rounds"), default=3)
    place = NameField(_("place"), max_length=200, blank=True, label=_("The night's place"))
    notes = models.TextField(_("notes"), max_length=2000, blank=True)
    cancelled_at = models.DateTimeField(_("cancelled at"), null=True, blank=True)
    event = models.OneToOneField(
        Event,
        verbose_name=_("event"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="planned_night",
    )
    # Moves on with every change, so calendar apps take the newer version (iCalendar SEQUENCE).
    sequence = models.PositiveIntegerField(_("version"), default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("planned by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("changed at"), auto_now=True)

    class Meta:
        ordering = ["starts_at", "id"]
        verbose_name = _("planned night")
        verbose_name_plural = _("planned nights")

    def __str__(self) -> str:
        return f"{self.club} {self.starts_at:%Y-%m-%d %H:%M} {self.game}"

    @property
    def cancelled(self) -> bool:
        return self.cancelled_at is not None


class SkippedDate(models.Model):
    """A date of a series the organizer left out when planning it (a holiday, the room taken):
    no night is made for it, and the calendar shows it as skipped."""

    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="skipped_dates"
    )
    series = models.UUIDField(_("series"), db_index=True)
    date = models.DateField(_("date"))
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["date", "id"]
        constraints = [
            models.UniqueConstraint(fields=["series", "date"], name="skipped_date_once"),
        ]
        verbose_name = _("skipped date")
        verbose_name_plural = _("skipped dates")

    def __str__(self) -> str:
        return f"{self.club} {self.date:%Y-%m-%d} skipped"


class Answer(models.TextChoices):
    YES = "yes", _("I'm coming")
    NO = "no", _("not coming")
    MAYBE = "maybe", _("maybe")


class Via(models.TextChoices):
    ACCOUNT = "account", _("account")
    LINK = "link", _("personal link")
    CLUB = "club", _("club page")
    ORGANIZER = "organizer", _("organizer")


class Rsvp(models.Model):
    night = models.ForeignKey(
        PlannedNight, verbose_name=_("night"), on_delete=models.CASCADE, related_name="rsvps"
    )
    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.CASCADE, related_name="rsvps"
    )
    answer = models.CharField(_("answer"), max_length=8, choices=Answer.choices)
    answered_at = models.DateTimeField(_("answered at"))
    via = models.CharField(_("answered through"), max_length=16, choices=Via.choices)

    class Meta:
        ordering = ["night_id", "player__name"]
        constraints = [
            models.UniqueConstraint(fields=["night", "player"], name="rsvp_once_per_night"),
        ]
        verbose_name = _("answer to a night")
        verbose_name_plural = _("answers to nights")

    def __str__(self) -> str:
        return f"{self.player_id} {self.answer} night {self.night_id}"


class RsvpLink(models.Model):
    """A player's personal link at a club: answer without an account, and their calendar."""

    club = models.ForeignKey(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="+"
    )
    player = models.ForeignKey(
        Player, verbose_name=_("player"), on_delete=models.CASCADE, related_name="rsvp_links"
    )
    token = models.CharField(_("link"), max_length=32, unique=True, default=new_link_token)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "player"], name="rsvp_link_once"),
        ]
        verbose_name = _("personal link")
        verbose_name_plural = _("personal links")

    def __str__(self) -> str:
        return f"link of {self.player_id} at {self.club_id}"


class ClubCalendar(models.Model):
    """The secret address of a club's calendar feed (its members see it; renewable)."""

    club = models.OneToOneField(
        Club, verbose_name=_("club"), on_delete=models.CASCADE, related_name="+"
    )
    token = models.CharField(_("link"), max_length=32, unique=True, default=new_link_token)

    class Meta:
        verbose_name = _("club calendar")
        verbose_name_plural = _("club calendars")

    def __str__(self) -> str:
        return f"calendar of {self.club_id}"
