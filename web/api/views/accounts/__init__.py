"""Who is who: clubs, players and memberships (``clubs``), and a signed-in user's own API tokens
(``tokens``)."""
