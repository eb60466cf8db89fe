"""A club night of each game whose round 1 is closed with one table's result saved: what an
organizer finds when a correction is needed afterwards (the correction tests start here)."""

from __future__ import annotations

import random
from typing import Any

from clubs.models import Club, Membership, Player, Role
from games.bonanza.rules import GAME as BONANZA
from games.bonanza.rules.sample import random_session as bonanza_session
from games.bonken.rules import score_session
from games.jonkler.rules import GAME as JONKLER
from games.jonkler.rules.sample import random_session as jonkler_session
from games.registry import get_game
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import EventFactory, UserFactory, seated_table
from tournaments.models import Event
from tournaments.round_lifecycle import round_close

NAMES = [
    "Anna de Vries",
    "Bram Jansen",
    "Cees Bakker",
    "Daan Visser",
    "Eva Mulder",
    "Floor de Boer",
]
SLUG = "de-vrolijke-dobbelsteen"


def bonko_document(scores: tuple[int, int], bonkos: tuple[int, ...] = (1, 0, 0, 0)) -> Any:
    return {
        "game": "bonko",
        "set": 1,
        "round": 1,
        "bonkos": list(bonkos),
        "teams": [
            {"seats": [0, 2], "score": scores[0], "rolloff": []},
            {"seats": [1, 3], "score": scores[1], "rolloff": []},
        ],
    }


def document(code: str, seats: int = 4) -> Any:
    """Table 1's saved result: Bonken's twelve games (game 5 with doubles), a Jonkler session,
    four Bonanza hands (of ``seats`` players) and the session ended, a Bonko table's round."""
    if code == "bonken":
        return classic_document()
    if code == "jonkler":
        return jonkler_session(random.Random(3), seats=4, ruleset=JONKLER.rulesets["jonkler"])
    if code == "bonanza":
        ruleset = BONANZA.rulesets[BONANZA.default_ruleset]
        return bonanza_session(
            random.Random(5), seats=seats, ruleset=ruleset, hands=4, leftover=ruleset.leftover
        )
    return bonko_document((23, 9))


def bonken_paper(kind: str) -> dict[str, Any]:
    """Table 1's session as copied from paper: per game as points after doubling, per
    contract as the club's sheet has it, or only the totals."""
    result = score_session(classic_document())
    if kind == "sheet":
        return {"sheet": [{"contract": g.contract, "net": list(g.points)} for g in result.games]}
    if kind == "totals":
        return {"totals": list(result.totals)}
    games = classic_document()["games"]
    return {
        "games": [
            {"contract": g["contract"], "chooser": g["chooser"], "net": list(r.points)}
            for g, r in zip(games, result.games, strict=True)
        ]
    }


def closed_night(code: str, saved: Any = None, seats: int = 4) -> dict[str, Any]:
    """The club with its organizer (olga, password "secret"), a published event of ``code``
    whose round 1 is closed after table 1 of ``seats`` players saved its result (``saved``,
    else ``document``)."""
    club = Club.objects.create(name="De Vrolijke Dobbelsteen", slug=SLUG)
    organizer = UserFactory(username="olga")
    organizer.set_password("secret")
    organizer.save()
    Membership.objects.create(
        club=club,
        role=Role.ORGANIZER,
        player=Player.objects.create(name="Olga Organisator", user=organizer),
    )
    game = get_game(code)
    event = EventFactory(
        club=club,
        name=f"{game.name} night",
        game=code,
        ruleset=game.default_ruleset,
        status=Event.Status.RUNNING,
    )
    players = [Player.objects.create(name=name) for name in NAMES[:seats]]
    table = seated_table(event, players=players)
    table.round.status = table.round.Status.PLAYING
    table.round.save(update_fields=["status"])
    session = session_submit(
        table=table,
        submitted_by=organizer,
        document=saved if saved is not None else document(code, seats),
    )
    assert session.complete, session.result
    round_close(round_=table.round, actor=organizer)
    return {
        "club": club,
        "organizer": organizer,
        "event": event,
        "table": table,
        "players": players,
        "session": session,
    }
