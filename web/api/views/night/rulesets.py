"""A club's rulesets: every game's built-in ones and the club's house rulesets (read by anyone);
organizers save house rules (a code that exists gets its next version, never a change)."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.models import Club
from clubs.selectors import ORGANIZER, require_role
from games.registry import games
from tournaments.house_rules.services import house_ruleset_create
from tournaments.models import HouseRuleset
from web.api.pagination import PAGE_PARAMETERS, envelope, page_of, paginate


@extend_schema_field({"type": "object", "additionalProperties": True})
class RulesetDataField(serializers.JSONField):
    """A ruleset in its game's data form (for Bonken: games/bonken/rules/README.md)."""


class RulesetSerializer(serializers.Serializer):
    # Fields named "label" and "data": the serializer's metaclass takes them off the class (the
    # stubs see them shadow Field.label and Serializer.data).
    label = serializers.CharField(  # type: ignore[assignment]
        help_text="What an event's ruleset names: a built-in code, or code@version for house rules."
    )
    game = serializers.CharField()
    code = serializers.CharField()
    version = serializers.IntegerField(allow_null=True, help_text="Null for a built-in one.")
    name = serializers.CharField()
    name_nl = serializers.CharField()
    builtin = serializers.BooleanField()
    data = RulesetDataField()  # type: ignore[assignment]  # a field, see above


class HouseRulesetWriteSerializer(serializers.Serializer):
    game = serializers.CharField(max_length=20)
    data = RulesetDataField(  # type: ignore[assignment]  # a field, see RulesetSerializer
        help_text="The rules, with their code and names."
    )


def _house(house: HouseRuleset) -> dict[str, Any]:
    return {
        "label": house.label,
        "game": house.game,
        "code": house.code,
        "version": house.version,
        "name": house.name,
        "name_nl": house.name_nl,
        "builtin": False,
        "data": house.data,
    }


class ClubRulesetsView(APIView):
    """The rulesets the club's events may play under: each game's built-in rulesets and the
    club's house rulesets (every version; ``?game=`` for one game)."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        responses=page_of(RulesetSerializer),
        parameters=[
            OpenApiParameter("game", str, description="Only this game's rulesets (a game's code)."),
            *PAGE_PARAMETERS,
        ],
    )
    def get(self, request: Request, club_id: int) -> Response:
        club = get_object_or_404(Club, pk=club_id)
        wanted = request.query_params.get("game")
        if wanted:  # one of the games' codes, as the schema says
            try:
                serializers.ChoiceField(choices=sorted(games())).run_validation(wanted)
            except serializers.ValidationError as error:
                raise serializers.ValidationError({"game": error.detail}) from error
        rows: list[dict[str, Any]] = []
        for code, game in games().items():
            if wanted and code != wanted:
                continue
            for label, ruleset in game.rulesets.items():
                rows.append(
                    {
                        "label": label,
                        "game": code,
                        "code": label,
                        "version": None,
                        "name": ruleset.name,
                        "name_nl": ruleset.name_nl,
                        "builtin": True,
                        "data": game.ruleset_to_dict(ruleset),
                    }
                )
        houses = HouseRuleset.objects.filter(club=club).order_by("game", "code", "version")
        if wanted:
            houses = houses.filter(game=wanted)
        rows.extend(_house(house) for house in houses)
        shown, links = paginate(request, rows, self)
        return Response(envelope(links, RulesetSerializer(shown, many=True).data))

    @extend_schema(request=HouseRulesetWriteSerializer, responses={201: RulesetSerializer})
    def post(self, request: Request, club_id: int) -> Response:
        """Save house rules for a game (organizers): version 1 of a new code, or the next
        version of an existing one. The game checks them (a Bonken ruleset that cannot add up
        to zero is refused, with the reason)."""
        club = get_object_or_404(Club, pk=club_id)
        require_role(request.user, club.pk, ORGANIZER, _("make house rules"))  # before validation
        serializer = HouseRulesetWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        house = house_ruleset_create(
            club=club,
            actor=request.user,
            game=serializer.validated_data["game"],
            data=serializer.validated_data["data"],
        )
        return Response(RulesetSerializer(_house(house)).data, status=status.HTTP_201_CREATED)
