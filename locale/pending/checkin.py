"""Dutch for the door check-in (players check themselves in), to be merged into
locale/nl/LC_MESSAGES/django.po."""

TR = {
    # API
    "Send a JSON object.": "Stuur een JSON-object.",
    "Name the player.": "Noem de speler.",
    # The organizer's check-in page: arrivals at the door
    "At the door": "Bij de deur",
    "check-in taken back": "aanmelding teruggedraaid",
    ("Take back the check-in of %(name)s? The door will not check this name in again; you "
     "still can."):
        "De aanmelding van %(name)s terugdraaien? Bij de deur kan deze naam zich dan niet "
        "opnieuw aanmelden; jij nog wel.",
    "undo": "terugdraaien",
    "Undo the check-in of %(name)s": "Aanmelding van %(name)s terugdraaien",
    "Nobody checked in at the door yet; they appear here as they do.":
        "Nog niemand heeft zich bij de deur aangemeld; wie dat doet, verschijnt hier meteen.",
    "checked in at the door, %(time)s": "aangemeld bij de deur, %(time)s",
    "checked out": "afgemeld",
    "leaving after round %(n)s": "vertrekt na ronde %(n)s",
    "left after round %(n)s": "vertrokken na ronde %(n)s",
    "Players check themselves in with the door code:":
        "Spelers melden zich zelf aan met de deurcode:",
    "the door sign to print": "het deurbord om te printen",
    "the room's screen": "het zaalscherm",
    # Leaving and the seat
    "You leave after round %(n)s: the next round is seated without you.":
        "Je vertrekt na ronde %(n)s: de volgende ronde wordt zonder jou ingedeeld.",
    "Leave after this round? The next round is seated without you.":
        "Na deze ronde vertrekken? De volgende ronde wordt zonder jou ingedeeld.",
    "I'm staying after all": "Ik blijf toch",
    "I'm leaving after this round": "Ik vertrek na deze ronde",
    "You left after round %(n)s.": "Je bent na ronde %(n)s vertrokken.",
    "You are not checked in: scan the code at the door.":
        "Je bent niet aangemeld: scan de code bij de deur.",
    "You are not entered in an event that is on now. Scan the code at the door to check in.":
        "Je staat niet op de lijst van een evenement dat nu loopt. Scan de code bij de deur "
        "om je aan te melden.",
    "Table %(table)s, seat %(seat_no)s": "Tafel %(table)s, plaats %(seat_no)s",
    "With": "Met",
    "Open the table's page to score": "Open de tafelpagina om de score bij te houden",
    "Your table and seat appear here as soon as the round starts.":
        "Je tafel en plaats verschijnen hier zodra de ronde begint.",
    "You sit out this round.": "Je zit deze ronde over.",
    "My seat": "Mijn plaats",
    # The door page
    "Check in": "Aanmelden",
    "This event is finished; thank you for playing.":
        "Dit evenement is afgelopen; bedankt voor het spelen.",
    "%(name)s, you are checked in": "%(name)s, je bent aangemeld",
    "Signed in as %(name)s.": "Ingelogd als %(name)s.",
    "Check me in": "Meld mij aan",
    "Your login is not linked to a player; ask the organizer to check you in.":
        "Je login hoort niet bij een speler; vraag de organisator je aan te melden.",
    "or pick your name below": "of kies hieronder je naam",
    "This event asks players to sign in to check in. No login? The organizer checks you in.":
        "Bij dit evenement log je in om je aan te melden. Geen login? De organisator meldt "
        "je aan.",
    "Who are you?": "Wie ben jij?",
    "Pick your own name: one name per phone. The organizer sees who checked in here.":
        "Kies je eigen naam: één naam per telefoon. De organisator ziet wie zich hier "
        "aanmeldt.",
    "Find your name": "Zoek je naam",
    "Sign in to check in %(name)s": "Log in om %(name)s aan te melden",
    "sign in": "inloggen",
    "Check in as %(name)s?": "Aanmelden als %(name)s?",
    "I am %(name)s: check in": "Ik ben %(name)s: aanmelden",
    "that's me": "dat ben ik",
    "The club has no players yet.": "De club heeft nog geen spelers.",
    "Not on the list? The organizer registers you.":
        "Sta je er niet bij? De organisator schrijft je in.",
    "This door link does not work": "Deze deurlink werkt niet",
    "The organizer made a new door link, or the link was typed with a mistake.":
        "De organisator heeft een nieuwe deurlink gemaakt, of de link is verkeerd "
        "overgetypt.",
    "Scan the code on the screen or on the door sign again, or ask the organizer to check you in.":
        "Scan de code op het scherm of op het deurbord opnieuw, of vraag de organisator je "
        "aan te melden.",
    # The door sign
    "Door sign": "Deurbord",
    "Check in here": "Meld je hier aan",
    ("Scan the code with your phone, pick your name or sign in, and tap check in. Your "
     "table and seat appear on your phone when the round starts."):
        "Scan de code met je telefoon, kies je naam of log in, en tik op aanmelden. Je tafel "
        "en plaats verschijnen op je telefoon zodra de ronde begint.",
    "Print the door sign": "Deurbord printen",
    "The room's screen (shows the code too)": "Het zaalscherm (toont de code ook)",
    "The door": "De deur",
    "Only signed-in players may check in at the door.":
        "Alleen ingelogde spelers kunnen zich bij de deur aanmelden.",
    "Let players check in without signing in": "Aanmelden zonder inloggen toestaan",
    "Players check in by picking their name (one name per phone) or by signing in.":
        "Spelers melden zich aan door hun naam te kiezen (één naam per telefoon) of door in "
        "te loggen.",
    "Require signing in": "Inloggen verplichten",
    "Make a new door link? The old link, its printed signs and open door pages stop working.":
        "Een nieuwe deurlink maken? De oude link, de geprinte deurborden en open "
        "deurpagina's werken dan niet meer.",
    "A new link ends the old one: use it when the link went round where it should not.":
        "Een nieuwe link maakt de oude ongeldig: gebruik dit als de link is rondgegaan waar "
        "dat niet hoort.",
    "Renew the door link": "Deurlink vernieuwen",
    # The room's screen
    "QR code of the door link": "QR-code van de deurlink",
    "Check in: scan the code": "Aanmelden: scan de code",
    "Pick your name or sign in; your table appears on your phone.":
        "Kies je naam of log in; je tafel verschijnt op je telefoon.",
    # Service messages
    ("This door link is not (or no longer) valid: scan the code on the screen or at the "
     "door, or ask the organizer."):
        "Deze deurlink is niet (meer) geldig: scan de code op het scherm of bij de deur, of "
        "vraag het de organisator.",
    "Pick your name, or sign in with a login that belongs to a player.":
        "Kies je naam, of log in met een login die bij een speler hoort.",
    "%(name)s is not a member of this club.": "%(name)s is geen lid van deze club.",
    "Signed in, you check in yourself only; ask the organizer for someone else.":
        "Ingelogd meld je alleen jezelf aan; vraag de organisator voor iemand anders.",
    "This event asks players to sign in to check in.":
        "Bij dit evenement log je in om je aan te melden.",
    "%(name)s has a login: sign in to check in.":
        "%(name)s heeft een login: log in om je aan te melden.",
    "This phone has no door id: allow cookies, or sign in.":
        "Deze telefoon heeft geen deur-id: sta cookies toe, of log in.",
    ("This phone already checked in %(name)s. Every player checks in on their own phone, "
     "or at the organizer's table."):
        "Met deze telefoon is %(name)s al aangemeld. Iedere speler meldt zich aan op de eigen "
        "telefoon, of bij de tafel van de organisator.",
    "The organizer took back the check-in of %(name)s; ask the organizer.":
        "De organisator heeft de aanmelding van %(name)s teruggedraaid; vraag het de "
        "organisator.",
    "This event is finished.": "Dit evenement is afgelopen.",
    "%(name)s did not check in at the door.": "%(name)s heeft zich niet bij de deur aangemeld.",
    "Only the player themselves or the organizer may say this.":
        "Alleen de speler zelf of de organisator kan dit doorgeven.",
    "The round after round %(round)s is already seated without %(name)s; ask the organizer.":
        "De ronde na ronde %(round)s is al ingedeeld zonder %(name)s; vraag het de "
        "organisator.",
    "%(name)s is not checked in.": "%(name)s is niet aangemeld.",
    # Model fields
    "door link": "deurlink",
    "sign-in required at the door": "inloggen verplicht bij de deur",
    "checked in at the door": "aangemeld bij de deur",
    "door phone": "telefoon bij de deur",
    "door check-in taken back": "aanmelding bij de deur teruggedraaid",
    "leaving after round": "vertrekt na ronde",
    # Messages on the pages
    "Too many check-ins from here; try again in %(minutes)s minutes, or ask the organizer.":
        "Te veel aanmeldingen vanaf hier; probeer het over %(minutes)s minuten opnieuw, of "
        "vraag het de organisator.",
    "That name is not on the list (any more).": "Die naam staat niet (meer) op de lijst.",
    "Welcome, %(name)s: you are checked in.": "Welkom, %(name)s: je bent aangemeld.",
    "%(name)s, you were already checked in.": "%(name)s, je was al aangemeld.",
    "Check in first.": "Meld je eerst aan.",
    "Noted: you leave after round %(n)s. Thank you for playing!":
        "Genoteerd: je vertrekt na ronde %(n)s. Bedankt voor het spelen!",
    "Noted: you stay.": "Genoteerd: je blijft.",
    "The door has a new link: the old one no longer works. Print the new sign.":
        "De deur heeft een nieuwe link: de oude werkt niet meer. Print het nieuwe deurbord.",
    "Players now sign in to check in at the door.":
        "Spelers loggen nu in om zich bij de deur aan te melden.",
    "Players may check in at the door without signing in.":
        "Spelers kunnen zich bij de deur aanmelden zonder in te loggen.",
    "Say whose check-in to take back.": "Zeg welke aanmelding teruggedraaid moet worden.",
    "The check-in of %(name)s is taken back.": "De aanmelding van %(name)s is teruggedraaid.",
}
