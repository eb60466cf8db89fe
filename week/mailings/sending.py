"""Sending an event's evenings: one e-mail per player who asked for it, once per results
version. The row (player, event, version) is inserted before the e-mail goes out, so a task that
runs twice, or is handed out again, never sends the same evening twice; a failed send is kept
as failed and tried again by the task's retry."""

import logging
from dataclasses import dataclass

from django.conf import settings
from django.core.mail import EmailMultiAlternatives, get_connection
from django.db import IntegrityError, transaction
from django.db.models import F
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from core.names import cleaned_name
from ranking.ratings.models import RatedSession
from ranking.ratings.store.loading import rated_sessions
from tournaments.models import Event, StandingsComputation
from week.mailings.content import Evening, evening_for, event_players
from week.mailings.links import one_click
from week.mailings.models import EveningMail, MailPreference

logger = logging.getLogger(__name__)


class NotReady(Exception):
    """The event's standings (or ratings) do not reflect its results yet: try again later."""


class SendFailed(Exception):
    """Some evenings could not be sent: the task tries them again with backoff."""


@dataclass
class Outcome:
    sent: int = 0
    skipped: int = 0
    failed: int = 0


def standings_ready(event: Event) -> bool:
    done = StandingsComputation.objects.filter(event=event).first()
    return event.results_version == 0 or (
        done is not None and done.results_version >= event.results_version
    )


def ratings_ready(event: Event) -> bool:
    """Every session of the event the ratings count is rated at its current revision."""
    sessions = dict(rated_sessions().filter(event=event).values_list("pk", "revision"))
    rated = dict(
        RatedSession.objects.filter(session_id__in=list(sessions)).values_list(
            "session_id", "revision"
        )
    )
    return all(rated.get(pk) == revision for pk, revision in sessions.items())


def send_evenings(event_id: int, *, wait_for_ratings: bool = True) -> Outcome:
    """Send the event's evenings at its current results version. Nothing for an event that is
    not finished or not published."""
    outcome = Outcome()
    event = Event.objects.select_related("club").filter(pk=event_id).first()
    if event is None or event.status != Event.Status.FINISHED or not event.published:
        return outcome
    if not standings_ready(event) or (wait_for_ratings and not ratings_ready(event)):
        raise NotReady(event_id)
    version = event.results_version
    wanted = (
        MailPreference.objects.filter(player_id__in=event_players(event), evening=True)
        .exclude(email="")
        .select_related("player")
        .order_by("player_id")
    )
    connection = get_connection()
    for preference in wanted:
        row = _claim(event, preference, version)
        if row is None:
            outcome.skipped += 1
            continue
        try:
            message = evening_message(
                evening_for(event, preference.player, preference.language), preference.email
            )
            message.connection = connection
            message.send()
        except Exception as exc:  # noqa: BLE001 - any failure of the mail server: retried
            logger.warning(
                "could not send the evening of player %s for event %s",
                preference.player_id,
                event_id,
                exc_info=True,
            )
            EveningMail.objects.filter(pk=row.pk).update(
                status=EveningMail.Status.FAILED, error=str(exc)[:300]
            )
            outcome.failed += 1
        else:
            EveningMail.objects.filter(pk=row.pk).update(
                status=EveningMail.Status.SENT, sent_at=timezone.now(), error=""
            )
            outcome.sent += 1
    if outcome.failed:
        evenings = "evening" if outcome.failed == 1 else "evenings"  # for the worker's log
        raise SendFailed(f"{outcome.failed} {evenings} of event {event_id} not sent")
    return outcome


def _claim(event: Event, preference: MailPreference, version: int) -> EveningMail | None:
    """The row this run sends: a new one, or one whose earlier send failed; None when the
    evening was sent (or is being sent) already."""
    try:
        with transaction.atomic():
            return EveningMail.objects.create(
                player_id=preference.player_id,
                event=event,
                results_version=version,
                email=preference.email,
                attempts=1,
            )
        # another run inserted it first: fall through to the failed ones
    except IntegrityError:
        pass
    claimed = EveningMail.objects.filter(
        player_id=preference.player_id,
        event=event,
        results_version=version,
        status=EveningMail.Status.FAILED,
    ).update(status=EveningMail.Status.PENDING, attempts=F("attempts") + 1, email=preference.email)
    if not claimed:
        return None
    return EveningMail.objects.get(
        player_id=preference.player_id, event=event, results_version=version
    )


def evening_message(evening: Evening, to: str) -> EmailMultiAlternatives:
    """The e-mail of one evening, in the player's language: plain text and HTML, with the
    unsubscribe link as ``List-Unsubscribe`` and, where that link is https, RFC 8058's
    one-click ``List-Unsubscribe-Post`` (the RFC asks for https; a mail client offers its
    button for the plain link without it)."""
    with translation.override(evening.language):
        context = {"evening": evening, "event": evening.event}
        # One line whatever the name stored (a header takes no line break).
        subject = _("Your evening: %(event)s") % {"event": cleaned_name(evening.event.name)}
        text = render_to_string("mailings/evening.txt", context)
        html = render_to_string("mailings/evening.html", context)
    headers = {"List-Unsubscribe": f"<{evening.unsubscribe_url}>"}
    if one_click(evening.unsubscribe_url):
        headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    headers["Content-Language"] = evening.language
    message = EmailMultiAlternatives(
        subject=subject,
        body=text,
        from_email=settings.DEFAULT_FROM_EMAIL,
        to=[to],
        headers=headers,
    )
    message.attach_alternative(html, "text/html")
    return message
