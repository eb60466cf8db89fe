"""An event's pages: the organizer's (create, dashboard, check-in, seat the next round, publish,
the event's scorers, personal codes for the night) and what the public pages see of an event
(``visible``). Views parse input, call a service and render what it returns."""
