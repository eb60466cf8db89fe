"""The club's calendar feed address through the API: its members read it (as the club's
calendar page shows it to them), its organizers renew it (a new secret address; the old one
answers 404 from then on). ``week.planning.links`` owns the rule, the permission and the audit
entry, as it does for the page."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.models import Club
from web.api.serializers.settings import ClubCalendarSerializer
from week.planning import links
from week.planning.models import ClubCalendar

EXAMPLE = OpenApiExample(
    "The club's calendar",
    value={"club": 3, "url": "https://clubs.example.org/clubs/de-zwaan/calendar/Xq7r2LkP9wTz.ics"},
    response_only=True,
)


def _answer(request: Request, club: Club, feed: ClubCalendar) -> Response:
    url = request.build_absolute_uri(links.club_calendar_path(club, feed))
    return Response(ClubCalendarSerializer({"club": club.pk, "url": url}).data)


class ClubCalendarView(APIView):
    """The address of the club's calendar feed (iCalendar: every night planned, a cancelled one
    as cancelled), for the club's members. The address is the secret: whoever has it reads the
    club's nights."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses=ClubCalendarSerializer, examples=[EXAMPLE])
    def get(self, request: Request, club_id: int) -> Response:
        club = get_object_or_404(Club, pk=club_id)
        return _answer(request, club, links.club_calendar_read(club=club, actor=request.user))


class ClubCalendarRenewView(APIView):
    """A new secret address for the club's calendar feed (the club's organizers); the old one
    stops working at once, so every subscriber needs the new one."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses=ClubCalendarSerializer, examples=[EXAMPLE])
    def post(self, request: Request, club_id: int) -> Response:
        club = get_object_or_404(Club, pk=club_id)
        return _answer(request, club, links.club_calendar_renew(club=club, actor=request.user))
