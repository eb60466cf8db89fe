"""Dutch for the table's page without a network (the service worker, the manifest, the kept
games)."""

TR = {
    "Connection": "Verbinding",
    "Online: games are saved at once.": "Online: spellen worden meteen opgeslagen.",
    "Offline: games are kept on this phone and sent when the connection returns.":
        "Offline: spellen blijven op deze telefoon en gaan mee zodra er weer verbinding is.",
    "Sending the kept games…": "De bewaarde spellen worden verstuurd…",
    "Waiting to send ({n})": "Wacht op verzenden ({n})",
    "The kept games are sent ({n}).": "De bewaarde spellen zijn verstuurd ({n}).",
    "The session changed meanwhile (another phone or the organizer). Nothing was overwritten: "
    "choose what happens with your entry.":
        "De sessie is intussen veranderd (een andere telefoon of de organisator). Er is niets "
        "overschreven: kies wat er met jouw invoer gebeurt.",
    "The rules refused this entry when it was sent; nothing of it was saved.":
        "De spelregels keurden deze invoer af bij het versturen; er is niets van opgeslagen.",
    "This entry could not be sent (answer {status}); it stays on this phone.":
        "Deze invoer kon niet worden verstuurd (antwoord {status}); hij blijft op deze telefoon.",
    "This needs the connection; it is not kept offline.":
        "Hiervoor is verbinding nodig; dit wordt offline niet bewaard.",
    "First the kept games are sent; then this can be done.":
        "Eerst worden de bewaarde spellen verstuurd; daarna kan dit.",
    "{label}: fill this in.": "{label}: vul dit in.",
    "{label}: a number from {min} to {max}.": "{label}: een getal van {min} tot en met {max}.",
    "The counts add up to {got}, not {want}.": "De aantallen tellen op tot {got}, niet tot {want}.",
    "{name} may not bid {bid}: the bids would add up to the number of tricks.":
        "{name} mag geen {bid} bieden: dan tellen de biedingen op tot het aantal slagen.",
    "{cards} cards each; {name} deals and bids last.":
        "{cards} kaarten per speler; {name} deelt en biedt als laatste.",
    "Not kept: please check": "Niet bewaard: controleer",
    "What the server has": "Wat de server heeft",
    "What you entered": "Wat jij invoerde",
    "Discard mine": "Mijn invoer weggooien",
    "Send mine on top": "Mijn invoer erbovenop versturen",
    "Try again": "Opnieuw proberen",
    "Everything is entered; it is sent when the connection returns.":
        "Alles is ingevoerd; het gaat mee zodra er weer verbinding is.",
    "Offline this page checks that a chooser and a contract are picked, that every count is a "
    "number in range and that the counts add up to what the contract deals out. Which contracts "
    "the chooser may still pick, the doubles and the scores are checked when the game is sent.":
        "Offline controleert deze pagina dat er een kiezer en een spel gekozen zijn, dat elk "
        "aantal een geldig getal is en dat de aantallen optellen tot wat het spel uitdeelt. "
        "Welke spellen de kiezer nog mag kiezen, de dubbels en de punten worden gecontroleerd "
        "als het spel wordt verstuurd.",
    "Offline this page checks that every bid is given, that bids and tricks are numbers from 0 "
    "to the round's cards, that the tricks add up to the cards and the dealer's forbidden bid. "
    "The scores are counted when the round is sent.":
        "Offline controleert deze pagina dat elk bod is ingevuld, dat biedingen en slagen getallen "
        "zijn van 0 tot het aantal kaarten van de ronde, dat de slagen optellen tot het aantal "
        "kaarten en het verboden bod van de deler. De punten worden geteld als de ronde wordt "
        "verstuurd.",
    "Offline this page checks that every number is in range and that whoever went out holds no "
    "cards. Who may buy the widow, the poker and the chips are counted when the hand is sent.":
        "Offline controleert deze pagina dat elk getal geldig is en dat wie uitging geen kaarten "
        "meer heeft. Wie de blinde mag kopen, de poker en de fiches worden geteld als het spel "
        "wordt verstuurd.",
    "Offline this page checks that both team scores are numbers in range and that a winner is "
    "picked. The bell, the roll-offs and the rolls are checked when the result is sent.":
        "Offline controleert deze pagina dat beide teamscores geldige getallen zijn en dat er een "
        "winnaar is gekozen. De bel, de roll-offs en de worpen worden gecontroleerd als de "
        "uitslag wordt verstuurd.",
    "This entry's key was already used for a different entry.":
        "De sleutel van deze invoer is al gebruikt voor een andere invoer.",
    "Table %(n)s – %(event)s": "Tafel %(n)s – %(event)s",
}
