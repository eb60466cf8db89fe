"""How the calendar names a club night in words: the name of the event a planned night opens
as (``night_name``: "Club night 10 December", "Clubavond 10 december"; the game named too where
the club plays more than one game) and a night already planned, as a message about it names it
(``planned_night``: the event's name once the night is open, else "a club night of Bonken").

A name is given in the language of the person who opens the night (as a name they typed would
be); a message's words are ``core.errors.Text``, rendered in English and in Dutch."""

from __future__ import annotations

import datetime

from django.utils.formats import date_format
from django.utils.functional import Promise, lazy
from django.utils.translation import gettext_lazy as _

from core.errors import Named, Text
from games.registry import find_game
from tournaments.models import Event
from week.planning.models import PlannedNight


def plays_other_games(club_id: int, game: str) -> bool:
    """Whether the club plays a game besides ``game``: an event of it, or a night of it
    planned and not cancelled."""
    events = Event.objects.filter(club_id=club_id).exclude(game=game)
    nights = PlannedNight.objects.filter(club_id=club_id, cancelled_at__isnull=True)
    return events.exists() or nights.exclude(game=game).exists()


def game_named(game: str) -> Named | str:
    """The game's name in both languages (its code for a game the registry does not know)."""
    known = find_game(game)
    return Named(known) if known is not None else game


def night_name(*, club_id: int, game: str, day: datetime.date) -> str:
    """The name of the event a night of ``game`` on ``day`` opens as, in the active language:
    "Club night 10 December", or "Club night 10 December (Bonken)" where the club plays
    another game too."""
    when = date_format(day, "j F")
    if plays_other_games(club_id, game):
        return str(Text(_("Club night %(date)s (%(game)s)"), date=when, game=game_named(game)))
    return str(Text(_("Club night %(date)s"), date=when))


# A date or time in a message, written in each language's own way when the message is rendered.
_formatted: Promise = lazy(date_format, str)  # type: ignore[assignment]


def planned_night(night: PlannedNight) -> Text | str:
    """A night already planned as a message names it: its event's name once it is open, else
    "a club night of <game>"."""
    if night.event_id is not None and night.event is not None:
        return night.event.name
    return Text(_("a club night of %(game)s"), game=game_named(night.game))


def same_time_message(night: PlannedNight, local: datetime.datetime) -> Text:
    """ "There is already <night> on <date> at <time>.", the night starting at ``local``."""
    return Text(
        _("There is already %(night)s on %(date)s at %(time)s."),
        night=planned_night(night),
        date=_formatted(local, "l j F"),  # type: ignore[operator]
        time=_formatted(local, "H:i"),  # type: ignore[operator]
    )
