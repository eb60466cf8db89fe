"""Dutch for the ratings per game (merged into locale/nl/LC_MESSAGES/django.po by the lead)."""

TR = {
    "Game": "Spel",
    "%(game)s rating at %(club)s: <strong>%(rating)s</strong>":
        "%(game)s-rating bij %(club)s: <strong>%(rating)s</strong>",
    "Before every session the ratings predict a place at the table (1 is first; in a team "
    "game, the team's place). Finishing higher than predicted raises the rating, lower lowers "
    "it; the less certain a rating still is, the more it moves.":
        "Voor iedere sessie voorspellen de ratings een plaats aan tafel (1 is eerste; in een "
        "teamspel de plaats van het team). Wie hoger eindigt dan voorspeld, gaat in rating "
        "omhoog, wie lager eindigt omlaag; hoe onzekerder een rating nog is, hoe meer die "
        "beweegt.",
    "Only this game's ratings (default: bonken, or the club's only rated game).":
        "Alleen de ratings van dit spel (standaard: bonken, of het enige spel met ratings van "
        "de club).",
}
