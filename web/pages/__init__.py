"""The pages that show sessions beside the events: an event's standings page with its tables,
a table's score sheet, a player's page with sessions and rating history, the blank score
sheets of a round, the CSV exports, and the demo (``load_demo``). Above ``results``,
``standings`` and ``ratings`` (layer 4), which it reads; it writes through their services.
"""
