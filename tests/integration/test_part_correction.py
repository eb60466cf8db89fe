"""An organizer's correction of one game (round, hand; Bonko's whole result) after the round
closed: only that part changes, everything else of the document stays as stored (Bonken's
doubles, a Jonkler round's notes, a Bonanza session's end), a new revision with the reason,
and the standings follow. The reason comes first, organizers only, a stale page is a
conflict; the correction page shows one game's inputs and a missing reason at the top."""

from __future__ import annotations

import copy

import pytest
from django.test import Client

from clubs.models import Role
from core.errors import ServiceError
from ranking.standings.event_standings import computed_standing_lines
from results.models import Session
from results.part_correction import session_correct_keys, session_correct_part
from tests.correction_world import bonken_paper, bonko_document, closed_night
from tests.factories import user_with_role

pytestmark = pytest.mark.django_db


def totals_by_player(world) -> dict[int, int]:
    return {line["player_id"]: line["total"] for line in computed_standing_lines(world["event"])}


def signed_in(user, lang: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    client.force_login(user)
    return client


def test_one_bonken_game_changes_and_the_doubles_of_the_others_stay():
    world = closed_night("bonken")
    before = copy.deepcopy(Session.objects.get(table=world["table"]).document)
    assert before["games"][4]["doubles"]  # game 5 was doubled
    game = {**before["games"][2], "counts": [0, 0, 3, 10]}  # hearts: who took them
    session = session_correct_part(
        table=world["table"],
        submitted_by=world["organizer"],
        number=3,
        part=game,
        reason="hearts were written under the wrong players",
    )
    assert session.revision == 2
    after = Session.objects.get(table=world["table"]).document
    assert after["games"][2] == game
    assert [g for i, g in enumerate(after["games"]) if i != 2] == [
        g for i, g in enumerate(before["games"]) if i != 2
    ]
    assert after["games"][4]["doubles"] == before["games"][4]["doubles"]
    assert session.revisions.get(number=2).reason == "hearts were written under the wrong players"
    totals = totals_by_player(world)
    for seat, player in enumerate(world["players"]):
        assert totals[player.pk] == session.result["totals"][seat]


def test_the_reason_is_asked_first_and_only_organizers_correct():
    world = closed_night("bonken")
    game = Session.objects.get(table=world["table"]).document["games"][0]
    with pytest.raises(ServiceError) as refused:
        session_correct_part(
            table=world["table"], submitted_by=world["organizer"], number=1, part=game, reason=" "
        )
    assert refused.value.errors[0]["code"] == "reason_required"
    assert refused.value.errors[0]["field"] == "reason"
    assert refused.value.errors[0]["message_nl"].startswith("Zeg waarom")
    scorer = user_with_role(world["club"], Role.SCORER)
    with pytest.raises(ServiceError) as refused:
        session_correct_part(
            table=world["table"], submitted_by=scorer, number=1, part=game, reason="mine"
        )
    assert refused.value.errors[0]["code"] == "not_allowed"
    with pytest.raises(ServiceError) as refused:
        session_correct_part(
            table=world["table"], submitted_by=world["organizer"], number=13, part=game, reason="x"
        )
    assert refused.value.errors[0]["code"] == "part_not_found"
    assert Session.objects.get(table=world["table"]).revision == 1


def test_a_page_read_before_another_change_is_a_conflict():
    world = closed_night("bonken")
    games = Session.objects.get(table=world["table"]).document["games"]
    changed = {**games[2], "counts": [0, 0, 3, 10]}
    session_correct_part(
        table=world["table"], submitted_by=world["organizer"], number=3, part=changed, reason="a"
    )
    with pytest.raises(ServiceError) as refused:
        session_correct_part(
            table=world["table"],
            submitted_by=world["organizer"],
            number=1,
            part=games[0],
            reason="b",
            expected_revision=1,
        )
    assert refused.value.errors[0]["code"] == "revision_conflict"
    assert Session.objects.get(table=world["table"]).revision == 2


@pytest.mark.parametrize(("code", "key"), [("jonkler", "rounds"), ("bonanza", "hands")])
def test_a_jonkler_round_and_a_bonanza_hand_keep_the_rest_of_the_session(code, key):
    world = closed_night(code)
    before = copy.deepcopy(Session.objects.get(table=world["table"]).document)
    if code == "jonkler":  # a round nobody jonkled in: a trick went to the next player
        index = next(i for i, r in enumerate(before[key]) if i and not any(r.get("jonkled") or []))
        part = copy.deepcopy(before[key][index])
        giver = next(seat for seat, took in enumerate(part["tricks"]) if took)
        part["tricks"][giver] -= 1
        part["tricks"][(giver + 1) % 4] += 1
    else:  # another player had one card more left
        index = 1
        part = copy.deepcopy(before[key][index])
        part["out"]["cards_left"][(part["out"]["seat"] + 1) % 4] += 1
    session_correct_part(
        table=world["table"],
        submitted_by=world["organizer"],
        number=index + 1,
        part=part,
        reason="copied wrong",
    )
    after = Session.objects.get(table=world["table"]).document
    assert after[key][index] == part
    assert [p for i, p in enumerate(after[key]) if i != index] == [
        p for i, p in enumerate(before[key]) if i != index
    ]
    assert {k: v for k, v in after.items() if k != key} == {
        k: v for k, v in before.items() if k != key
    }


def test_a_bonko_result_keeps_the_night_it_belongs_to():
    world = closed_night("bonko")
    before = Session.objects.get(table=world["table"]).document
    corrected = bonko_document((9, 23), bonkos=(0, 1, 0, 0))
    session = session_correct_keys(
        table=world["table"],
        submitted_by=world["organizer"],
        keys={"teams": corrected["teams"], "bonkos": corrected["bonkos"], "rolls": None},
        reason="the scores were swapped",
    )
    assert session.result["winner"] == 1
    after = Session.objects.get(table=world["table"]).document
    assert {k: after[k] for k in ("set", "round", "king", "bell")} == {
        k: before[k] for k in ("set", "round", "king", "bell")
    }
    assert "rolls" not in after


def test_the_history_lists_the_games_and_the_page_shows_one_game():
    world = closed_night("bonken")
    client = signed_in(world["organizer"])
    event, table = world["event"], world["table"]
    sheet = client.get(f"/events/{event.pk}/tables/{table.pk}/")
    url = f"/manage/tables/{table.pk}/correct/3/"
    assert url in sheet.content.decode()
    page = client.get(url)
    text = page.content.decode()
    assert page.status_code == 200
    assert text.count('name="contract"') == 13  # one game's contract tiles
    assert 'id="id_count_0"' in text and "id_g2_net_0" not in text  # not the whole sheet
    assert 'value="hearts"' in text and "checked" in text
    # Another member of the club may read the sheet but not correct it.
    member = user_with_role(world["club"], Role.SCORER)
    member.save()  # its password, as set, for the signed-in session
    scorer = signed_in(member)
    assert "Table 1" in scorer.get(f"/events/{event.pk}/tables/{table.pk}/").content.decode()
    assert url not in scorer.get(f"/events/{event.pk}/tables/{table.pk}/").content.decode()
    assert scorer.get(url).status_code == 403


def test_a_missing_reason_is_shown_at_the_top_in_the_pages_language():
    world = closed_night("bonken")
    table = world["table"]
    url = f"/manage/tables/{table.pk}/correct/3/"
    stored = Session.objects.get(table=table).document["games"][2]
    post = {
        "revision": "1",
        "chooser": str(stored["chooser"]),
        "contract": stored["contract"],
        "reason": "",
        **{f"count_{seat}": str(n) for seat, n in enumerate([0, 0, 3, 10])},
    }
    for lang, words in (("nl", "Zeg waarom de uitslag verandert"), ("en", "Say why the result")):
        answer = signed_in(world["organizer"], lang).post(url, post)
        assert answer.status_code == 400
        text = answer.content.decode()
        top = text.index('id="errors"')
        assert words in text[top : top + 600]
        assert top < text.index('name="chooser"')
    assert Session.objects.get(table=table).revision == 1
    answer = signed_in(world["organizer"]).post(url, {**post, "reason": "wrong players"})
    assert answer.status_code == 302
    after = Session.objects.get(table=table)
    assert after.revision == 2
    assert after.document["games"][2]["counts"] == [0, 0, 3, 10]
    assert after.document["games"][4]["doubles"] == [[1, 0], [0, 1], [2, 3]]


@pytest.mark.parametrize("kind", ["games", "sheet", "totals"])
def test_a_session_copied_from_paper_is_corrected_in_its_own_numbers(kind):
    world = closed_night("bonken", bonken_paper(kind))
    table = world["table"]
    before = copy.deepcopy(Session.objects.get(table=table).document)
    client = signed_in(world["organizer"], "nl")
    sheet = client.get(f"/events/{world['event'].pk}/tables/{table.pk}/").content.decode()
    assert f"/manage/tables/{table.pk}/correct/1/" in sheet
    if kind == "totals":
        assert f"/manage/tables/{table.pk}/correct/2/" not in sheet  # one thing to correct
    number = 1 if kind == "totals" else 3
    url = f"/manage/tables/{table.pk}/correct/{number}/"
    page = client.get(url).content.decode()
    # Points may be negative: the digit keypad with a ± button beside each field.
    assert page.count("data-sign-toggle") == 4
    assert 'inputmode="text"' not in page
    stored = before["totals"] if kind == "totals" else before[kind][number - 1]["net"]
    changed = [stored[1], stored[0], *stored[2:]] if stored[0] != stored[1] else None
    if changed is None:  # the first two are equal: swap with the third
        changed = [stored[2], stored[1], stored[0], stored[3]]
    post = {"revision": "1", "reason": "overgeschreven"}
    post |= {f"points_{seat}": str(value) for seat, value in enumerate(changed)}
    if kind == "games":
        post |= {"chooser": str(before["games"][2]["chooser"]), "contract": "trumps_diamonds"}
    answer = client.post(url, post)
    assert answer.status_code == 302, answer.content.decode()[:3000]
    after = Session.objects.get(table=table).document
    if kind == "totals":
        assert after == {**before, "totals": changed}
    else:
        assert after[kind][number - 1]["net"] == changed
        assert [r for i, r in enumerate(after[kind]) if i != 2] == [
            r for i, r in enumerate(before[kind]) if i != 2
        ]


@pytest.mark.parametrize(
    ("lang", "code", "words"),
    [
        ("en", "bonken", "Game 3 corrected: copied wrong"),
        ("nl", "bonken", "Spel 3 verbeterd: copied wrong"),
        ("en", "bonko", "The result corrected: copied wrong"),
        ("nl", "bonko", "De uitslag verbeterd: copied wrong"),
    ],
)
def test_the_history_says_which_part_a_correction_changed(lang, code, words):
    world = closed_night(code)
    table = world["table"]
    stored = Session.objects.get(table=table).document
    if code == "bonken":
        game = {**stored["games"][2], "counts": [0, 0, 3, 10]}
        session_correct_part(
            table=table, submitted_by=world["organizer"], number=3, part=game, reason="copied wrong"
        )
    else:
        corrected = bonko_document((23, 9), bonkos=(0, 0, 1, 0))
        session_correct_keys(
            table=table,
            submitted_by=world["organizer"],
            keys={"bonkos": corrected["bonkos"]},
            reason="copied wrong",
        )
    session = Session.objects.get(table=table)
    assert session.revisions.get(number=2).result["corrected_part"] == (
        3 if code == "bonken" else 1
    )
    assert "corrected_part" not in session.result  # only the revision notes it
    sheet = signed_in(world["organizer"], lang).get(
        f"/events/{world['event'].pk}/tables/{table.pk}/"
    )
    history = sheet.content.decode().split('id="history"')[1]
    assert words in history


def test_a_correction_that_changes_nothing_makes_no_revision_and_marks_none():
    world = closed_night("bonken")
    table = world["table"]
    game = Session.objects.get(table=table).document["games"][2]
    session = session_correct_part(
        table=table, submitted_by=world["organizer"], number=3, part=game, reason="looked again"
    )
    assert session.revision == 1
    assert "corrected_part" not in session.revisions.get(number=1).result


def test_a_bonanza_hand_is_corrected_in_the_table_pages_rows_with_its_chips_counted():
    from games.bonanza.plugin.views.correct import hand_initial

    world = closed_night("bonanza", seats=6)
    table = world["table"]
    session = Session.objects.get(table=table)
    url = f"/manage/tables/{table.pk}/correct/2/"
    client = signed_in(world["organizer"])
    page = client.get(url).content.decode()
    assert page.count('class="player-row"') == 6  # the table page's compact rows
    assert 'class="board"' in page and f'hx-post="{url}"' in page
    hand = session.document["hands"][1]
    data = {k: v for k, v in hand_initial(hand).items() if v is not None}
    data["revision"] = "1"
    check = client.post(url, data, HTTP_HX_REQUEST="true").content.decode()
    stored_nets = session.result["hands"][1]["nets"]
    for seat, net in enumerate(stored_nets):
        assert f'id="hand-net-{seat}" hx-swap-oob="true">{net:+d}</span>' in check
    # One card more in the hand of the player after whoever went out: a chip more to them.
    out = hand["out"]["seat"]
    seat = (out + 1) % 6
    data[f"cards_{seat}"] = str(hand["out"]["cards_left"][seat] + 1)
    check = client.post(url, data, HTTP_HX_REQUEST="true").content.decode()
    assert f'id="hand-net-{seat}" hx-swap-oob="true">{stored_nets[seat] - 1:+d}</span>' in check
    assert f'id="hand-net-{out}" hx-swap-oob="true">{stored_nets[out] + 1:+d}</span>' in check
    assert "not saved yet" in check
    assert Session.objects.get(table=table).revision == 1  # nothing saved


def test_a_bonko_correction_asks_as_the_table_page_does():
    world = closed_night("bonko")
    client = signed_in(world["organizer"])
    page = client.get(f"/manage/tables/{world['table'].pk}/correct/1/").content.decode()
    # The table page's fields and its script's words: the roll-off asked the moment the
    # scores are level, a note when a team tapped as the winner cannot have won.
    for asked in (
        "data-msg-level=",
        "data-msg-lower=",
        "data-rolloff-template",
        "data-winner-note",
    ):
        assert asked in page, asked
    assert 'value="23"' in page and 'value="9"' in page  # the stored scores filled in
