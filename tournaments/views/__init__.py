"""The web interface for events: public pages, the organizer's pages, printing and CSV.

Views here parse input, call a service (``tournaments.services``, ``tournaments.rounds``,
``clubs.services``) and render what it returns; reads come from ``queries``.
"""
