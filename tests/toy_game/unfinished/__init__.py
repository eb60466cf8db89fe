"""A game's app begun and not finished: no rules beside it and no plug-in named (the checks'
test installs it to see the service refuse to start, naming it)."""
