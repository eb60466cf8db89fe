"""An API token may carry an expiry: after it, the token signs nobody in (a 401 that says so, in
English and Dutch); an expiry in the past is refused when the token is made."""

import datetime

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from clubs.models import ApiToken, Role
from clubs.tokens import api_token_create
from tests.factories import ClubFactory, user_with_role

pytestmark = pytest.mark.django_db


def with_token(key: str) -> APIClient:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return api


def test_a_token_works_until_its_expiry_then_says_it_expired():
    user = user_with_role(ClubFactory(), Role.ORGANIZER)
    soon = timezone.now() + datetime.timedelta(days=30)
    token, key = api_token_create(user=user, name="seizoen", expires_at=soon)
    assert with_token(key).get("/api/v1/tokens/").status_code == 200
    ApiToken.objects.filter(pk=token.pk).update(
        expires_at=timezone.now() - datetime.timedelta(minutes=1))
    refused = with_token(key).get("/api/v1/tokens/")
    assert refused.status_code == 401
    [problem] = refused.json()["errors"]
    assert problem["code"] == "token_expired"
    assert "expired on" in problem["message"] and "verlopen op" in problem["message_nl"]


def test_a_token_is_made_with_an_expiry_through_the_api():
    user = user_with_role(ClubFactory(), Role.ORGANIZER)
    api = APIClient()
    api.force_authenticate(user)
    later = (timezone.now() + datetime.timedelta(days=7)).isoformat()
    made = api.post("/api/v1/tokens/", {"name": "week", "expires_at": later}, format="json")
    assert made.status_code == 201 and made.json()["expires_at"]
    past = (timezone.now() - datetime.timedelta(days=1)).isoformat()
    refused = api.post("/api/v1/tokens/", {"name": "oud", "expires_at": past}, format="json")
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["field"] == "expires_at"
    assert ApiToken.objects.filter(user=user).count() == 1
