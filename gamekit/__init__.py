"""The seam every game plugs into (``seam``) and the registry of games (``registry``): pure,
at the bottom of the layers."""
