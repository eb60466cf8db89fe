"""How a person or a program proves who they are, and the counters that stop a guesser.

* ``codes``: a player's personal four-digit code (set by the player, issued by an organizer, or
  for every player of a night at once), with which they sign their table's result;
* ``code_guard``: wrong personal codes, counted per player, per table and per address;
* ``tokens``: named API tokens (create, list, revoke, look a key up);
* ``throttle``: failed sign-ins, counted so that passwords cannot be guessed at speed.
"""
