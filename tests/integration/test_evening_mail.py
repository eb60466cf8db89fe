"""The evening in the player's inbox: after an event closes, each player who asked for it gets
their evening by e-mail (Django's locmem outbox here), in their language, once per results
version; a correction sends it again, an unpublished event sends nothing; and once through a
local SMTP server."""

import pytest
from django.core import checks, mail
from django.db.models import F

from clubs.models import Role
from results.models import SessionSeat
from results.services import session_submit
from tests.documents import classic_document
from tests.factories import user_with_role
from tests.integration.mail_support import night, player, smtp_server
from tournaments.events.services import event_publish
from tournaments.models import Event, Standing
from week.mailings.models import EveningMail
from week.mailings.sending import NotReady, SendFailed, send_evenings
from week.mailings.tasks import send_evening_mails

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _outbox(settings):
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.SITE_URL = "https://bonken.example.test"
    settings.EVENING_MAIL_DELAY = 0


def by_recipient() -> dict[str, mail.EmailMultiAlternatives]:
    return {message.to[0]: message for message in mail.outbox}


def test_a_bonken_evening_in_english_and_in_dutch(django_capture_on_commit_callbacks):
    event, _organizer, players, _tables = night(django_capture_on_commit_callbacks)
    sent = by_recipient()
    assert set(sent) == {"anna@example.test", "fleur@example.test"}  # Bram did not ask
    anna = sent["anna@example.test"]
    text = anna.body
    assert anna.subject == "Your evening: Clubavond november"
    assert "Hello Anna," in text
    assert "Clubavond november · De Troefkaart · Bonken" in text
    assert "Round 1, table 1: Bram, Cor, Daan" in text
    own = Standing.objects.get(event=event, player=players[0])
    assert f"Your place: {own.rank}" in text and f"total {own.total}" in text
    assert "Top of the standings" in text
    top = Standing.objects.filter(event=event).order_by("rank", "player__name")[:5]
    for line in top:
        assert f"{line.rank}. {line.player.name} · {line.total}" in text
    assert "Your rating:" in text and " -> " in text  # rated: the event is published
    assert f"https://bonken.example.test/events/{event.pk}/" in text
    assert f"https://bonken.example.test/players/{players[0].pk}/" in text
    assert "https://bonken.example.test/mail/unsubscribe/" in text
    assert "https://bonken.example.test/mail/p/" in text
    # The HTML part says the same, with inline styles.
    html, kind = anna.alternatives[0]
    assert kind == "text/html" and 'lang="en"' in html and "Bram, Cor, Daan" in html
    assert 'style="' in html and "<style" not in html
    # One-click unsubscribe (RFC 8058).
    assert anna.extra_headers["List-Unsubscribe"].startswith(
        "<https://bonken.example.test/mail/unsubscribe/"
    )
    assert anna.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"

    fleur = sent["fleur@example.test"]
    assert fleur.subject == "Je avond: Clubavond november"
    assert "Hallo Fleur," in fleur.body
    assert "Ronde 1, tafel 2: Eva, Gijs, Hanna" in fleur.body
    assert "Jouw plaats:" in fleur.body and "Bovenaan de stand" in fleur.body
    assert 'lang="nl"' in fleur.alternatives[0][0]
    assert EveningMail.objects.filter(event=event, status="sent").count() == 2


def test_an_http_site_url_keeps_the_plain_link_without_one_click(
    django_capture_on_commit_callbacks, settings
):
    """RFC 8058 asks for an https address for the one-click header: the plain link stays."""
    settings.SITE_URL = "http://bonken.example.test"
    night(django_capture_on_commit_callbacks)
    anna = by_recipient()["anna@example.test"]
    assert anna.extra_headers["List-Unsubscribe"].startswith(
        "<http://bonken.example.test/mail/unsubscribe/"
    )
    assert "List-Unsubscribe-Post" not in anna.extra_headers
    assert "http://bonken.example.test/mail/unsubscribe/" in anna.body


def test_a_site_url_that_is_not_https_is_warned_about_at_start(settings):
    from django.core.checks import run_checks

    from week.mailings.checks import site_url_problems

    (warning,) = site_url_problems("http://bonken.example.org")
    assert warning.id == "mailings.W001" and warning.level == checks.WARNING
    assert "SITE_URL" in warning.msg and "List-Unsubscribe-Post" in warning.msg
    assert "SITE_URL=https://" in warning.hint
    assert site_url_problems("https://bonken.example.org") == []
    assert site_url_problems("http://127.0.0.1:8000") == []  # a local run
    assert site_url_problems("http://localhost:8000") == []
    settings.SITE_URL = "http://bonken.example.org"
    assert [problem.id for problem in run_checks(tags=["mailings"])] == ["mailings.W001"]
    settings.SITE_URL = "https://bonken.example.org"
    assert run_checks(tags=["mailings"]) == []


def test_a_jonkler_evening(django_capture_on_commit_callbacks):
    event, _organizer, players, tables = night(django_capture_on_commit_callbacks, game="jonkler")
    anna = by_recipient()["anna@example.test"]
    assert "Clubavond november · De Troefkaart · Jonkler" in anna.body
    seat = SessionSeat.objects.get(session__table=tables[0], player=players[0])
    assert f"Round 1, table 1: Bram, Cor, Daan · {seat.total} points" in anna.body
    assert f"Your place: {Standing.objects.get(event=event, player=players[0]).rank}" in anna.body
    assert "Jonkler" in by_recipient()["fleur@example.test"].body


def test_the_task_twice_sends_each_evening_once(django_capture_on_commit_callbacks):
    event, *_ = night(django_capture_on_commit_callbacks)
    assert len(mail.outbox) == 2
    assert send_evening_mails.delay(event.pk).get() == {"sent": 0, "skipped": 2, "failed": 0}
    send_evening_mails.delay(event.pk)
    assert len(mail.outbox) == 2
    assert EveningMail.objects.filter(event=event).count() == 2


def test_a_correction_sends_the_evening_again(django_capture_on_commit_callbacks):
    event, organizer, players, tables = night(django_capture_on_commit_callbacks)
    before = event.results_version
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        session_submit(
            table=tables[0],
            submitted_by=organizer,
            document=corrected(),
            reason="the hearts were written in the wrong columns",
        )
    event.refresh_from_db()
    assert event.results_version == before + 1
    assert set(by_recipient()) == {"anna@example.test", "fleur@example.test"}
    seat = SessionSeat.objects.get(session__table=tables[0], player=players[0])
    assert f"Bram, Cor, Daan · {seat.total} points" in by_recipient()["anna@example.test"].body
    versions = EveningMail.objects.filter(event=event, player=players[0])
    assert sorted(versions.values_list("results_version", flat=True)) == [before, before + 1]


def corrected() -> dict:
    """The classic document with the hearts counted for other seats."""
    document = classic_document()
    hearts = next(game for game in document["games"] if game["contract"] == "hearts")
    hearts["counts"] = [1, 4, 5, 3]
    return document


def test_an_unpublished_event_sends_nothing(django_capture_on_commit_callbacks):
    event, organizer, *_ = night(django_capture_on_commit_callbacks, published=False)
    assert mail.outbox == []
    send_evening_mails.delay(event.pk)
    assert mail.outbox == [] and not EveningMail.objects.exists()
    # Published later: the finished event's evenings go out then.
    with django_capture_on_commit_callbacks(execute=True):
        event_publish(event=event, actor=organizer)
    assert set(by_recipient()) == {"anna@example.test", "fleur@example.test"}


def test_an_event_still_running_sends_nothing(django_capture_on_commit_callbacks):
    event, *_ = night(django_capture_on_commit_callbacks, close=False)
    send_evening_mails.delay(event.pk)
    assert mail.outbox == []


def test_nothing_goes_out_before_the_standings_caught_up(django_capture_on_commit_callbacks):
    event, *_ = night(django_capture_on_commit_callbacks)
    mail.outbox.clear()
    EveningMail.objects.all().delete()
    Event.objects.filter(pk=event.pk).update(results_version=F("results_version") + 1)
    with pytest.raises(NotReady):
        send_evenings(event.pk)
    assert mail.outbox == [] and not EveningMail.objects.exists()


def test_a_failed_send_is_kept_and_sent_by_the_retry(
    django_capture_on_commit_callbacks, settings, monkeypatch
):
    event, *_ = night(django_capture_on_commit_callbacks, close=False)
    from tournaments.rounds.lifecycle import event_close

    organizer = user_with_role(event.club, Role.ORGANIZER)
    monkeypatch.setattr("week.mailings.sending.get_connection", _failing_connection)
    with django_capture_on_commit_callbacks(execute=False):
        event_close(event=event, actor=organizer)
    # the standings and ratings, as their tasks would
    from ranking.ratings.services import ratings_update
    from ranking.standings.services import standings_recompute

    standings_recompute(event_id=event.pk)
    ratings_update(club_id=event.club_id)
    with pytest.raises(SendFailed):
        send_evenings(event.pk)
    assert mail.outbox == []
    assert set(EveningMail.objects.values_list("status", flat=True)) == {"failed"}
    monkeypatch.undo()
    assert vars(send_evenings(event.pk)) == {"sent": 2, "skipped": 0, "failed": 0}
    assert vars(send_evenings(event.pk)) == {"sent": 0, "skipped": 2, "failed": 0}
    assert len(mail.outbox) == 2
    assert set(EveningMail.objects.values_list("attempts", flat=True)) == {2}


def _failing_connection(*args, **kwargs):
    class Refusing:
        def send_messages(self, messages):
            raise ConnectionRefusedError("the mail server is down")

    return Refusing()


def test_the_evening_through_a_local_smtp_server(django_capture_on_commit_callbacks, settings):
    with smtp_server() as (port, received):
        settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
        settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
        settings.EMAIL_USE_TLS = settings.EMAIL_USE_SSL = False
        settings.DEFAULT_FROM_EMAIL = "club@bonken.example.test"
        event, *_ = night(django_capture_on_commit_callbacks)
    assert len(received) == 2
    envelope, message = next((e, m) for e, m in received if "anna" in e["to"][0])
    assert envelope["from"] == "<club@bonken.example.test>"
    assert message["Subject"] == "Your evening: Clubavond november"
    assert message["To"] == "anna@example.test"
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert message.get_content_type() == "multipart/alternative"
    plain = message.get_body(("plain",)).get_content()
    html = message.get_body(("html",)).get_content()
    assert "Round 1, table 1: Bram, Cor, Daan" in plain
    assert "Bram, Cor, Daan" in html
    assert player("Anna").name == "Anna"
    assert EveningMail.objects.filter(event=event, status="sent").count() == 2
