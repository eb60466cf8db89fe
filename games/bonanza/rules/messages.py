"""The English and Dutch message templates, one pair per error code.

A key is an error code, or ``code/variant`` where one code needs a second wording (the code
stays the same, so clients that branch on codes never see the variant). Templates are
``str.format`` strings filled with safe, already formatted values (``games.seam``).

Words used in the Dutch texts, the same as on Bonanza's pages: *partij* the whole session,
*hand* one hand (the rules' word; *handen* more than one), *stoel* a seat, *deler* the dealer,
*bord* the board, *vak* a section of it, *fiches* chips, *de blinde* the widow (the extra hand
the dealer is dealt), *inzet* a poker stake, *uitgaan* going out.
"""

from games.seam import SHARED_MESSAGES

MESSAGES: dict[str, tuple[str, str]] = {
    **SHARED_MESSAGES,
    # The document as a whole.
    "unknown_game": (
        'This is a Bonanza Rummy session (game "bonanza"); the document is for the game {name}.',
        'Dit is een partij Bonanza Rummy (game "bonanza"); het document is voor het spel {name}.',
    ),
    "seats_range": (
        "seats is the number of players at the table, a whole number from 2 to 9, not {value}.",
        "seats is het aantal spelers aan tafel, een geheel getal van 2 tot en met 9, niet {value}.",
    ),
    "seats_range/missing": (
        "seats, the number of players at the table (2 to 9), is missing.",
        "seats, het aantal spelers aan tafel (2 tot en met 9), ontbreekt.",
    ),
    "seats_range/names": (
        "Bonanza Rummy is played by 2 to 9 players, not {count}.",
        "Bonanza Rummy speel je met 2 tot en met 9 spelers, niet met {count}.",
    ),
    "seats_mismatch": (
        "The document is for {value} seats, but {count} players sit at this table.",
        "Het document is voor {value} stoelen, maar aan deze tafel zitten {count} spelers.",
    ),
    "first_dealer_range": (
        "first_dealer is the seat number of the first hand's dealer, 0 to {last}, not {value}.",
        "first_dealer is het stoelnummer van de deler van de eerste hand, 0 tot en met {last}, "
        "niet {value}.",
    ),
    "hands_type": (
        "hands must be a list of hands in play order.",
        "hands moet een lijst van handen in speelvolgorde zijn.",
    ),
    "end_type": (
        "end must be null while the session goes on, or once it is over an object with the "
        'leftover rule ("split" or "last_winner").',
        "end moet null zijn zolang de partij doorgaat, of als ze voorbij is een object met de "
        'regel voor de overgebleven fiches ("split" of "last_winner").',
    ),
    "leftover_rule": (
        'The chips left on the board are settled by "split" or "last_winner", not {name}.',
        'De fiches die op het bord blijven liggen worden verdeeld met "split" of '
        '"last_winner", niet met {name}.',
    ),
    "end_without_hands": (
        "A session cannot end before its first hand has been played.",
        "Een partij kan niet eindigen voordat de eerste hand gespeeld is.",
    ),
    # One hand.
    "hand_type": (
        "A hand must be an object with widow, poker, sections and out.",
        "Een hand moet een object zijn met widow, poker, sections en out.",
    ),
    "widow_type": (
        "widow must be null when the dealer keeps the widow, or an object with buyer and price "
        "when it is sold.",
        "widow moet null zijn als de deler de blinde houdt, of een object met buyer en price "
        "als de blinde verkocht is.",
    ),
    "widow_buyer": (
        "The widow's buyer {value} is not a seat; seat numbers run from 0 to {last}.",
        "De koper van de blinde, {value}, is geen stoel; de stoelnummers lopen van 0 tot en "
        "met {last}.",
    ),
    "widow_buyer_dealer": (
        "The dealer ({seat}) cannot buy the widow from themselves.",
        "De deler ({seat}) kan de blinde niet van zichzelf kopen.",
    ),
    "widow_price": (
        "The widow's price is a positive whole number of chips, not {value}.",
        "De prijs van de blinde is een positief geheel aantal fiches, niet {value}.",
    ),
    "poker_type": (
        "poker must be null when nobody plays poker, or an object with entrants and winner.",
        "poker moet null zijn als niemand pokert, of een object met entrants en winner.",
    ),
    "poker_entrants": (
        "poker.entrants must be a list of the seats that played poker.",
        "poker.entrants moet een lijst zijn van de stoelen die meepokerden.",
    ),
    "poker_entrants/seat": (
        "The poker entrant {value} is not a seat; seat numbers run from 0 to {last}.",
        "De pokerdeelnemer {value} is geen stoel; de stoelnummers lopen van 0 tot en met {last}.",
    ),
    "poker_entrants/repeated": (
        "The poker entrants list {seat} more than once.",
        "Bij de pokerdeelnemers staat {seat} meer dan eens.",
    ),
    "poker_winner": (
        "The poker winner must be one of the entrants ({entrants}), not {value}.",
        "De winnaar van het poker moet een van de deelnemers zijn ({entrants}), niet {value}.",
    ),
    "poker_winner/missing": (
        "Who won the poker? The winner is missing.",
        "Wie won het poker? De winnaar ontbreekt.",
    ),
    "poker_winner/nobody": (
        "Nobody played poker, so nobody can win it ({value} was given).",
        "Niemand pokerde, dus niemand kan het poker winnen ({value} opgegeven).",
    ),
    "sections_type": (
        "sections must be an object naming, per section, the seat that took it (or null).",
        "sections moet een object zijn dat per vak de stoel noemt die het won (of null).",
    ),
    "unknown_section": (
        "Unknown section {name}; sections are {known}.",
        "Onbekend vak {name}; de vakken zijn {known}.",
    ),
    "unknown_section/settled": (
        "The {name} section is not listed under sections: {how}.",
        "Het vak {name} hoort niet onder sections: {how}.",
    ),
    "section_winner": (
        "The winner of {section} must be a seat number from 0 to {last} (or null), not {value}.",
        "De winnaar van {section} moet een stoelnummer van 0 tot en met {last} zijn (of null), "
        "niet {value}.",
    ),
    "out_type": (
        "Every hand ends with one player going out: out must be an object with seat and "
        "cards_left.",
        "Elke hand eindigt als één speler uitgaat: out moet een object zijn met seat en "
        "cards_left.",
    ),
    "out_seat": (
        "The player who went out must be a seat number from 0 to {last}, not {value}.",
        "Wie uitging moet een stoelnummer van 0 tot en met {last} zijn, niet {value}.",
    ),
    "out_seat/missing": (
        "Who went out? out.seat is missing.",
        "Wie ging er uit? out.seat ontbreekt.",
    ),
    "cards_length": (
        "cards_left must be a list of {count} whole numbers, the cards each seat still held.",
        "cards_left moet een lijst van {count} gehele getallen zijn: de kaarten die elke stoel "
        "nog had.",
    ),
    "cards_length/unknown": (
        "cards_left must be a list of whole numbers, the cards each seat still held.",
        "cards_left moet een lijst van gehele getallen zijn: de kaarten die elke stoel nog had.",
    ),
    "out_cards": (
        "The player who went out ({seat}) has 0 cards left, not {value}.",
        "Wie uitging ({seat}) heeft 0 kaarten over, niet {value}.",
    ),
    "out_cards/range": (
        "The cards left of {seat} must be a whole number from 0 to {high}, not {value}.",
        "Het aantal kaarten over van {seat} moet een geheel getal van 0 tot en met {high} "
        "zijn, niet {value}.",
    ),
}
