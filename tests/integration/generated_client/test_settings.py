"""A club's and a player's settings through the generated client: the calendar's address read
and renewed, the embeds' origins replaced (and a refused one named), a player's e-mail settings
set with their personal link, and the players' personal links made, listed, renewed and
switched off."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from clubs.access.tokens import api_token_create
from clubs.models import Membership, Player, Role
from tests.factories import ClubFactory, user_with_role
from tests.integration.generated_client.support import BASE, anonymous, endpoint, module, signed_in
from week.planning.links import rsvp_link_renew

pytestmark = pytest.mark.django_db


def test_the_clubs_and_a_players_settings_through_the_generated_client(
    generated: Any, in_process: Any
) -> None:
    """The calendar's address read and renewed, the embeds' origins replaced (and a refused
    one named), and a player's e-mail settings set with their personal link, no account."""
    models = module("models")
    club = ClubFactory()
    organizer = user_with_role(club, Role.ORGANIZER)
    _token, key = api_token_create(user=organizer, name="club site")
    client = signed_in(generated, in_process, key)
    calendar_app = httpx.Client(base_url=BASE, transport=in_process)  # reads the feed itself

    calendar = endpoint("clubs_calendar_retrieve").sync(club.pk, client=client)
    assert calendar.club == club.pk and calendar.url.endswith(".ics")
    renewed = endpoint("clubs_calendar_renew_create").sync(club.pk, client=client)
    assert renewed.url != calendar.url
    assert calendar_app.get(calendar.url).status_code == 404
    assert calendar_app.get(renewed.url).status_code == 200

    body = models.EmbedOriginsWriteRequest(origins=["https://www.Club.example/", ""])
    saved = endpoint("clubs_embed_origins_update").sync(club.pk, client=client, body=body)
    assert saved.origins == ["https://www.club.example"]
    assert endpoint("clubs_embed_origins_retrieve").sync(club.pk, client=client).origins == [
        "https://www.club.example"
    ]
    refused = endpoint("clubs_embed_origins_update").sync_detailed(
        club.pk,
        client=client,
        body=models.EmbedOriginsWriteRequest(origins=["https://ok.example", "ftp://x.example"]),
    )
    assert refused.status_code == 400
    problem = refused.parsed.errors[0]
    assert problem.field == "origins[1]" and "ftp://x.example" in problem.message

    anna = Player.objects.create(name="Anna")
    Membership.objects.create(club=club, player=anna)
    link = rsvp_link_renew(club=club, player=anna, actor=organizer)
    holder = anonymous(generated, in_process)
    before = endpoint("mail_settings_retrieve").sync(link.token, client=holder)
    assert before.player == anna.pk and before.evening is False
    after = endpoint("mail_settings_update").sync(
        link.token,
        client=holder,
        body=models.MailSettingsWriteRequest(
            email="anna@example.test", evening=True, language=models.LanguageEnum.EN
        ),
    )
    assert after.evening is True and after.language == models.LanguageEnum.EN
    missing = endpoint("mail_settings_update").sync_detailed(
        link.token,
        client=holder,
        body=models.MailSettingsWriteRequest(email="", evening=True),
    )
    assert missing.status_code == 400 and missing.parsed.errors[0].code == "email_required"


def test_personal_links_through_the_generated_client(generated: Any, in_process: Any) -> None:
    """The players' personal links, as a club's app would handle them with the generated client:
    every member's at once, one listed and read, renewed, switched off and made again."""
    models = module("models")
    club = ClubFactory()
    organizer = user_with_role(club, Role.ORGANIZER)
    members = [Player.objects.create(name=name) for name in ("Anna de Vries", "Bram Jansen")]
    for player in members:
        Membership.objects.create(club=club, player=player)
    _token, key = api_token_create(user=organizer, name="club app")
    client = signed_in(generated, in_process, key)
    anna = members[0]

    # Anna's first link, then every member's at once: Anna keeps hers.
    made = endpoint("clubs_personal_links_create").sync_detailed(
        club.pk, client=client, body=models.PersonalLinkMakeRequest(player=anna.pk)
    )
    assert made.status_code == 201, made.content
    assert made.parsed.made and not made.parsed.replaced
    first = made.parsed.token
    everyone = endpoint("clubs_personal_links_every_member_create").sync(
        club.pk, client=client, body=models.EveryMemberRequest(renew=False)
    )
    assert (everyone.made, everyone.renewed, everyone.kept) == (2, 0, 1)
    assert {link.player_name for link in everyone.links} >= {"Anna de Vries", "Bram Jansen"}
    assert next(link for link in everyone.links if link.player == anna.pk).token == first

    # Listed, a page at a time; one read.
    page = endpoint("clubs_personal_links_list").sync(club.pk, client=client, limit=2)
    assert page.count == 3 and len(page.results) == 2 and page.next_
    one = endpoint("clubs_personal_links_retrieve").sync(club.pk, anna.pk, client=client)
    assert one.token == first and one.url.endswith(f"/r/{first}/")
    assert one.email_settings_url.endswith(f"/mail/r/{first}/")

    # Renewed: the old link stops working; switched off; made again.
    renewed = endpoint("clubs_personal_links_renew_create").sync(club.pk, anna.pk, client=client)
    assert renewed.replaced and renewed.token != first
    gone = endpoint("clubs_personal_links_destroy").sync_detailed(club.pk, anna.pk, client=client)
    assert gone.status_code == 204
    missing = endpoint("clubs_personal_links_retrieve").sync_detailed(
        club.pk, anna.pk, client=client
    )
    assert missing.status_code == 404
    assert missing.parsed.errors[0].code == "rsvp_link_none"
    again = endpoint("clubs_personal_links_create").sync_detailed(
        club.pk, client=client, body=models.PersonalLinkMakeRequest(player=anna.pk)
    )
    assert again.status_code == 201 and not again.parsed.replaced
