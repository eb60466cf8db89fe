"""The organizer's import pages through the test client: upload, the match screen, the
confirmation, refusals and who may see them."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from clubs.models import Membership, Role
from games.bonken.imports.models import SunmarUpload
from results.models import Session
from tests.factories import ClubFactory, PlayerFactory, user_with_role
from tests.sunmar_backups import build_backup, example_zip, finished_game, forced_rotation
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return ClubFactory()


@pytest.fixture
def organizer(club):
    return client_for(user_with_role(club, Role.ORGANIZER))


def upload(client, club, data, name="backup.zip"):
    return client.post(
        reverse("manage:sunmar_upload", args=[club.slug]),
        {"backup": SimpleUploadedFile(name, data, "application/zip")},
    )


def test_upload_review_and_confirm(club, organizer):
    anna = PlayerFactory(name="Anna")
    Membership.objects.create(club=club, player=anna)
    page = organizer.get(reverse("manage:sunmar_upload", args=[club.slug]))
    assert page.status_code == 200 and b'type="file"' in page.content
    answer = upload(organizer, club, example_zip())
    assert answer.status_code == 302
    review = organizer.get(answer["Location"])
    text = review.content.decode()
    assert review.status_code == 200
    assert "Clubavond 12 maart" in text and "2026-03-12" in text
    assert "3 van 12 rondes" in text or "3 of 12 rounds" in text  # the unfinished game
    assert f'<option value="{anna.pk}" selected>Anna</option>' in text
    assert Session.objects.count() == 0  # nothing stored before the organizer confirms
    form = review.context["form"]
    data = {name: field.initial or "new" for name, field in form.fields.items()}
    data["rejected"] = "import"
    done = organizer.post(answer["Location"], data)
    assert done.status_code == 302
    assert Session.objects.count() == 1
    assert {s.player.name for s in Session.objects.get().seat_results.all()} == {
        "Anna",
        "Bram",
        "Cees",
        "Daan",
    }
    listed = organizer.get(done["Location"]).content.decode()
    assert "Clubavond 12 maart" in listed and "1" in listed


def test_the_organizer_corrects_a_match(club, organizer):
    bram = PlayerFactory(name="Bram de Vries")
    Membership.objects.create(club=club, player=bram)
    review_url = upload(organizer, club, example_zip())["Location"]
    form = organizer.get(review_url).context["form"]
    data = {name: field.initial or "new" for name, field in form.fields.items()}
    bram_field = next(f"name_{i}" for i, m in enumerate(form.matches) if m.name == "Bram")
    assert form.fields[bram_field].initial == ""  # no member called Bram: the organizer says
    assert form.matches[int(bram_field[5:])].similar == [bram]  # offered first
    data[bram_field] = str(bram.pk)
    assert organizer.post(review_url, data).status_code == 302
    seats = Session.objects.get().seat_results.order_by("position")
    assert seats[1].player == bram


def test_a_rejected_game_shows_its_reason_and_can_be_left_out(club, organizer):
    review_url = upload(organizer, club, build_backup([forced_rotation(finished_game())]))[
        "Location"
    ]
    page = organizer.get(review_url, HTTP_ACCEPT_LANGUAGE="en")
    text = page.content.decode()
    assert "rejected by the classic rules" in text or "afgewezen" in text
    form = page.context["form"]
    data = {name: field.initial or "new" for name, field in form.fields.items()}
    data["rejected"] = "leave_out"
    assert organizer.post(review_url, data).status_code == 302
    assert Session.objects.count() == 0


def test_a_tampered_backup_is_refused_with_the_reason(club, organizer):
    answer = upload(organizer, club, build_backup([finished_game()], tamper="games"))
    assert answer.status_code == 400
    assert "games.json" in answer.content.decode()
    assert SunmarUpload.objects.count() == 0
    extra = upload(organizer, club, build_backup([finished_game()], extra={"x.txt": b"1"}))
    assert extra.status_code == 400 and "x.txt" in extra.content.decode()
    junk = upload(organizer, club, b"not a zip", name="notes.txt")
    assert junk.status_code == 400


def test_a_bad_match_is_shown_not_stored(club, organizer):
    review_url = upload(organizer, club, example_zip())["Location"]
    form = organizer.get(review_url).context["form"]
    other = PlayerFactory(name="Ander")
    Membership.objects.create(club=club, player=other)
    data = {
        name: str(other.pk) if name.startswith("name_") else field.initial
        for name, field in form.fields.items()
    }
    page = organizer.post(review_url, data)
    assert page.status_code == 400 and Session.objects.count() == 0


def test_only_the_uploading_organizer(club, organizer):
    review_url = upload(organizer, club, example_zip())["Location"]
    for role in (Role.SCORER, Role.MEMBER):
        client = client_for(user_with_role(club, role))
        assert client.get(review_url).status_code == 403
        assert client.get(reverse("manage:sunmar_upload", args=[club.slug])).status_code == 403
    other_organizer = client_for(user_with_role(club, Role.ORGANIZER))
    assert other_organizer.get(review_url).status_code == 404
    anonymous = client_for()
    assert anonymous.get(review_url).status_code == 302


def test_members_are_proposed_whatever_the_case_accents_and_spaces(club, organizer):
    """The example's Anna, Bram, Cees and Daan are members spelled otherwise: each is proposed,
    nothing is asked, and the import creates nobody new."""
    spelled = {"Anna": "ANNA", "Bram": "  bräm ", "Cees": "Cées", "Daan": "Dáan"}
    members = {app: PlayerFactory(name=name) for app, name in spelled.items()}
    for player in members.values():
        Membership.objects.create(club=club, player=player)
    review_url = upload(organizer, club, example_zip())["Location"]
    page = organizer.get(review_url, HTTP_ACCEPT_LANGUAGE="en")
    form = page.context["form"]
    assert {m.name: m.player for m in form.matches} == members
    assert page.content.decode().count('data-match="found"') == 4
    data = {name: field.initial for name, field in form.fields.items()}
    assert organizer.post(review_url, data).status_code == 302
    seated = {s.player for s in Session.objects.get().seat_results.all()}
    assert seated == set(members.values())
    assert Membership.objects.filter(club=club).count() == 4 + 1  # the organizer too


def test_an_unclear_name_is_asked_and_nothing_is_stored_until_answered(club, organizer):
    twins = [PlayerFactory(name="Anna"), PlayerFactory(name="anna ")]
    for player in twins:
        Membership.objects.create(club=club, player=player)
    review_url = upload(organizer, club, example_zip())["Location"]
    page = organizer.get(review_url, HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    form = page.context["form"]
    anna = next(m for m in form.matches if m.name == "Anna")
    assert anna.ambiguous and anna.player is None and anna.similar == twins
    assert html.count('data-match="ambiguous"') == 1 and html.count('data-match="none"') == 3
    assert "Several members have this name: choose one." in html
    answered = {name: field.initial for name, field in form.fields.items()}
    refused = organizer.post(review_url, answered, HTTP_ACCEPT_LANGUAGE="en")
    assert refused.status_code == 400 and Session.objects.count() == 0
    assert "Say who &#x27;Anna&#x27; is: a member or a new player." in refused.content.decode()
    answered = {name: value or "new" for name, value in answered.items()}
    answered[f"name_{form.matches.index(anna)}"] = str(twins[1].pk)
    assert organizer.post(review_url, answered).status_code == 302
    assert Session.objects.get().seat_results.get(position=0).player == twins[1]
