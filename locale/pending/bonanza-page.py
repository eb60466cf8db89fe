# Dutch for the Bonanza Rummy table page, its paper copy, its public sheet and blank sheets.
# Words: spel = a hand, partij = the session, deler = the dealer, bord = the board, vak = a
# section, fiches = chips, de blinde = the widow, uitgaan = going out.
TR = {
    # The page and the sheet of hands
    "Per hand: each player's net chips and running total, and the chips left on the board":
        "Per spel: de netto fiches en het lopende totaal van elke speler, en de fiches die op "
        "het bord blijven",
    "Hand": "Spel",
    "Board": "Bord",
    "dealer": "deler",
    "(d)": "(d)",
    "Each cell: the hand's net chips in bold, the running total below; (d) marks the dealer, "
    "the player who went out is shaded. Board: the chips left on it after the hand.":
        "Elk vak: de netto fiches van het spel vet, het lopende totaal eronder; (d) is de "
        "deler, wie uitging is gekleurd. Bord: de fiches die er na het spel op liggen.",
    "On the board now:": "Nu op het bord:",
    "No hand has been entered yet.": "Er is nog geen spel ingevoerd.",
    "At the end the %(chips)s chips on the board were %(rule)s.":
        "Aan het eind werden de %(chips)s fiches op het bord %(rule)s.",
    "The session is over. Thank you!": "De partij is voorbij. Dank je wel!",
    "Bonanza Rummy is played by two to nine players; ask the organizer to seat this table "
    "again.":
        "Bonanza Rummy speel je met twee tot negen spelers; vraag de organisator deze tafel "
        "opnieuw in te delen.",
    "Who deals the first hand?": "Wie deelt het eerste spel?",
    "The deal passes to the left each hand.": "Het delen gaat elk spel een plaats naar links.",
    "Poker: %%s chips for the best hand.": "Poker: %%s fiches voor de beste hand.",
    "The board": "Het bord",
    "Who took each section?": "Wie won welk vak?",
    "The widow": "De blinde",
    "Played by the dealer, or sold to": "Gespeeld door de deler, of verkocht aan",
    "Poker": "Poker",
    "Who had the best hand?": "Wie had de beste hand?",
    "Going out": "Uitgaan",
    "Who went out first?": "Wie ging als eerste uit?",
    "Cards left in each other player's hand": "Kaarten over in de hand van de anderen",
    "Net chips so far": "Netto fiches tot nu toe",
    "End the session": "De partij beëindigen",
    "End the session and settle the board": "Partij beëindigen en het bord verdelen",
    "Hands so far": "Spellen tot nu toe",
    "Undo the last hand": "Laatste spel terugnemen",
    "Reopen the session": "De partij heropenen",
    "The %(chips)s chips left on the board were %(rule)s:":
        "De %(chips)s fiches die op het bord lagen werden %(rule)s:",
    "Hand %(n)s": "Spel %(n)s",
    "%(name)s deals.": "%(name)s deelt.",
    "%(n)s carried": "%(n)s over",
    "Every player puts %(n)s chip on each section; what nobody took stays on the board.": (
        "Elke speler legt %(n)s fiche op elk vak; wat niemand won blijft op het bord liggen.",
        "Elke speler legt %(n)s fiches op elk vak; wat niemand won blijft op het bord liggen.",
    ),
    "%(n)s chip": ("%(n)s fiche", "%(n)s fiches"),
    "Who played (each adds %(n)s chip)?": (
        "Wie pokerde mee (elk legt %(n)s fiche in)?",
        "Wie pokerde mee (elk legt %(n)s fiches in)?",
    ),
    "Poker: %(n)s chip, plus the stakes, for the best hand; nobody played: it stays on the "
    "board.": (
        "Poker: %(n)s fiche, plus de inzetten, voor de beste hand; pokerde niemand, dan blijft "
        "het liggen.",
        "Poker: %(n)s fiches, plus de inzetten, voor de beste hand; pokerde niemand, dan blijft "
        "het liggen.",
    ),
    "Whoever went out takes the Bonanza section (%(n)s chip) and one chip per card left from "
    "each other player; an empty box counts as 0.": (
        "Wie uitging krijgt het vak Bonanza (%(n)s fiche) en van elke andere speler één fiche "
        "per kaart die die nog had; een leeg vak telt als 0.",
        "Wie uitging krijgt het vak Bonanza (%(n)s fiches) en van elke andere speler één fiche "
        "per kaart die die nog had; een leeg vak telt als 0.",
    ),
    "Save hand %(n)s": "Spel %(n)s opslaan",
    "%(n)s chip is left on the board: %(rule)s.": (
        "Er ligt %(n)s fiche op het bord: %(rule)s.",
        "Er liggen %(n)s fiches op het bord: %(rule)s.",
    ),
    "%(name)s went out last.": "%(name)s ging als laatste uit.",
    # Blank score sheet
    "Who took the section (– nobody)": "Wie won het vak (– niemand)",
    "Widow and poker": "Blinde en poker",
    "Widow sold to / price": "Blinde verkocht aan / prijs",
    "Poker: who played": "Poker: wie pokerde mee",
    "Poker: best hand": "Poker: beste hand",
    "Went out": "Ging uit",
    "Cards left: %(name)s": "Kaarten over: %(name)s",
    "Every player puts the ante on each of the ten sections every hand; a section nobody "
    "takes stays on the board. A sold widow: the buyer pays the dealer. Each poker player adds "
    "the stake; the best hand takes the poker section. Whoever goes out takes the Bonanza "
    "section and one chip per card left from each other player. The deal passes to the left "
    "each hand.":
        "Elke speler legt elk spel de inleg op elk van de tien vakken; een vak dat niemand wint "
        "blijft liggen. Een verkochte blinde: de koper betaalt de deler. Wie meepokert legt de "
        "inzet in; de beste hand wint het pokervak. Wie uitgaat krijgt het vak Bonanza en van "
        "elke andere speler één fiche per kaart die die nog heeft. Het delen gaat elk spel een "
        "plaats naar links.",
    # Paper copy
    "Copy each hand from the sheet: who took each section, the widow, the poker, who went out "
    "and the cards left in the other hands. Leave the hands not played empty. The game checks "
    "the whole sheet before it is saved.":
        "Neem elk spel over van het papier: wie welk vak won, de blinde, het poker, wie uitging "
        "en de kaarten die de anderen nog hadden. Laat de spellen die niet gespeeld zijn leeg. "
        "Het spel controleert het hele blad voordat het wordt opgeslagen.",
    "More hands": "Meer spellen",
    "The chips left on the board are then %(rule)s.":
        "De fiches die op het bord liggen worden dan %(rule)s.",
    "Fill in the hands from hand 1 on, without gaps.":
        "Vul de spellen in vanaf spel 1, zonder gaten.",
    "Hand %(n)s: %(problem)s": "Spel %(n)s: %(problem)s",
    "Who dealt the first hand?": "Wie deelde het eerste spel?",
    "The session is over: settle the board": "De partij is voorbij: verdeel het bord",
    # Views and forms
    "shared out equally; what cannot be shared goes to whoever went out last":
        "gelijk verdeeld; wat niet te verdelen is gaat naar wie als laatste uitging",
    "all to whoever went out last": "helemaal naar wie als laatste uitging",
    "The hand is not saved. Please check:": "Het spel is niet opgeslagen. Kijk even naar:",
    "Hand %(n)s is saved.": "Spel %(n)s is opgeslagen.",
    "The session is over; reopen it to add a hand.":
        "De partij is voorbij; heropen haar om een spel toe te voegen.",
    "The session is open again.": "De partij is weer open.",
    "The session is over; the board is settled.": "De partij is voorbij; het bord is verdeeld.",
    "nobody": "niemand",
    "the dealer plays it": "de deler speelt ze zelf",
    "%(name)s plays it": "%(name)s speelt ze zelf",
    "Widow": "Blinde",
    "Price paid to the dealer": "Prijs betaald aan de deler",
    "Who played poker": "Wie pokerde mee",
    "Best poker hand": "Beste pokerhand",
    "Who went out": "Wie ging uit",
    "Who went out? Tap the player.": "Wie ging uit? Tik de speler aan.",
    "Who went out? Every hand ends with one player out.":
        "Wie ging uit? Elk spel eindigt als één speler uitgaat.",
    "How many chips did the buyer pay?": "Hoeveel fiches betaalde de koper?",
    "Who bought the widow? Leave the price empty when the dealer plays it.":
        "Wie kocht de blinde? Laat de prijs leeg als de deler ze zelf speelt.",
    # The board's sections (Dutch card letters: B boer, V vrouw, H heer, A aas)
    "Joker": "Joker",
    "J♦ + Q♠": "♦B + ♠V",
    "Sequence": "Reeks",
    "10♦ + 2♠": "♦10 + ♠2",
    "A♠": "♠A",
    "K♥": "♥H",
    "Q♦": "♦V",
    "J♣": "♣B",
    "Bonanza": "Bonanza",
}
