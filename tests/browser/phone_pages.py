"""The pages a person reads over the demo data (every game, the club's embeds), and what a phone
must show of each: nothing wider than the screen; every table whole inside its box, none
scrolling sideways, its cells cutting nothing off and breaking no word (a name wraps between its
words, never inside one), tables inside a closed disclosure too; the column the standings rank
by in view; the games' grids whole; a contract's tile showing its whole name; tap targets 44 px
tall; the header one row, signed in or out. Inside every frame a page holds as well.
test_phone_fit checks them at 390, 360 and 320 px, with axe-core at 390 px."""

import datetime
from typing import Any

from django.utils import timezone

from clubs.models import Club, Player
from games.registry import games
from leagues.models import League, LeagueNight
from tournaments.models import Event, Round, Table
from web.pages.demo_league import LEAGUE
from web.pages.management.commands.load_demo import SLUG
from week.planning.models import PlannedNight, RsvpLink
from week.webhooks.models import Delivery, Hook


def a_hook(club: Club) -> Hook:
    """A webhook with a long URL and a failed delivery in its log."""
    hook = Hook.objects.create(
        club=club,
        url="https://hooks.example.org/bonken/" + "a-long-path-segment/" * 6,
        kinds=["result.saved", "standings.changed"],
        secret="0123456789abcdef" * 3,
    )
    Delivery.objects.create(
        hook=hook,
        kind="result.saved",
        payload={},
        attempts=6,
        status=Delivery.Status.FAILED,
        status_code=502,
        error="redirect not followed",
    )
    return hook


def a_night(club: Club) -> PlannedNight:
    """A night planned next week, with a long place, under the game's second ruleset."""
    starts = timezone.now() + datetime.timedelta(days=7)
    return PlannedNight.objects.create(
        club=club,
        starts_at=starts,
        ends_at=starts + datetime.timedelta(hours=4),
        game="bonken",
        ruleset="eleven",
        planned_rounds=4,
        place="Café 't Hoekje, de achterzaal op de eerste verdieping",
    )


def a_link(club: Club) -> RsvpLink:
    """A member's personal link to the club's week."""
    member = Player.objects.filter(memberships__club=club).order_by("pk").first()
    return RsvpLink.objects.get_or_create(club=club, player=member)[0]


def league_pages() -> list[tuple[str, str]]:
    """The demo league's public pages and its organizer's."""
    league = League.objects.get(slug=LEAGUE)
    night = LeagueNight.objects.filter(league=league).order_by("pk").first()
    assert night is not None
    season = league.seasons.get()
    public = f"/leagues/{league.slug}"
    return [
        ("league", f"{public}/"),
        ("league-ratings", f"{public}/ratings/"),
        ("league-nights", f"{public}/nights/"),
        ("league-night", f"{public}/nights/{night.event_id}/"),
        ("league-player", f"{public}/players/1/"),
        ("league-manage", f"/manage/leagues/{league.slug}/"),
        ("league-season", f"/manage/leagues/{league.slug}/seasons/{season.pk}/"),
        ("league-new", "/manage/leagues/new/"),
        ("league-night-stop", f"/manage/leagues/{league.slug}/nights/{night.event_id}/stop/"),
        ("club-leagues", f"/manage/clubs/{SLUG}/leagues/"),
    ]


def pages() -> list[tuple[str, str]]:
    club = Club.objects.get(slug=SLUG)
    player = Player.objects.filter(session_results__isnull=False).first()
    assert player is not None
    found = [
        ("home", "/"),
        ("club-embed", f"/embed/clubs/{club.slug}/"),
        ("embed-settings", f"/manage/clubs/{club.slug}/embeds/"),
        ("my-clubs", "/clubs/"),
        ("club", f"/clubs/{club.slug}/"),
        ("club-players", f"/manage/clubs/{club.slug}/players/"),
        ("house-rules", f"/manage/clubs/{club.slug}/rulesets/"),
        ("new-event", f"/manage/clubs/{club.slug}/events/new/"),
        ("import", f"/manage/clubs/{club.slug}/import/"),
        ("webhooks", f"/manage/clubs/{club.slug}/webhooks/"),
        ("webhook", f"/manage/clubs/{club.slug}/webhooks/{a_hook(club).pk}/"),
        ("ratings", f"/clubs/{club.slug}/ratings/"),
        ("season", f"/clubs/{club.slug}/season/"),
        ("season-picture", f"/clubs/{club.slug}/season/picture/"),
        ("club-nights", f"/clubs/{club.slug}/nights/"),
        ("night", f"/nights/{a_night(club).pk}/"),
        *((f"rules-{code}", f"/games/{code}/rules/") for code in games()),
        ("player", f"/players/{player.pk}/"),
        ("player-stats", f"/players/{player.pk}/stats/"),
        ("player-ratings", f"/players/{player.pk}/ratings/"),
        # Each game's rating explained (Bonko's by the team's points, with the partner).
        *(
            (f"player-ratings-{code}", f"/players/{player.pk}/ratings/?game={code}")
            for code in games()
        ),
        ("personal-links", f"/clubs/{club.slug}/nights/links/"),
        ("personal-link-slips", f"/clubs/{club.slug}/nights/links/slips/"),
        ("personal-links-renew", f"/clubs/{club.slug}/nights/links/all/"),
        ("personal-link", f"/r/{a_link(club).token}/"),
        ("personal-link-mail", f"/mail/r/{a_link(club).token}/"),
        ("stale-link", "/t/nothing/"),
        ("account", "/accounts/"),
        ("my-seat", "/me/"),
        *league_pages(),
    ]
    for event in Event.objects.filter(club=club).order_by("pk"):
        name = event.game
        found += [
            (f"{name}-{event.pk}-standings", f"/events/{event.pk}/"),
            (f"{name}-{event.pk}-embed", f"/embed/events/{event.pk}/"),
            (f"{name}-{event.pk}-screen", f"/events/{event.pk}/screen/"),
            (f"{name}-{event.pk}-dashboard", f"/manage/events/{event.pk}/"),
            (f"{name}-{event.pk}-checkin", f"/manage/events/{event.pk}/checkin/"),
            (f"{name}-{event.pk}-codes", f"/manage/events/{event.pk}/codes/"),
            (f"{name}-{event.pk}-door", f"/door/{event.door_token}/"),
            (f"{name}-{event.pk}-door-sign", f"/manage/events/{event.pk}/door/"),
        ]
        if event.game == "bonko":
            found.append((f"{name}-teams", f"/manage/events/{event.pk}/teams/"))
        round_ = Round.objects.filter(event=event).order_by("-number").first()
        if round_ is None:
            continue
        found += [
            (f"{name}-{event.pk}-round", f"/manage/rounds/{round_.pk}/"),
            (f"{name}-{event.pk}-cards", f"/manage/rounds/{round_.pk}/cards/"),
            (f"{name}-{event.pk}-sheets", f"/manage/rounds/{round_.pk}/sheets/"),
        ]
        table = Table.objects.filter(round=round_).order_by("number").first()
        if table is not None:
            found += [
                (f"{name}-{event.pk}-table", f"/t/{table.scoring_token}/"),
                (f"{name}-{event.pk}-paper", f"/t/{table.scoring_token}/paper/"),
                (f"{name}-{event.pk}-sheet", f"/events/{event.pk}/tables/{table.pk}/"),
                (
                    f"{name}-{event.pk}-evening",
                    f"/events/{event.pk}/players/{table.seats.order_by('position')[0].player_id}/",
                ),
                (f"{name}-{event.pk}-signoff", f"/manage/tables/{table.pk}/signoff/"),
                (f"{name}-{event.pk}-correct", f"/manage/tables/{table.pk}/correct/1/"),
            ]
    return found


def sign_in(page, base: str) -> None:
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_username", "demo")
    page.fill("#id_password", "demo")  # the demo's organizer
    with page.expect_navigation():
        page.click("main form button[type=submit]")


MEASURE = """() => {
  const shown = e => e.offsetParent !== null;
  const hidden = [];
  for (const th of document.querySelectorAll('table th.ranking')) {
    const box = th.closest('.scroll');
    const edge = box ? box.getBoundingClientRect().right : window.innerWidth;
    const r = th.getBoundingClientRect();
    if (r.right > edge + 1 || r.left < 0) hidden.push(th.textContent.trim());
  }
  const grids = [...document.querySelectorAll('.jonkler-sheet, .bonanza-sheet, .sheet-table')]
    .filter(t => { const s = t.closest('.scroll'); return s && s.scrollWidth > s.clientWidth + 1; })
    .map(t => t.className);
  const taps = 'header.site a, header.site button, header.site select, a.tap, '
    + 'table.standings td.name a, [data-sign-toggle], button.small, .button.small';
  const small = [...document.querySelectorAll(taps)].filter(shown)
    .filter(e => e.getBoundingClientRect().height < 43.5).map(e => e.outerHTML.slice(0, 90));
  // The header is one row at every width: signed in, its account folded into a menu; signed
  // out, the language list one button to the other language.
  const header = document.querySelector('header.site');
  const oneRow = header ? Math.round(header.getBoundingClientRect().height) : 0;
  const first = document.querySelector('.fairness p strong');
  const column = document.querySelector('#standings th.ranking');
  const words = document.querySelector('.fairness p');
  return {
    width: document.documentElement.scrollWidth, inner: window.innerWidth, hidden, grids, small,
    header: oneRow,
    ranked: [first && first.textContent.trim().toLowerCase(),
             column && column.textContent.replace(/\\u00ad/g, '').trim().toLowerCase()],
    words: words ? words.textContent.toLowerCase() : '',
    tableWins: !!document.querySelector('#standings th[data-figure=table_wins]'),
    placementPoints: !!document.querySelector('#standings th[data-figure=placement_points]'),
  };
}"""
# Inside every table (and a tile's label): the table fits its box and the screen, no cell cuts
# its content off, and no word of a cell wraps onto a second line in its middle. A word is a run
# of letters and digits: a line may break at a space, a hyphen, a slash or a soft hyphen the
# text holds, never inside the run (as `overflow-wrap: anywhere` or `hyphens: auto` would).
# The page's disclosures are opened first: a table behind one must fit when it is opened.
TABLES = """() => {
  for (const d of document.querySelectorAll('details:not([open])')) d.open = true;
  const shown = e => e.getClientRects().length > 0
    && getComputedStyle(e).visibility !== 'hidden';
  const say = e => {
    const text = (e.innerText || e.textContent).replace(/\\s+/g, ' ').trim().slice(0, 40);
    const name = e.tagName.toLowerCase() + [...e.classList].map(c => '.' + c).join('');
    return `${name} "${text}"`;
  };
  const edge = document.documentElement.clientWidth;
  const wide = [], clipped = [], broken = [];
  const tables = [...document.querySelectorAll('table')].filter(shown);
  for (const table of tables) {
    const box = table.parentElement;
    const r = table.getBoundingClientRect();
    if (box.scrollWidth > box.clientWidth + 1 || r.width > box.clientWidth + 1
        || r.right > edge + 1 || r.left < -1) {
      wide.push(`${say(table)}: ${Math.round(r.width)} px in ${box.clientWidth} px`);
    }
  }
  const labels = [...tables.flatMap(t => [...t.querySelectorAll('th, td')]),
                  ...document.querySelectorAll('.contract-tiles .tile > span')].filter(shown);
  const word = /[\\p{L}\\p{N}'\u2019]+/gu;
  for (const cell of labels) {
    if (cell.scrollWidth > cell.clientWidth + 1) clipped.push(say(cell));
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.parentElement || !shown(node.parentElement)) continue;
      // A text on one line breaks no word: only a text over two lines or more is read word
      // by word.
      const whole = document.createRange();
      whole.selectNodeContents(node);
      if (new Set([...whole.getClientRects()].map(b => Math.round(b.top))).size < 2) continue;
      for (const match of node.data.matchAll(word)) {
        // The line its first letter and its last letter sit on (a hyphen drawn at a soft
        // hyphen's break belongs to the letter after it: each letter's last box counts).
        const line = at => {
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + 1);
          const boxes = [...range.getClientRects()];
          return boxes.length ? Math.round(boxes[boxes.length - 1].top) : null;
        };
        const first = line(match.index), last = line(match.index + match[0].length - 1);
        if (first !== null && last !== null && first !== last) {
          broken.push(`${say(cell)} breaks "${match[0]}"`);
          break;
        }
      }
    }
  }
  return {wide, clipped: [...new Set(clipped)], broken: [...new Set(broken)]};
}"""
TABLE_WINS = ("tafelwinsten", "table wins")
HEADER_ROW = 64  # one row of 44 px taps and the header's padding
PLACEMENT_POINTS = ("plaatsingspunten", "placement points")


def seat_a_preview(page: Any, base: str) -> str:
    """The organizer seats the next round of the demo's running Bonken night: its preview."""
    event = Event.objects.filter(status=Event.Status.RUNNING, game="bonken").order_by("pk")[0]
    page.goto(f"{base}/manage/events/{event.pk}/")
    page.once("dialog", lambda dialog: dialog.accept())
    with page.expect_navigation():
        page.locator("form[action$='/rounds/new/'] button[type=submit]").first.click()
    return page.url.removeprefix(base)


def problems(page: Any, name: str, width: int) -> list[str]:
    found = page.evaluate(MEASURE)
    wrong = []
    if found["width"] > found["inner"] or found["inner"] != width:
        wrong.append(f"{name}: {found['width']} px wide in a {width} px phone")
    if found["hidden"]:
        wrong.append(f"{name}: the ranking column {found['hidden']} is scrolled out of view")
    if found["grids"]:
        wrong.append(f"{name}: the grid {found['grids']} does not fit")
    if found["header"] > HEADER_ROW:
        wrong.append(f"{name}: the header wraps: {found['header']} px tall")
    if found["small"]:
        wrong.append(f"{name}: tap targets under 44 px: {found['small'][:3]}")
    first, column = found["ranked"]
    if first and column and first != column:
        wrong.append(f"{name}: ranked by {first!r} but the first figure is {column!r}")
    if any(word in found["words"] for word in TABLE_WINS) and not found["tableWins"]:
        wrong.append(f"{name}: the text names table wins, the table has no such column")
    if any(word in found["words"] for word in PLACEMENT_POINTS) and not found["placementPoints"]:
        wrong.append(f"{name}: the text names placement points, the table has no such column")
    for frame in page.frames:
        where = name if frame == page.main_frame else f"{name} (frame {frame.url})"
        inside = frame.evaluate(TABLES)
        if inside["wide"]:
            wrong.append(f"{where}: tables wider than their box: {inside['wide'][:3]}")
        if inside["clipped"]:
            wrong.append(f"{where}: cells that cut their text off: {inside['clipped'][:3]}")
        if inside["broken"]:
            wrong.append(f"{where}: words broken inside: {inside['broken'][:3]}")
    return wrong


def visited_pages(page: Any, base: str) -> list[tuple[str, str]]:
    """Every page of pages(), the organizer's seating preview of the next round, and each
    game's table standings."""
    visited = [*pages(), ("preview", seat_a_preview(page, base))]
    visited += [
        (f"{t.round.event.game}-table-standings", f"/t/{t.scoring_token}/standings/")
        for t in Table.objects.filter(number=1).select_related("round__event")
    ]
    return visited
