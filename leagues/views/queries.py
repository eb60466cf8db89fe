"""What the organizer's league pages list (page-only reads): the clubs a league may invite,
the events that may become a league day or a league night, the leagues a club's event may
count in, the club's leagues and the links of its players."""

from __future__ import annotations

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import QuerySet

from clubs.models import Club, Membership
from clubs.selectors import ORGANIZER, user_roles
from leagues.models import League, LeagueClub, LeagueLink, LeagueNight, LeagueOrganizer
from tournaments.models import Event

Choices = list[tuple[int, str]]
# The events a league day is chosen from: the newest of the member clubs.
EVENT_CHOICES = 60


def organized_clubs(user: User | AnonymousUser) -> Choices:
    """The clubs ``user`` organizes, by name."""
    ids = [club for club, role in user_roles(user).items() if role in ORGANIZER]
    return list(Club.objects.filter(pk__in=ids).order_by("name").values_list("pk", "name"))


def invitable_clubs(league: League) -> Choices:
    """Every club that is neither a member nor invited (a club that declined or left may be
    invited again)."""
    taken = LeagueClub.objects.filter(
        league=league, status__in=[LeagueClub.Status.MEMBER, LeagueClub.Status.INVITED]
    ).values_list("club_id", flat=True)
    return list(Club.objects.exclude(pk__in=taken).order_by("name").values_list("pk", "name"))


def league_rows(league: League) -> QuerySet[LeagueClub]:
    return LeagueClub.objects.filter(league=league).select_related("club").order_by("club__name")


def counting(league: League) -> QuerySet[LeagueNight]:
    """The nights marked and not unmarked (whether or not they count yet: an unpublished event
    counts once it is published)."""
    return (
        LeagueNight.objects.filter(league=league, unmarked_at__isnull=True)
        .select_related("event", "event__club")
        .order_by("-event__date", "-event_id")
    )


def day_choices(league: League) -> Choices:
    """The member clubs' events of the league's game not counted yet, newest first."""
    members = LeagueClub.objects.filter(league=league, status=LeagueClub.Status.MEMBER).values(
        "club_id"
    )
    marked = counting(league).values("event_id")
    events = (
        Event.objects.filter(club_id__in=members, game=league.game)
        .exclude(pk__in=marked)
        .select_related("club")
        .order_by("-date", "-pk")[:EVENT_CHOICES]
    )
    return [(e.pk, f"{e.name} · {e.club.name} · {e.date:%Y-%m-%d}") for e in events]


def organizers(league: League) -> QuerySet[LeagueOrganizer]:
    return LeagueOrganizer.objects.filter(league=league).select_related("user").order_by("pk")


def event_leagues(event: Event) -> tuple[list[LeagueNight], Choices]:
    """The leagues ``event`` counts in (its marks), and those it may be marked for as a league
    night: its club is a member, the game is the league's and its clubs' nights count."""
    marks = list(
        LeagueNight.objects.filter(event=event, unmarked_at__isnull=True)
        .select_related("league")
        .order_by("league__name")
    )
    taken = {mark.league_id for mark in marks}
    open_ = (
        League.objects.filter(
            clubs__club_id=event.club_id,
            clubs__status=LeagueClub.Status.MEMBER,
            game=event.game,
            club_nights=True,
        )
        .exclude(pk__in=taken)
        .order_by("name")
    )
    return marks, [(league.pk, league.name) for league in open_]


def club_member_leagues(event: Event) -> Choices:
    """Every league ``event``'s club is a member of (whatever its game: the service says why a
    league does not take the event)."""
    return list(
        League.objects.filter(clubs__club_id=event.club_id, clubs__status=LeagueClub.Status.MEMBER)
        .order_by("name")
        .values_list("pk", "name")
    )


def club_memberships(club: Club) -> QuerySet[LeagueClub]:
    return (
        LeagueClub.objects.filter(club=club)
        .exclude(status=LeagueClub.Status.DECLINED)
        .select_related("league")
        .order_by("status", "league__name")
    )


def member_leagues(club: Club) -> Choices:
    return list(
        League.objects.filter(clubs__club=club, clubs__status=LeagueClub.Status.MEMBER)
        .order_by("name")
        .values_list("pk", "name")
    )


def club_players(club: Club) -> Choices:
    return list(
        Membership.objects.filter(club=club)
        .order_by("player__name", "player_id")
        .values_list("player_id", "player__name")
    )


def club_links(club: Club) -> QuerySet[LeagueLink]:
    """The links of the club's records that are not withdrawn: counting, or waiting for a
    side."""
    return (
        LeagueLink.objects.filter(club=club, withdrawn_at__isnull=True)
        .select_related("league", "league_player", "player")
        .order_by("league__name", "league_player__number")
    )


def runs(user: User | AnonymousUser) -> QuerySet[League]:
    """The leagues ``user`` organizes."""
    if not user.is_authenticated:
        return League.objects.none()
    return League.objects.filter(organizers__user=user).order_by("name")
