"""The club's players page (organizers)."""
