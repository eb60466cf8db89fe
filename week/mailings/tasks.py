"""The evening's Celery task, queued by name after an event closes or a correction changes a
finished event (``tournaments.tasks.enqueue_evening``)."""

from celery import shared_task
from django.conf import settings

from tournaments.tasks import EVENING_TASK
from week.mailings.sending import NotReady, SendFailed, send_evenings

# Waiting for the standings and ratings: this many tries (a few seconds apart) before the
# evenings go out without waiting for the ratings.
READY_TRIES = 10


@shared_task(name=EVENING_TASK, bind=True, acks_late=True, max_retries=8)
def send_evening_mails(self, event_id: int) -> dict[str, int]:  # type: ignore[no-untyped-def]
    """Send the event's evenings at its current results version (safe to run twice)."""
    try:
        outcome = send_evenings(event_id, wait_for_ratings=self.request.retries < READY_TRIES // 2)
    except NotReady as exc:
        if self.request.retries >= READY_TRIES:
            # The ratings never caught up (a pool waiting for its replay): send without waiting
            # for them. Standings still behind raise NotReady again and end the task; the
            # evenings then go out with the next change.
            return vars(send_evenings(event_id, wait_for_ratings=False))
        raise self.retry(
            exc=exc, countdown=settings.EVENING_MAIL_DELAY or 1, max_retries=READY_TRIES
        ) from exc
    except SendFailed as exc:
        # the mail server failed: try the failed ones again, waiting longer each time
        countdown = min(2**self.request.retries * 10, settings.EVENING_MAIL_RETRY_MAX)
        raise self.retry(exc=exc, countdown=countdown) from exc
    return vars(outcome)
