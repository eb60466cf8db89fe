"""An event and its night: events, entries, rounds, tables and seats (``events``), seating and
the round's commands (``rounds``), its timer (``round_timer``), teams (``teams``), the door
(``door``), sessions (``sessions``) and their sign-off (``signoff``), the standings'
configuration (``standings``) and the rulesets an event is played by (``rulesets``)."""
