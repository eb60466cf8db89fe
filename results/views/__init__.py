"""The scorer's pages: one page per table (reached by its scoring link), live entry game by
game with the engine's checks as you type, entry from a paper sheet, and score sheets."""
