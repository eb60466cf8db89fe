"""The API's request handlers, one sub-package a concept: an event's night (``night``), the
club's week (``week``), ratings and figures (``ranking``), clubs, players and a user's tokens
(``accounts``); the public feeds for club websites (``feeds``) stand beside them."""
