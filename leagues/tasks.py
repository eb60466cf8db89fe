"""The leagues' Celery tasks: a league computed again (queued by its services after commit,
``leagues.pending``), the leagues of a club whose results changed (queued by name with the
club's ratings, ``tournaments.tasks.enqueue_ratings``) and the catch-up beat runs."""

from celery import shared_task
from django.conf import settings
from django.db import OperationalError

from leagues.pending import RECOMPUTE_TASK
from tournaments.tasks import LEAGUES_TASK, task_started


@shared_task(
    name=RECOMPUTE_TASK,
    acks_late=True,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    retry_backoff_max=settings.DERIVED_WORK_RETRY_MAX,
    max_retries=8,
)
def league_recompute_task(league_id: int) -> dict[str, object]:
    """Compute the league's standings and rating again; a new version when anything changed."""
    from leagues.computing import league_recompute

    version = league_recompute(league_id=league_id)
    return {"league": league_id, "version": version.number if version else None}


@shared_task(
    name=LEAGUES_TASK,
    acks_late=True,
    autoretry_for=(OperationalError,),
    retry_backoff=True,
    retry_backoff_max=settings.DERIVED_WORK_RETRY_MAX,
    max_retries=8,
)
def club_leagues_task(club_id: int) -> dict[str, object]:
    """The club's results changed: compute every league it counts in (or counted in) again."""
    from leagues.computing import league_recompute, leagues_of_club

    task_started("leagues", club_id)
    versions = {}
    for league_id in leagues_of_club(club_id):
        version = league_recompute(league_id=league_id)
        versions[league_id] = version.number if version else None
    return {"club": club_id, "leagues": versions}


@shared_task(name="leagues.reconcile", acks_late=True)
def leagues_reconcile() -> dict[str, int]:
    """Compute every league whose inputs moved on without a computation (a lost task, a broker
    that was down). Meant for Celery beat; a league whose inputs did not change gets no new
    version."""
    from leagues.computing import league_recompute
    from leagues.models import League

    count = 0
    for league_id in League.objects.order_by("pk").values_list("pk", flat=True):
        count += league_recompute(league_id=league_id) is not None
    return {"leagues": count}
