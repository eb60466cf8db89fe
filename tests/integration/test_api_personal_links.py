"""The players' personal links through the API, with the pages' permissions and services: an
organizer lists them, makes one (kept when the member has one), renews one (the old one stops
working; a first link replaces nothing), switches one off, and makes every member's at once in
one request (only ``renew`` replaces the links members have). A player reads, renews and
switches off their own; other members are refused, other clubs see nothing, anonymous callers
must sign in; bad input gets a 400 naming the field and saves nothing. The schema declares the
operations with their errors and examples."""

from __future__ import annotations

import pytest
from django.test import Client

from clubs.models import AuditEntry, Membership, Player, Role
from tests.factories import ClubFactory, api_client, user_with_role
from week.planning.models import RsvpLink

pytestmark = pytest.mark.django_db
NAMES = ["Anna de Vries", "Bram Jansen", "Cees Bakker"]


@pytest.fixture
def club():
    club = ClubFactory()
    club.organizer = user_with_role(club, Role.ORGANIZER)
    club.member = user_with_role(club, Role.MEMBER)
    club.named = []
    for name in NAMES:
        player = Player.objects.create(name=name)
        Membership.objects.create(club=club, player=player)
        club.named.append(player)
    return club


def base(club) -> str:
    return f"/api/v1/clubs/{club.pk}/personal-links/"


def test_an_organizer_makes_renews_and_switches_off_one_link(club):
    api = api_client(club.organizer)
    anna = club.named[0]
    assert api.get(base(club)).json()["results"] == []
    made = api.post(base(club), {"player": anna.pk}, format="json")
    assert made.status_code == 201, made.json()
    first = made.json()
    assert (first["made"], first["replaced"], first["player_name"]) == (True, False, anna.name)
    token = first["token"]
    assert first["url"] == f"http://testserver/r/{token}/"
    assert first["calendar_url"] == f"http://testserver/r/{token}/calendar.ics"
    assert first["email_settings_url"] == f"http://testserver/mail/r/{token}/"
    assert Client().get(f"/r/{token}/").status_code == 200

    kept = api.post(base(club), {"player": anna.pk}, format="json")
    assert kept.status_code == 200
    assert (kept.json()["made"], kept.json()["token"]) == (False, token)
    assert api.get(f"{base(club)}{anna.pk}/").json()["token"] == token

    renewed = api.post(f"{base(club)}{anna.pk}/renew/")
    assert renewed.status_code == 200
    assert (renewed.json()["made"], renewed.json()["replaced"]) == (True, True)
    assert renewed.json()["token"] != token
    assert Client().get(f"/r/{token}/").status_code == 404
    (listed,) = api.get(base(club)).json()["results"]
    assert listed["token"] == renewed.json()["token"]

    assert api.delete(f"{base(club)}{anna.pk}/").status_code == 204
    assert not RsvpLink.objects.filter(player=anna).exists()
    gone = api.get(f"{base(club)}{anna.pk}/")
    assert gone.status_code == 404 and gone.json()["errors"][0]["code"] == "rsvp_link_none"
    assert api.delete(f"{base(club)}{anna.pk}/").status_code == 404
    actions = list(
        AuditEntry.objects.filter(action__startswith="rsvp_link")
        .order_by("pk")
        .values_list("action", flat=True)
    )
    assert actions == ["rsvp_link.make", "rsvp_link.renew", "rsvp_link.revoke"]


def test_renewing_a_member_without_a_link_makes_their_first(club):
    bram = club.named[1]
    answer = api_client(club.organizer).post(f"{base(club)}{bram.pk}/renew/")
    assert answer.status_code == 200
    assert (answer.json()["made"], answer.json()["replaced"]) == (True, False)


def test_every_member_at_once_keeps_the_links_members_have(club):
    api = api_client(club.organizer)
    anna = club.named[0]
    token = api.post(base(club), {"player": anna.pk}, format="json").json()["token"]
    answer = api.post(f"{base(club)}every-member/", {}, format="json")
    assert answer.status_code == 200, answer.json()
    result = answer.json()
    members = Player.objects.filter(memberships__club=club).count()
    assert (result["made"], result["renewed"], result["kept"]) == (members - 1, 0, 1)
    assert len(result["links"]) == members
    names = [link["player_name"] for link in result["links"]]
    assert names == sorted(names, key=str.casefold)
    assert next(link for link in result["links"] if link["player"] == anna.pk)["token"] == token
    assert Client().get(f"/r/{token}/").status_code == 200
    again = api.post(f"{base(club)}every-member/", {"renew": False}, format="json").json()
    assert (again["made"], again["renewed"], again["kept"]) == (0, 0, members)

    renewed = api.post(f"{base(club)}every-member/", {"renew": True}, format="json").json()
    assert (renewed["made"], renewed["renewed"], renewed["kept"]) == (0, members, 0)
    assert Client().get(f"/r/{token}/").status_code == 404
    listed = api.get(base(club), {"limit": 2}).json()
    assert listed["count"] == members and len(listed["results"]) == 2
    entries = AuditEntry.objects.filter(action="rsvp_links.issue").order_by("pk")
    assert [e.details["renew"] for e in entries] == [False, False, True]


def test_a_player_reads_renews_and_switches_off_their_own_link_only(club):
    own = club.member.player
    api_client(club.organizer).post(f"{base(club)}every-member/", {}, format="json")
    mine = api_client(club.member)
    assert mine.get(f"{base(club)}{own.pk}/").status_code == 200
    assert mine.post(f"{base(club)}{own.pk}/renew/").status_code == 200
    anna = club.named[0]
    before = RsvpLink.objects.get(player=anna).token
    for refused in (
        mine.get(base(club)),
        mine.get(f"{base(club)}{anna.pk}/"),
        mine.post(base(club), {"player": anna.pk}, format="json"),
        mine.post(f"{base(club)}{anna.pk}/renew/"),
        mine.delete(f"{base(club)}{anna.pk}/"),
        mine.post(f"{base(club)}every-member/", {"renew": True}, format="json"),
    ):
        assert refused.status_code == 403, refused.json()
        assert "errors" in refused.json()
    assert RsvpLink.objects.get(player=anna).token == before
    assert mine.delete(f"{base(club)}{own.pk}/").status_code == 204


def test_other_clubs_see_nothing_and_anonymous_callers_sign_in(club):
    outsider = api_client(user_with_role(ClubFactory(), Role.ORGANIZER))
    anna = club.named[0]
    assert outsider.get(base(club)).status_code == 404
    assert outsider.post(f"{base(club)}every-member/", {}, format="json").status_code == 404
    assert outsider.post(f"{base(club)}{anna.pk}/renew/").status_code == 404
    assert api_client().get(base(club)).status_code == 401
    assert api_client().post(f"{base(club)}every-member/", {}, format="json").status_code == 401
    stranger = Player.objects.create(name="Niet Lid")
    api = api_client(club.organizer)
    assert api.post(base(club), {"player": stranger.pk}, format="json").status_code == 404
    assert api.post(f"{base(club)}{stranger.pk}/renew/").status_code == 404
    assert not RsvpLink.objects.exists()


def test_bad_input_names_the_field_and_saves_nothing(club):
    api = api_client(club.organizer)
    missing = api.post(base(club), {}, format="json")
    assert missing.status_code == 400
    assert missing.json()["errors"][0]["field"] == "player"
    wrong = api.post(f"{base(club)}every-member/", {"renew": "yes"}, format="json")
    assert wrong.status_code == 400 and wrong.json()["errors"][0]["field"] == "renew"
    listed = api.post(f"{base(club)}every-member/", [1], format="json")
    assert listed.status_code == 400
    assert not RsvpLink.objects.exists()


def test_the_list_reads_a_page_in_a_fixed_number_of_queries(club, django_assert_max_num_queries):
    api = api_client(club.organizer)
    api.post(f"{base(club)}every-member/", {}, format="json")
    with django_assert_max_num_queries(8):
        page = api.get(base(club))
    assert len(page.json()["results"]) == Player.objects.filter(memberships__club=club).count()


def test_the_schema_declares_the_operations_errors_and_examples():
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    paths = schema["paths"]
    collection = paths["/api/v1/clubs/{club_id}/personal-links/"]
    assert collection["get"]["operationId"] == "v1_clubs_personal_links_list"
    assert {"200", "201", "403", "404", "409"} <= set(collection["post"]["responses"])
    assert "examples" in collection["post"]["requestBody"]["content"]["application/json"]
    one = paths["/api/v1/clubs/{club_id}/personal-links/{player_id}/"]
    assert set(one) >= {"get", "delete"}
    assert one["get"]["responses"]["404"]["description"].startswith("No such club")
    every = paths["/api/v1/clubs/{club_id}/personal-links/every-member/"]["post"]
    example = every["responses"]["200"]["content"]["application/json"]["examples"]
    assert next(iter(example.values()))["value"]["kept"] == 1
    assert "/api/v1/clubs/{club_id}/personal-links/{player_id}/renew/" in paths
