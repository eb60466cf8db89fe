"""The club's embeds (``frames``) and the organizer's page of them (``settings``)."""
