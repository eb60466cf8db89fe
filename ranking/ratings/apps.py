from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "ranking.ratings"
    label = "ratings"
    verbose_name = _("Ratings")

    def ready(self) -> None:
        from ranking.ratings import tasks  # noqa: F401  (registers the tasks queued by name)
        from ranking.ratings.services import ratings_mark_dirty
        from tournaments import provided

        provided.ratings_replay_from.register(ratings_mark_dirty)
