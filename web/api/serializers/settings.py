"""The shapes of the settings that were the pages' only: a club's calendar feed address, the
origins allowed to embed a club's pages, and a player's e-mail settings read and set with a
personal link. The rules are the services' (``week.planning.links``, ``web.embeds.origins``,
``week.mailings.services``)."""

from __future__ import annotations

from rest_framework import serializers

from web.embeds.origins import MAX_LENGTH, MAX_ORIGINS
from week.mailings.models import LANGUAGES
from week.mailings.services import MAX_EMAIL


class ClubCalendarSerializer(serializers.Serializer):
    club = serializers.IntegerField(help_text="The club.")
    url = serializers.URLField(
        help_text="The club's calendar feed (iCalendar) at its secret address: subscribe a "
        "calendar app to it. Renewing it makes a new address; this one then answers 404."
    )


class EmbedOriginsSerializer(serializers.Serializer):
    origins = serializers.ListField(
        child=serializers.CharField(),
        help_text="The origins (a scheme and a host, maybe a port: https://www.our-club.nl) "
        "that may frame the club's embeds, as browsers write them.",
    )


class EmbedOriginsWriteSerializer(serializers.Serializer):
    # The service checks each origin and names a refused one (``origins[<i>]``), so the items
    # are taken as text here.
    origins = serializers.ListField(
        child=serializers.CharField(allow_blank=True, trim_whitespace=False),
        help_text=f"Every origin that may frame the club's embeds: the list replaces the "
        f"club's. Each is https:// and a host, maybe a port, without a path, query, user or "
        f"wildcard, at most {MAX_LENGTH} characters; at most {MAX_ORIGINS} different ones. "
        f"Written as browsers write them (lower case, no default port, no trailing slash); an "
        f"empty item is left out, a repeated one kept once. An empty list: no website may "
        f"embed them.",
    )


class MailSettingsSerializer(serializers.Serializer):
    player = serializers.IntegerField(help_text="The player the link belongs to.")
    player_name = serializers.CharField()
    email = serializers.CharField(help_text="The address the evenings go to (empty: none).")
    evening = serializers.BooleanField(
        help_text="Whether the player gets their evening by e-mail after each event."
    )
    language = serializers.ChoiceField(
        choices=LANGUAGES, help_text="The language of the e-mails: nl or en."
    )


class MailSettingsWriteSerializer(serializers.Serializer):
    email = serializers.CharField(
        allow_blank=True,
        max_length=MAX_EMAIL,
        help_text="The address the evenings go to; empty only when ``evening`` is false.",
    )
    evening = serializers.BooleanField(
        help_text="true: send the player their evening by e-mail after each event."
    )
    language = serializers.ChoiceField(
        choices=LANGUAGES,
        required=False,
        help_text="The language of the e-mails: nl or en (left out: as it is).",
    )
