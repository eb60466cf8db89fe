"""Bonko's Django side: its table page, score sheet, the bell, the teams' movement between
rounds, the score cards and table tallies, and the phone's checks, registered with the service as a
game plug-in (``tournaments.game_plugins``) by ``apps.BonkoConfig``. The rules are the pure package
one folder up (``games.bonko.rules``)."""
