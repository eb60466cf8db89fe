"""The English and Dutch messages of Bonko, one pair per error code (``games.seam.Catalogue``).

A key is an error code, or ``code/variant`` for a second wording of the same code (clients that
branch on codes never see the variant). Templates are ``str.format`` strings filled with safe,
already formatted values; ``{team}`` and ``{seats}`` name the players when they are known, else
count seats from 1 ("seat 2", Dutch "stoel 2").

Dutch words: *tafel* a table, *koningstafel* the King's table, *ronde* a round, *set* a set of
rounds, *bel* the bell, *worp* a roll, *dobbelsteen* a die, *uitgooisessie* a roll-off session.
"""

from __future__ import annotations

from games.seam import SHARED_MESSAGES, Catalogue

MESSAGES: dict[str, tuple[str, str]] = {
    **SHARED_MESSAGES,
    # The document as a whole.
    "document_type": (
        "The result document must be a JSON object.",
        "Het uitslagdocument moet een JSON-object zijn.",
    ),
    "unknown_game": (
        "This is a Bonko table; the document is for the game {name}.",
        "Dit is een Bonkotafel; het document is voor het spel {name}.",
    ),
    "seats_mismatch": (
        "A Bonko table seats 4 players; {count} names were given.",
        "Aan een Bonkotafel zitten 4 spelers; er zijn {count} namen opgegeven.",
    ),
    "seats_mismatch/one": (
        "A Bonko table seats 4 players; 1 name was given.",
        "Aan een Bonkotafel zitten 4 spelers; er is 1 naam opgegeven.",
    ),
    "flag_type": (
        "{name} must be true or false.",
        "{name} moet true of false zijn.",
    ),
    "set_range": (
        "set must be a whole number from 1 to {sets}: the set of rounds this round belongs to.",
        "set moet een geheel getal van 1 tot en met {sets} zijn: de set waartoe deze ronde hoort.",
    ),
    "round_range": (
        "round must be a whole number from 1 to {rounds}: a set has {rounds} rounds.",
        "round moet een geheel getal van 1 tot en met {rounds} zijn: een set heeft {rounds} "
        "rondes.",
    ),
    # The teams and their scores.
    "teams_shape": (
        "teams must be a list of two teams, each an object with seats, score and rolloff.",
        "teams moet een lijst van twee teams zijn, elk een object met seats, score en rolloff.",
    ),
    "teams_shape/team": (
        "Team {number} must be an object with seats, score and rolloff.",
        "Team {number} moet een object zijn met seats, score en rolloff.",
    ),
    "teams_shape/seats": (
        "Team {number}: seats must be two different seats of the table.",
        "Team {number}: seats moet twee verschillende stoelen van de tafel zijn.",
    ),
    "teams_shape/cover": (
        "Every player at the table plays in exactly one team; not so for {seats}.",
        "Elke speler aan de tafel speelt in precies één team; niet zo voor {seats}.",
    ),
    "score_range": (
        "The score of {team} must be a whole number of 0 or more.",
        "De score van {team} moet een geheel getal van 0 of meer zijn.",
    ),
    "score_range/rolloff": (
        "Roll-off session {session} of {team}: the points must be a whole number of 0 or more.",
        "Uitgooisessie {session} van {team}: de punten moeten een geheel getal van 0 of meer zijn.",
    ),
    # Roll-offs.
    "rolloff_length": (
        "Both teams play the same roll-off sessions; {first} has {first_count} and {second} "
        "has {second_count}.",
        "Beide teams spelen dezelfde uitgooisessies; {first} heeft er {first_count} en "
        "{second} heeft er {second_count}.",
    ),
    "rolloff_length/type": (
        "rolloff of {team} must be a list of points, one per roll-off session.",
        "rolloff van {team} moet een lijst van punten zijn, één per uitgooisessie.",
    ),
    "rolloff_not_tied": (
        "In roll-off session {session} the teams scored {first_score} and {second_score}: "
        "only the last session may break the tie.",
        "In uitgooisessie {session} scoorden de teams {first_score} en {second_score}: alleen "
        "de laatste sessie mag de gelijke stand breken.",
    ),
    "rolloff_not_tied/scores": (
        "The scores differ ({first_score} to {second_score}), so there is no roll-off; "
        "rolloff must be empty.",
        "De scores verschillen ({first_score} tegen {second_score}), dus er is geen uitgooi; "
        "rolloff moet leeg zijn.",
    ),
    "rolloff_needed": (
        "Roll-off needed: {first} is level with {second} at {score}; enter the points of the "
        "roll-off, until one team leads.",
        "Uitgooien nodig: {first} staat gelijk met {second} op {score}; vul de punten van het "
        "uitgooien in, tot één team voor staat.",
    ),
    "rolloff_tied": (
        "Still level: after the last roll-off session {first} is level with {second} at "
        "{score}; roll off again until one team leads.",
        "Nog steeds gelijk: na de laatste uitgooisessie staat {first} gelijk met {second} op "
        "{score}; gooi opnieuw uit tot één team voor staat.",
    ),
    "king_below_bell": (
        "The King's table plays to the bell: its winners have at least {bell} points; "
        "{team} has {score}.",
        "De koningstafel speelt tot de bel: de winnaars hebben minstens {bell} punten; "
        "{team} heeft er {score}.",
    ),
    "king_below_bell/level": (
        "The King's table plays to the bell: its winners have at least {bell} points, but "
        "{first} and {second} are level at {score}; check the scores.",
        "De koningstafel speelt tot de bel: de winnaars hebben minstens {bell} punten, maar "
        "{first} en {second} staan gelijk op {score}; controleer de scores.",
    ),
    # The rolls.
    "rolls_type": (
        "rolls must be a list of rolls, each an object with seat, dice and called.",
        "rolls moet een lijst van worpen zijn, elk een object met seat, dice en called.",
    ),
    "rolls_type/roll": (
        "Roll {roll} must be an object with seat, dice and called.",
        "Worp {roll} moet een object zijn met seat, dice en called.",
    ),
    "rolls_type/called": (
        "Roll {roll}: called must be true or false.",
        "Worp {roll}: called moet true of false zijn.",
    ),
    "rolls_type/rolloff": (
        "Roll {roll}: rolloff is the roll-off session the roll was made in, from 1 to {sessions}.",
        "Worp {roll}: rolloff is de uitgooisessie waarin de worp viel, van 1 tot en met "
        "{sessions}.",
    ),
    "rolls_type/no_rolloff": (
        "Roll {roll}: rolloff names a roll-off session, but there was no roll-off.",
        "Worp {roll}: rolloff noemt een uitgooisessie, maar er is niet uitgegooid.",
    ),
    "dice_range": (
        "Roll {roll}: dice must be three dice, each showing 1 to 6.",
        "Worp {roll}: dice moet drie dobbelstenen zijn, elk met 1 tot en met 6 ogen.",
    ),
    "roll_seat": (
        "Roll {roll}: seat must be one of the table's four seats.",
        "Worp {roll}: seat moet een van de vier stoelen van de tafel zijn.",
    ),
    "rolls_sum": (
        "The rolls of {team} add up to {total}, but its score is {score}.",
        "De worpen van {team} tellen op tot {total}, maar de score is {score}.",
    ),
    "rolls_sum/rolloff": (
        "The rolls of {team} in roll-off session {session} add up to {total}, but its "
        "roll-off points are {score}.",
        "De worpen van {team} in uitgooisessie {session} tellen op tot {total}, maar de "
        "uitgooipunten zijn {score}.",
    ),
    # The Bonkos.
    "bonkos_range": (
        "bonkos must be a list of 4 whole numbers of 0 or more, one per seat.",
        "bonkos moet een lijst van 4 gehele getallen van 0 of meer zijn, één per stoel.",
    ),
    "bonkos_range/points": (
        "The Bonkos of {team} ({count}) are worth {points} points, more than its {score} points.",
        "De Bonko's van {team} ({count}) zijn {points} punten waard, meer dan de {score} "
        "punten van het team.",
    ),
    "bonkos_mismatch": (
        "Bonkos called by {seats}: {count} in bonkos, but {rolled} in the rolls.",
        "Bonko's geroepen door {seats}: {count} volgens bonkos, maar {rolled} volgens de worpen.",
    ),
}

CATALOGUE = Catalogue(MESSAGES)
