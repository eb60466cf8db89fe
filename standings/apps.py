from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StandingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "standings"
    verbose_name = _("Standings")

    def ready(self) -> None:
        from standings import tasks  # noqa: F401  (registers the tasks queued by name)
        from standings.event_standings import round_points
        from standings.services import standings_recompute, standings_recompute_as
        from tournaments import provided

        provided.standings_recompute.register(standings_recompute)
        provided.standings_recompute_as.register(standings_recompute_as)
        provided.round_points.register(round_points)
