from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PlanningConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "week.planning"
    verbose_name = _("Club nights planned ahead")

    def ready(self) -> None:
        # The check-in and the door list the players who said they are coming first.
        from tournaments import provided
        from week.planning.selectors import event_rsvp_answers

        provided.rsvp_answers.register(event_rsvp_answers)
        # The club's embed and its public feed show the next nights (core.club_nights).
        from core import club_nights
        from week.planning.selectors import public_next_nights

        club_nights.next_nights.register(public_next_nights)
        # The e-mail settings reached through a personal link, and the organizer's list of
        # players, read the links (core.personal_links).
        from core import personal_links
        from week.planning.selectors import club_link_tokens, link_holder

        personal_links.holder.register(link_holder)
        personal_links.club_tokens.register(club_link_tokens)
