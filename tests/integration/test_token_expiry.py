"""An API token may carry an expiry: after it, the token signs nobody in (a 401 that says so, in
English and Dutch); an expiry in the past is refused when the token is made."""

import datetime

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from clubs.access.tokens import api_token_create
from clubs.models import ApiToken, Role
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
        expires_at=timezone.now() - datetime.timedelta(minutes=1)
    )
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


def test_a_token_that_expires_makes_no_token_that_outlives_it():
    """Made with a token that expires, a new token expires no later than it: a later expiry
    is refused (400, naming the limit) and none at all takes the maker's."""
    user = user_with_role(ClubFactory(), Role.ORGANIZER)
    soon = timezone.now() + datetime.timedelta(days=7)
    maker, key = api_token_create(user=user, name="week", expires_at=soon)
    api = with_token(key)
    later = (soon + datetime.timedelta(days=1)).isoformat()
    refused = api.post("/api/v1/tokens/", {"name": "forever", "expires_at": later}, format="json")
    assert refused.status_code == 400
    [problem] = refused.json()["errors"]
    assert (problem["code"], problem["field"]) == ("expiry_after_token", "expires_at")
    assert "no later than" in problem["message"] and "uiterlijk" in problem["message_nl"]
    made = api.post("/api/v1/tokens/", {"name": "no expiry given"}, format="json")
    assert made.status_code == 201
    assert ApiToken.objects.get(pk=made.json()["id"]).expires_at == maker.expires_at
    earlier = (soon - datetime.timedelta(days=1)).isoformat()
    assert (
        api.post(
            "/api/v1/tokens/", {"name": "day less", "expires_at": earlier}, format="json"
        ).status_code
        == 201
    )
    assert not ApiToken.objects.filter(user=user, expires_at__isnull=True).exists()
    assert not ApiToken.objects.filter(user=user, expires_at__gt=soon).exists()


def test_a_token_that_never_expires_and_a_password_make_any_token():
    user = user_with_role(ClubFactory(), Role.ORGANIZER)
    _token, key = api_token_create(user=user, name="app")
    made = with_token(key).post("/api/v1/tokens/", {"name": "another"}, format="json")
    assert made.status_code == 201 and made.json()["expires_at"] is None
