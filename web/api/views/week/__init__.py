"""The club's week: nights planned ahead and the answers to them (``planning``), the club's
webhooks (``webhooks``) and the Bonken app's backups imported (``imports``)."""
