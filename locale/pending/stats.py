"""Dutch for the statistics pages (stats/, templates/stats/), for the lead to merge."""

TR = {
    # Player statistics
    "Statistics": "Statistieken",
    "Statistics of %(name)s": "Statistieken van %(name)s",
    "Sessions and rating": "Sessies en rating",
    "No counted sessions of this game to show.": "Geen getelde sessies van dit spel om te tonen.",
    "Sessions played": "Sessies gespeeld",
    "Total points": "Punten totaal",
    "Average per session": "Gemiddeld per sessie",
    "Best session": "Beste sessie",
    "Worst session": "Slechtste sessie",
    "Finishing places": "Eindplaatsen",
    "How often the player finished in each place at the table.":
        "Hoe vaak de speler op elke plaats aan tafel eindigde.",
    "place %(place)s": "plaats %(place)s",
    "Form over the last evenings": "Vorm over de laatste avonden",
    "Average points per session on each of the last evenings, oldest first.":
        "Gemiddelde punten per sessie op elk van de laatste avonden, oudste eerst.",
    "The evenings as a table": "De avonden als tabel",
    "Average place": "Gemiddelde plaats",
    "Per contract": "Per contract",
    "Average points per game of each contract.": "Gemiddelde punten per spel van elk contract.",
    "Doubling: what the player's own doubles won them, and what the doubles against them won "
    "or cost them (a cost is negative). Games recorded only as scores after doubling are left "
    "out of these two columns.":
        "Doubleren: wat de eigen doubles de speler opleverden, en wat de doubles tegen de speler "
        "opleverden of kostten (een verlies is negatief). Spellen die alleen als score na het "
        "doubleren zijn genoteerd, tellen in deze twee kolommen niet mee.",
    "Games": "Spellen",
    "Chosen": "Gekozen",
    "Doubles made": "Zelf gedubbeld",
    "Doubled by others": "Gedubbeld door anderen",
    "Won by doubling": "Winst doubleren",
    "Doubled: result": "Gedubbeld: gevolg",
    "Head to head": "Onderling",
    "Against each opponent: sessions at the same table, who finished ahead, and the difference "
    "in points (the player's minus the opponent's).":
        "Tegen elke tegenstander: sessies aan dezelfde tafel, wie hoger eindigde, en het verschil "
        "in punten (die van de speler min die van de tegenstander).",
    "Opponent": "Tegenstander",
    "Ahead": "Hoger",
    "Behind": "Lager",
    "Level": "Gelijk",
    "Difference": "Verschil",
    # The season in a picture
    "The season in a picture": "Het seizoen in beeld",
    "The season of %(club)s in a picture": "Het seizoen van %(club)s in beeld",
    "No evenings to show yet.": "Nog geen avonden om te tonen.",
    "%(evenings)s evening, %(sessions)s sessions counted.": (
        "%(evenings)s avond, %(sessions)s sessies geteld.",
        "%(evenings)s avonden, %(sessions)s sessies geteld.",
    ),
    "Sessions per evening": "Sessies per avond",
    "Sessions played on each evening of the season.":
        "Gespeelde sessies op elke avond van het seizoen.",
    "No sessions counted this season.": "Dit seizoen nog geen getelde sessies.",
    "The rating leaders over the season": "De ratingleiders door het seizoen",
    "Rating of the season's best rated players after each evening.":
        "Rating van de best gerate spelers van het seizoen na elke avond.",
    "Rating after each evening from %(first)s to %(last)s.":
        "Rating na elke avond van %(first)s tot %(last)s.",
    "No ratings this season.": "Dit seizoen nog geen ratings.",
    "Most played contracts": "Meest gespeelde contracten",
    "How often each contract was played this season.":
        "Hoe vaak elk contract dit seizoen is gespeeld.",
    "No contracts played this season.": "Dit seizoen nog geen contracten gespeeld.",
}
