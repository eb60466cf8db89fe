"""Schemathesis against our own OpenAPI schema, with every check it has (as
``schemathesis run --checks all``): generated requests to every operation, valid and invalid,
as an organizer with a token. No 5xx; every status, header, content type and
body as the schema declares them; what the schema forbids refused and what it allows accepted
(a 400 only for a rule the schema cannot state: tests/api_conformance.py); and the stateful
phase's chains of calls (create, read, change, delete along the schema's links).

Hypothesis settings bound the run (about two minutes on two cores); ``schemathesis.toml`` at the
root carries the same configuration for a run from the command line against a live server."""

from typing import Any

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings

from clubs.access import throttle
from clubs.access.tokens import api_token_create
from clubs.models import Role
from config.wsgi import application
from results.services import session_submit
from tests.api_conformance import refused_only_by_rules
from tests.documents import classic_document
from tests.factories import EventFactory, seated_table, user_with_role

schema = schemathesis.openapi.from_wsgi("/api/schema/", application)

FUZZ = settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
    database=None,
)
STATEFUL = settings(
    max_examples=10,
    stateful_step_count=6,
    deadline=None,
    suppress_health_check=list(HealthCheck),
    derandomize=True,
    database=None,
)


@pytest.fixture
def keep_test_connection():
    """As Django's test client does: the test's open transaction must survive each request."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


# The organizer's token of the running test: schemathesis sends it as the API's token scheme
# (so it knows which credentials are real when it checks that wrong ones are refused).
TOKEN: dict[str, str] = {}


@schema.auth(refresh_interval=None)
class OrganizerToken:
    def get(self, case: Any, context: Any) -> str:
        return TOKEN.get("key", "")

    def set(self, case: Any, data: str, context: Any) -> None:
        case.headers = {**(case.headers or {}), "Authorization": f"Token {data}"}


@pytest.fixture
def organizer_token(db, keep_test_connection, monkeypatch) -> str:
    """An event with a scored table and a token of an organizer of its club (no superuser).
    Wrong passwords are not slowed down here: every case of an operation comes from one
    address, and schemathesis sends wrong credentials on purpose."""
    monkeypatch.setattr(throttle, "LOGIN_FAILURE_LIMIT", 10**6)
    monkeypatch.setattr(throttle, "LOGIN_ADDRESS_LIMIT", 10**6)
    event = EventFactory()
    user = user_with_role(event.club, Role.ORGANIZER)
    table = seated_table(event)
    session_submit(table=table, submitted_by=user, document=classic_document())
    TOKEN["key"] = api_token_create(user=user, name="fuzz")[1]
    return TOKEN["key"]


@pytest.mark.filterwarnings("ignore")
@schema.parametrize()
@FUZZ
def test_api_agrees_with_its_schema(case, organizer_token):
    case.call_and_validate(additional_checks=[refused_only_by_rules])


@pytest.mark.filterwarnings("ignore")
def test_api_chains_of_calls_agree_with_its_schema(organizer_token):
    class Workflow(schema.as_state_machine()):  # type: ignore[misc]
        def validate_response(
            self, response: Any, case: Any, additional_checks: Any = None, **kwargs: Any
        ) -> None:
            super().validate_response(
                response, case, additional_checks=[refused_only_by_rules], **kwargs
            )

    Workflow.run(settings=STATEFUL)
