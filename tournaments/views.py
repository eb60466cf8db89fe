"""The web views live in ``tournaments.web``; kept here so older imports keep working."""

from tournaments.web.public import event_standings, home

__all__ = ["event_standings", "home"]
