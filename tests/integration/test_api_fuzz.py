"""Schemathesis against our own OpenAPI schema: generated requests to every operation, as an
organizer with a token, must never get a 5xx nor a response that breaks the schema."""

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings

from clubs.models import Role
from clubs.tokens import api_token_create
from config.wsgi import application
from tests.documents import classic_document
from tests.factories import EventFactory, seated_table, user_with_role

schema = schemathesis.openapi.from_wsgi("/api/schema/", application)

CHECKS = [
    schemathesis.checks.not_a_server_error,
    schemathesis.checks.response_schema_conformance,
    schemathesis.checks.content_type_conformance,
]


@pytest.fixture
def keep_test_connection():
    """As Django's test client does: the test's open transaction must survive each request."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture
def organizer_token(db, keep_test_connection) -> str:
    event = EventFactory()
    user = user_with_role(event.club, Role.ORGANIZER)
    table = seated_table(event)
    from games.services import session_submit

    session_submit(table=table, submitted_by=user, document=classic_document())
    return api_token_create(user=user, name="fuzz")[1]


@pytest.mark.filterwarnings("ignore")
@schema.parametrize()
@settings(max_examples=15, deadline=None,
          suppress_health_check=list(HealthCheck), derandomize=True)
def test_api_never_fails_or_breaks_its_schema(case, organizer_token):
    response = case.call(headers={"Authorization": f"Token {organizer_token}"})
    case.validate_response(response, checks=CHECKS)
