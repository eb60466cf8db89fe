"""The API's import of the SunMar Bonken app's backups: upload, preview, import, refusals."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from clubs.models import Membership, Role
from results.models import Session
from tests.factories import ClubFactory, PlayerFactory, api_client, user_with_role
from tests.sunmar_backups import FINISHED_ID, build_backup, example_zip, finished_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return ClubFactory()


def post_backup(client, club, data):
    return client.post(
        f"/api/v1/clubs/{club.pk}/imports/sunmar/",
        {"backup": SimpleUploadedFile("b.zip", data)},
        format="multipart",
    )


def test_upload_preview_and_import(club):
    anna = PlayerFactory(name="Anna")
    Membership.objects.create(club=club, player=anna)
    organizer = api_client(user_with_role(club, Role.ORGANIZER))
    answer = post_backup(organizer, club, example_zip())
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert [g["app_id"] for g in body["sessions"]] == [FINISHED_ID]
    assert body["sessions"][0]["level"] == "counts" and body["skipped"][0]["pending_round"]
    assert body["matches"][0] == {
        "app_name": "Anna",
        "player": anna.pk,
        "player_name": "Anna",
        "ambiguous": False,
    }
    base = f"/api/v1/clubs/{club.pk}/imports/sunmar/{body['upload']}/"
    assert organizer.get(base).json()["matches"] == body["matches"]
    matches = {m["app_name"]: m["player"] for m in body["matches"]}
    done = organizer.post(base + "import/", {"matches": matches}, format="json")
    assert done.status_code == 200, done.json()
    assert done.json()["new_players"] == ["Bram", "Cees", "Daan"]
    assert Session.objects.count() == 1
    again = organizer.post(base + "import/", {"matches": matches}, format="json")
    assert again.json()["imported"] == [] and again.json()["already"] == [FINISHED_ID]


def test_refusals(club):
    organizer = api_client(user_with_role(club, Role.ORGANIZER))
    tampered = post_backup(organizer, club, build_backup([finished_game()], tamper="games"))
    assert tampered.status_code == 400
    assert tampered.json()["errors"][0]["code"] == "hash_mismatch"
    missing = organizer.post(f"/api/v1/clubs/{club.pk}/imports/sunmar/", {}, format="json")
    assert missing.status_code == 400 and missing.json()["errors"][0]["field"] == "backup"
    scorer = api_client(user_with_role(club, Role.SCORER))
    assert post_backup(scorer, club, example_zip()).status_code == 403
    upload = post_backup(organizer, club, example_zip()).json()["upload"]
    base = f"/api/v1/clubs/{club.pk}/imports/sunmar/{upload}/"
    other = api_client(user_with_role(club, Role.ORGANIZER))
    assert other.get(base).status_code == 404
    bad = organizer.post(base + "import/", {"matches": {"Anna": "x"}}, format="json")
    assert bad.status_code == 400
    short = organizer.post(base + "import/", {"matches": {"Anna": None}}, format="json")
    assert short.status_code == 400
    assert {e["code"] for e in short.json()["errors"]} == {"match_missing"}
