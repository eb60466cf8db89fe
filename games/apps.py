from django.apps import AppConfig


class GamesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "games"

    def ready(self) -> None:
        from games.nights.seating import bonko_round_generate
        from tournaments import provided

        provided.team_round_seating.register(bonko_round_generate)
