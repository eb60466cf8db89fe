"""The club's house rules page (organizers)."""
