"""The admin keeps a club's last organizer, as the API does (the membership services own the
rule): not demoted, not deleted (on the membership's page, in the bulk delete action, or in the
club page's member list); with a second organizer both may change."""

import pytest

from clubs.models import Club, Membership, Role
from tests.factories import ClubFactory, PlayerFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def club() -> Club:
    club = ClubFactory()
    Membership.objects.create(club=club, player=PlayerFactory(name="Olga"), role=Role.ORGANIZER)
    Membership.objects.create(club=club, player=PlayerFactory(name="Sam"), role=Role.SCORER)
    return club


def organizer(club: Club) -> Membership:
    return Membership.objects.get(club=club, role=Role.ORGANIZER)


def roles(club: Club) -> list[tuple[str, str]]:
    return sorted(Membership.objects.filter(club=club).values_list("player__name", "role"))


def page_data(admin_client, url: str) -> tuple[dict, object]:
    """What a change page would post unchanged, and the page's response."""
    response = admin_client.get(url)
    assert response.status_code == 200
    data = {field.html_name: field.value() for field in response.context["adminform"].form}
    for inline in response.context["inline_admin_formsets"]:
        formset = inline.formset
        for form in [formset.management_form, *formset.forms]:
            for field in form:
                if field.value() not in (None, False):
                    data[field.html_name] = field.value()
    return {k: v for k, v in data.items() if v is not None}, response


def test_the_last_organizer_is_not_demoted(admin_client, club):
    url = f"/admin/clubs/membership/{organizer(club).pk}/change/"
    data, _ = page_data(admin_client, url)
    response = admin_client.post(url, {**data, "role": Role.MEMBER})
    assert response.status_code == 200 and response.context["adminform"].form.errors
    assert ("Olga", Role.ORGANIZER) in roles(club)


def messages_of(response) -> str:
    return " ".join(str(message) for message in response.context["messages"])


def test_the_last_organizer_is_not_deleted(admin_client, club):
    membership = organizer(club)
    page = admin_client.post(
        f"/admin/clubs/membership/{membership.pk}/delete/", {"post": "yes"}, follow=True
    )
    assert "Olga is de laatste organisator" in messages_of(page)
    bulk = admin_client.post(
        "/admin/clubs/membership/",
        {
            "action": "delete_selected",
            "_selected_action": [membership.pk],
            "post": "yes",
        },
        follow=True,
    )
    assert "Olga is de laatste organisator" in messages_of(bulk)
    assert ("Olga", Role.ORGANIZER) in roles(club)


def test_the_club_page_keeps_an_organizer(admin_client, club):
    url = f"/admin/clubs/club/{club.pk}/change/"
    data, response = page_data(admin_client, url)
    [inline] = response.context["inline_admin_formsets"]
    prefix = inline.formset.prefix
    index = next(
        int(k.split("-")[1])
        for k, v in data.items()
        if k.startswith(f"{prefix}-") and k.endswith("-id") and v == organizer(club).pk
    )
    response = admin_client.post(url, {**data, f"{prefix}-{index}-DELETE": "on"})
    assert response.status_code == 200
    [error] = response.context["adminform"].form.non_field_errors()
    assert error.startswith("Olga is de laatste organisator")
    assert ("Olga", Role.ORGANIZER) in roles(club)


def test_with_a_second_organizer_the_first_may_step_down(admin_client, club):
    Membership.objects.filter(club=club, role=Role.SCORER).update(role=Role.ORGANIZER)
    olga = Membership.objects.get(club=club, player__name="Olga")
    url = f"/admin/clubs/membership/{olga.pk}/change/"
    data, _ = page_data(admin_client, url)
    response = admin_client.post(url, {**data, "role": Role.MEMBER})
    assert response.status_code == 302
    assert roles(club) == [("Olga", Role.MEMBER), ("Sam", Role.ORGANIZER)]
