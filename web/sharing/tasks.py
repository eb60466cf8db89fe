"""Redraw an event's link previews when its standings changed (queued by name after the
standings task: ``tournaments.tasks.enqueue_previews``). The event's pictures in every
language are drawn; of its players' evenings, those drawn before (someone shared the link).
An event no longer published loses its stored pictures."""

from celery import shared_task
from django.conf import settings
from django.db import OperationalError

from tournaments.tasks import PREVIEWS_TASK, task_started
from web.sharing import cards
from web.sharing.models import Preview
from web.sharing.store import forget, picture


@shared_task(
    name=PREVIEWS_TASK,
    acks_late=True,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    retry_backoff_max=settings.DERIVED_WORK_RETRY_MAX,
    max_retries=8,
)
def previews_redraw(event_id: int) -> dict[str, int]:
    task_started("previews", event_id)
    evenings = list(
        Preview.objects.filter(kind="evening", key__startswith=f"{event_id}:").values_list(
            "key", "language"
        )
    )
    if cards.published_event(event_id) is None:
        forget("evening", [key for key, _language in evenings])
        return {"event": event_id, "forgotten": forget("event", [str(event_id)])}
    drawn = 0
    for language, _name in settings.LANGUAGES:
        shown = cards.event_preview(event_id, language)
        if shown is not None:
            picture("event", str(event_id), language, shown)
            drawn += 1
    for key, language in evenings:
        player_id = int(key.partition(":")[2])
        shown = cards.evening_preview(event_id, player_id, language)
        if shown is None:
            forget("evening", [key])
            continue
        picture("evening", key, language, shown)
        drawn += 1
    return {"event": event_id, "drawn": drawn}
