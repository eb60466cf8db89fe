"""The club's calendar through the API: planned nights (members read, organizers plan, change,
cancel and open them; those who said yes checked in at once) and the answers to a night ("I'm
coming / not / maybe": the player signed in, an organizer for any member, or anyone holding a
player's personal link). ``week.planning`` owns every rule, permission and audit entry, as it
does for the pages."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.models import Club, Player
from clubs.selectors import player_for_user, user_roles
from core.errors import ServiceError
from tournaments.selectors import events_visible_to
from web.api.pagination import PAGE_PARAMETERS, envelope, page_of, paginate
from web.api.serializers.events import EntrySerializer
from week.planning import links, night_rules, opening, services
from week.planning.models import Answer, PlannedNight, Recurrence, Rsvp, Via
from week.planning.selectors import nights_ahead, outlook


class NightSerializer(serializers.ModelSerializer):
    cancelled = serializers.BooleanField(read_only=True)

    class Meta:
        model = PlannedNight
        fields = [
            "id",
            "club",
            "starts_at",
            "ends_at",
            "game",
            "ruleset",
            "planned_rounds",
            "place",
            "notes",
            "recurrence",
            "series",
            "cancelled",
            "event",
            "sequence",
        ]
        read_only_fields = fields


class NightPlanSerializer(serializers.Serializer):
    starts_at = serializers.DateTimeField(help_text="When the (first) night starts.")
    ends_at = serializers.DateTimeField(
        required=False, help_text="When it ends (four hours later if left out)."
    )
    game = serializers.CharField(max_length=40, help_text="A game code of the registry.")
    ruleset = serializers.CharField(
        max_length=80,
        required=False,
        allow_blank=True,
        help_text="A ruleset of the game (its default if empty).",
    )
    planned_rounds = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=night_rules.MAX_ROUNDS,
        help_text="How many rounds the night plays (3 if left out); its event plans as many.",
    )
    place = serializers.CharField(max_length=200, required=False, allow_blank=True)
    notes = serializers.CharField(max_length=2000, required=False, allow_blank=True)
    recurrence = serializers.ChoiceField(
        choices=Recurrence.choices,
        required=False,
        help_text="once, weekly, fortnightly or monthly.",
    )
    count = serializers.IntegerField(
        required=False,
        min_value=1,
        max_value=night_rules.MAX_NIGHTS,
        help_text="How many dates a series has (1 to 52), skipped ones included.",
    )
    skip = serializers.ListField(
        child=serializers.DateField(),
        required=False,
        max_length=night_rules.MAX_NIGHTS,
        help_text="Dates of the series (local dates) that get no night: a holiday, the room "
        "taken. The series keeps them as skipped.",
    )
    confirm_same_time = serializers.BooleanField(
        required=False,
        help_text="Plan it even though another night of the club starts at the same time "
        "(without it, such a plan is refused with 409, naming that night).",
    )


class NightUpdateSerializer(serializers.Serializer):
    starts_at = serializers.DateTimeField(required=False)
    ends_at = serializers.DateTimeField(required=False)
    game = serializers.CharField(max_length=40, required=False)
    ruleset = serializers.CharField(max_length=80, required=False, allow_blank=True)
    planned_rounds = serializers.IntegerField(
        required=False, min_value=1, max_value=night_rules.MAX_ROUNDS
    )
    place = serializers.CharField(max_length=200, required=False, allow_blank=True)
    notes = serializers.CharField(max_length=2000, required=False, allow_blank=True)
    confirm_same_time = serializers.BooleanField(
        required=False,
        help_text="Move it even though another night of the club starts at the new time "
        "(without it, such a change is refused with 409, naming that night).",
    )


class CancelSerializer(serializers.Serializer):
    cancelled = serializers.BooleanField(help_text="true: cancel the night; false: it is on.")


class OpenedSerializer(serializers.Serializer):
    event = serializers.IntegerField(help_text="The event the night is open as.")


class RsvpSerializer(serializers.ModelSerializer):
    player_name = serializers.CharField(source="player.name", read_only=True)

    class Meta:
        model = Rsvp
        fields = ["night", "player", "player_name", "answer", "answered_at", "via"]
        read_only_fields = fields


class AnswerSerializer(serializers.Serializer):
    answer = serializers.ChoiceField(choices=Answer.choices, help_text="yes, no or maybe.")
    player = serializers.IntegerField(
        required=False,
        min_value=1,
        help_text=("The player (an organizer answering for a member); leave it out for yourself."),
    )


class LinkAnswerSerializer(serializers.Serializer):
    night = serializers.IntegerField(min_value=1, help_text="The planned night.")
    answer = serializers.ChoiceField(choices=Answer.choices, help_text="yes, no or maybe.")


class OutlookSerializer(serializers.Serializer):
    """What the answers mean for the night (the ``meta`` of its list of answers)."""

    coming = serializers.IntegerField(help_text="Players who said yes.")
    maybe = serializers.IntegerField()
    not_coming = serializers.IntegerField()
    tables = serializers.ListField(
        child=serializers.IntegerField(),
        help_text=("The table sizes those coming give for the night's game (largest first)."),
    )
    sits_out = serializers.IntegerField(help_text="Players coming who would sit out.")
    more_needed = serializers.IntegerField(
        help_text="Players more that would seat everyone (0: everyone has a seat)."
    )


def _body(
    request: Request, serializer: type[serializers.Serializer], partial: bool = False
) -> dict[str, Any]:
    if not isinstance(request.data, dict):
        raise ServiceError.single("bad_body", _("Send a JSON object."))
    parsed = serializer(data=request.data, partial=partial)
    parsed.is_valid(raise_exception=True)
    return dict(parsed.validated_data)


def visible_nights(request: Request) -> QuerySet[PlannedNight]:
    """The nights of the clubs the user is a member of (another club's answer 404)."""
    user = request.user
    if user.is_authenticated and user.is_superuser:
        return PlannedNight.objects.all()
    return PlannedNight.objects.filter(club_id__in=list(user_roles(user)))


def _night(request: Request, night_id: int) -> PlannedNight:
    return get_object_or_404(visible_nights(request).select_related("club"), pk=night_id)


class ClubNightsView(APIView):
    """The club's nights that are not over yet (its members), or plan a night once or as a
    series every week, fortnight or month (its organizers; 201 with every night planned)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses=page_of(NightSerializer), parameters=PAGE_PARAMETERS)
    def get(self, request: Request, club_id: int) -> Response:
        club = get_object_or_404(Club, pk=club_id, pk__in=_member_clubs(request))
        shown, links = paginate(request, nights_ahead(club), self)
        return Response(envelope(links, NightSerializer(shown, many=True).data))

    @extend_schema(request=NightPlanSerializer, responses={201: NightSerializer(many=True)})
    def post(self, request: Request, club_id: int) -> Response:
        club = get_object_or_404(Club, pk=club_id, pk__in=_member_clubs(request))
        data = _body(request, NightPlanSerializer)
        nights = services.night_plan(club=club, actor=request.user, **data)
        return Response(NightSerializer(nights, many=True).data, status=status.HTTP_201_CREATED)


def _member_clubs(request: Request) -> list[int]:
    if request.user.is_authenticated and request.user.is_superuser:
        return list(Club.objects.values_list("pk", flat=True))
    return list(user_roles(request.user))


class NightView(APIView):
    """One planned night (members of its club read it; organizers change its times, game,
    ruleset, planned rounds, place or notes; moved to the time another night of the club
    starts, 409 naming that night until ``confirm_same_time``)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses=NightSerializer)
    def get(self, request: Request, night_id: int) -> Response:
        return Response(NightSerializer(_night(request, night_id)).data)

    @extend_schema(request=NightUpdateSerializer, responses=NightSerializer)
    def patch(self, request: Request, night_id: int) -> Response:
        night = _night(request, night_id)
        data = _body(request, NightUpdateSerializer, partial=True)
        return Response(
            NightSerializer(services.night_update(night=night, actor=request.user, **data)).data
        )


class NightCancelView(APIView):
    """Cancel one night (of a series or not) or put it on again (the club's organizers)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=CancelSerializer, responses=NightSerializer)
    def post(self, request: Request, night_id: int) -> Response:
        night = _night(request, night_id)
        data = _body(request, CancelSerializer)
        return Response(
            NightSerializer(
                services.night_cancel(night=night, actor=request.user, cancelled=data["cancelled"])
            ).data
        )


class NightOpenView(APIView):
    """Open the night as the club's event (once; again gives the same event). Its check-in
    lists those who said yes first."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses=OpenedSerializer)
    def post(self, request: Request, night_id: int) -> Response:
        event = opening.night_open(night=_night(request, night_id), actor=request.user)
        return Response({"event": event.pk})


class EventCheckInComingView(APIView):
    """Check in at once everyone who said yes to the night the event was opened from (and is
    still a member), as the check-in page's button does (the club's organizers and scorers).
    Answers the entries checked in now: none when everyone coming is in already."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses=EntrySerializer(many=True),
    )
    def post(self, request: Request, event_id: int) -> Response:
        event = get_object_or_404(events_visible_to(request.user), pk=event_id)
        entries = opening.night_check_in_coming(event=event, actor=request.user)
        return Response(EntrySerializer(entries, many=True).data)


class NightRsvpsView(APIView):
    """Who answered what and what it means for the night's tables (members of the club), or
    an answer: your own, or an organizer's for the member named."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses=page_of(RsvpSerializer, OutlookSerializer), parameters=PAGE_PARAMETERS)
    def get(self, request: Request, night_id: int) -> Response:
        """The answers, by player's name; ``meta`` tells what they mean for the tables."""
        night = _night(request, night_id)
        seen = outlook(night)
        answers = (
            Rsvp.objects.filter(night=night)
            .select_related("player")
            .order_by("player__name", "player_id")
        )
        shown, links = paginate(request, answers, self)
        meta = {
            "coming": len(seen.coming),
            "maybe": len(seen.maybe),
            "not_coming": len(seen.not_coming),
            "tables": seen.layout,
            "sits_out": seen.sits_out,
            "more_needed": seen.more_needed,
        }
        return Response(
            envelope(links, RsvpSerializer(shown, many=True).data, OutlookSerializer(meta).data)
        )

    @extend_schema(request=AnswerSerializer, responses=RsvpSerializer)
    def post(self, request: Request, night_id: int) -> Response:
        night = _night(request, night_id)
        data = _body(request, AnswerSerializer)
        player: Player | None = (
            get_object_or_404(Player, pk=data["player"])
            if data.get("player")
            else player_for_user(request.user)
        )
        if player is None:
            raise ServiceError.single("player_required", _("Name the player."), field="player")
        rsvp = services.rsvp_answer(
            night=night, player=player, answer=data["answer"], actor=request.user, via=Via.ACCOUNT
        )
        return Response(RsvpSerializer(rsvp).data)


class LinkAnswerView(APIView):
    """Answer for a night with a player's personal link (its token is the permission; no
    account needed)."""

    permission_classes = [AllowAny]

    @extend_schema(request=LinkAnswerSerializer, responses=RsvpSerializer)
    def post(self, request: Request, token: str) -> Response:
        link = links.link_for_token(token)
        data = _body(request, LinkAnswerSerializer)
        night = get_object_or_404(PlannedNight, pk=data["night"], club=link.club)
        rsvp = services.rsvp_answer(
            night=night, player=link.player, answer=data["answer"], actor=request.user, token=token
        )
        return Response(RsvpSerializer(rsvp).data)
