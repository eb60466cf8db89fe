"""Bonken's Django side: its table page, paper entry, score sheets and the phone's checks,
registered with the service as a game plug-in (``tournaments.game_plugins``) by
``apps.BonkenConfig``. The rules are the pure package one folder up (``games.bonken.rules``)."""
