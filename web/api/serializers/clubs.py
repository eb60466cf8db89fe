"""Clubs, players, their memberships and consent to join."""

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers
from rest_framework.exceptions import ErrorDetail

from clubs.models import Club, JoinConsent, Membership, Player, Role
from clubs.selectors import user_roles
from web.api.serializers.base import GuardedWriteMixin


class ClubSerializer(serializers.ModelSerializer):
    slug = serializers.SlugField(required=False, help_text="Made from the name when left out.")

    class Meta:
        model = Club
        fields = ["id", "name", "slug", "city", "created_at"]
        read_only_fields = ["created_at"]


class PlayerSerializer(serializers.ModelSerializer):
    club = serializers.PrimaryKeyRelatedField(
        queryset=Club.objects.all(),
        write_only=True,
        required=False,
        help_text="On create: the club the new player joins as a member.",
    )
    clubs = serializers.SerializerMethodField()

    class Meta:
        model = Player
        fields = ["id", "name", "club", "clubs", "created_at"]
        read_only_fields = ["created_at"]

    def get_clubs(self, player: Player) -> list[int]:
        return sorted(m.club_id for m in player.memberships.all())

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if self.instance is None and "club" not in attrs:
            raise serializers.ValidationError(
                {
                    "club": ErrorDetail(
                        str(_("A new player joins a club: name it.")), code="club_required"
                    )
                }
            )
        return attrs


class PlayerMergeSerializer(serializers.Serializer):
    into = serializers.PrimaryKeyRelatedField(
        queryset=Player.objects.all(),
        help_text="The record that stays: this player's results, check-ins, memberships and "
        "login move to it, and this record is removed.",
    )
    reason = serializers.CharField(
        max_length=200, required=False, default="", help_text="Why (kept in the audit log)."
    )


class JoinConsentSerializer(serializers.ModelSerializer):
    club = serializers.PrimaryKeyRelatedField(
        queryset=Club.objects.all(), help_text="The club that may now add the player."
    )

    class Meta:
        model = JoinConsent
        fields = ["player", "club", "created_at"]
        read_only_fields = ["player", "created_at"]


def viewer_clubs(request: Any) -> set[int] | None:
    """The clubs the request's user belongs to (None: every club, for a superuser), read once
    per request."""
    if request is None:
        return set()
    if not hasattr(request, "_viewer_clubs"):
        user = request.user
        request._viewer_clubs = (
            None if user.is_authenticated and user.is_superuser else set(user_roles(user))
        )
    return request._viewer_clubs


class MembershipSerializer(GuardedWriteMixin, serializers.ModelSerializer):
    player_name = serializers.CharField(source="player.name", read_only=True)
    role = serializers.ChoiceField(
        choices=Role.choices,
        default=Role.MEMBER,
        allow_null=True,
        help_text="Shown to members of the club only; null for everyone else.",
    )
    fixed_on_update = ("club", "player")

    def to_representation(self, instance: Membership) -> dict[str, Any]:
        data = super().to_representation(instance)
        clubs = viewer_clubs(self.context.get("request"))
        if clubs is not None and instance.club_id not in clubs:
            data["role"] = None  # who organizes or scores a club is its members' business
        return data

    class Meta:
        model = Membership
        fields = ["id", "club", "player", "player_name", "role", "joined_at"]
        read_only_fields = ["joined_at"]
        validators: list[Any] = []  # membership_add says "already a member" (after the role)
