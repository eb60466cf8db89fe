"""Backups made to break the import (nested past the parser's limit, NaN, an offset or a time
out of range, a key twice, a huge number or text, ...): the API's upload, the upload page and
``manage.py import_sunmar`` refuse each with a 4xx (or a command error) naming the file and
the problem, and store nothing. Uploads kept before these checks existed are refused with
their reason on the review page, the API's preview and the import, instead of a 500."""

import json
from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.db import connection
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubs.models import AuditEntry, Role
from games.bonken.imports.models import SunmarUpload
from games.bonken.imports.selectors import upload_preview
from games.bonken.imports.services import sunmar_import, sunmar_upload
from games.bonken.sunmar import BackupRefused, convert_backup, read_backup
from results.models import Session
from tests.factories import ClubFactory, api_client, user_with_role
from tests.sunmar_backups import (
    crafted_backups,
    example_zip,
    finished_game,
    games_text,
    nested,
    raw_backup,
    store_upload_json,
)
from tests.sunmar_strategies import GAME, GAME_PATHS, json_ish, replaced
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db

CRAFTED = crafted_backups()


@pytest.fixture
def club():
    return ClubFactory()


@pytest.fixture
def organizer(club):
    user = user_with_role(club, Role.ORGANIZER)
    user.save()
    return user


def assert_nothing_stored():
    assert SunmarUpload.objects.count() == 0
    assert Session.objects.count() == 0
    assert not AuditEntry.objects.filter(action__startswith="sunmar").exists()


@pytest.mark.parametrize("name", list(CRAFTED))
def test_the_api_refuses_a_crafted_backup(club, organizer, name):
    data, code, where = CRAFTED[name]
    answer = api_client(organizer).post(
        f"/api/v1/clubs/{club.pk}/imports/sunmar/",
        {"backup": SimpleUploadedFile("b.zip", data)},
        format="multipart",
    )
    assert answer.status_code == 400, answer.content[:300]
    (error,) = answer.json()["errors"]
    assert (error["code"], error["field"]) == (code, where)
    assert error["message"] and error["message_nl"] and error["message"] != error["message_nl"]
    assert_nothing_stored()


@pytest.mark.parametrize("name", list(CRAFTED))
def test_the_upload_page_refuses_a_crafted_backup(club, organizer, name):
    data, code, where = CRAFTED[name]
    page = client_for(organizer).post(
        reverse("manage:sunmar_upload", args=[club.slug]),
        {"backup": SimpleUploadedFile("backup.zip", data, "application/zip")},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert page.status_code == 400
    text = page.content.decode()
    assert "This file cannot be imported" in text or "kan niet worden ge" in text
    assert where.split("[")[0].split(".")[0] in text
    assert_nothing_stored()


@pytest.mark.parametrize("name", list(CRAFTED))
def test_the_command_refuses_a_crafted_backup(club, organizer, tmp_path, name):
    data, _code, where = CRAFTED[name]
    path = tmp_path / "crafted.zip"
    path.write_bytes(data)
    with pytest.raises(CommandError) as refused:
        call_command("import_sunmar", str(path), "--club", str(club.pk), stdout=StringIO())
    assert str(refused.value).startswith(f"{where}: ")
    assert_nothing_stored()


def game_text(**values):
    return json.dumps({"version": 11, "games": [{**finished_game(), **values}]})


# What an older version of the service could have kept (the database takes depths the parser of
# Python refuses): the column and its text.
STORED = {
    "games nested 5,000 deep": (
        "games",
        '{"version": 11, "games": [], "x": ' + nested(5000).decode() + "}",
    ),
    "manifest nested 5,000 deep": (
        "manifest",
        '{"version": 1, "x": ' + nested(5000).decode() + "}",
    ),
    "utcOffset +24:00": ("manifest", None),
    "a game scored in year 1": ("games", game_text(scoredAt="0001-01-01T00:00:00.000")),
}


# SQLite's JSON columns refuse JSON nested deeper than 1,000 (their JSON_VALID check): such an
# upload can only have been kept by PostgreSQL.
DEEPER_THAN_SQLITE = pytest.mark.postgres("jsonb keeps JSON nested deeper than SQLite allows")


@pytest.mark.parametrize(
    "name",
    [pytest.param(name, marks=DEEPER_THAN_SQLITE) if "nested" in name else name for name in STORED],
)
def test_an_upload_kept_before_the_checks_is_refused_not_a_500(club, organizer, name):
    upload = sunmar_upload(club=club, actor=organizer, data=example_zip(), file_name="b.zip")
    column, text = STORED[name]
    if text is None:  # the manifest as stored, with an offset past +14:00
        text = json.dumps({**upload.manifest, "utcOffset": "+24:00"})
    store_upload_json(upload.pk, column, text)

    web = client_for(organizer)
    review_url = reverse("manage:sunmar_review", args=[club.slug, upload.pk])
    page = web.get(review_url, HTTP_ACCEPT_LANGUAGE="en")
    assert page.status_code == 400
    text = page.content.decode()
    assert "upload the backup again" in text.lower()
    assert page.context["errors"][0]["code"] == "upload_unreadable"
    assert web.post(review_url, {"rejected": "import"}).status_code == 400

    api = api_client(organizer)
    base = f"/api/v1/clubs/{club.pk}/imports/sunmar/{upload.pk}/"
    preview = api.get(base)
    assert preview.status_code == 400
    codes = [e["code"] for e in preview.json()["errors"]]
    assert codes[0] == "upload_unreadable" and len(codes) == 2
    done = api.post(base + "import/", {"matches": {}}, format="json")
    assert done.status_code == 400 and done.json()["errors"][0]["code"] == "upload_unreadable"
    assert Session.objects.count() == 0

    # A new upload replaces it (the old one is deleted without being read).
    again = api.post(
        f"/api/v1/clubs/{club.pk}/imports/sunmar/",
        {"backup": SimpleUploadedFile("b.zip", example_zip())},
        format="multipart",
    )
    assert again.status_code == 201
    assert list(SunmarUpload.objects.values_list("pk", flat=True)) == [again.json()["upload"]]


def test_a_game_imported_with_a_time_out_of_range_does_not_break_the_upload_page(club, organizer):
    """Before the checks, a game scored 9999-12-31 23:59 at -05:00 was imported: the database
    keeps its time (year 10000 in UTC) but no Python time can hold it."""
    upload = sunmar_upload(club=club, actor=organizer, data=example_zip())
    matches = {m.name: None for m in upload_preview(upload).matches}
    sunmar_import(upload=upload, actor=organizer, matches=matches)
    with connection.cursor() as cursor:
        cursor.execute("UPDATE imports_importedgame SET scored_at = '9999-12-31T23:59:59-05:00'")
    page = client_for(organizer).get(reverse("manage:sunmar_upload", args=[club.slug]))
    assert page.status_code == 200
    assert "Clubavond 12 maart" in page.content.decode()


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(st.lists(st.tuples(st.sampled_from(GAME_PATHS), json_ish), min_size=1, max_size=3))
def test_what_the_upload_accepts_reads_back_the_same_from_the_database(club, organizer, changes):
    """The database keeps JSON its own way (keys reordered, numbers normalised): whatever the
    reader accepts converts the same when read back from there."""
    game = GAME
    for path, value in changes:
        try:
            game = replaced(game, path, value)
        except (KeyError, IndexError, TypeError):
            continue
    data = raw_backup(games_text(game))
    try:
        expected = convert_backup(read_backup(data)).to_dict()
    except BackupRefused:
        return
    upload = sunmar_upload(club=club, actor=organizer, data=data)
    assert upload_preview(upload).conversion.to_dict() == expected


def test_a_file_name_with_characters_the_database_refuses_is_kept_without_them(club, organizer):
    upload = sunmar_upload(
        club=club, actor=organizer, data=example_zip(), file_name="back\x00up\ud800.zip"
    )
    assert SunmarUpload.objects.get(pk=upload.pk).file_name == "backup.zip"
