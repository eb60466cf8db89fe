"""Session results: submit, play game by game, undo, read with history, and validate only.

Writes are commands with their own endpoints; each calls one service in results.services and
answers with the saved session. A write may carry an ``Idempotency-Key`` header: a retry with
the same key and body gets the first answer again instead of a second write.
"""

from collections.abc import Callable
from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ErrorDetail, NotAuthenticated, ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.errors import Conflict, NotAllowed, ServiceError, Text
from core.parsing import whole_number
from games.registry import score_document
from results.models import Session
from results.services import session_append_part, session_submit, session_undo_last_part
from results.writers import require_session_writer, table_token_matches
from tournaments.models import Table
from tournaments.selectors import events_visible_to
from web.api.access.table_scope import table_token, visible_table
from web.api.access.throttling import AnonRateThrottle
from web.api.pagination import PAGE_PARAMETERS, envelope, page_of, paginate
from web.api.serializers.base import GAME_DOCUMENT
from web.api.serializers.sessions import (
    ErrorResponseSerializer,
    GameAppendSerializer,
    SessionRevisionSerializer,
    SessionSerializer,
    SessionWriteSerializer,
    UndoSerializer,
    ValidationResultSerializer,
)

IDEMPOTENCY_HEADER = OpenApiParameter(
    "Idempotency-Key",
    str,
    OpenApiParameter.HEADER,
    required=False,
    description="Retry-safe writes: the same key and body return the first answer.",
)
TABLE_TOKEN_HEADER = OpenApiParameter(
    "X-Table-Token",
    str,
    OpenApiParameter.HEADER,
    required=False,
    description="The table's scoring link token: write this table's session without an account.",
)
IF_MATCH_HEADER = OpenApiParameter(
    "If-Match",
    {"type": "string", "pattern": r'^\s*(\*|(W/)?"[0-9]{1,9}"|[0-9]{1,9})\s*$'},
    OpenApiParameter.HEADER,
    required=False,
    description='The revision you edited, as the ETag of GET (e.g. "3"); 412 if it moved on. '
    'Compared strongly: a weak tag (W/"3") never matches (412).',
)


def sessions_queryset(request: Request) -> QuerySet[Session]:
    return (
        Session.objects.filter(event__in=events_visible_to(request.user))
        .select_related("event", "table__round")
        .prefetch_related("seat_results__player")
        .order_by("event_id", "table__round__number", "table__number")
    )


# One serializer, its fields built once: every write answers with the session it saved.
_SESSION_OUT = SessionSerializer()


def _session_response(session: Session, request: Request, code: int = 200) -> Response:
    if "seat_results" not in getattr(session, "_prefetched_objects_cache", {}):
        session = (
            Session.objects.select_related("event", "table__round")
            .prefetch_related("seat_results__player")
            .get(pk=session.pk)
        )
    _event_from_table(session)
    etag = f'"{session.revision}"'
    if code == 200 and request.method == "GET" and _matches(request, etag):
        not_modified = Response(status=304)
        not_modified["ETag"] = etag
        return not_modified
    response = Response(_SESSION_OUT.to_representation(session), status=code)
    response["ETag"] = etag
    return response


def _event_from_table(session: Session) -> None:
    """The session's event (for its ``game``) from the table the write read under its lock,
    when that read it already: no query of its own."""
    if Session._meta.get_field("event").is_cached(session):
        return
    table = session._state.fields_cache.get("table")
    round_ = table._state.fields_cache.get("round") if table is not None else None
    event = round_._state.fields_cache.get("event") if round_ is not None else None
    if event is not None and event.pk == session.event_id:
        session.event = event


def _matches(request: Request, etag: str) -> bool:
    """Whether ``If-None-Match`` names this ETag (weak comparison, as HTTP says for GET)."""
    header = request.headers.get("If-None-Match")
    if not header:
        return False
    tags = {tag.strip().removeprefix("W/") for tag in header.split(",")}
    return "*" in tags or etag in tags


class PreconditionFailed(ServiceError):
    """A stale ``If-Match``: the session moved on since the ETag the client sent (HTTP 412)."""

    status_code = 412


def _expected_revision(request: Request, data: dict[str, Any]) -> int | None:
    """The revision the write builds on: the body's ``expected_revision``, else the
    ``If-Match`` header's (which is read either way: a malformed or weak one is answered)."""
    header = if_match_revision(request)
    if data.get("expected_revision") is not None:
        return int(data["expected_revision"])
    return header


def if_match_revision(request: Request) -> int | None:
    """The revision an ``If-Match`` header names (None without one, or for ``*``).

    ``If-Match`` compares entity tags strongly (RFC 9110, 13.1.1): a weak tag (``W/"3"``)
    never matches, so a write that sends one fails its precondition (412) whatever the
    revision. Anything but a revision, in quotes as the ``ETag`` gives it or bare, is a 400."""
    header = request.headers.get("If-Match")
    if header is None or header.strip() == "*":
        return None
    tag = header.strip()
    weak = tag.startswith("W/")
    tag = tag.removeprefix("W/")
    quoted = len(tag) > 1 and tag[0] == tag[-1] == '"'
    revision = whole_number(tag[1:-1] if quoted else tag)  # a bare revision is taken too
    if revision is None or (weak and not quoted):
        raise ValidationError(
            {
                "If-Match": [
                    ErrorDetail(
                        "If-Match must be a revision as the ETag gives it "
                        f'(e.g. "3"), not {header[:40]!r}.',
                        code="invalid_precondition",
                    )
                ]
            }
        )
    if weak:
        raise PreconditionFailed.single(
            "precondition_failed",
            Text(
                _(
                    "If-Match compares strong ETags only: the weak %(tag)s never matches. Send "
                    'the ETag as the session gives it, e.g. "%(revision)s".'
                ),
                tag=f'W/"{revision}"',
                revision=revision,
            ),
            field="If-Match",
        )
    return revision


class TableWriteView(APIView):
    """What the table session endpoints share: finding the table and calling a session service
    as the account or the table's scoring link token (``X-Table-Token``) of the request."""

    permission_classes = [AllowAny]  # the service decides: role, event scorer or table token

    def get_table(self, request: Request, table_id: int) -> Table:
        """The table to read: its scoring link token, or an event the reader may see (read
        once per request: ``web.api.access.table_scope`` checked it before anything else)."""
        return visible_table(request, table_id)

    def table_token(self, request: Request) -> str | None:
        return table_token(request)

    def authorize_write(self, request: Request, table_id: int, **_: Any) -> None:
        """Who may write this table, checked before anything else (an idempotent replay
        included); the service checks it again under the table's lock."""
        if not request.user.is_authenticated and not self.table_token(request):
            raise NotAuthenticated()
        table = visible_table(request, table_id)  # read once per request (table_scope)
        try:
            require_session_writer(table, request.user, self.table_token(request))
        except NotAllowed as exc:
            if not request.user.is_authenticated:
                raise NotAuthenticated() from exc
            raise

    def write(self, request: Request, service: Callable[..., Session], **arguments: Any) -> Session:
        """Call a session service for the table. The service reads the table under its lock and
        decides whether this writer may write it; without an account, a table token that is not
        this table's is no credential at all (401, as no token)."""
        if not request.user.is_authenticated and not self.table_token(request):
            raise NotAuthenticated()
        try:
            return service(
                submitted_by=request.user, table_token=self.table_token(request), **arguments
            )
        except Conflict as exc:
            # A stale If-Match is 412 as HTTP says; a stale expected_revision in the body
            # stays 409.
            stale = [e for e in exc.errors if e["code"] == "revision_conflict"]
            header = if_match_revision(request)
            if stale and header is not None and header == arguments.get("expected_revision"):
                raise PreconditionFailed(
                    [{**e, "code": "precondition_failed", "field": "If-Match"} for e in stale]
                ) from exc
            raise
        except NotAllowed as exc:
            if not request.user.is_authenticated:
                raise NotAuthenticated() from exc
            raise


class TableSessionView(TableWriteView):
    """A table's session: read it, or save the whole document (new, partial or corrected).

    A table's scoring link token in the ``X-Table-Token`` header lets anyone write this
    table's session (until its round closes), without an account.
    """

    @extend_schema(responses=SessionSerializer, parameters=[TABLE_TOKEN_HEADER])
    def get(self, request: Request, table_id: int) -> Response:
        table = self.get_table(request, table_id)
        # The table's own link reads what it wrote, published or not; others what they may see.
        own = table_token_matches(table, self.table_token(request))
        session = get_object_or_404(
            Session.objects.all() if own else sessions_queryset(request), table=table
        )
        return _session_response(session, request)

    @extend_schema(
        request=SessionWriteSerializer,
        responses={
            200: SessionSerializer,
            201: SessionSerializer,
            400: ErrorResponseSerializer,
            409: ErrorResponseSerializer,
        },
        parameters=[IDEMPOTENCY_HEADER, IF_MATCH_HEADER, TABLE_TOKEN_HEADER],
    )
    def put(self, request: Request, table_id: int) -> Response:
        serializer = SessionWriteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        session = self.write(
            request,
            session_submit,
            table=table_id,
            document=serializer.validated_data["document"],
            expected_revision=_expected_revision(request, serializer.validated_data),
            reason=serializer.validated_data.get("reason", ""),
        )
        return _session_response(session, request, 201 if session.created_now else 200)


class TableSessionGamesView(TableWriteView):
    """Add the next game while the table plays."""

    @extend_schema(
        request=GameAppendSerializer,
        responses={
            201: SessionSerializer,
            400: ErrorResponseSerializer,
            409: ErrorResponseSerializer,
        },
        parameters=[IDEMPOTENCY_HEADER, IF_MATCH_HEADER, TABLE_TOKEN_HEADER],
    )
    def post(self, request: Request, table_id: int) -> Response:
        serializer = GameAppendSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        session = self.write(
            request,
            session_append_part,
            table=table_id,
            part=serializer.validated_data["part"],
            expected_revision=_expected_revision(request, serializer.validated_data),
        )
        return _session_response(session, request, status.HTTP_201_CREATED)


class TableSessionUndoView(TableWriteView):
    """Take back the last game (a new revision; the history keeps the old one)."""

    @extend_schema(
        request=UndoSerializer,
        responses=SessionSerializer,
        parameters=[IF_MATCH_HEADER, TABLE_TOKEN_HEADER],
    )
    def post(self, request: Request, table_id: int) -> Response:
        serializer = UndoSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        session = self.write(
            request,
            session_undo_last_part,
            table=table_id,
            expected_revision=_expected_revision(request, serializer.validated_data),
        )
        return _session_response(session, request)


class SessionViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Saved sessions (read only; write through a table's session endpoints)."""

    serializer_class = SessionSerializer
    filterset_fields = ["event", "table", "complete", "table__round"]
    ordering_fields = ["updated_at", "created_at"]

    def get_queryset(self) -> QuerySet[Session]:
        return sessions_queryset(self.request)

    @extend_schema(responses=page_of(SessionRevisionSerializer), parameters=PAGE_PARAMETERS)
    @action(detail=True, methods=["get"], pagination_class=None, filter_backends=[])
    def revisions(self, request: Request, pk: str | None = None) -> Response:
        """Every saved version of the session, oldest first, with who, when and why."""
        session = self.get_object()
        revisions = session.revisions.select_related("created_by").order_by("number")
        shown, links = paginate(request, revisions, self)
        return Response(envelope(links, SessionRevisionSerializer(shown, many=True).data))


class ValidateThrottle(AnonRateThrottle):
    """The validator scores whole documents for anyone: a tighter limit than other reads."""

    scope = "validate"
    rate = "120/minute"


class SessionValidateView(APIView):
    """Validate and score a session document; stores nothing. Open to anyone.

    200 with the scored result for a valid document, 400 with every problem for an invalid one.
    """

    permission_classes = [AllowAny]
    authentication_classes: list[Any] = []
    throttle_classes = [ValidateThrottle]

    @extend_schema(
        request={"application/json": {"type": "object", GAME_DOCUMENT: True}},
        responses={200: ValidationResultSerializer, 400: ErrorResponseSerializer},
    )
    def post(self, request: Request) -> Response:
        result = score_document(request.data).to_dict()
        return Response(result, status=200 if result["valid"] else 400)
