"""The teams of an event of a team game through the API (``tournaments.teams.services``
decides): pair, pair at random, pair with a substitute, let a player sit out, take a team
apart."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.selectors import ORGANIZER, require_role
from tournaments.models import Event, EventTeam
from tournaments.selectors import events_visible_to
from tournaments.teams.services import (
    team_pair,
    team_pair_substitute,
    team_sit_out,
    team_unpair,
    teams_pair_at_random,
)
from web.api.pagination import PAGE_PARAMETERS, envelope, page_of, paginate


class TeamPlayerSerializer(serializers.Serializer):
    """A member of a team, as the API names a player."""

    player = serializers.IntegerField(source="pk", help_text="The player's id.")
    player_name = serializers.CharField(source="name", help_text="The player's name.")


class TeamSerializer(serializers.ModelSerializer):
    players = serializers.SerializerMethodField(
        help_text="The team's two players, first and second, each as the API names a player."
    )

    class Meta:
        model = EventTeam
        fields = ["id", "event", "first", "second", "players", "name"]
        read_only_fields = ["id", "event"]
        extra_kwargs = {
            "name": {"required": False, "allow_blank": True},
            "first": {"help_text": "A player entered in the event."},
            "second": {"help_text": "Their partner, entered in the event."},
        }

    @extend_schema_field(TeamPlayerSerializer(many=True))
    def get_players(self, team: EventTeam) -> Any:
        return TeamPlayerSerializer([team.first, team.second], many=True).data


class RandomTeamsSerializer(serializers.Serializer):
    seed = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=2**31 - 1,
        help_text="Repeat a pairing with the same seed.",
    )


class EventTeamsBase(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    def get_event(self, request: Request, event_id: int) -> Event:
        return get_object_or_404(events_visible_to(request.user), pk=event_id)


class EventTeamsView(EventTeamsBase):
    """An event's teams for the night (a team game): list them, or pair two entered players
    (organizers)."""

    @extend_schema(responses=page_of(TeamSerializer), parameters=PAGE_PARAMETERS)
    def get(self, request: Request, event_id: int) -> Response:
        teams = (
            EventTeam.objects.filter(event=self.get_event(request, event_id))
            .select_related("first", "second")
            .order_by("id")
        )
        shown, links = paginate(request, teams, self)
        return Response(envelope(links, TeamSerializer(shown, many=True).data))

    @extend_schema(request=TeamSerializer, responses={201: TeamSerializer})
    def post(self, request: Request, event_id: int) -> Response:
        event = self.get_event(request, event_id)
        require_role(request.user, event.club_id, ORGANIZER, _("pair teams"))
        serializer = TeamSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        team = team_pair(
            event=event,
            actor=request.user,
            first=data["first"].pk,
            second=data["second"].pk,
            name=data.get("name") or "",
        )
        return Response(TeamSerializer(team).data, status=status.HTTP_201_CREATED)


class EventTeamsRandomView(EventTeamsBase):
    """Pair the present players without a partner at random (organizers)."""

    @extend_schema(request=RandomTeamsSerializer, responses={201: TeamSerializer(many=True)})
    def post(self, request: Request, event_id: int) -> Response:
        event = self.get_event(request, event_id)
        require_role(request.user, event.club_id, ORGANIZER, _("pair teams"))
        serializer = RandomTeamsSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        teams = teams_pair_at_random(
            event=event, actor=request.user, seed=serializer.validated_data.get("seed")
        )
        return Response(TeamSerializer(teams, many=True).data, status=status.HTTP_201_CREATED)


class EventTeamView(EventTeamsBase):
    """Take a team apart (organizers)."""

    @extend_schema(request=None, responses={204: None})
    def delete(self, request: Request, event_id: int, team_id: int) -> Response:
        event = self.get_event(request, event_id)
        team = get_object_or_404(EventTeam.objects.select_related("event"), pk=team_id, event=event)
        team_unpair(team=team, actor=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class SubstituteTeamSerializer(serializers.Serializer):
    player = serializers.IntegerField(help_text="A present player without a partner.")
    substitute = serializers.IntegerField(
        required=False,
        allow_null=True,
        help_text="A club member who is not here tonight (checked in as the substitute).",
    )
    walk_in = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=80,
        help_text="Or a walk-in's name: registered in the club and checked in.",
    )
    name = serializers.CharField(required=False, allow_blank=True, max_length=80)


class SitOutSerializer(serializers.Serializer):
    player = serializers.IntegerField(help_text="A present player without a partner.")


class EventTeamSubstituteView(EventTeamsBase):
    """Pair a present player without a partner with a substitute: a club member who is not
    here, or a walk-in (organizers)."""

    @extend_schema(request=SubstituteTeamSerializer, responses={201: TeamSerializer})
    def post(self, request: Request, event_id: int) -> Response:
        event = self.get_event(request, event_id)
        require_role(request.user, event.club_id, ORGANIZER, _("pair teams"))
        serializer = SubstituteTeamSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        team = team_pair_substitute(
            event=event,
            actor=request.user,
            player=data["player"],
            substitute=data.get("substitute"),
            walk_in=data.get("walk_in") or "",
            name=data.get("name") or "",
        )
        return Response(TeamSerializer(team).data, status=status.HTTP_201_CREATED)


class EventTeamSitOutView(EventTeamsBase):
    """A present player without a partner sits the night out: checked out, so the seating
    leaves them out (organizers)."""

    @extend_schema(request=SitOutSerializer, responses={204: None})
    def post(self, request: Request, event_id: int) -> Response:
        event = self.get_event(request, event_id)
        require_role(request.user, event.club_id, ORGANIZER, _("pair teams"))
        serializer = SitOutSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        team_sit_out(event=event, actor=request.user, player=serializer.validated_data["player"])
        return Response(status=status.HTTP_204_NO_CONTENT)
