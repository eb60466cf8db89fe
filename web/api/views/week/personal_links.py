"""The players' personal links through the API, as on the organizer's page of them: each
member's link to the club's week without an account (answer for the nights, the calendars,
the e-mail settings). Organizers list them, make one (a member's link is kept when they have
one), renew one (the old one stops working), switch one off, and make every member's at once
(only ``renew`` replaces the links members have). A player may read, renew or switch off their
own. ``week.planning.links`` owns every rule, permission, lock and audit entry, as it does for
the pages."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.models import Club, Player
from clubs.selectors import ORGANIZER, player_for_user, require_role, user_roles
from core.errors import NotFound, Text
from web.api.pagination import PAGE_PARAMETERS, envelope, page_of, paginate
from web.api.serializers.sessions import ErrorResponseSerializer
from web.api.views.week.planning import _body
from week.planning import links
from week.planning.models import RsvpLink
from week.planning.selectors import member_links


class PersonalLinkSerializer(serializers.Serializer):
    player = serializers.IntegerField(source="player_id", help_text="The member it is for.")
    player_name = serializers.CharField(source="player.name")
    token = serializers.CharField(
        help_text="The link's secret: whoever holds it answers for the player "
        "(POST /api/v1/rsvp/{token}/)."
    )
    url = serializers.SerializerMethodField(help_text="The player's page of the club's week.")
    calendar_url = serializers.SerializerMethodField(
        help_text="The player's own calendar feed (the nights they said they are coming to)."
    )
    email_settings_url = serializers.SerializerMethodField(
        help_text="The player's e-mail settings (the evening e-mail), through this link."
    )
    created_at = serializers.DateTimeField(help_text="When this link was made (or last renewed).")

    def _absolute(self, name: str, token: str) -> str:
        path = reverse(name, args=[token])
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request is not None else path

    def get_url(self, link: RsvpLink) -> str:
        return self._absolute("planning:link_page", link.token)

    def get_calendar_url(self, link: RsvpLink) -> str:
        return self._absolute("planning:player_feed", link.token)

    def get_email_settings_url(self, link: RsvpLink) -> str:
        return self._absolute("mailings:link_settings", link.token)


class PersonalLinkIssuedSerializer(PersonalLinkSerializer):
    made = serializers.BooleanField(
        help_text="A link was written now (false: the member kept the link they had)."
    )
    replaced = serializers.BooleanField(
        help_text="An earlier link of the member stopped working (never for a first link)."
    )


class PersonalLinkMakeSerializer(serializers.Serializer):
    player = serializers.IntegerField(min_value=1, help_text="A member of the club.")


class EveryMemberSerializer(serializers.Serializer):
    renew = serializers.BooleanField(
        required=False,
        default=False,
        help_text="true: every member gets a new link and the links made before stop working. "
        "false (the default): members who have a link keep it; the others get one.",
    )


class EveryMemberIssuedSerializer(serializers.Serializer):
    made = serializers.IntegerField(help_text="Members who had no link and got one.")
    renewed = serializers.IntegerField(help_text="Links replaced (with renew only).")
    kept = serializers.IntegerField(help_text="Members who keep the link they had.")
    links = PersonalLinkSerializer(many=True, help_text="Every member's link, by name.")


LINK_EXAMPLE = {
    "player": 12,
    "player_name": "Anna de Vries",
    "token": "h3Q9xk2LmP0aVbN7cR4tYw8e",
    "url": "https://club.example/r/h3Q9xk2LmP0aVbN7cR4tYw8e/",
    "calendar_url": "https://club.example/r/h3Q9xk2LmP0aVbN7cR4tYw8e/calendar.ics",
    "email_settings_url": "https://club.example/mail/r/h3Q9xk2LmP0aVbN7cR4tYw8e/",
    "created_at": "2026-11-20T19:30:00+01:00",
}
NOT_FOUND = OpenApiResponse(
    response=ErrorResponseSerializer,
    description="No such club among the caller's, or the player is not a member of it "
    "(or has no personal link).",
)
NOT_ALLOWED = OpenApiResponse(
    response=ErrorResponseSerializer,
    description="Only an organizer of the club (or the player themselves, for their own link).",
)


def _club(request: Request, club_id: int) -> Club:
    """A club the caller has a role in (any other is not found)."""
    user = request.user
    if user.is_authenticated and user.is_superuser:
        return get_object_or_404(Club, pk=club_id)
    return get_object_or_404(Club, pk=club_id, pk__in=list(user_roles(user)))


def _member(club: Club, player_id: int) -> Player:
    return get_object_or_404(Player, pk=player_id, memberships__club=club)


def _link_of(club: Club, player: Player) -> RsvpLink:
    link = RsvpLink.objects.select_related("player").filter(club=club, player=player).first()
    if link is None:
        raise NotFound.single(
            "rsvp_link_none",
            Text(_("%(player)s has no personal link."), player=player.name),
        )
    return link


def _issued(request: Request, issued: links.LinkIssued) -> dict[str, Any]:
    data = PersonalLinkSerializer(issued.link, context={"request": request}).data
    return {**data, "made": issued.made, "replaced": issued.replaced}


class ClubPersonalLinksView(APIView):
    """The personal links of the club's members: list them, or make a member's."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="v1_clubs_personal_links_list",
        parameters=PAGE_PARAMETERS,
        responses={200: page_of(PersonalLinkSerializer), 403: NOT_ALLOWED, 404: NOT_FOUND},
    )
    def get(self, request: Request, club_id: int) -> Response:
        """The personal links of the club's members, by name (the club's organizers); a member
        without a link is not listed."""
        club = _club(request, club_id)
        require_role(request.user, club.pk, ORGANIZER, _("see the personal links"))
        shown, pages = paginate(request, member_links(club), self)
        return Response(
            envelope(
                pages, PersonalLinkSerializer(shown, many=True, context={"request": request}).data
            )
        )

    @extend_schema(
        request=PersonalLinkMakeSerializer,
        responses={
            201: PersonalLinkIssuedSerializer,
            200: OpenApiResponse(
                response=PersonalLinkIssuedSerializer,
                description="The member had a link already: it is kept, unchanged.",
            ),
            403: NOT_ALLOWED,
            404: NOT_FOUND,
        },
        examples=[
            OpenApiExample("Make a link", value={"player": 12}, request_only=True),
            OpenApiExample(
                "Her first link",
                value={**LINK_EXAMPLE, "made": True, "replaced": False},
                response_only=True,
                status_codes=["201"],
            ),
        ],
    )
    def post(self, request: Request, club_id: int) -> Response:
        """A member's personal link made (201); a member who has one keeps it (200, ``made``
        false, nothing changed)."""
        club = _club(request, club_id)
        player = _member(club, _body(request, PersonalLinkMakeSerializer)["player"])
        issued = links.rsvp_link_issue(club=club, player=player, actor=request.user, renew=False)
        return Response(
            _issued(request, issued),
            status=status.HTTP_201_CREATED if issued.made else status.HTTP_200_OK,
        )


class ClubPersonalLinkView(APIView):
    """One member's personal link: read it, or switch it off."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="v1_clubs_personal_links_retrieve",
        responses={200: PersonalLinkSerializer, 403: NOT_ALLOWED, 404: NOT_FOUND},
        examples=[OpenApiExample("A link", value=LINK_EXAMPLE, response_only=True)],
    )
    def get(self, request: Request, club_id: int, player_id: int) -> Response:
        """The member's personal link (the club's organizers, or the player themselves)."""
        club = _club(request, club_id)
        player = _member(club, player_id)
        own = player_for_user(request.user)
        if own is None or own.pk != player.pk:
            require_role(request.user, club.pk, ORGANIZER, _("see the personal links"))
        return Response(
            PersonalLinkSerializer(_link_of(club, player), context={"request": request}).data
        )

    @extend_schema(responses={204: None, 403: NOT_ALLOWED, 404: NOT_FOUND})
    def delete(self, request: Request, club_id: int, player_id: int) -> Response:
        """Switch the member's link off: it stops working at once (a new one may be made
        later). 404 when they have none."""
        club = _club(request, club_id)
        links.rsvp_link_revoke(club=club, player=_member(club, player_id), actor=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class ClubPersonalLinkRenewView(APIView):
    """A new personal link for the member: the one they had stops working at once (a member
    without one gets their first, ``replaced`` false)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: PersonalLinkIssuedSerializer, 403: NOT_ALLOWED, 404: NOT_FOUND},
        examples=[
            OpenApiExample(
                "A renewed link",
                value={**LINK_EXAMPLE, "made": True, "replaced": True},
                response_only=True,
            )
        ],
    )
    def post(self, request: Request, club_id: int, player_id: int) -> Response:
        club = _club(request, club_id)
        issued = links.rsvp_link_issue(
            club=club, player=_member(club, player_id), actor=request.user, renew=True
        )
        return Response(_issued(request, issued))


class ClubPersonalLinksEveryMemberView(APIView):
    """A personal link for every member at once (the club's organizers): members without one
    get one and the others keep theirs; with ``renew`` every member gets a new one and the
    links made before stop working."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=EveryMemberSerializer,
        responses={200: EveryMemberIssuedSerializer, 403: NOT_ALLOWED, 404: NOT_FOUND},
        examples=[
            OpenApiExample(
                "Links for those without one", value={"renew": False}, request_only=True
            ),
            OpenApiExample(
                "One made and one kept",
                value={
                    "made": 1,
                    "renewed": 0,
                    "kept": 1,
                    "links": [
                        LINK_EXAMPLE,
                        {
                            **LINK_EXAMPLE,
                            "player": 14,
                            "player_name": "Bram Jansen",
                            "token": "Zt5Ue1Wq8Rm3Kp6Ls2Nd9Vb0",
                            "url": "https://club.example/r/Zt5Ue1Wq8Rm3Kp6Ls2Nd9Vb0/",
                            "calendar_url": "https://club.example/r/Zt5Ue1Wq8Rm3Kp6Ls2Nd9Vb0/"
                            "calendar.ics",
                            "email_settings_url": "https://club.example/mail/r/"
                            "Zt5Ue1Wq8Rm3Kp6Ls2Nd9Vb0/",
                        },
                    ],
                },
                response_only=True,
            ),
        ],
    )
    def post(self, request: Request, club_id: int) -> Response:
        club = _club(request, club_id)
        renew = _body(request, EveryMemberSerializer)["renew"]
        issued = links.rsvp_links_issue(club=club, actor=request.user, renew=renew)
        data = {
            "made": len(issued.made),
            "renewed": len(issued.renewed),
            "kept": len(issued.kept),
            "links": PersonalLinkSerializer(
                issued.links, many=True, context={"request": request}
            ).data,
        }
        return Response(data)
