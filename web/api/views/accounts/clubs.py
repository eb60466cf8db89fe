"""Clubs, players and memberships: plain CRUD with role checks."""

from typing import Any

from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response

from clubs.memberships import (
    join_consent_grant,
    membership_add,
    membership_end,
    membership_set_role,
)
from clubs.models import Club, Membership, Player, Role
from clubs.selectors import ORGANIZER, SCORERS, require_role_in_every_club
from clubs.services import (
    club_create,
    club_delete,
    club_player_add,
    club_update,
    player_delete,
    player_update,
)
from tournaments.players.merge import player_merge
from web.api.access.permissions import ClubWriteMixin
from web.api.filters import PlayerFilterSet
from web.api.serializers.clubs import (
    ClubSerializer,
    JoinConsentSerializer,
    MembershipSerializer,
    PlayerMergeSerializer,
    PlayerSerializer,
    viewer_clubs,
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

    def create_object(self, data: dict[str, Any]) -> Club:
        return club_create(founder=self.request.user, **data)

    def update_object(self, instance: Club, data: dict[str, Any]) -> Club:
        return club_update(club=instance, actor=self.request.user, **data)

    def delete_object(self, instance: Club) -> None:
        club_delete(club=instance, actor=self.request.user)


class PlayerViewSet(ClubWriteMixin, viewsets.ModelViewSet):
    """Players. Organizers and scorers register players (a walk-in at the door, too). A player
    may belong to several clubs: renaming one takes an organizer or scorer of every one of
    them, deleting one an organizer of every one, and a player who has played is never
    deleted (results are evidence)."""

    serializer_class = PlayerSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]
    write_roles = SCORERS
    parent_field = "club"
    filterset_class = PlayerFilterSet
    ordering_fields = ["name", "created_at"]

    def get_queryset(self) -> QuerySet[Player]:
        return Player.objects.prefetch_related("memberships").order_by("name", "id")

    def parent_club_id(self, parent_pk: int) -> int | None:
        return parent_pk

    def check_object_write(self, instance: Player) -> None:
        # Checked again, under lock, by the service; this answers before the input is read.
        require_role_in_every_club(
            self.request.user,
            [m.club_id for m in instance.memberships.all()],
            SCORERS,
            _("change them"),
        )

    def create_object(self, data: dict[str, Any]) -> Player:
        return club_player_add(club=data["club"], actor=self.request.user, name=data["name"])

    def update_object(self, instance: Player, data: dict[str, Any]) -> Player:
        name = data.get("name", instance.name)
        return player_update(player=instance, actor=self.request.user, name=name)

    def delete_object(self, instance: Player) -> None:
        player_delete(player=instance, actor=self.request.user)

    @extend_schema(request=JoinConsentSerializer, responses={201: JoinConsentSerializer})
    @action(
        detail=True, methods=["post"], url_path="join-consent", permission_classes=[IsAuthenticated]
    )
    def join_consent(self, request: Request, pk: str | None = None) -> Response:
        """Let another club add this player as a member (the player's own account, or an
        organizer of one of the player's clubs). That club's organizer then adds them with
        POST /api/v1/memberships/; the consent is used up."""
        serializer = JoinConsentSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        consent = join_consent_grant(
            player=self.get_object(), actor=request.user, club=serializer.validated_data["club"]
        )
        return Response(JoinConsentSerializer(consent).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=PlayerMergeSerializer, responses=PlayerSerializer)
    @action(detail=True, methods=["post"], permission_classes=[IsAuthenticated])
    def merge(self, request: Request, pk: str | None = None) -> Response:
        """Two records of one person: this one merges into ``into`` (an organizer of every
        club either belongs to; a record that left every club is nobody's to merge, 403).
        Refused for two records that sat in the same round or that both have a login.
        Standings and ratings are computed again."""
        player = self.get_object()
        serializer = PlayerMergeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        kept = player_merge(
            keep=serializer.validated_data["into"],
            merged=player,
            actor=request.user,
            reason=serializer.validated_data["reason"],
        )
        return Response(PlayerSerializer(kept).data)


class MembershipViewSet(ClubWriteMixin, viewsets.ModelViewSet):
    """Who belongs to which club, with which role. Organizers manage them; a player of
    another club joins only with that club's consent (an organizer of both) or from their own
    account; a club keeps at least one organizer (its last one can neither step down nor
    leave)."""

    serializer_class = MembershipSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]
    write_roles = ORGANIZER
    parent_field = "club"
    filterset_fields = ["club", "player", "role"]
    ordering_fields = ["joined_at"]

    def get_queryset(self) -> QuerySet[Membership]:
        rows = Membership.objects.select_related("player").order_by("club_id", "player__name")
        clubs = viewer_clubs(self.request)
        if clubs is not None and "role" in self.request.query_params:
            rows = rows.filter(club_id__in=clubs)  # roles are filtered where they are shown
        return rows

    def club_id_of(self, instance: Membership) -> int:
        return instance.club_id

    def parent_club_id(self, parent_pk: int) -> int | None:
        return parent_pk

    def create_object(self, data: dict[str, Any]) -> Membership:
        return membership_add(
            club=data["club"],
            player=data["player"],
            actor=self.request.user,
            role=data.get("role", Role.MEMBER),
        )

    def update_object(self, instance: Membership, data: dict[str, Any]) -> Membership:
        role = data.get("role", instance.role)
        return membership_set_role(membership=instance, actor=self.request.user, role=role)

    def delete_object(self, instance: Membership) -> None:
        membership_end(membership=instance, actor=self.request.user)


__all__ = ["ClubViewSet", "PlayerViewSet", "MembershipViewSet", "mixins"]
