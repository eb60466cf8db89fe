"""A Bonko table on a phone, from the table's link as a player opens it (390 x 844 and 360 x 740,
in English and in Dutch): the terms are explained where they appear; the moment the scores are
level the page asks for the roll-off (a second session while the first is level), naming the
teams once, over their roll-off fields; a team tapped as the winner is taken when the scores
allow it and otherwise the page says why; the result is saved with its roll-off."""

from typing import Any

import pytest

from clubs.models import Club, Membership, Player
from results.models import Session
from tournaments.models import Event, EventPlayer, EventTeam, Round, Seat, Table

from .conftest import PHONE
from .test_bonanza_hand_phone import SIZES, no_sideways_scroll

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna", "Bram", "Cor", "Dewi", "Eva", "Fenna", "Gijs", "Hans"]
WORDS = {
    "en-GB": {
        "target": "each die showing 1 scores 1",
        "set": "6 rounds; the target number is the round's number",
        "king": "table 1; its winners stay",
        "bell": "rung by the King's table at 21",
        "level": "Both teams have 12: the roll-off decides",
        "again": "Still level after roll-off 1",
        "undecided": "The scores are level: the roll-off decides who won",
        "lower": "Eva & Gijs cannot have won: it has fewer points than Fenna & Hans (1 to 5)",
        "lower_scores": "Fenna & Hans cannot have won: it has fewer points than Eva & Gijs "
        "(9 to 23)",
        "bonko": "A Bonko is three 1s in one roll, called out",
    },
    "nl-NL": {
        "target": "elke dobbelsteen met 1 telt 1",
        "set": "6 rondes; het doelgetal is het nummer van de ronde",
        "king": "tafel 1; de winnaars daar blijven",
        "bell": "de koningstafel luidt hem bij 21",
        "level": "Beide teams hebben 12: uitgooien beslist",
        "again": "Nog steeds gelijk na uitgooien 1",
        "undecided": "De stand is gelijk: uitgooien beslist wie won",
        "lower": "Eva & Gijs kan niet gewonnen hebben: minder punten dan Fenna & Hans (1 tegen 5)",
        "lower_scores": "Fenna & Hans kan niet gewonnen hebben: minder punten dan Eva & Gijs "
        "(9 tegen 23)",
        "bonko": "Een Bonko is drie keer 1 in één worp, met roepen",
    },
}


def second_table() -> Table:
    """Round 1 of a Bonko night, two tables of two teams; the second table (not the King's)."""
    club = Club.objects.create(name="Bonko Delft", slug="bonko-delft", city="Delft")
    event = Event.objects.create(
        club=club,
        name="Bonko-avond",
        date="2026-12-04",
        game="bonko",
        ruleset="bonko",
        status=Event.Status.RUNNING,
    )
    players = []
    for name in NAMES:
        player = Player.objects.create(name=name)
        Membership.objects.create(club=club, player=player)
        EventPlayer.objects.create(event=event, player=player, present=True)
        players.append(player)
    round_ = Round.objects.create(event=event, number=1, status=Round.Status.PLAYING)
    tables = []
    for number, four in enumerate((players[:4], players[4:]), start=1):
        table = Table.objects.create(round=round_, number=number)
        for position, player in enumerate(four):
            Seat.objects.create(table=table, round=round_, player=player, position=position)
        for first, second in ((four[0], four[2]), (four[1], four[3])):
            EventTeam.objects.create(
                event=event, first=first, second=second, name=f"{first.name} & {second.name}"
            )
        tables.append(table)
    return tables[1]


def winner(page: Any) -> str | None:
    for team in (0, 1):
        if page.locator(f"#id_winner_{team}").is_checked():
            return str(team)
    return None


def note(page: Any) -> str:
    return page.locator("[data-winner-note]").inner_text()


# Each language once and each phone size once (Dutch, the longer words, on the narrower phone).
@pytest.mark.parametrize(("size", "locale"), [("390x844", "en-GB"), ("360x740", "nl-NL")])
def test_a_tie_and_the_roll_off_on_a_phone(chromium, live_server, audit, locale, size):
    words = WORDS[locale]
    width, height = SIZES[size]
    table = second_table()
    viewport = {"width": width, "height": height}
    page = audit.prepare(chromium.new_context(locale=locale, **{**PHONE, "viewport": viewport}))
    page = page.new_page()
    page.goto(f"{live_server.url}/t/{table.scoring_token}/")

    # --- Each term has its one line where it appears ---------------------------------------------
    terms = {
        key: page.locator(f"[data-term={key}]").inner_text()
        for key in WORDS["en-GB"]
        if key in ("target", "set", "king", "bell")
    }
    for key, text in terms.items():
        assert words[key] in text, (key, text)
    assert words["bonko"] in page.locator("form[data-bonko]").inner_text()
    rolloff = page.locator("[data-rolloff]")
    assert rolloff.is_hidden()
    no_sideways_scroll(page)
    audit.shot(page, f"bonko-{size}-{locale}-start")

    # --- Level scores: the roll-off is asked at once, before any save -----------------------------
    page.fill("#id_score_0", "12")
    page.fill("#id_score_1", "12")
    assert rolloff.is_visible()
    assert words["level"] in rolloff.inner_text()
    # The teams are named once in the roll-off, over its fields, not again in the sentence.
    assert rolloff.inner_text().count("Eva & Gijs") == 1
    page.click("label[for=id_winner_0]")  # a winner before the roll-off: the page says why not
    assert winner(page) is None and words["undecided"] in note(page)
    audit.shot(page, f"bonko-{size}-{locale}-level")

    # The first roll-off is level too: a second one is asked.
    page.fill("#id_rolloff_0_0", "3")
    page.fill("#id_rolloff_1_0", "3")
    assert words["again"] in rolloff.inner_text()
    page.locator("#id_rolloff_0_1").fill("1")
    page.locator("#id_rolloff_1_1").fill("5")
    assert winner(page) == "1"  # the winner follows the roll-off
    page.click("label[for=id_winner_0]")  # the other team: refused, and said why
    assert winner(page) == "1" and words["lower"] in note(page)
    no_sideways_scroll(page)
    audit.shot(page, f"bonko-{size}-{locale}-rolloff")
    assert Session.objects.filter(table=table).count() == 0  # all of it before saving

    with page.expect_navigation():
        page.click("form[data-bonko] .sticky-bar button[type=submit]")
    session = Session.objects.get(table=table)
    assert session.result["winner"] == 1 and session.result["rolloff"] == [[3, 1], [3, 5]]

    # --- Scores that differ: the winner follows them; tapping the other team says why -----------
    page.fill("#id_score_0", "23")
    page.fill("#id_score_1", "9")
    assert rolloff.is_hidden() and winner(page) == "0"
    page.click("label[for=id_winner_1]")
    assert winner(page) == "0" and words["lower_scores"] in note(page)
    page.fill("#id_score_1", "30")  # a typing slip corrected: the winner follows again
    assert winner(page) == "1" and note(page).strip() == ""
    page.click("label[for=id_winner_1]")  # the team ahead: taken, nothing to say
    assert winner(page) == "1" and note(page).strip() == ""
    audit.shot(page, f"bonko-{size}-{locale}-winner")

    assert not audit.violations, "\n".join(audit.violations)
