"""The English and Dutch message templates, one pair per error code.

A key is an error code, or ``code/variant`` where one code needs a second wording (the code
stays the same, so clients that branch on codes never see the variant). Templates are
``str.format`` strings; errors.rule_error fills them with safe, already formatted values.

Words used in the Dutch texts: *spel* is one game (one contract played), *partij* the whole
session, *stoel* a seat (not *plaats*, which is also a place in the standings), *kiezer* the
chooser, *minspel* / *plusspel* a minus / plus contract,
*dubbelen* to double and *terugdubbelen* to double back.
"""

from games.seam import SHARED_MESSAGES

MESSAGES: dict[str, tuple[str, str]] = {
    **SHARED_MESSAGES,
    # The document as a whole.
    "wrong_game": (
        "This is a Bonken session; the document is for the game {name}.",
        "Dit is een Bonkenpartij; het document is voor het spel {name}.",
    ),
    "seats_type": (
        "seats must be a list of the 4 players, one per seat: their names (or at a table "
        "their ids).",
        "seats moet een lijst van de 4 spelers zijn, één per stoel: hun namen (of aan een "
        "tafel hun id's).",
    ),
    "games_type": (
        "games must be a list of games.",
        "games moet een lijst van spellen zijn.",
    ),
    "too_many_games": (
        "A session under {ruleset} has {limit} games; this one has {count}.",
        "Een partij volgens {ruleset} heeft {limit} spellen; deze heeft er {count}.",
    ),
    "totals_type": (
        "totals must be a list of 4 whole numbers, one per seat.",
        "totals moet een lijst van 4 gehele getallen zijn, één per stoel.",
    ),
    "totals_mismatch": (
        "The totals do not match the games, which add up to {computed}.",
        "De totalen kloppen niet met de spellen; die tellen op tot {computed}.",
    ),
    "totals_out_of_range": (
        "A session total lies between {low} and {high} under these rules ({seats}).",
        "Een eindtotaal ligt in deze spelregels tussen {low} en {high} ({seats}).",
    ),
    "not_zero_sum": (
        "A complete session adds up to 0; these scores add up to {total}.",
        "Een volledige partij telt op tot 0; deze scores tellen op tot {total}.",
    ),
    # One game: its contract and chooser.
    "game_type": (
        "A game must be an object with contract, chooser and counts, points or net.",
        "Een spel moet een object zijn met contract, chooser en counts, points of net.",
    ),
    "contract_missing": (
        "The contract is missing.",
        "Het contract ontbreekt.",
    ),
    "unknown_contract": (
        "Unknown contract {name}; {ruleset} has {known}.",
        "Onbekend contract {name}; {ruleset} kent {known}.",
    ),
    "contract_repeated": (
        "{contract} was already played in game {first}.",
        "{contract} is al gespeeld in spel {first}.",
    ),
    "chooser_missing": (
        "The chooser is missing.",
        "De kiezer ontbreekt.",
    ),
    "chooser_type": (
        "The chooser must be a seat number from 0 to 3.",
        "De kiezer moet een stoelnummer van 0 tot en met 3 zijn.",
    ),
    "chooser_out_of_range": (
        "There is no seat {seat}: a document numbers the four seats 0 to 3.",
        "Er is geen stoel {seat}: een document nummert de vier stoelen 0 tot en met 3.",
    ),
    "wrong_chooser": (
        "{expected} chooses this game, not {seat}.",
        "{expected} kiest dit spel, niet {seat}.",
    ),
    "wrong_chooser/passing": (
        "{expected} chooses this game, not {seat}: every minus contract has been played, so "
        "players who already chose their plus contract are passed.",
        "{expected} kiest dit spel, niet {seat}: alle minspellen zijn gespeeld, dus wie zijn "
        "plusspel al koos wordt overgeslagen.",
    ),
    "plus_contract_twice": (
        "{seat} already chose {previous}; each player chooses {limit}.",
        "{seat} koos al {previous}; elke speler kiest {limit}.",
    ),
    "minus_quota_exceeded": (
        "{seat} already chose {previous}; each player chooses {limit}.",
        "{seat} koos al {previous}; elke speler kiest {limit}.",
    ),
    "missing_plus_contract": (
        "{seat} has no later turn to choose a plus contract, so this game must be one.",
        "{seat} komt niet meer aan de beurt voor een plusspel, dus dit spel moet er een zijn.",
    ),
    "missing_plus_contract/session": (
        "{seat} did not choose a plus contract.",
        "{seat} heeft geen plusspel gekozen.",
    ),
    # One game: what was recorded.
    "level_missing": (
        "Record the game as counts, points or net.",
        "Noteer het spel als counts, points of net.",
    ),
    "level_ambiguous": (
        "Record the game at one level only; {levels} were given.",
        "Noteer het spel op één niveau; er zijn {levels} opgegeven.",
    ),
    "counts_type": (
        "counts must be a list of 4 whole numbers, one per seat.",
        "counts moet een lijst van 4 gehele getallen zijn, één per stoel.",
    ),
    "counts_type/kinds": (
        "counts for {contract} must be an object with {kinds}, each a list of 4 whole numbers.",
        "counts voor {contract} moet een object zijn met {kinds}, elk een lijst van 4 gehele "
        "getallen.",
    ),
    "counts_negative": (
        "A count cannot be negative ({seats}).",
        "Een aantal kan niet negatief zijn ({seats}).",
    ),
    "counts_sum": (
        "{contract}: the counts add up to {total}, but a deal has {units}.",
        "{contract}: de aantallen tellen op tot {total}, maar een spel heeft er {units}.",
    ),
    "counts_kind_unknown": (
        "{contract} has no card kind {name}; its kinds are {kinds}.",
        "{contract} kent geen kaartsoort {name}; de soorten zijn {kinds}.",
    ),
    "counts_kind_missing": (
        "{contract}: the counts for {kind} are missing.",
        "{contract}: de aantallen voor {kind} ontbreken.",
    ),
    "points_type": (
        "points must be a list of 4 whole numbers, one per seat.",
        "points moet een lijst van 4 gehele getallen zijn, één per stoel.",
    ),
    "net_type": (
        "net must be a list of 4 whole numbers, one per seat.",
        "net moet een lijst van 4 gehele getallen zijn, één per stoel.",
    ),
    "points_out_of_range": (
        "{contract}: points before doubling lie between {low} and {high} ({seats}).",
        "{contract}: punten zonder dubbels liggen tussen {low} en {high} ({seats}).",
    ),
    "net_out_of_range": (
        "{contract}: even after doubling a score lies between {low} and {high} ({seats}).",
        "{contract}: ook met dubbels ligt een score tussen {low} en {high} ({seats}).",
    ),
    "game_total": (
        "{contract}: the scores add up to {total}, but a deal always totals {expected}.",
        "{contract}: de scores tellen op tot {total}, maar een spel telt altijd op tot {expected}.",
    ),
    "sheet_type": (
        "sheet must be a list of rows, one per contract, each with contract and net.",
        "sheet moet een lijst van regels zijn, één per contract, elk met contract en net.",
    ),
    "sheet_row_type": (
        "A row of the sheet must be an object with contract and net.",
        "Een regel van het scoreblad moet een object zijn met contract en net.",
    ),
    "sheet_and_games": (
        "Give the games in play order or the sheet's rows per contract, not both.",
        "Geef de spellen in speelvolgorde of de regels van het scoreblad per contract, niet "
        "allebei.",
    ),
    "sheet_plus_contracts": (
        "The sheet has {count} plus contracts; the four players choose {most} in a session.",
        "Het scoreblad heeft {count} plusspellen; de vier spelers kiezen er {most} in een partij.",
    ),
    "level_missing/sheet": (
        "Write each player's score for this contract (net).",
        "Vul per speler de score voor dit contract in (net).",
    ),
    "net_impossible": (
        "{contract}: no deal and doubling gives the scores {scores}.",
        "{contract}: geen spel en geen dubbels geven de scores {scores}.",
    ),
    "not_multiple_of_unit": (
        "{contract}: scores are multiples of {unit} ({seats}).",
        "{contract}: scores zijn veelvouden van {unit} ({seats}).",
    ),
    "not_multiple_of_unit/totals": (
        "Session totals are multiples of {unit} under these rules ({seats}).",
        "Eindtotalen zijn in deze spelregels veelvouden van {unit} ({seats}).",
    ),
    # One game: the doubles.
    "doubles_type": (
        "doubles must be a list of [doubler, target] seat pairs.",
        "doubles moet een lijst van paren [dubbelaar, gedubbelde] zijn.",
    ),
    "doubles_type/entry": (
        "A double is a pair [doubler, target] of seat numbers.",
        "Een dubbel is een paar [dubbelaar, gedubbelde] van stoelnummers.",
    ),
    "too_many_doubles": (
        "At most 12 doubles, one per ordered pair of seats; {count} were given.",
        "Hoogstens 12 dubbels, één per geordend paar stoelen; er zijn er {count} opgegeven.",
    ),
    "double_seat_out_of_range": (
        "There is no seat {seat}: a document numbers the four seats 0 to 3.",
        "Er is geen stoel {seat}: een document nummert de vier stoelen 0 tot en met 3.",
    ),
    "self_double": (
        "{seat} cannot double themselves.",
        "{seat} kan zichzelf niet dubbelen.",
    ),
    "double_repeated": (
        "{doubler} doubles {target} more than once.",
        "{doubler} dubbelt {target} meer dan eens.",
    ),
    "chooser_may_only_double_back": (
        "{doubler} chose this game and may only double back, but {target} did not double "
        "{doubler}.",
        "{doubler} koos dit spel en mag alleen terugdubbelen, maar {target} heeft {doubler} "
        "niet gedubbeld.",
    ),
}
