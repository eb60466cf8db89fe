"""An event's standings configuration: tie-break order, points per place, bye credit."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from ranking.standings.event_standings import standings_configure
from tournaments.selectors import events_visible_to
from web.api.serializers.ratings import StandingsConfigSerializer


class EventStandingsConfigView(APIView):
    """How the event's standings rank players and credit byes. Organizers change it; the
    standings are then recomputed (``up_to_date`` is false until they are)."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses=StandingsConfigSerializer)
    def get(self, request: Request, event_id: int) -> Response:
        event = get_object_or_404(events_visible_to(request.user), pk=event_id)
        return Response(StandingsConfigSerializer(event).data)

    @extend_schema(request=StandingsConfigSerializer, responses=StandingsConfigSerializer)
    def put(self, request: Request, event_id: int) -> Response:
        event = get_object_or_404(events_visible_to(request.user), pk=event_id)
        serializer = StandingsConfigSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        event = standings_configure(event=event, actor=request.user, **serializer.validated_data)
        return Response(StandingsConfigSerializer(event).data)
