"""A crafted backup and an upload kept before the checks, on a phone in Dutch: the upload
page says what is wrong with the file, the review page of the old upload says it cannot be
read any more and offers a new upload; nothing is stored."""

import json

import pytest

from clubs.models import Club, Membership, Player, Role
from games.bonken.imports.models import SunmarUpload
from games.bonken.imports.services import sunmar_upload
from results.models import Session
from tests.factories import UserFactory
from tests.sunmar_backups import (
    example_zip,
    finished_game,
    games_text,
    raw_backup,
    store_upload_json,
)

from .conftest import PHONE
from .test_sunmar_upload import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_crafted_backup_and_an_old_upload_are_refused_with_their_reason(
    chromium, live_server, audit, tmp_path
):
    base = live_server.url
    club = Club.objects.create(name="De Troefkaart", slug="de-troefkaart", city="Leiden")
    organizer = UserFactory(username="olga")
    organizer.set_password("secret")
    organizer.save()
    Membership.objects.create(
        club=club, role=Role.ORGANIZER, player=Player.objects.create(name="Olga", user=organizer)
    )
    crafted = tmp_path / "backup.zip"
    crafted.write_bytes(raw_backup(games_text(finished_game()), offset="+24:00"))

    page = audit.prepare(chromium.new_context(locale="nl-NL", **PHONE)).new_page()
    sign_in(page, base, "olga")
    page.goto(f"{base}/manage/clubs/{club.slug}/import/")
    page.set_input_files("#id_backup", str(crafted))
    with page.expect_navigation():
        page.click("main form button[type=submit]")
    alert = page.locator("main [role=alert]").inner_text()
    assert "utcOffset" in alert and "+14:00" in alert
    audit.shot(page, "import-crafted-refused-phone")
    assert SunmarUpload.objects.count() == 0

    upload = sunmar_upload(club=club, actor=organizer, data=example_zip())
    store_upload_json(  # a game scored in year 1, which no time zone can hold
        upload.pk,
        "games",
        json.dumps(
            {"version": 11, "games": [{**finished_game(), "scoredAt": "0001-01-01T00:00:00.000"}]}
        ),
    )
    answer = page.goto(f"{base}/manage/clubs/{club.slug}/import/{upload.pk}/")
    assert answer.status == 400
    main = page.locator("main").inner_text()
    assert "kan niet meer worden gelezen" in main and "games.json" in main
    audit.shot(page, "import-old-upload-unreadable-phone")
    with page.expect_navigation():
        page.get_by_role("link", name="Upload de back-up opnieuw").click()
    assert page.url.endswith(f"/manage/clubs/{club.slug}/import/")
    assert Session.objects.count() == 0
    assert audit.violations == []
