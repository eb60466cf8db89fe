"""Clubs, players and memberships: plain CRUD with role checks."""

from typing import Any

from django.db.models import QuerySet
from rest_framework import mixins, viewsets
from rest_framework.permissions import IsAuthenticatedOrReadOnly

from api.permissions import ClubWriteMixin
from api.serializers import ClubSerializer, MembershipSerializer, PlayerSerializer
from clubs.models import Club, Membership, Player
from clubs.selectors import ORGANIZER, SCORERS, user_roles
from clubs.services import club_create


class ClubViewSet(ClubWriteMixin, viewsets.ModelViewSet):
    """Clubs. Any signed-in user may found a club and becomes its organizer."""

    queryset = Club.objects.all().order_by("name", "id")
    serializer_class = ClubSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]
    filterset_fields = ["slug", "city"]
    ordering_fields = ["name", "created_at"]

    def club_id_of(self, instance: Club) -> int:
        return instance.pk

    def club_id_of_data(self, data: dict[str, Any]) -> int | None:
        return None

    def perform_create(self, serializer: ClubSerializer) -> None:
        serializer.instance = club_create(founder=self.request.user, **serializer.validated_data)


class PlayerViewSet(ClubWriteMixin, viewsets.ModelViewSet):
    """Players. Organizers and scorers register players (a walk-in at the door, too)."""

    serializer_class = PlayerSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]
    write_roles = SCORERS
    audit_creates = False  # player_register writes the entry
    filterset_fields = {"clubs": ["exact"], "name": ["exact", "icontains"]}
    ordering_fields = ["name", "created_at"]

    def get_queryset(self) -> QuerySet[Player]:
        return Player.objects.prefetch_related("memberships").order_by("name", "id")

    def club_id_of(self, instance: Player) -> int:
        roles = user_roles(self.request.user)
        clubs = [m.club_id for m in instance.memberships.all()]
        # Allowed when the actor may write in any of the player's clubs.
        mine = [c for c in clubs if roles.get(c) in self.write_roles]
        return mine[0] if mine else (clubs[0] if clubs else -1)

    def club_id_of_data(self, data: dict[str, Any]) -> int | None:
        club = data.get("club")
        return club.pk if club is not None else None



class MembershipViewSet(ClubWriteMixin, viewsets.ModelViewSet):
    """Who belongs to which club, with which role. Organizers manage them."""

    serializer_class = MembershipSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]
    write_roles = ORGANIZER
    filterset_fields = ["club", "player", "role"]
    ordering_fields = ["joined_at"]

    def get_queryset(self) -> QuerySet[Membership]:
        return Membership.objects.select_related("player").order_by("club_id", "player__name")

    def club_id_of(self, instance: Membership) -> int:
        return instance.club_id

    def club_id_of_data(self, data: dict[str, Any]) -> int | None:
        club = data.get("club")
        return club.pk if club is not None else None


__all__ = ["ClubViewSet", "PlayerViewSet", "MembershipViewSet", "mixins"]
