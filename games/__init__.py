"""The games: the seam every game plugs into (``seam``) and the registry of games
(``registry``), both pure and at the bottom of the layers, and one folder per game (``bonken``,
``jonkler``, ``bonko``, ``bonanza``) with its pure rules (``rules``) and its Django app
(``plugin``); Bonken's folder also holds the reader of the Bonken app's backups (``sunmar``)."""
