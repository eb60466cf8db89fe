"""Clubs, players and memberships: plain CRUD with role checks."""

from typing import Any

from django.db import transaction
from django.db.models import QuerySet
from rest_framework import mixins, viewsets
from rest_framework.permissions import IsAuthenticatedOrReadOnly

from api.permissions import ClubWriteMixin
from api.serializers import ClubSerializer, MembershipSerializer, PlayerSerializer
from clubs.models import Club, Membership, Player
from clubs.selectors import ORGANIZER, SCORERS, require_role_in_every_club
from clubs.services import (
    club_create,
    membership_end,
    membership_set_role,
    player_delete,
    player_update,
)


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
    """Players. Organizers and scorers register players (a walk-in at the door, too). A player
    may belong to several clubs: renaming one takes an organizer or scorer of every one of
    them, deleting one an organizer of every one, and a player who has played is never
    deleted (results are evidence)."""

    serializer_class = PlayerSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]
    write_roles = SCORERS
    audit_creates = False  # player_register writes the entry
    filterset_fields = {"clubs": ["exact"], "name": ["exact", "icontains"]}
    ordering_fields = ["name", "created_at"]

    def get_queryset(self) -> QuerySet[Player]:
        return Player.objects.prefetch_related("memberships").order_by("name", "id")

    def club_id_of(self, instance: Player) -> int:
        raise NotImplementedError("player writes check every club: see check_object_write")

    def check_object_write(self, instance: Player) -> None:
        # Checked again, under lock, by the service; this answers before the input is read.
        require_role_in_every_club(
            self.request.user, [m.club_id for m in instance.memberships.all()], SCORERS,
            "change them", "deze speler wijzigen",
        )

    def club_id_of_data(self, data: dict[str, Any]) -> int | None:
        club = data.get("club")
        return club.pk if club is not None else None

    def perform_update(self, serializer: PlayerSerializer) -> None:
        player = serializer.instance
        name = serializer.validated_data.get("name", player.name)
        serializer.instance = player_update(player=player, actor=self.request.user, name=name)

    def perform_destroy(self, instance: Player) -> None:
        player_delete(player=instance, actor=self.request.user)


class MembershipViewSet(ClubWriteMixin, viewsets.ModelViewSet):
    """Who belongs to which club, with which role. Organizers manage them; a club keeps at
    least one organizer (its last one can neither step down nor leave)."""

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

    @transaction.atomic
    def perform_update(self, serializer: MembershipSerializer) -> None:
        membership = serializer.instance
        self.check_club(self.club_id_of(membership))
        self.check_club(self.club_id_of_data(serializer.validated_data))  # moved elsewhere
        serializer.check_write(serializer.validated_data)  # the club and player stay
        role = serializer.validated_data.get("role", membership.role)
        serializer.instance = membership_set_role(
            membership=membership, actor=self.request.user, role=role
        )

    def perform_destroy(self, instance: Membership) -> None:
        self.check_club(self.club_id_of(instance))
        membership_end(membership=instance, actor=self.request.user)


__all__ = ["ClubViewSet", "PlayerViewSet", "MembershipViewSet", "mixins"]
