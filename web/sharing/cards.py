"""What a link preview shows, read as the public sees it: an event's standings (a published
event only), a player's evening at a published event, a player's rating (from the sessions of
published events only, like the rating page for a visitor). Each reader returns a ``Shown``:
the picture's card and the tags' text, in the language asked for; or None where the public
sees nothing (the picture and the tags then answer 404 and are left out)."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import formats, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from clubs.models import Club, Player
from games.registry import find_game
from ranking.ratings.selectors import player_rating_history
from tournaments.events.views.visible import total_column
from tournaments.models import Event, StandingsComputation
from tournaments.selectors import played_standings
from web.pages.views.evening import evening
from web.sharing.drawing import Card, Row

TOP = 5
TREND_SESSIONS = 30


@dataclass(frozen=True)
class Shown:
    """A preview: its picture's card, the tags' title and description, and the results
    version it reflects."""

    card: Card
    title: str
    description: str
    version: int = 0
    site: str = ""


def number(value: float | int) -> str:
    """A figure as the page writes it: whole numbers plain, others with one decimal in the
    language's notation (a Dutch decimal comma)."""
    if float(value).is_integer():
        return str(int(value))
    return formats.number_format(round(float(value), 1), 1)


def signed_number(value: float | int) -> str:
    """A net figure with its sign: +12, \u22125, 0."""
    if not value:
        return "0"
    return f"+{number(value)}" if value > 0 else f"\u2212{number(-value)}"


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd / 1e, 2e, 3e."""
    if translation.get_language() == "nl":
        return f"{place}e"
    suffix = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{suffix}"


def game_name(code: str) -> str:
    game = find_game(code)
    if game is None:
        return code
    return game.name_nl if translation.get_language() == "nl" else game.name


def published_event(event_id: int) -> Event | None:
    return Event.objects.select_related("club").filter(pk=event_id, published=True).first()


def _event_line(event: Event) -> str:
    return " \u00b7 ".join(
        [event.club.name, game_name(event.game), formats.date_format(event.date, "DATE_FORMAT")]
    )


def _ranking_column(event: Event) -> tuple[str, str] | None:
    """The game's own figure the standings rank by first (Bonko: wins), if any."""
    game = find_game(event.game)
    if game is None:
        return None
    order = list(event.standings_order or game.standings_order)
    for stat in game.stats:
        if order and order[0] == stat.code:
            return stat.code, stat.name_nl if translation.get_language() == "nl" else stat.name
    return None


def event_preview(event_id: int, language: str) -> Shown | None:
    event = published_event(event_id)
    if event is None:
        return None
    with translation.override(language):
        computation = StandingsComputation.objects.filter(event=event).first()
        standings = played_standings(event)  # counted among the players who played
        rows = list(standings[:TOP])
        count = standings.count()
        first = _ranking_column(event)
        total_name, signed = total_column(event)
        columns = ((first[1],) if first else ()) + (total_name,)
        lines = tuple(
            Row(
                place=f"{row.rank}{'=' if row.tied else ''}",
                name=row.player.name,
                values=((number((row.stats or {}).get(first[0], 0)),) if first else ())
                + (signed_number(row.total) if signed else number(row.total),),
            )
            for row in rows
        )
        finished = event.status == Event.Status.FINISHED
        heading = _("Final standings") if finished else _("Standings so far")
        players = ngettext("%(n)d player", "%(n)d players", count) % {"n": count}
        card = Card(
            title=event.name,
            subtitle=_event_line(event),
            heading=f"{heading} \u00b7 {players}" if rows else heading,
            columns=columns,
            rows=lines,
            empty=_("No results yet."),
            footer=_("Club games"),
            brand=event.club.name,
        )
        top = ", ".join(f"{line.place}. {line.name} ({line.values[-1]})" for line in lines[:3])
        description = (
            _("%(heading)s of %(event)s (%(line)s): %(top)s.")
            % {"heading": heading, "event": event.name, "line": _event_line(event), "top": top}
            if lines
            else _("%(event)s (%(line)s): no results yet.")
            % {"event": event.name, "line": _event_line(event)}
        )
        return Shown(
            card=card,
            title=f"{event.name} \u2013 {_('Standings')}",
            description=description,
            version=computation.results_version if computation else 0,
            site=event.club.name,
        )


def evening_preview(event_id: int, player_id: int, language: str) -> Shown | None:
    event = published_event(event_id)
    player = Player.objects.filter(pk=player_id).first()
    if event is None or player is None:
        return None
    found = evening(event, player)
    if found is None:
        return None
    with translation.override(language):
        rows = []
        for line in found.rounds[-TOP:]:
            mates = ", ".join(
                mate.name.split()[0] if mate.name.split() else mate.name for mate in line.mates
            )
            rows.append(
                Row(
                    place=_("R%(n)d") % {"n": line.round_number},
                    name=_("Table %(n)d") % {"n": line.table_number},
                    note=_("with %(names)s") % {"names": mates} if mates else "",
                    values=(
                        number(line.total) if line.total is not None else "\u2013",
                        ordinal(line.placement) if line.placement else "\u2013",
                    ),
                )
            )
        standing = found.standing
        played = ngettext("%(n)d round", "%(n)d rounds", len(found.rounds)) % {
            "n": len(found.rounds)
        }
        points = (
            (
                ngettext("%(n)s point", "%(n)s points", int(abs(standing.total)))
                % {"n": number(standing.total)}
            )
            if standing
            else ""
        )
        place = ordinal(standing.rank) if standing else ""
        of = _("of %(n)d") % {"n": found.players} if standing else ""
        card = Card(
            title=player.name,
            subtitle=f"{event.name} \u00b7 {event.club.name}",
            heading=" \u00b7 ".join(part for part in (played, points) if part),
            columns=(_("Points"), _("Place")),
            rows=tuple(rows),
            badge=place,
            badge_label=of,
            empty=_("No results yet."),
            footer=formats.date_format(event.date, "DATE_FORMAT"),
            brand=event.club.name,
        )
        description = (
            _(
                "%(player)s finished %(place)s of %(players)d at %(event)s with "
                "%(points)s in %(rounds)s."
            )
            % {
                "player": player.name,
                "place": place,
                "players": found.players,
                "event": event.name,
                "points": points,
                "rounds": played,
            }
            if standing
            else _("%(player)s at %(event)s: %(rounds)s.")
            % {"player": player.name, "event": event.name, "rounds": played}
        )
        title = _("%(player)s at %(event)s") % {"player": player.name, "event": event.name}
        return Shown(
            card=card,
            title=title,
            description=description,
            version=event.results_version,
            site=event.club.name,
        )


def rating_preview(player_id: int, club_id: int, game: str, language: str) -> Shown | None:
    player = Player.objects.filter(pk=player_id).first()
    club = Club.objects.filter(pk=club_id).first()
    if player is None or club is None:
        return None
    sessions = player_rating_history(player_id=player_id, club_id=club_id, game=game, viewer=None)
    if not sessions:
        return None
    with translation.override(language):
        current = sessions[-1].explanation
        shown = sessions[-TREND_SESSIONS:]  # the line starts where the first of them began
        values = [shown[0].explanation.rating_before] + [s.explanation.rating_after for s in shown]
        last_day = sessions[-1].played_on
        before = next(s.explanation.rating_before for s in sessions if s.played_on == last_day)
        change = current.rating_after - before
        sign = "+" if change >= 0 else ""
        trend = _("%(change)s on the last evening") % {
            "change": f"{sign}{number(round(change, 1))}"
        }
        rating = number(round(current.rating_after))
        what = _("%(game)s rating at %(club)s") % {"game": game_name(game), "club": club.name}
        card = Card(
            title=player.name,
            subtitle=what,
            heading=f"{trend} \u00b7 "
            + ngettext("%(n)d rated session", "%(n)d rated sessions", len(sessions))
            % {"n": len(sessions)},
            badge=rating,
            badge_label=_("provisional") if current.provisional else _("rating"),
            trend=tuple(values),
            trend_low=number(round(min(values))),
            trend_high=number(round(max(values))),
            footer=_("Club games"),
            brand=club.name,
        )
        description = _("%(player)s: %(what)s %(rating)s (%(trend)s).") % {
            "player": player.name,
            "what": what,
            "rating": rating,
            "trend": trend,
        }
        title = _("Rating of %(name)s") % {"name": player.name}
        return Shown(
            card=card, title=title, description=description, version=len(sessions), site=club.name
        )
