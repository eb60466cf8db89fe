"""An evening where the organizer makes every mistake there is, in a real browser, and puts
each right: a round closed while a table is still playing (the organizer says it counts as
played so far), the round reopened, a substitute for a player who leaves, the event closed
and a result corrected afterwards (standings follow), and a duplicate player merged. Every
destructive button asks first."""

import datetime

import pytest

from clubs.models import Club, Membership, Player, Role
from results.models import Session
from results.services import session_append_part, session_submit
from tests.documents import classic_document, classic_games
from tests.factories import UserFactory
from tournaments.events.services import event_create
from tournaments.models import Event, EventPlayer, Round, Standing, Substitution
from tournaments.rounds.services import round_accept, round_generate

from .conftest import DESKTOP, PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Anna", "Bram", "Cees", "Daan", "Eva", "Floor", "Gijs", "Hanna", "Ivo"]


def sign_in(page, base: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "olga")
    page.fill("#id_password", "secret")
    with page.expect_navigation():
        page.click("main form button[type=submit]")


def submit(page, selector: str) -> None:
    with page.expect_navigation():
        page.click(selector)


def test_every_mistake_of_an_evening_is_put_right(chromium, live_server, audit):
    base = live_server.url
    club = Club.objects.create(name="De Klaverjas", slug="de-klaverjas", city="Leiden")
    organizer = UserFactory(username="olga")
    organizer.set_password("secret")
    organizer.save()
    Membership.objects.create(
        club=club, role=Role.ORGANIZER, player=Player.objects.create(name="Olga", user=organizer)
    )
    players = [Player.objects.create(name=name) for name in NAMES]
    for player in players:
        Membership.objects.create(club=club, player=player)
    # Anna was once registered twice: "anna" played a night last month.
    twin = Player.objects.create(name="anna")
    Membership.objects.create(club=club, player=twin)
    earlier = event_create(
        club=club, actor=organizer, name="Oktober", date=datetime.date(2026, 10, 14)
    )
    event = event_create(
        club=club,
        actor=organizer,
        name="November",
        date=datetime.date(2026, 11, 18),
        planned_rounds=2,
    )
    Event.objects.filter(pk__in=[earlier.pk, event.pk]).update(published=True)
    EventPlayer.objects.create(event=earlier, player=twin, present=True)
    for player in players:
        EventPlayer.objects.create(event=event, player=player, present=True)
    round_ = round_generate(event=event, actor=organizer, seed=3)
    round_accept(round_=round_, actor=organizer)
    first, second = round_.tables.order_by("number")
    session_submit(table=first, submitted_by=organizer, document=classic_document())
    session_submit(table=second, submitted_by=organizer, document=classic_document(5))
    sitting_out = round_.byes.get().player

    desk = audit.prepare(chromium.new_context(locale="en-GB", **DESKTOP))
    page = desk.new_page()
    sign_in(page, base)
    round_url = f"{base}/manage/rounds/{round_.pk}/"

    # --- The round closes while table 2 still plays: it counts as played so far ----------
    page.goto(round_url)
    assert page.locator("fieldset.choices").count() == 1  # table 2, not table 1
    page.check("input[name='unfinished-2'][value='partial']")
    audit.shot(page, "close-round-choices")
    submit(page, "form[action$='/close/'] button[type=submit]")
    assert audit.questions[-1].startswith("Close this round?")
    assert Round.objects.get(pk=round_.pk).status == Round.Status.CLOSED
    assert "counted as played so far" in page.content()

    # --- ... but table 2 plays on after all: reopen, with a reason -----------------------
    page.fill("#reopen-reason", "table 2 plays on")
    submit(page, "form[action$='/reopen/'] button[type=submit]")
    assert Round.objects.get(pk=round_.pk).status == Round.Status.PLAYING
    assert second.__class__.objects.get(pk=second.pk).unfinished == ""

    # --- A player of table 2 leaves after game 5; the one who sat out plays on ----------
    leaving = second.seats.get(position=1).player
    page.locator(f"form[action$='/tables/{second.pk}/substitute/']").locator("xpath=..").locator(
        "summary"
    ).click()
    page.select_option(
        f"form[action$='/tables/{second.pk}/substitute/'] select[name=position]", "1"
    )
    page.select_option(
        f"form[action$='/tables/{second.pk}/substitute/'] select[name=player]", str(sitting_out.pk)
    )
    audit.shot(page, "substitute")
    submit(page, f"form[action$='/tables/{second.pk}/substitute/'] button[type=submit]")
    assert f"{sitting_out.name} plays for {leaving.name} at table 2" in page.content()
    assert Substitution.objects.get(table=second).from_part == 6
    for game in classic_games()[5:]:
        session_append_part(table=second, submitted_by=organizer, part=game)

    # --- Every table done: the round and the event close (each asks first) ------------
    page.goto(round_url)
    submit(page, "form[action$='/close/'] button[type=submit]")
    page.goto(f"{base}/manage/events/{event.pk}/")
    submit(page, "form[action$='/close/'] button[type=submit]")
    assert audit.questions[-1].startswith("Close the event?")
    assert Event.objects.get(pk=event.pk).status == Event.Status.FINISHED

    # --- A wrong result found afterwards: the organizer corrects one game of table 1 ------
    page.goto(f"{base}/t/{first.scoring_token}/")
    with page.expect_navigation():
        page.click("text=Correct the result (organizers)")  # the table's history: pick the game
    with page.expect_navigation():
        with page.expect_navigation():
            page.click(f".correct-list a[href$='/tables/{first.pk}/correct/1/']")
    for seat, count in enumerate([5, 2, 3, 3]):  # game 1: one more trick for its chooser
        page.fill(f"#id_count_{seat}", str(count))
    page.fill("#id_reason", "the sheet said five tricks for the chooser")
    audit.shot(page, "correction-after-close")
    submit(page, "form.correction .sticky-bar button[type=submit]")
    session = Session.objects.get(table=first)
    assert session.revision == 2 and session.document["games"][0]["counts"] == [5, 2, 3, 3]
    winner = first.seats.get(position=0).player
    total = session.result["totals"][0]
    assert Standing.objects.get(event=event, player=winner).total == total  # standings follow

    # --- "anna" and "Anna" are one person: merged on the club's players page -----------
    page.goto(f"{base}/manage/clubs/{club.slug}/players/")
    assert "Same name, maybe one person" in page.content()
    row = page.locator(f"#player-{twin.pk}")
    row.locator("summary").click()
    row.locator("select[name=into]").select_option(str(players[0].pk))
    row.locator("input[name=reason]").fill("registered twice")
    audit.shot(page, "merge-players")
    with page.expect_navigation():
        row.locator("form[data-confirm] button.secondary", has_text="Merge").click()
    assert audit.questions[-1].startswith("Merge anna into the chosen player?")
    assert not Player.objects.filter(pk=twin.pk).exists()
    assert EventPlayer.objects.filter(player=players[0]).count() == 2  # October's too

    # --- The pages of the evening on a phone, in Dutch ------------------------------------
    phone = audit.prepare(chromium.new_context(locale="nl-NL", **PHONE))
    mobile = phone.new_page()
    sign_in(mobile, base)
    for url, name in [
        (round_url, "round-closed-phone"),
        (f"{base}/manage/clubs/{club.slug}/players/", "players-phone"),
        (f"{base}/manage/events/{event.pk}/checkin/", "checkin-phone"),
        (f"{base}/manage/events/{event.pk}/", "dashboard-finished-phone"),
        (f"{base}/events/{event.pk}/", "standings-phone"),
        (f"{base}/t/not-a-table/", "stale-link-phone"),
    ]:
        mobile.goto(url)
        audit.shot(mobile, name)
        width = mobile.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390, f"{name} scrolls sideways ({width}px)"
    assert not audit.violations, audit.violations
