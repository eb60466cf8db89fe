from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EmbedsConfig(AppConfig):
    name = "web.embeds"
    verbose_name = _("Standings on club websites")
