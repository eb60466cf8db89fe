"""The evening in the player's inbox: after an event closes (and after a correction changes
it), each player who asked for it gets their evening by e-mail, once per results version."""
