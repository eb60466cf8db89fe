"""A finished night for the evening e-mail tests, and a small SMTP receiver on 127.0.0.1."""

from __future__ import annotations

import random
import socketserver
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from email import message_from_bytes, policy
from email.message import EmailMessage

from clubs.models import Player, Role
from games.jonkler.rules import GAME as JONKLER
from games.jonkler.rules.sample import random_session
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import EventFactory, PlayerFactory, seated_table, user_with_role
from tournaments.models import EventPlayer, Round
from tournaments.rounds.lifecycle import event_close
from week.mailings.models import MailPreference


def night(capture, *, game: str = "bonken", published: bool = True, close: bool = True):
    """Two tables of four, their sessions complete; the event closed (after commit: the
    standings, ratings and evenings run eagerly). Players 0 (English) and 5 (Dutch) asked for
    their evening; player 1 gave an address but did not ask."""
    ruleset = "classic" if game == "bonken" else "jonkler"
    event = EventFactory(
        name="Clubavond november", game=game, ruleset=ruleset, published=published, planned_rounds=1
    )
    event.club.name = "De Troefkaart"
    event.club.save()
    organizer = user_with_role(event.club, Role.ORGANIZER)
    names = ["Anna", "Bram", "Cor", "Daan", "Eva", "Fleur", "Gijs", "Hanna"]
    players = [PlayerFactory(name=name) for name in names]
    rng = random.Random(7)
    with capture(execute=True):
        tables = [
            seated_table(event, table_number=n, players=players[4 * (n - 1) : 4 * n])
            for n in (1, 2)
        ]
        for table in tables:
            for seat in table.seats.all():
                EventPlayer.objects.create(event=event, player=seat.player, present=True)
            document = (
                classic_document()
                if game == "bonken"
                else random_session(rng, seats=4, ruleset=JONKLER.rulesets["jonkler"])
            )
            session_submit(table=table, submitted_by=organizer, document=document)
    Round.objects.filter(event=event).update(status=Round.Status.PLAYING)
    MailPreference.objects.create(
        player=players[0], email="anna@example.test", evening=True, language="en"
    )
    MailPreference.objects.create(
        player=players[5], email="fleur@example.test", evening=True, language="nl"
    )
    MailPreference.objects.create(
        player=players[1], email="bram@example.test", evening=False, language="en"
    )
    if close:
        with capture(execute=True):
            event_close(event=event, actor=organizer)
    event.refresh_from_db()
    return event, organizer, players, tables


def player(name: str) -> Player:
    return Player.objects.get(name=name)


class _SMTPHandler(socketserver.StreamRequestHandler):
    """Just enough SMTP for Django's backend: greeting, EHLO/HELO, MAIL, RCPT, DATA, QUIT."""

    def reply(self, line: str) -> None:
        self.wfile.write(line.encode() + b"\r\n")

    def handle(self) -> None:
        self.reply("220 127.0.0.1 test SMTP")
        envelope: dict = {"to": []}
        while True:
            raw = self.rfile.readline()
            if not raw:
                return
            command = raw.decode("ascii", "replace").strip()
            verb = command[:4].upper()
            if verb in ("EHLO", "HELO"):
                self.reply("250 127.0.0.1")
            elif verb == "MAIL":
                envelope = {"from": command[10:].strip(), "to": []}
                self.reply("250 OK")
            elif verb == "RCPT":
                envelope["to"].append(command[8:].strip())
                self.reply("250 OK")
            elif verb == "DATA":
                self.reply("354 End data with <CR><LF>.<CR><LF>")
                lines = []
                while True:
                    line = self.rfile.readline()
                    if line in (b".\r\n", b".\n", b""):
                        break
                    lines.append(line[1:] if line.startswith(b"..") else line)
                self.server.received.append(  # type: ignore[attr-defined]
                    (envelope, message_from_bytes(b"".join(lines), policy=policy.default))
                )
                self.reply("250 OK queued")
            elif verb == "QUIT":
                self.reply("221 Bye")
                return
            else:  # RSET, NOOP and the like
                self.reply("250 OK")


@contextmanager
def smtp_server() -> Iterator[tuple[int, list[tuple[dict, EmailMessage]]]]:
    """A local SMTP receiver on a free port of 127.0.0.1, in a thread; yields its port and the
    messages it received."""
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), _SMTPHandler)
    server.daemon_threads = True
    server.received = []  # type: ignore[attr-defined]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1], server.received  # type: ignore[attr-defined]
    finally:
        server.shutdown()
        server.server_close()
