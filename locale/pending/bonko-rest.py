# ruff: noqa: E501
"""Dutch for the rest of the Bonko night: sets, substitutes and sitting out, the rolls on a
table's page, score cards and table tallies, the prizes."""

TR = {
    "set %(s)s, round %(r)s · target number %(r)s": "set %(s)s, ronde %(r)s · doelgetal %(r)s",
    "Now playing: round %(n)s": "Nu gespeeld: ronde %(n)s",
    "Set %(n)s": "Set %(n)s",
    "Set %(s)s, round %(n)s": "Set %(s)s, ronde %(n)s",
    "Set": "Set",
    "Standings of set %(n)s": "Stand van set %(n)s",
    "Standings per set": "Stand per set",
    "The whole night": "De hele avond",
    "Prizes": "Prijzen",
    "Winners": "Winnaars",
    "Booby prize (most losses)": "Poedelprijs (meeste verliespartijen)",
    "A player without a partner": "Een speler zonder partner",
    "Player without a partner": "Speler zonder partner",
    "Substitute: a club member who is not here": "Invaller: een clublid dat er niet is",
    "or a walk-in's name": "of de naam van een inloper",
    "Pair with the substitute": "Koppelen aan de invaller",
    "Let them sit out": "Laten uitzitten",
    "%(name)s sits out tonight.": "%(name)s zit vanavond uit.",
    "%(name)s is here without a partner: pair them with a substitute or let them sit out.": "%(name)s is er zonder partner: koppel aan een invaller of laat uitzitten.",
    (
        "Pair them with a substitute: a club member who is not here (checked in now), or a walk-in "
        "(registered in the club)."
    ): (
        "Koppel aan een invaller: een clublid dat er niet is (nu aangemeld), of een inloper "
        "(ingeschreven bij de club)."
    ),
    "Let this player sit out tonight? They are checked out, so the seating leaves them out.": (
        "Deze speler vanavond laten uitzitten? De speler wordt afgemeld, dus de indeling slaat hem of"
        " haar over."
    ),
    "The rolls themselves (optional)": "De worpen zelf (niet verplicht)",
    "The rolls (optional)": "De worpen (niet verplicht)",
    (
        "One roll per line: the player's number, the three dice, and ! when the player called Bonko. "
        "A roll-off roll starts with r and the roll-off's number. When you give the rolls, they must "
        "add up to the team scores."
    ): (
        "Eén worp per regel: het nummer van de speler, de drie dobbelstenen, en ! als de speler Bonko"
        " riep. Een worp van het uitgooien begint met r en het nummer van het uitgooien. Als je de "
        "worpen geeft, moeten ze optellen tot de teamscores."
    ),
    (
        "Line %(n)s (%(line)s) is not a roll: write the seat (1 to 4), the three dice (1 to 6) and ! "
        "for a called Bonko, like 3 3 3 3 !"
    ): (
        "Regel %(n)s (%(line)s) is geen worp: schrijf de plaats (1 tot 4), de drie dobbelstenen (1 "
        "tot 6) en ! voor een geroepen Bonko, zoals 3 3 3 3 !"
    ),
    "At most %(n)s rolls per table.": "Hoogstens %(n)s worpen per tafel.",
    "Score cards and table tallies": "Scorekaarten en tafelstanden",
    "Print team score cards and table tallies": "Scorekaarten van de teams en tafelstanden afdrukken",
    "Team score cards": "Scorekaarten van de teams",
    "Sets on each card": "Sets per kaart",
    "The official scorekeeper punches one box on a team's card for each round it wins.": (
        "De officiële scorebijhouder knipt één vakje op de kaart van een team voor elke ronde die het"
        " wint."
    ),
    "R%(n)s": "R%(n)s",
    "Wins": "Gewonnen",
    "Losses": "Verloren",
    "Bonkos": "Bonko's",
    "Table tallies of round %(n)s": "Tafelstanden van ronde %(n)s",
    "Final score": "Eindstand",
    "Won": "Gewonnen",
}
