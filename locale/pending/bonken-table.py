"""Dutch for Bonken's table page on a phone and the paper sheet per contract (branch
bonken-table)."""

TR = {
    "Any player may choose the first game.": "Iedere speler mag het eerste spel kiezen.",
    "The holder of the seven of spades chooses the first game.":
        "Wie schoppen zeven heeft, kiest het eerste spel.",
    "<strong>%(chooser)s</strong> chooses, %(dealer)s deals, %(doubler)s doubles first and "
    "%(leader)s leads.":
        "<strong>%(chooser)s</strong> kiest, %(dealer)s deelt, %(doubler)s dubbelt als eerste "
        "en %(leader)s komt uit.",
    "Who took it?": "Wie heeft hem?",
    "Who took the 7th trick?": "Wie haalde de 7e slag?",
    "Who took the 13th trick?": "Wie haalde de 13e slag?",
    "Who took number %(n)s?": "Wie heeft nummer %(n)s?",
    "Tap who took it.": "Tik aan wie hem heeft.",
    "(tap to open; none is fine)": "(tik om te openen; geen dubbels mag ook)",
    "Points per contract, as on the club's sheet":
        "Punten per spelsoort, zoals op het scoreblad van de club",
    "Points per game, in the order played": "Punten per gespeeld spel, in speelvolgorde",
    "One less for %(name)s": "Eén minder voor %(name)s",
    "One more for %(name)s": "Eén meer voor %(name)s",
    "%s heart left": "nog %s hart",
    "%s hearts left": "nog %s harten",
    "%s king or jack left": "nog %s heer of boer",
    "%s kings and jacks left": "nog %s heren en boeren",
    "%s queen left": "nog %s vrouw",
    "%s queens left": "nog %s vrouwen",
    "%s trick left": "nog %s slag",
    "%s tricks left": "nog %s slagen",
    "%s left to assign": "nog %s te verdelen",
    "%s too many.": "%s te veel.",
    "Everything is assigned.": "Alles is verdeeld.",
    "played or not yours to choose": "gespeeld, of niet aan deze kiezer",
    "One row per contract with each player's points after doubling; leave the contract that "
    "was not played empty. The sheet does not say who chose or in which order, and neither "
    "will the result.":
        "Eén regel per spelsoort met de punten van elke speler na het dubbelen; laat de spelsoort "
        "die niet gespeeld is leeg. Het scoreblad zegt niet wie koos of in welke volgorde, en de "
        "uitslag dus ook niet.",
    "This session was copied from a paper sheet, contract by contract.":
        "Deze partij is per spelsoort overgenomen van een papieren scoreblad.",
    "Write the points after doubling as the sheet has them: per contract, per game in the "
    "order played, or only the four totals. Saving replaces what was entered for this table; "
    "the earlier version stays in the history.":
        "Noteer de punten na het dubbelen zoals het scoreblad ze heeft: per spelsoort, per spel in "
        "speelvolgorde, of alleen de vier totalen. Opslaan vervangt wat voor deze tafel was "
        "ingevoerd; de vorige versie blijft in de geschiedenis.",
}
