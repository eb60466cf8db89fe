"""Events and their entries: create, change, delete and publish an event, check players in
(walk-ins too), the event's own scorers (``scorers``), the event's forms, and its pages."""
