from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StandingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "ranking.standings"
    label = "standings"
    verbose_name = _("Standings")

    def ready(self) -> None:
        from ranking.standings import tasks  # noqa: F401  (registers the tasks queued by name)
        from ranking.standings.event_standings import round_points
        from ranking.standings.rules import event_criteria
        from ranking.standings.services import standings_recompute, standings_recompute_as
        from tournaments import provided

        provided.standings_recompute.register(standings_recompute)
        provided.standings_recompute_as.register(standings_recompute_as)
        provided.round_points.register(round_points)
        provided.standings_criteria.register(event_criteria)
