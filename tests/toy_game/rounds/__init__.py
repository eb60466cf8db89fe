"""The toy game played a round at a time (``DuelRounds``): its own app, the toy game's pages."""
