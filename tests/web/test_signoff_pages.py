"""Sign-off on the pages: every game's table page lists the players of a complete session to
sign; a name and a code sign, a wrong code says whose it is not; a dispute flags the table on
the round and standings pages; the organizer signs for a player with a reason and resolves the
dispute; the account page sets a code and the organizer issues one, shown once."""

from __future__ import annotations

import random

import pytest

from clubs.access.codes import player_code_issue
from clubs.models import Membership, PlayerCode, Role
from results.models import Dispute, Session, Signature
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import (
    EventFactory,
    PlayerFactory,
    UserFactory,
    seated_table,
    user_with_role,
)
from tests.web.conftest import client_for

pytestmark = pytest.mark.django_db


def complete(game: str):
    """A table of ``game`` with a complete session, its organizer and the players' codes."""
    rulesets = {"bonken": "classic", "jonkler": "jonkler", "bonanza": "bonanza", "bonko": "bonko"}
    event = EventFactory(game=game, ruleset=rulesets[game], published=True)
    organizer = user_with_role(event.club, Role.ORGANIZER)
    table = seated_table(
        event, players=[PlayerFactory(name=n) for n in ("Anna", "Bram", "Cor", "Dewi")]
    )
    if game == "bonken":
        document = classic_document()
    else:
        from games.registry import get_game

        played = get_game(game)
        module = __import__(f"games.{game}.rules.sample", fromlist=["random_session"])
        for seed in range(200):  # Bonko: a round 1 of set 1, as the table's round is
            document = module.random_session(
                random.Random(seed), seats=4, ruleset=played.rulesets[rulesets[game]]
            )
            if document.get("round", 1) == 1:
                document.pop("set", None)
                break
    session_submit(table=table, submitted_by=organizer, document=document)
    assert Session.objects.get(table=table).complete
    players = [s.player for s in table.seats.order_by("position")]
    codes = {p.name: player_code_issue(actor=organizer, player=p) for p in players}
    return table, organizer, players, codes


def sign_post(table, player, code, revision=1):
    return {"action": "code", "player": player.pk, "code": code, "revision": revision}


@pytest.mark.parametrize("game", ["bonken", "jonkler", "bonanza", "bonko"])
def test_every_games_table_page_signs_with_names_and_codes(game):
    table, _organizer, players, codes = complete(game)
    client = client_for()
    page = client.get(f"/t/{table.scoring_token}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'id="signoff"' in page and page.count('data-signed="no"') == 4
    for player in players:
        answer = client.post(
            f"/t/{table.scoring_token}/signoff/", sign_post(table, player, codes[player.name])
        )
        assert answer.status_code == 302 and answer["Location"].endswith("#signoff")
    page = client.get(f"/t/{table.scoring_token}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert page.count('data-signed="yes"') == 4 and "data-signed-all" in page
    assert Session.objects.get(table=table).signed_at is not None


def test_a_wrong_code_names_the_player_and_signs_nothing():
    table, _organizer, players, codes = complete("bonken")
    wrong = "0000" if codes["Anna"] != "0000" else "1111"
    client = client_for()
    answer = client.post(
        f"/t/{table.scoring_token}/signoff/",
        sign_post(table, players[0], wrong),
        HTTP_ACCEPT_LANGUAGE="en",
        follow=True,
    )
    assert "That is not Anna&#x27;s personal code." in answer.content.decode()
    assert not Signature.objects.exists()


def test_a_signed_in_player_confirms_as_themselves():
    table, _organizer, players, _codes = complete("bonken")
    user = UserFactory()
    players[1].user = user
    players[1].save()
    client = client_for(user)
    page = client.get(f"/t/{table.scoring_token}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Confirm as Bram" in page
    client.post(f"/t/{table.scoring_token}/signoff/", {"action": "self", "revision": 1})
    assert Signature.objects.get().method == "account"


def test_a_dispute_shows_on_the_round_and_standings_and_the_organizer_resolves_it():
    table, organizer, players, codes = complete("bonken")
    boss = client_for(organizer)
    round_page = boss.get(f"/manage/rounds/{table.round_id}/", HTTP_ACCEPT_LANGUAGE="en")
    assert 'data-signoff="unsigned"' in round_page.content.decode()
    client = client_for()
    client.post(
        f"/t/{table.scoring_token}/signoff/",
        {
            "action": "dispute",
            "player": players[2].pk,
            "code": codes["Cor"],
            "revision": 1,
            "reason": "game 5 was wrong",
        },
    )
    dispute = Dispute.objects.get()
    round_page = boss.get(f"/manage/rounds/{table.round_id}/", HTTP_ACCEPT_LANGUAGE="en")
    assert 'data-signoff="disputed"' in round_page.content.decode()
    event = table.round.event
    standings = client_for().get(f"/events/{event.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    assert "Tables not signed yet" in standings.content.decode()
    assert "disputed" in standings.content.decode()
    manage = f"/manage/tables/{table.pk}/signoff/"
    page = boss.get(manage, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "game 5 was wrong" in page
    assert client_for().get(manage).status_code == 302  # sign in first
    boss.post(manage, {"action": "resolve", "dispute": dispute.pk, "resolution": "checked"})
    boss.post(
        manage,
        {"action": "sign_for", "player": players[2].pk, "revision": 1, "reason": "went home"},
    )
    for player in players[:2] + players[3:]:
        client.post(
            f"/t/{table.scoring_token}/signoff/", sign_post(table, player, codes[player.name])
        )
    assert Session.objects.get(table=table).signed_at is not None
    standings = client_for().get(f"/events/{event.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    assert "Tables not signed yet" not in standings.content.decode()


def test_the_account_page_sets_a_code_and_the_organizer_issues_one_shown_once():
    event = EventFactory()
    organizer = user_with_role(event.club, Role.ORGANIZER)
    member = user_with_role(event.club, Role.MEMBER)
    client = client_for(member)
    answer = client.post("/accounts/", {"code": "4071", "again": "4017"}, HTTP_ACCEPT_LANGUAGE="en")
    assert answer.status_code == 400 and "The two codes differ." in answer.content.decode()
    client.post("/accounts/", {"code": "4071", "again": "4071"})
    assert PlayerCode.objects.get(player=member.player).issued is False
    issued = client_for(organizer).post(
        f"/clubs/{event.club.slug}/players/{member.player.pk}/code/", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert issued.status_code == 200 and "shown only once" in issued.content.decode()
    assert "account page" in issued.content.decode()  # the member has an account
    assert PlayerCode.objects.get(player=member.player).issued is True
    walk_in = PlayerFactory(name="Zonder Account")
    Membership.objects.create(club=event.club, player=walk_in)
    issued = client_for(organizer).post(
        f"/clubs/{event.club.slug}/players/{walk_in.pk}/code/", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert issued.status_code == 200 and "shown only once" in issued.content.decode()
    assert "account page" not in issued.content.decode()  # nowhere for them to go
    refused = client.post(f"/clubs/{event.club.slug}/players/{organizer.player.pk}/code/")
    assert refused.status_code == 403


def test_the_event_form_offers_signed_only_standings():
    event = EventFactory()
    organizer = user_with_role(event.club, Role.ORGANIZER)
    client = client_for(organizer)
    client.post(
        f"/manage/clubs/{event.club.slug}/events/new/",
        {
            "name": "Cup",
            "kind": "tournament",
            "date": "2026-12-01",
            "ruleset": "classic",
            "planned_rounds": 3,
            "seating_method": "balanced",
            "standings_count": "signed",
        },
    )
    assert event.club.events.get(name="Cup").standings_count == "signed"


def test_standings_that_count_complete_tables_list_only_disputed_ones():
    table, _organizer, _players, _codes = complete("bonken")
    event = table.round.event
    standings = client_for().get(f"/events/{event.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    assert "Tables not signed yet" not in standings.content.decode()
    event.standings_count = "signed"
    event.save(update_fields=["standings_count"])
    standings = client_for().get(f"/events/{event.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    assert "Tables not signed yet" in standings.content.decode()
