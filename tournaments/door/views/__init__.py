"""The door's pages: the player's side (``door``: the door link and ``/me/``, with their seat,
``my_seat``) and the organizer's (``organizer``: the door sign, arrivals, undo)."""
