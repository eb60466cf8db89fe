"""A player's e-mail settings through the API, with a personal link and no account: whether
they get their evening by e-mail, at which address, in which language. The link's token is the
permission, for that one player: the signed link of their e-mail settings (at the bottom of
every evening, printed by ``manage.py evening_link``) or their personal link at a club (the
one they answer the club's nights with). ``week.mailings.services`` owns the rule and the
audit entry, as it does for the pages."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.models import Player
from core.errors import NotFound, ServiceError
from web.api.serializers import ErrorResponseSerializer
from web.api.serializers.settings import MailSettingsSerializer, MailSettingsWriteSerializer
from week.mailings import links as mail_links
from week.mailings.models import MailPreference
from week.mailings.services import preference_for, preference_set
from week.planning import links as personal_links

TOKEN = OpenApiParameter(
    "token",
    str,
    OpenApiParameter.PATH,
    description="The token of a personal link of the player: of their e-mail settings link "
    "(``/mail/p/<token>/``, in every evening e-mail) or of their personal link at a club "
    "(``/r/<token>/``). It names the player; no account is needed.",
)
SETTINGS = OpenApiExample(
    "Anna's settings",
    value={
        "player": 12,
        "player_name": "Anna de Vries",
        "email": "anna@example.org",
        "evening": True,
        "language": "nl",
    },
    response_only=True,
)
OPT_IN = OpenApiExample(
    "Opt in",
    value={"email": "anna@example.org", "evening": True, "language": "nl"},
    request_only=True,
)
NO_ADDRESS = OpenApiExample(
    "Opting in without an address",
    value={
        "errors": [
            {
                "code": "email_required",
                "message": "Give an e-mail address to get your evening by e-mail.",
                "message_nl": "Geef een e-mailadres op om je avond per e-mail te krijgen.",
                "field": "email",
                "game_number": None,
            }
        ]
    },
    response_only=True,
)
UNKNOWN = OpenApiExample(
    "A link that is no longer valid",
    value={
        "errors": [
            {
                "code": "link_unknown",
                "message": "This link is not (or no longer) valid; use the link in your latest "
                "e-mail or ask the organizer for a new one.",
                "message_nl": "Deze link is niet (meer) geldig; gebruik de link in je laatste "
                "e-mail of vraag de organisator om een nieuwe.",
                "field": None,
                "game_number": None,
            }
        ]
    },
    response_only=True,
)

UNKNOWN_LINK = OpenApiResponse(ErrorResponseSerializer, examples=[UNKNOWN])


def linked_player(token: str) -> Player:
    """The player a personal link names: their e-mail settings link (signed; no table) or
    their personal link at a club; a 404 for a token that is neither (or no longer) valid."""
    try:
        return mail_links.linked_player(token, mail_links.PREFERENCES)
    except NotFound:
        pass
    try:
        return personal_links.link_for_token(token).player
    except NotFound:
        raise NotFound.single(
            "link_unknown",
            _(
                "This link is not (or no longer) valid; use the link in your latest e-mail "
                "or ask the organizer for a new one."
            ),
        ) from None


def _answer(preference: MailPreference) -> Response:
    return Response(
        MailSettingsSerializer(
            {
                "player": preference.player.pk,
                "player_name": preference.player.name,
                "email": preference.email,
                "evening": preference.evening,
                "language": preference.language,
            }
        ).data
    )


class MailSettingsView(APIView):
    """A player's e-mail settings, read and set with a personal link of theirs (no account
    needed; the link is the permission, for that player only): whether they get their
    evening by e-mail after each event, the address and the language."""

    permission_classes = [AllowAny]

    def authorize_write(self, request: Request, **kwargs: Any) -> None:
        """A retried write (``Idempotency-Key``) is answered only while its link is valid."""
        linked_player(str(kwargs["token"]))

    @extend_schema(
        parameters=[TOKEN],
        responses={200: MailSettingsSerializer, 404: UNKNOWN_LINK},
        examples=[SETTINGS],
    )
    def get(self, request: Request, token: str) -> Response:
        return _answer(preference_for(linked_player(token)))

    @extend_schema(
        parameters=[TOKEN],
        request=MailSettingsWriteSerializer,
        responses={
            200: MailSettingsSerializer,
            400: OpenApiResponse(ErrorResponseSerializer, examples=[NO_ADDRESS]),
            404: UNKNOWN_LINK,
        },
        examples=[OPT_IN, SETTINGS],
    )
    def put(self, request: Request, token: str) -> Response:
        """Set them: ``evening`` true needs an ``email``; ``language`` left out stays as it
        is. The address is checked (400 ``email_invalid``, ``email_required``)."""
        player = linked_player(token)
        if not isinstance(request.data, dict):
            raise ServiceError.single("bad_body", _("Send a JSON object."))
        given = MailSettingsWriteSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        data = given.validated_data
        preference = preference_set(
            actor=request.user,
            player=player,
            email=data["email"],
            evening=data["evening"],
            language=data.get("language") or preference_for(player).language,
            by_link=True,
        )
        return _answer(preference)
