"""The admin of events (``events``), their rounds, tables and seats (``rounds``), an event's
players and scorers (``entries``) and the rows derived from the results, read-only (``derived``).
Every write goes through the services (``core.admin``). Importing this package registers them.
"""

from tournaments.admin import derived, entries, events, rounds

__all__ = ["derived", "entries", "events", "rounds"]
