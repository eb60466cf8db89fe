"""What the table's page needs to work without a network: the service worker and the manifest,
and the page's POST made safe to repeat by the Idempotency-Key the phone gave the game."""

import json

import pytest
from django.test import Client

from config.security import STRICT
from results.models import Session
from tests.factories import EventFactory, seated_table

pytestmark = pytest.mark.django_db

HEARTS = {
    "chooser": "0",
    "contract": "hearts",
    "count_0": "3",
    "count_1": "4",
    "count_2": "5",
    "count_3": "1",
    "revision": "0",
}


@pytest.fixture
def table():
    return seated_table(EventFactory(published=True))


def test_the_service_worker_covers_the_table_pages_and_is_never_cached():
    response = Client().get("/t/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert "no-store" in response["Cache-Control"]
    assert response["Service-Worker-Allowed"] == "/t/"
    assert response["Content-Security-Policy"] == STRICT
    text = response.content.decode()
    assert "/static/js/offline.js" in text and "/static/css/site.css" in text
    assert "__VERSION__" not in text


def test_the_manifest_opens_this_table(table):
    response = Client().get(f"/t/{table.scoring_token}/manifest.webmanifest")
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["start_url"] == f"/t/{table.scoring_token}/"
    assert manifest["display"] == "standalone" and manifest["theme_color"] == "#14532d"
    assert {icon["sizes"] for icon in manifest["icons"]} == {"192x192", "512x512", "any"}
    assert Client().get("/t/nothing/manifest.webmanifest").status_code == 404


def test_the_table_page_links_the_manifest_and_the_offline_script(table):
    page = Client().get(f"/t/{table.scoring_token}/").content.decode()
    assert f'<link rel="manifest" href="/t/{table.scoring_token}/manifest.webmanifest">' in page
    assert "js/offline.js" in page and "data-offline-form" in page and "data-offline " in page


def test_a_kept_game_sent_twice_is_saved_once(table):
    client, url = Client(), f"/t/{table.scoring_token}/"
    first = client.post(url, HEARTS, headers={"Idempotency-Key": "game-1"})
    again = client.post(url, HEARTS, headers={"Idempotency-Key": "game-1"})
    assert first.status_code == again.status_code == 201
    assert again["Idempotent-Replayed"] == "true"
    assert json.loads(first.content) == json.loads(again.content)
    assert json.loads(first.content)["revision"] == 1
    session = Session.objects.get(table=table)
    assert session.revision == 1 and len(session.document["games"]) == 1
    assert session.revisions.count() == 1
    # The page's message was given in the answer, not kept for the next page.
    assert "1" in json.loads(first.content)["message"]
    assert not list(client.get(url).context["messages"])


def test_a_key_used_for_another_game_is_refused(table):
    client, url = Client(), f"/t/{table.scoring_token}/"
    client.post(url, HEARTS, headers={"Idempotency-Key": "game-1"})
    other = client.post(
        url, {**HEARTS, "count_3": "2", "count_2": "4"}, headers={"Idempotency-Key": "game-1"}
    )
    assert other.status_code == 409
    assert Session.objects.get(table=table).revision == 1


def test_a_game_kept_before_a_change_made_meanwhile_is_a_conflict(table):
    client, url = Client(), f"/t/{table.scoring_token}/"
    client.post(url, HEARTS)  # another phone saves game 1
    late = client.post(url, HEARTS, headers={"Idempotency-Key": "game-1-offline"})
    assert late.status_code == 409
    page = late.content.decode()
    assert 'data-server-sheet data-revision="1"' in page
    session = Session.objects.get(table=table)
    assert session.revision == 1 and len(session.document["games"]) == 1


def test_a_refused_game_is_not_kept_and_can_be_sent_again_corrected(table):
    client, url = Client(), f"/t/{table.scoring_token}/"
    wrong = client.post(url, {**HEARTS, "count_3": "9"}, headers={"Idempotency-Key": "g"})
    assert wrong.status_code == 400 and not Session.objects.filter(table=table).exists()
    right = client.post(url, HEARTS, headers={"Idempotency-Key": "g"})
    assert right.status_code == 201


def test_without_a_key_the_form_posts_as_always(table):
    response = Client().post(f"/t/{table.scoring_token}/", HEARTS)
    assert response.status_code == 302


def test_a_kept_games_key_longer_than_the_stored_length_is_refused(table):
    client, url = Client(), f"/t/{table.scoring_token}/"
    assert client.post(url, HEARTS, headers={"Idempotency-Key": "g" * 200}).status_code == 201
    refused = client.post(url, HEARTS, headers={"Idempotency-Key": "g" * 200 + "-2"})
    assert refused.status_code == 400
    assert json.loads(refused.content)["errors"][0]["code"] == "idempotency_key_too_long"
    assert Session.objects.get(table=table).revision == 1


DUCK = {**HEARTS, "contract": "duck", "count_0": "4", "count_1": "3", "count_2": "3"}
DUCK["count_3"] = "3"


def test_a_conflict_says_the_sessions_revision_and_parts(table):
    client, url = Client(), f"/t/{table.scoring_token}/"
    client.post(url, HEARTS)  # another phone saves game 1
    late = client.post(url, DUCK, headers={"Idempotency-Key": "mine"})
    assert late.status_code == 409
    assert late["Session-Revision"] == "1" and late["Session-Parts"] == "1"


def test_a_dry_run_says_whether_the_server_would_save_and_keeps_nothing(table):
    client, url = Client(), f"/t/{table.scoring_token}/"
    client.post(url, HEARTS)
    # Game 1 again, after theirs: the next chooser is seat 1, so seat 0 choosing is refused.
    after = client.post(url, {**DUCK, "revision": "1"}, headers={"X-Dry-Run": "1"})
    assert after.status_code == 400
    replace = {**DUCK, "revision": "2", "replace_last": "1"}
    instead = client.post(url, replace, headers={"X-Dry-Run": "1"})
    assert instead.status_code == 200 and json.loads(instead.content) == {"accepted": True}
    session = Session.objects.get(table=table)
    assert session.revision == 1 and session.document["games"][0]["contract"] == "hearts"
    assert session.revisions.count() == 1
    # Nothing was kept for a key: the same entry sent for real is saved.
    saved = client.post(url, replace, headers={"Idempotency-Key": "k"})
    assert saved.status_code == 201 and "Idempotent-Replayed" not in saved


def test_mine_replaces_theirs_in_one_go_and_the_history_keeps_theirs(table):
    client, url = Client(), f"/t/{table.scoring_token}/"
    client.post(url, HEARTS)  # theirs
    replace = {**DUCK, "revision": "2", "replace_last": "1"}
    first = client.post(url, replace, headers={"Idempotency-Key": "mine"})
    again = client.post(url, replace, headers={"Idempotency-Key": "mine"})
    assert first.status_code == again.status_code == 201 and again["Idempotent-Replayed"] == "true"
    session = Session.objects.get(table=table)
    assert [g["contract"] for g in session.document["games"]] == ["duck"]
    assert session.revision == 3
    contracts = [
        [g["contract"] for g in r.document.get("games", [])]
        for r in session.revisions.order_by("number")
    ]
    assert contracts == [["hearts"], [], ["duck"]]


def test_a_replacement_the_rules_refuse_leaves_theirs_in_place(table):
    client, url = Client(), f"/t/{table.scoring_token}/"
    client.post(url, HEARTS)
    wrong = {**DUCK, "count_3": "9", "revision": "2", "replace_last": "1"}
    refused = client.post(url, wrong, headers={"Idempotency-Key": "mine"})
    assert refused.status_code == 400
    session = Session.objects.get(table=table)
    assert session.revision == 1 and session.document["games"][0]["contract"] == "hearts"
    stale = client.post(
        url, {**DUCK, "revision": "1", "replace_last": "0"}, headers={"Idempotency-Key": "x"}
    )
    assert stale.status_code == 409 and Session.objects.get(table=table).revision == 1


def test_a_first_jonkler_round_replaces_theirs_with_its_own_dealer():
    from tests.web.test_jonkler_page import round_post

    event = EventFactory(game="jonkler", ruleset="jonkler")
    table = seated_table(event, players=None)
    client, url = Client(), f"/t/{table.scoring_token}/"
    theirs = round_post([0, 0, 0, 0], [1, 0, 0, 0], 0, first_dealer=3)
    assert client.post(url, theirs).status_code == 302
    mine = round_post([0, 0, 0, 0], [0, 0, 0, 1], 2, first_dealer=1, replace_last=1)
    asked = client.post(url, mine, headers={"X-Dry-Run": "1"})
    assert asked.status_code == 200 and Session.objects.get(table=table).revision == 1
    assert client.post(url, mine, headers={"Idempotency-Key": "mine"}).status_code == 201
    session = Session.objects.get(table=table)
    assert session.document["first_dealer"] == 1 and session.document["rounds"] == [
        {"bids": [0, 0, 0, 0], "tricks": [0, 0, 0, 1]}
    ]


def test_a_bonko_result_has_no_parts_to_replace_and_is_corrected_on_the_new_revision():
    event = EventFactory(game="bonko", ruleset="bonko", published=True)
    table = seated_table(event)
    client, url = Client(), f"/t/{table.scoring_token}/"
    result = {"score_0": "21", "score_1": "18", "winner": "0", "revision": "0", "sessions": "0"}
    assert client.post(url, result).status_code == 302
    late = client.post(url, {**result, "score_1": "12"}, headers={"Idempotency-Key": "mine"})
    assert late.status_code == 409 and "Session-Parts" not in late
    mine = {**result, "score_1": "12", "revision": late["Session-Revision"]}
    assert client.post(url, mine, headers={"X-Dry-Run": "1"}).status_code == 200
    assert client.post(url, mine, headers={"Idempotency-Key": "mine"}).status_code == 201
    assert Session.objects.get(table=table).result["scores"] == [21, 12]
