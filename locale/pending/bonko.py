"""Dutch for the texts of the Bonko nights (the table page, the bell, teams, standings)."""

TR = {
    # The Bonko table page
    "Set %(s)s, round %(r)s": "Set %(s)s, ronde %(r)s",
    "Table %(n)s: the King's table": "Tafel %(n)s: de koningstafel",
    "Target number": "Doelgetal",
    "The King's table rings the bell at %(bell)s.": "De koningstafel luidt de bel bij %(bell)s.",
    "The bell has rung! Finish the roll in progress and enter your final team scores.":
        "De bel is gegaan! Maak de worp af en voer de eindstand van de teams in.",
    "Ring the bell (%(bell)s reached)": "Luid de bel (%(bell)s gehaald)",
    "Saved: %(winner)s beat %(loser)s.": "Opgeslagen: %(winner)s wint van %(loser)s.",
    "You may correct the result below.": "Hieronder kun je de uitslag nog verbeteren.",
    "Bonko is played by two teams of two; ask the organizer to seat this table again.":
        "Bonko speel je met twee teams van twee; vraag de organisator deze tafel opnieuw in "
        "te delen.",
    "Team scores": "Teamscores",
    "rolls first": "gooit eerst",
    "moved here": "doorgeschoven",
    "Who won?": "Wie heeft gewonnen?",
    "Roll-off (the scores are level)": "Uitgooien (de stand is gelijk)",
    "Each team rolls one more session; repeat until one team leads.":
        "Elk team gooit nog een sessie; herhaal tot één team voorstaat.",
    "Roll-off %(n)s": "Uitgooien %(n)s",
    "Called Bonkos": "Geroepen Bonko's",
    "One Bonko less for %(name)s": "Eén Bonko minder voor %(name)s",
    "One Bonko more for %(name)s": "Eén Bonko meer voor %(name)s",
    "Save result": "Uitslag opslaan",
    "Save the correction": "Verbetering opslaan",
    "%(winner)s scored less than %(other)s; check the scores or who won.":
        "%(winner)s scoorde minder dan %(other)s; controleer de scores of wie er won.",
    "%(first)s and %(second)s are level at %(score)s: enter the points of the roll-off, "
    "until one team leads.":
        "%(first)s en %(second)s staan gelijk op %(score)s: voer de punten van het uitgooien "
        "in, tot één team voorstaat.",
    "Saved: %(winner)s beat %(loser)s, %(won)s to %(lost)s.":
        "Opgeslagen: %(winner)s wint van %(loser)s, %(won)s tegen %(lost)s.",
    "The bell has rung for every table.": "De bel is gegaan voor alle tafels.",
    # Models
    "bell rung at": "bel geluid om",
    "team name": "teamnaam",
    "team": "team",
    "teams": "teams",
    # Teams for the night
    "Teams": "Teams",
    "Teams for the night": "Teams voor de avond",
    "This event's game is not played in teams.": "Het spel van dit evenement kent geen teams.",
    "Partners play together all night and sit opposite each other. Pair the players who are "
    "here; a player without a partner is paired with a substitute or sits out.":
        "Partners spelen de hele avond samen en zitten tegenover elkaar. Deel de aanwezige "
        "spelers in paren in; een speler zonder partner speelt met een invaller of zit uit.",
    "%(n)s team": ("%(n)s team", "%(n)s teams"),
    "Take apart": "Uit elkaar halen",
    "No teams yet.": "Nog geen teams.",
    "Pair two players": "Twee spelers koppelen",
    "Partner": "Partner",
    "Team name (optional)": "Teamnaam (niet verplicht)",
    "Pair them": "Koppelen",
    "Pair the %(n)s present player without a partner at random":
        ("Koppel de %(n)s aanwezige speler zonder partner willekeurig",
         "Koppel de %(n)s aanwezige spelers zonder partner willekeurig"),
    "%(name)s is here without a partner: pair them with a substitute (check one in) or let "
    "them sit out.":
        "%(name)s is er zonder partner: koppel aan een invaller (meld die aan) of laat "
        "uitzitten.",
    "Every player who is here has a partner.": "Iedere aanwezige speler heeft een partner.",
    "%(n)s teams paired: %(names)s.": "%(n)s teams gekoppeld: %(names)s.",
    "%(name)s is no longer a team.": "%(name)s is geen team meer.",
    "%(name)s play together tonight.": "%(name)s spelen vanavond samen.",
    # Seating and standings
    "Partners sit opposite each other. After a round the winners of every table move up one "
    "table, the losers stay; the King's table's winners stay and its losers go to the lowest "
    "table. You confirm the seating before the round starts.":
        "Partners zitten tegenover elkaar. Na een ronde schuiven de winnaars van elke tafel "
        "één tafel op, de verliezers blijven zitten; de winnaars aan de koningstafel blijven en "
        "de verliezers daar gaan naar de laagste tafel. Je bevestigt de indeling voordat de "
        "ronde begint.",
    "Seat the next round by the results": "Deel de volgende ronde in volgens de uitslagen",
    "Or seat it another way:": "Of deel anders in:",
    "The booby prize, for the most losses (%(n)s): %(names)s.":
        "De poedelprijs, voor de meeste verliespartijen (%(n)s): %(names)s.",
    # The public table sheet of a Bonko table
    "Team": "Team",
    "Score": "Score",
    "Roll-off": "Uitgooien",
    "won": "gewonnen",
    "lost": "verloren",
    "the King's table": "de koningstafel",
}
