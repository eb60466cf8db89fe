"""The house rule on a 390 x 844 phone: after a refused submit the person sees why without
scrolling. For every form of the night and of the week a refused entry is sent as a person
sends it, starting on the first page they open (the table's link, the door's QR code, the
club's page, the personal link); then the summary of what is wrong is inside the viewport and
has the keyboard focus, it links to the field with the problem, and that field's own message
is beside it (``aria-describedby``); on the table's sign-off the player's row stays open.
Screenshots of each refused form (SCREENSHOTS=1) go to artifacts/look/refusals/."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.utils import timezone

from clubs.access.codes import player_code_set
from clubs.models import Club, Membership, Player, Role
from results.models import Session, Signature
from results.services import session_submit
from tests.conftest import ROOT
from tests.documents import classic_document
from tests.factories import EventFactory, UserFactory, seated_table
from tournaments.models import Event, EventPlayer, Round
from week.planning import links
from week.planning import services as planning

from .conftest import PHONE, snap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
LOOK = ROOT / "artifacts" / "look" / "refusals"
NAMES = ["Anna de Vries", "Bram Jansen", "Cees Bakker", "Daan Visser"]
LOCALES = {"en": "en-GB", "nl": "nl-NL"}

# Where the summary is once the page has settled: its box inside the viewport, and the
# element with the keyboard focus inside it.
SETTLED = """() => {
  const summary = document.querySelector('[data-error-summary]');
  if (!summary) return false;
  const box = summary.getBoundingClientRect();
  return box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth
    && summary.contains(document.activeElement);
}"""
# The page has stopped moving (a smooth scroll is over): the same scroll position on two
# frames running.
STILL = """async () => {
  let last = -1;
  for (let frame = 0; frame < 90; frame++) {
    await new Promise((done) => requestAnimationFrame(done));
    if (scrollY === last) return true;
    last = scrollY;
  }
  return false;
}"""
SUMMARY = """() => {
  const summary = document.querySelector('[data-error-summary]');
  const box = summary && summary.getBoundingClientRect();
  return summary && {
    box: [box.top, box.bottom, box.left, box.right], height: innerHeight, width: innerWidth,
    focused: summary.contains(document.activeElement), role: summary.getAttribute('role'),
    tabindex: summary.getAttribute('tabindex'), text: summary.innerText,
    links: [...summary.querySelectorAll('a[href^="#"]')].map(a => a.getAttribute('href')),
  };
}"""
# A field's own message: the element its aria-describedby (or its fieldset's) names, shown,
# and close to it (beside it, not somewhere else on the page).
BESIDE = """(id) => {
  const field = document.getElementById(id);
  if (!field) return {missing: id};
  const group = field.closest('fieldset');
  const named = (field.getAttribute('aria-describedby') || '') + ' '
    + ((group && group.getAttribute('aria-describedby')) || '');
  const message = named.split(/\\s+/).filter(Boolean).map(n => document.getElementById(n))
    .find(e => e && e.classList.contains('field-error') || e && e.classList.contains('errorlist'));
  if (!message) return {described: named, invalid: field.getAttribute('aria-invalid')};
  const near = (group && (field.type === 'radio' || field.type === 'checkbox')) ? group : field;
  const a = near.getBoundingClientRect(), b = message.getBoundingClientRect();
  const gap = Math.max(0, b.top - a.bottom, a.top - b.bottom);
  return {text: message.innerText.trim(), gap, shown: b.height > 0 && b.width > 0,
          invalid: field.getAttribute('aria-invalid'), tag: field.tagName.toLowerCase()};
}"""


def look(page: Any, name: str) -> None:
    """The refused form as the phone shows it (the viewport, not the whole page)."""
    snap(page, LOOK / f"{name}.png", full_page=False)


def refused_in_view(page: Any, field: str, says: str, name: str) -> dict[str, Any]:
    """The summary in view and focused, saying ``says`` and linking to ``field``, whose own
    message is beside it."""
    try:
        page.wait_for_function(SETTLED, timeout=5000)
    except Exception:  # noqa: BLE001 - say what was found instead
        pytest.fail(f"{name}: the summary is not in view and focused: {page.evaluate(SUMMARY)}")
    assert page.evaluate(STILL), name
    summary = page.evaluate(SUMMARY)
    assert summary["focused"] and summary["box"][0] >= 0, (name, summary)
    assert summary["box"][1] <= summary["height"], (name, summary)
    assert summary["role"] == "alert" and summary["tabindex"] == "-1", (name, summary)
    assert says in summary["text"], (name, summary["text"])
    if field:
        assert f"#{field}" in summary["links"], (name, summary["links"])
        beside = page.evaluate(BESIDE, field)
        assert beside.get("shown") and says in beside["text"], (name, beside)
        assert beside["gap"] < 160, (name, beside)  # beside the field, not elsewhere
        if beside["tag"] != "button":
            assert beside["invalid"] == "true", (name, beside)
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= summary["width"], (name, wide)  # nothing pushed off the side
    look(page, name)
    return summary


def follow(page: Any, selector: str) -> None:
    with page.expect_navigation():
        page.locator(selector).first.click()


def send(page: Any, selector: str) -> None:
    """Tap a submit button; the page that answers is drawn."""
    with page.expect_navigation():
        page.locator(selector).first.click()
    page.wait_for_load_state()


def sign_in(page: Any, base: str, username: str, then: str) -> None:
    page.goto(f"{base}/accounts/login/?next={then}")
    page.fill("#id_username", username)
    page.fill("#id_password", "secret")
    with page.expect_navigation():
        page.click("main form button[type=submit]")


def person(club: Club, username: str, name: str, role: str = Role.MEMBER) -> Any:
    account = UserFactory(username=username)
    account.set_password("secret")
    account.save()
    player = Player.objects.create(name=name, user=account)
    Membership.objects.create(club=club, player=player, role=role)
    return account


# --- The table's phone: the sign-off -------------------------------------------------------


def signed_table(game: str) -> tuple[Any, list[Player], dict[str, str]]:
    """A table of ``game`` whose session is complete: the players sign it with their codes."""
    from tests.web.test_signoff_pages import complete

    table, _organizer, players, codes = complete(game)
    return table, players, codes


@pytest.mark.parametrize(("game", "lang"), [("bonken", "nl"), ("jonkler", "en")])
def test_a_wrong_personal_code_keeps_the_row_open_with_the_message_in_view(
    chromium, live_server, audit, game, lang
):
    table, players, codes = signed_table(game)
    anna = players[0]
    wrong = "0000" if codes[anna.name] != "0000" else "1111"
    page = audit.prepare(chromium.new_context(**PHONE, locale=LOCALES[lang])).new_page()
    page.goto(f"{live_server.url}/t/{table.scoring_token}/")
    row = page.locator(f"li[data-player='{anna.name}']")
    row.locator("summary.signoff-name").click()
    row.locator(f"#code-{anna.pk}").fill(wrong)
    send(page, f"li[data-player='{anna.name}'] form.signoff-code button[type=submit]")
    says = "Dat is niet de" if lang == "nl" else "That is not Anna's personal code."
    refused_in_view(page, f"code-{anna.pk}", says, f"signoff-{game}-{lang}")
    assert page.locator(f"li[data-player='{anna.name}'] details.signoff-player[open]").count()
    assert page.locator(f"li[data-player='{anna.name}'] #code-{anna.pk}").is_visible()
    audit.check(page, f"refused-signoff-{lang}")
    assert not Signature.objects.exists()

    # A dispute with a wrong code: the dispute stays open, the reason as it was typed.
    dewi = players[3]
    row = page.locator(f"li[data-player='{dewi.name}']")
    row.locator("summary.signoff-name").click()
    row.locator("details.signoff-dispute > summary").click()
    row.locator(f"#reason-{dewi.pk}").fill("Game 9")
    row.locator(f"#dcode-{dewi.pk}").fill("0000" if codes[dewi.name] != "0000" else "1111")
    send(page, f"li[data-player='{dewi.name}'] details.signoff-dispute button[type=submit]")
    says = "Dat is niet de" if lang == "nl" else "That is not Dewi's personal code."
    refused_in_view(page, f"dcode-{dewi.pk}", says, f"signoff-dispute-{game}-{lang}")
    assert page.locator(f"li[data-player='{dewi.name}'] details.signoff-dispute[open]").count()
    assert page.input_value(f"#reason-{dewi.pk}") == "Game 9"
    assert not audit.violations, audit.violations


# --- The table's phone: a game's entry -----------------------------------------------------


def playing_table(game: str) -> Any:
    rulesets = {"bonken": "classic", "jonkler": "jonkler", "bonanza": "bonanza", "bonko": "bonko"}
    event = EventFactory(game=game, ruleset=rulesets[game], name="Clubavond")
    table = seated_table(event, players=[Player.objects.create(name=n) for n in NAMES])
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.PLAYING)
    return table


def bonken_entry(page: Any) -> tuple[str, str]:
    """A game saved without its contract."""
    page.locator("#id_count_0").fill("3")
    send(page, "form[data-game-form] .sticky-bar button[type=submit]")
    return page.evaluate("document.querySelector('[data-error-summary] a').hash.slice(1)"), ""


def jonkler_entry(page: Any) -> tuple[str, str]:
    """A round with one bid forgotten."""
    follow(page, ".choice-tiles a.button")  # who deals the first round
    for seat in (1, 2, 3):
        page.locator(f"#id_bid_{seat}").fill("0")
    send(page, "form.jonkler-round .sticky-bar button[type=submit]")
    return "id_bid_0", ""


def bonanza_entry(page: Any) -> tuple[str, str]:
    """A hand saved before anybody went out."""
    follow(page, ".choice-tiles a.button")  # who deals the first hand
    send(page, "form[data-bonanza] .sticky-bar button[type=submit]")
    return page.evaluate("document.querySelector('[data-error-summary] a').hash.slice(1)"), ""


def bonko_entry(page: Any) -> tuple[str, str]:
    """Two teams level at 15 saved without the roll-off (the finding of shot 16), at the King's
    table: one refusal asks for the roll-off and says the bell score is not reached."""
    page.locator("#id_score_0").fill("15")
    page.locator("#id_score_1").fill("15")
    page.locator("[data-rolloff]:not([hidden])").wait_for()
    send(page, "form[data-bonko] .sticky-bar button[type=submit]")
    return "id_rolloff_0_0", "15"


ENTRIES = {
    "bonken": bonken_entry,
    "jonkler": jonkler_entry,
    "bonanza": bonanza_entry,
    "bonko": bonko_entry,
}
SAYS = {
    "bonken": {"en": "Tap who chose the game.", "nl": "Tik aan wie het spel koos."},
    "jonkler": {"en": "0 is a bid too", "nl": "0 is ook een bod"},
    "bonanza": {"en": "Who went out", "nl": ""},
    "bonko": {"en": "roll-off", "nl": "roll-off"},
}
# What the same summary says besides (everything missing at once), and the field it links to.
ALSO = {"bonko": ("at least 21", "#id_score_0")}


@pytest.mark.parametrize(
    ("game", "lang"), [("bonken", "nl"), ("jonkler", "en"), ("bonanza", "en"), ("bonko", "en")]
)
def test_a_refused_entry_at_the_table_shows_why_at_the_form(
    chromium, live_server, audit, game, lang
):
    table = playing_table(game)
    motion = "reduce" if game == "bonko" else "no-preference"  # the summary jumps, or glides
    context = chromium.new_context(**PHONE, locale=LOCALES[lang], reduced_motion=motion)
    page = audit.prepare(context).new_page()
    page.goto(f"{live_server.url}/t/{table.scoring_token}/")
    field, _says = ENTRIES[game](page)
    assert field, page.evaluate(SUMMARY)
    summary = refused_in_view(page, field, SAYS[game][lang], f"entry-{game}-{lang}")
    form = page.locator("form[data-offline-form]")
    assert form.locator("[data-error-summary]").count() == 1  # at the top of the form
    assert len(summary["links"]) >= 1
    if game in ALSO:
        also, link = ALSO[game]
        assert also in summary["text"] and link in summary["links"], summary
    # The summary's link goes to the field, which takes the focus.
    page.locator(f"[data-error-summary] a[href='#{field}']").click()
    page.wait_for_function("(id) => document.activeElement?.id === id", arg=field)
    audit.check(page, f"refused-entry-{game}")
    assert not Session.objects.filter(table=table).exists()
    assert not audit.violations, audit.violations


# --- The organizer's night and week, from the club's page ----------------------------------


def organizers_night() -> dict[str, Any]:
    """A club with its organizer (olga) and nine members; a Bonken night whose round 1 is
    playing: table 1 complete (to sign and correct), table 2 two games in (unfinished)."""
    club = Club.objects.create(name="De Harten Vrouw", slug="de-harten-vrouw", city="Delft")
    olga = person(club, "olga", "Olga Organisator", Role.ORGANIZER)
    players = [Player.objects.create(name=n) for n in [*NAMES, "Eva Smit", "Floor Mulder"]]
    players += [Player.objects.create(name="Gijs de Boer"), Player.objects.create(name="Hanna Bos")]
    players.append(Player.objects.create(name="Ilse Kok"))  # a member who is not here
    event = Event.objects.create(
        club=club,
        name="Clubavond",
        date=timezone.localdate(),
        game="bonken",
        ruleset="classic",
        status=Event.Status.RUNNING,
        published=True,
        planned_rounds=3,
    )
    done = seated_table(event, players=players[:4])
    busy = seated_table(event, table_number=2, players=players[4:8])
    for player in players:
        Membership.objects.get_or_create(club=club, player=player)
    Round.objects.filter(pk=done.round_id).update(status=Round.Status.PLAYING)
    session_submit(table=done, submitted_by=olga, document=classic_document())
    partial = classic_document()
    partial["games"] = partial["games"][:2]
    session_submit(table=busy, submitted_by=olga, document=partial)
    for player in players[:8]:
        EventPlayer.objects.create(event=event, player=player, present=True)
    return {"club": club, "event": event, "done": done, "busy": busy, "players": players}


def test_the_organizers_forms_of_the_night_and_the_week(chromium, live_server, audit):
    world = organizers_night()
    club, event, done = world["club"], world["event"], world["done"]
    base = live_server.url
    page = audit.prepare(chromium.new_context(**PHONE, locale="nl-NL")).new_page()
    sign_in(page, base, "olga", f"/clubs/{club.slug}/")

    # The event form: a night without a name.
    follow(page, f"a[href='/manage/clubs/{club.slug}/events/new/']")
    page.fill("#id_name", "")
    send(page, "main form button[type=submit]")
    refused_in_view(page, "id_name", "vereist", "event-form-nl")
    audit.check(page, "refused-event-form")

    # Planning the nights: a night without a date (the form is at the bottom of the page).
    page.goto(f"{base}/clubs/{club.slug}/")
    follow(page, f"a[href='/clubs/{club.slug}/nights/']")
    page.fill("#id_start", "19:30")
    send(page, "#plan-title ~ form button[type=submit]")
    refused_in_view(page, "id_date", "vereist", "plan-night-nl")

    # Check-in: a walk-in without a name, and a tap on a player who left the club meanwhile.
    page.goto(f"{base}/clubs/{club.slug}/")
    follow(page, f"a[href='/manage/events/{event.pk}/']")
    follow(page, f"a[href='/manage/events/{event.pk}/checkin/']")
    send(page, "form[action$='/walk-in/'] button[type=submit]")
    refused_in_view(page, "id_name", "vereist", "walk-in-nl")
    ilse = Player.objects.get(name="Ilse Kok")
    Membership.objects.filter(player=ilse).delete()  # meanwhile, on another organizer's phone
    page.locator(f"#checkin-{ilse.pk}").scroll_into_view_if_needed()
    page.locator(f"#checkin-{ilse.pk}").click()  # htmx: no new page
    page.locator("#checkin-refusal [data-error-summary]").wait_for()
    refused_in_view(page, f"checkin-{ilse.pk}", "Ilse Kok", "checkin-tap-nl")
    assert not EventPlayer.objects.filter(event=event, player=ilse).exists()

    # Closing the round while table 2 is still playing ("wait", as the form offers first).
    follow(page, f"a[href='/manage/events/{event.pk}/']")
    follow(page, f"a[href='/manage/rounds/{done.round_id}/']")
    send(page, "#close-form button[type=submit]")
    refused_in_view(page, "unfinished-2-wait", "Tafel 2 speelt nog", "close-round-nl")
    assert Round.objects.get(pk=done.round_id).status == Round.Status.PLAYING
    audit.check(page, "refused-close-round")

    # The organizer's sign-off list: signing for a player without saying why.
    anna = world["players"][0]
    follow(page, f"[data-signoff] a[href='/manage/tables/{done.pk}/signoff/']")
    page.locator(f"li[data-player='{anna.name}'] summary.signoff-name").click()
    page.fill(f"#why-{anna.pk}", "   ")
    send(page, f"li[data-player='{anna.name}'] form button[type=submit]")
    refused_in_view(page, f"why-{anna.pk}", "Zeg in een paar woorden waarom", "signoff-list-nl")
    assert page.locator(f"li[data-player='{anna.name}'] details[open]").count() == 1
    audit.check(page, "refused-signoff-list")

    # A correction without its reason (the correction page of one game).
    page.goto(f"{base}/manage/rounds/{done.round_id}/")
    follow(page, f"a[href='/events/{event.pk}/tables/{done.pk}/']")
    follow(page, f".correct-list a[href='/manage/tables/{done.pk}/correct/3/']")
    send(page, "form.correction .sticky-bar button[type=submit]")
    refused_in_view(page, "id_reason", "Zeg waarom de uitslag verandert", "correction-nl")
    assert Session.objects.get(table=done).revision == 1
    assert not audit.violations, audit.violations


# --- The door ------------------------------------------------------------------------------


def test_a_refused_name_at_the_door(chromium, live_server, audit, settings):
    settings.DOOR_NAMES_PER_ADDRESS = 1  # every phone here shares one address
    event = EventFactory(name="Clubavond", game="bonken")
    for name in NAMES:
        Membership.objects.create(club=event.club, player=Player.objects.create(name=name))
    door = f"{live_server.url}/door/{event.door_token}/"
    first = audit.prepare(chromium.new_context(**PHONE, locale="en-GB")).new_page()
    first.goto(door)
    first.locator("#door-names tr", has_text="Anna de Vries").locator("button").click()
    first.wait_for_selector(".door-me")
    second = audit.prepare(chromium.new_context(**PHONE, locale="en-GB")).new_page()
    second.goto(door)
    daan = Player.objects.get(name="Daan Visser")
    with second.expect_navigation():
        second.locator(f"#door-player-{daan.pk}").click()
    refused_in_view(second, f"door-player-{daan.pk}", "checked in from this network", "door-en")
    audit.check(second, "refused-door")
    assert not EventPlayer.objects.filter(event=event, player=daan).exists()
    assert not audit.violations, audit.violations


# --- Answers to a night and the player's own settings --------------------------------------


def nights_club() -> dict[str, Any]:
    club = Club.objects.create(name="De Harten Vrouw", slug="de-harten-vrouw", city="Delft")
    olga = person(club, "olga", "Olga Organisator", Role.ORGANIZER)
    person(club, "bram", "Bram Jansen")
    anna = Player.objects.create(name="Anna de Vries")
    Membership.objects.create(club=club, player=anna)
    starts = timezone.now().replace(hour=19, minute=30, second=0, microsecond=0)
    (night,) = planning.night_plan(
        club=club, actor=olga, starts_at=starts + datetime.timedelta(days=7), game="jonkler"
    )
    link = links.rsvp_link_issue(club=club, player=anna, actor=olga, renew=False).link
    return {"club": club, "olga": olga, "anna": anna, "night": night, "link": link}


@pytest.mark.parametrize("where", ["club", "nights", "link"])
def test_a_refused_answer_to_a_night(chromium, live_server, audit, where):
    world = nights_club()
    club, night = world["club"], world["night"]
    base = live_server.url
    page = audit.prepare(chromium.new_context(**PHONE, locale="nl-NL")).new_page()
    if where == "link":
        page.goto(f"{base}/r/{world['link'].token}/")
        # Meanwhile the organizer took Anna off the club's list.
        Membership.objects.filter(player=world["anna"]).delete()
        says, field = "geen lid", f"rsvp-{night.pk}-yes"
    else:
        sign_in(page, base, "bram", f"/clubs/{club.slug}/")
        if where == "nights":
            follow(page, f"a[href='/clubs/{club.slug}/nights/']")
        # Meanwhile the organizer cancelled the night: its buttons go, the summary says why.
        planning.night_cancel(night=night, actor=world["olga"])
        says, field = "afgelast", ""
    send(page, f"#rsvp-{night.pk}-yes")
    refused_in_view(page, field, says, f"rsvp-{where}-nl")
    audit.check(page, f"refused-rsvp-{where}")
    assert not night.rsvps.exists()
    assert not audit.violations, audit.violations


def test_the_players_own_settings(chromium, live_server, audit):
    club = Club.objects.create(name="De Harten Vrouw", slug="de-harten-vrouw")
    bram = person(club, "bram", "Bram Jansen")
    player_code_set(actor=bram, player=Player.objects.get(user=bram), code="1357")
    page = audit.prepare(chromium.new_context(**PHONE, locale="en-GB")).new_page()
    sign_in(page, live_server.url, "bram", f"/clubs/{club.slug}/")
    page.click("header.site .account-menu summary")  # the account is in the header's menu
    follow(page, "header.site a[href='/accounts/']")
    page.fill("#code", "2468")
    page.fill("#again", "2469")
    send(page, "main form button[type=submit]")
    refused_in_view(page, "again", "The two codes differ.", "account-code-en")
    follow(page, "a[href='/mail/']")
    page.fill("#email", "bram@")
    send(page, "main form button[type=submit]")
    refused_in_view(page, "email", "valid e-mail address", "mail-settings-en")
    audit.check(page, "refused-mail-settings")
    assert not audit.violations, audit.violations
