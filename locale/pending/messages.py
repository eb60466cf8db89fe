"""Dutch for the service's error messages, written once as catalogue msgids (English) in
the code: ``Text(_("..."), name=value)`` or ``problem(code, _("..."))``."""

TR = {
    "%(count)s players are checked in; a table of this game needs at least %(smallest)s.":
        ("Er zijn %(count)s spelers aangemeld; een tafel van dit spel vraagt er minstens "
         "%(smallest)s."),
    ("%(count)s teams are here; a Bonko table needs two. Pair the players who are here into teams "
     "first."):
        ("Er zijn %(count)s teams; een Bonko-tafel vraagt er twee. Deel de aanwezige spelers "
         "eerst in teams in."),
    "%(event)s plays %(game)s, which has no teams.":
        "%(event)s speelt %(game)s, dat geen teams kent.",
    "%(event)s plays %(game)s, which is not played in sets.":
        "%(event)s speelt %(game)s, dat niet in sets gespeeld wordt.",
    "%(keep)s and %(merged)s both played in round %(round)s of %(event)s: they are two people.":
        ("%(keep)s en %(merged)s speelden allebei in ronde %(round)s van %(event)s: het zijn twee "
         "mensen."),
    "%(keep)s and %(merged)s cannot be merged: both appear in the same %(what)s.":
        ("%(keep)s en %(merged)s kunnen niet worden samengevoegd: ze staan allebei in dezelfde "
         "%(what)s."),
    "%(keep)s and %(merged)s each have a login: they are two people.":
        "%(keep)s en %(merged)s hebben elk een login: het zijn twee mensen.",
    "%(member)s is here tonight: pair them as a player, not as a substitute.":
        "%(member)s is er vanavond: deel die in als speler, niet als invaller.",
    ("%(name)s is the last organizer of %(club)s: make another member an organizer first, so that "
     "someone can still run the club."):
        ("%(name)s is de laatste organisator van %(club)s: maak eerst een ander lid organisator, "
         "zodat iemand de club kan blijven beheren."),
    "%(name)s must be a whole number from %(low)s to %(highest)s.":
        "%(name)s moet een geheel getal van %(low)s tot %(highest)s zijn.",
    "%(player)s already has a partner tonight.": "%(player)s heeft vanavond al een partner.",
    "%(player)s already plays in this round.": "%(player)s speelt al mee in deze ronde.",
    "%(player)s already sits at a table in this round.":
        "%(player)s zit in deze ronde al aan een tafel.",
    ("%(player)s belongs to another club. A player joins a second club only with the consent of a "
     "club that has them or of the player: an organizer of one of their clubs, or the player "
     "signed in, lets this club add them first. Otherwise register a new player in this club."):
        ("%(player)s hoort bij een andere club. Een speler wordt alleen lid van een tweede club "
         "met instemming van een club waar die lid is of van de speler zelf: een organisator van "
         "een van diens clubs, of de speler (ingelogd), staat deze club eerst toe de speler toe "
         "te voegen. Registreer anders een nieuwe speler in deze club."),
    ("%(player)s has no login, so they cannot sign in to enter results; give them a login first "
     "(or hand out the table's scoring link)."):
        ("%(player)s heeft geen inlog en kan dus niet inloggen om uitslagen in te voeren; geef "
         "eerst een inlog (of geef de scorelink van de tafel)."),
    ("%(player)s has played (seatings or results refer to them); results are evidence, so the "
     "player cannot be deleted. End their membership instead."):
        ("%(player)s heeft gespeeld (indelingen of uitslagen verwijzen naar deze speler); "
         "uitslagen zijn bewijs, dus de speler kan niet worden verwijderd. Beëindig het "
         "lidmaatschap in plaats daarvan."),
    "%(player)s is already a member of %(club)s.": "%(player)s is al lid van %(club)s.",
    "%(player)s is already a scorer of this event.": "%(player)s is al scorer van dit evenement.",
    "%(player)s is already on the event's list.":
        "%(player)s staat al op de lijst van het evenement.",
    "%(player)s is not a member of this club.": "%(player)s is geen lid van deze club.",
    "%(player)s is not a scorer of this event.": "%(player)s is geen scorer van dit evenement.",
    "%(player)s's seat already has a substitute.":
        "De plaats van %(player)s heeft al een invaller.",
    "%(roles)s or %(role)s": "%(roles)s of %(role)s",
    "%(this)s cannot be deleted: seatings or results refer to it.":
        "%(this)s kan niet worden verwijderd: indelingen of uitslagen verwijzen ernaar.",
    ("%(this)s has results (%(sessions)s table session(s)); results are evidence and are never "
     "deleted."):
        ("%(this)s heeft uitslagen (%(sessions)s tafelsessie(s)); uitslagen zijn bewijs en worden "
         "nooit verwijderd."),
    "'%(code)s' is a built-in ruleset of %(game)s; give the house rules a code of their own.":
        "'%(code)s' zijn ingebouwde spelregels van %(game)s; geef de huisregels een eigen code.",
    "'%(counts)s' is not a choice; choose starter or most_parts.":
        "'%(counts)s' is geen keuze; kies starter of most_parts.",
    "'%(game)s' is not a game.": "'%(game)s' is geen spel.",
    "'%(name)s' cannot be changed here.": "'%(name)s' kan hier niet worden gewijzigd.",
    "'%(name)s' cannot be changed once created; create a new one instead.":
        "'%(name)s' kan na het aanmaken niet meer veranderen; maak een nieuwe aan.",
    "'%(name)s' cannot be set here: %(how)s.": "'%(name)s' kan hier niet worden gezet: %(how)s.",
    "'%(name)s' is matched with someone who is not a member of this club.":
        "'%(name)s' is gekoppeld aan iemand die geen lid is van deze club.",
    "'%(role)s' is not a role.": "'%(role)s' is geen rol.",
    "'%(value)s' is not a date (YYYY-MM-DD).": "'%(value)s' is geen datum (JJJJ-MM-DD).",
    "'%(year)s' is not a year.": "'%(year)s' is geen jaartal.",
    "A club needs a name.": "Een club heeft een naam nodig.",
    "A number from 1 to 10000.": "Een nummer van 1 tot 10000.",
    ("a planned round starts with POST /api/v1/rounds/{id}/accept/, closes with POST "
     "/api/v1/rounds/{id}/close/ and reopens with POST /api/v1/rounds/{id}/reopen/"):
        ("een geplande ronde begint met POST /api/v1/rounds/{id}/accept/, sluit met POST "
         "/api/v1/rounds/{id}/close/ en gaat weer open met POST /api/v1/rounds/{id}/reopen/"),
    "A player cannot be merged with themselves.":
        "Een speler kan niet met zichzelf worden samengevoegd.",
    "A player needs a name.": "Een speler heeft een naam nodig.",
    "a round's start makes an event running, POST /api/v1/events/{id}/close/ finishes it":
        ("het starten van een ronde zet een evenement op lopend, POST /api/v1/events/{id}/close/ "
         "sluit het af"),
    "A session of %(game)s is entered as a whole document, not part by part.":
        "Een sessie %(game)s wordt als geheel ingevoerd, niet deel voor deel.",
    "A substitute joins a table while its round is played.":
        "Een invaller komt aan tafel terwijl de ronde gespeeld wordt.",
    ("A table of the round being planned already has results, so its seating cannot be replaced. "
     "Start the round, or swap players at tables without results."):
        ("Een tafel van de geplande ronde heeft al uitslagen, dus de indeling kan niet meer "
         "worden vervangen. Start de ronde, of wissel spelers aan tafels zonder uitslagen."),
    "A team is two different players.": "Een team bestaat uit twee verschillende spelers.",
    "A token's expiry must lie in the future.":
        "De vervaldatum van een token moet in de toekomst liggen.",
    "A value in the request is too large or malformed for storage.":
        "Een waarde in het verzoek is te groot of ongeldig om op te slaan.",
    "An event needs a name.": "Een evenement heeft een naam nodig.",
    "Another club already uses the address '%(slug)s'.":
        "Een andere club gebruikt het adres '%(slug)s' al.",
    "Another submission for this table was saved at the same moment; reload and retry.":
        ("Tegelijk is een andere invoer voor deze tafel opgeslagen; laad opnieuw en probeer het "
         "nog eens."),
    "change them": "deze speler wijzigen",
    "Choose the seat, the substitute and the game they start with.":
        "Kies de plaats, de invaller en het spel waarmee die begint.",
    "Choose two different players to swap.": "Kies twee verschillende spelers om te wisselen.",
    "delete them": "deze speler verwijderen",
    "End the membership and add the other player instead.":
        "Beëindig het lidmaatschap en voeg de andere speler toe.",
    "Fewer than two present players are without a partner.":
        "Minder dan twee aanwezige spelers zijn nog zonder partner.",
    "In game '%(game)s' two app names are matched with the same member.":
        "In spel '%(game)s' zijn twee namen aan hetzelfde lid gekoppeld.",
    "merge them": "deze spelers samenvoegen",
    "Name a substitute: a club member who is not here, or a walk-in's name (one of the two).":
        ("Noem een invaller: een clublid dat er niet is, of de naam van een inloper (een van "
         "beide)."),
    "No such round.": "Die ronde bestaat niet.",
    "No such token of yours.": "Dat token van jou bestaat niet.",
    ("Only %(player)s (signed in) or an organizer of one of their clubs may let another club add "
     "them."):
        ("Alleen %(player)s (ingelogd) of een organisator van een van diens clubs mag een andere "
         "club toestaan deze speler toe te voegen."),
    "Only a Bonko round has a bell; this event plays %(game)s.":
        "Alleen een Bonko-ronde heeft een bel; dit evenement speelt %(game)s.",
    "Only a planned round can be seated again.":
        "Alleen een geplande ronde kan opnieuw worden ingedeeld.",
    "Only a planned round can be started.": "Alleen een geplande ronde kan beginnen.",
    "Only an %(roles)s of every club this player belongs to may %(action)s.":
        "Alleen een %(roles)s van elke club waar deze speler lid is mag %(action)s.",
    "Only an %(roles)s of this club may %(action)s.":
        "Alleen een %(roles)s van deze club mag dit doen (%(action)s).",
    "Only an administrator links a login to a player.":
        "Alleen een beheerder koppelt een inlog aan een speler.",
    "Only the scorer of the King's table (table %(table)s) or an organizer rings the bell.":
        "Alleen de scorer van de koningstafel (tafel %(table)s) of een organisator luidt de bel.",
    "Only the token's owner or an administrator revokes it.":
        "Alleen de eigenaar van het token of een beheerder trekt het in.",
    "Plan 1 to 50 rounds.": "Plan 1 tot 50 rondes.",
    "Player %(player)s is not checked in for %(event)s.":
        "Speler %(player)s is niet aanwezig bij %(event)s.",
    "Player %(player)s is not entered in %(event)s.":
        "Speler %(player)s doet niet mee aan %(event)s.",
    "Player %(player)s is not in this round.": "Speler %(player)s doet niet mee in deze ronde.",
    "Player %(substitute)s is not a member of the club.":
        "Speler %(substitute)s is geen lid van de club.",
    "points_per_place takes 1 to 4 numbers, e.g. 3,2,1,0.":
        "points_per_place neemt 1 tot 4 getallen, bijvoorbeeld 3,2,1,0.",
    "rank_by takes distinct criteria from: %(known)s.":
        "rank_by neemt verschillende criteria uit: %(known)s.",
    "Round %(number)s already exists.": "Ronde %(number)s bestaat al.",
    "Round %(round)s has no table %(number)s.": "Ronde %(round)s heeft geen tafel %(number)s.",
    "Round %(round)s has no tables yet, so no King's table.":
        "Ronde %(round)s heeft nog geen tafels, dus geen koningstafel.",
    "Round %(round)s is not being played, so its bell cannot ring.":
        "Ronde %(round)s wordt niet gespeeld, dus haar bel kan niet gaan.",
    "Round %(round)s is not being played, so its timer cannot start.":
        "Ronde %(round)s wordt niet gespeeld, dus haar klok kan niet starten.",
    ("Round %(round)s of %(event)s is round %(target)s of set %(set)s; the result says %(key)s "
     "%(given)s."):
        ("Ronde %(round)s van %(event)s is ronde %(target)s van set %(set)s; de uitslag zegt "
         "%(key)s %(given)s."),
    "Say how many minutes the round lasts to start its timer.":
        "Geef aan hoeveel minuten de ronde duurt om de klok te starten.",
    "Say who '%(name)s' is: a member or a new player.":
        "Geef aan wie '%(name)s' is: een lid of een nieuwe speler.",
    "Say why (the reason is kept in the log).":
        "Zeg waarom (de reden wordt bewaard in het logboek).",
    "Seat %(position)s at table %(table)s is already taken.":
        "Stoel %(position)s aan tafel %(table)s is al bezet.",
    "Seat positions are numbered 0 to %(last)s in this game.":
        "Stoelposities zijn in dit spel genummerd van 0 tot %(last)s.",
    "Seating is not possible: %(reason)s": "Indelen lukt niet: %(reason)s",
    "Send an object: {\"action\": \"start\", \"minutes\": 30}.":
        "Stuur een object: {\"action\": \"start\", \"minutes\": 30}.",
    "Send the backup file as 'backup'.": "Stuur het back-upbestand mee als 'backup'.",
    "Sessions were already played under the current ruleset.":
        "Er zijn al partijen gespeeld volgens de huidige spelregels.",
    "set": "set",
    "set must be the number of a set %(event)s has begun (%(shown)s); got %(raw)s.":
        ("set moet het nummer zijn van een set die %(event)s begonnen is (%(shown)s); gekregen: "
         "%(raw)s."),
    "Sign in first.": "Log eerst in.",
    "Sign in to found a club.": "Log in om een club op te richten.",
    "Table %(number)s already exists.": "Tafel %(number)s bestaat al.",
    "Table %(number)s: '%(choice)s' is not a choice; choose partial, not_played or paper.":
        "Tafel %(number)s: '%(choice)s' is geen keuze; kies partial, not_played of paper.",
    ("Table %(table)s (%(names)s) has not finished: say whether it counts as played so far, as "
     "not played, or by the totals of its paper sheet, or wait until it finishes."):
        ("Tafel %(table)s (%(names)s) is nog niet klaar: kies of ze telt zoals tot nu toe "
         "gespeeld, als niet gespeeld, of met de totalen van het papieren scoreformulier, of "
         "wacht tot ze klaar is."),
    "Table %(table)s already has results; it cannot be changed.":
        "Tafel %(table)s heeft al uitslagen; die kan niet meer wijzigen.",
    "Table %(table)s has %(count)s players seated; a session of %(game)s needs %(sizes)s.":
        "Aan tafel %(table)s zitten %(count)s spelers; een sessie %(game)s vraagt er %(sizes)s.",
    "Table %(table)s has no seat %(seat)s.": "Tafel %(table)s heeft geen stoel %(seat)s.",
    ("Table %(table)s of round %(number)s has no result yet: the movement needs every table's "
     "winners. Enter it first, or seat the round another way."):
        ("Tafel %(table)s van ronde %(number)s heeft nog geen uitslag: de doorschuif heeft de "
         "winnaars van elke tafel nodig. Voer die eerst in, of deel de ronde anders in."),
    "The club has no earlier event with players checked in.":
        "De club heeft geen eerder evenement met aanwezige spelers.",
    "The event is finished: reopen the event first, then the round.":
        "Het evenement is afgelopen: heropen eerst het evenement, dan de ronde.",
    "The house rules '%(label)s' do not exist.": "De huisregels '%(label)s' bestaan niet.",
    "The JSON in the request is nested too deeply.": "De JSON in het verzoek is te diep genest.",
    "The login '%(login)s' belongs to another player.":
        "De inlog '%(login)s' hoort al bij een andere speler.",
    "The request body is larger than %(limit)s bytes.":
        "De inhoud van het verzoek is groter dan %(limit)s bytes.",
    "The request body is not valid JSON (line %(line)s, column %(column)s).":
        "De inhoud van het verzoek is geen geldige JSON (regel %(line)s, kolom %(column)s).",
    "The request body is not valid JSON.": "De inhoud van het verzoek is geen geldige JSON.",
    "The season ends before it starts.": "Het seizoen eindigt voor het begint.",
    "The seating changed meanwhile; reload and retry.":
        "De indeling is intussen gewijzigd; laad opnieuw en probeer het nog eens.",
    ("The session is at revision %(current_revision)s, not %(expected_revision)s: someone else "
     "changed it. Reload and apply your change again."):
        ("De sessie staat op revisie %(current_revision)s, niet %(expected_revision)s: iemand "
         "anders heeft haar gewijzigd. Laad opnieuw en voer je wijziging opnieuw in."),
    "The substitute starts at part 1 to %(last)s (the session has %(parts)s).":
        "De invaller begint bij deel 1 tot %(last)s (de sessie heeft er %(parts)s).",
    "The timer's action must be one of start, pause, reset; got %(action)s.":
        "De actie van de klok moet start, pause of reset zijn; gekregen: %(action)s.",
    "The timer's minutes must be a whole number from 1 to %(highest)s; got %(value)s.":
        ("De minuten van de klok moeten een heel getal van 1 tot %(highest)s zijn; gekregen: "
         "%(value)s."),
    "There is no such team.": "Dat team bestaat niet.",
    "There is no table %(table)s.": "Er is geen tafel %(table)s.",
    "There is nothing to undo.": "Er is niets om terug te nemen.",
    "These games were imported at the same moment; reload.":
        "Deze spellen zijn tegelijk al geïmporteerd; laad opnieuw.",
    "These rules cannot be used: %(error)s.":
        "Deze spelregels kunnen niet worden gebruikt: %(error)s.",
    "This API token expired on %(day)s; create a new one.":
        "Dit API-token is verlopen op %(day)s; maak een nieuw aan.",
    "This cannot be deleted: results or seatings refer to it.":
        "Dit kan niet worden verwijderd: uitslagen of indelingen verwijzen ernaar.",
    "This club": "Deze club",
    "This conflicts with data saved in the meantime (a duplicate?).":
        "Dit botst met gegevens die intussen zijn opgeslagen (dubbel?).",
    "This event": "Dit evenement",
    "This event is finished.": "Dit evenement is afgelopen.",
    "This event is not finished.": "Dit evenement is niet afgelopen.",
    "This event plays the '%(ruleset)s' rules, not '%(given)s'.":
        "Dit evenement speelt volgens '%(ruleset)s', niet '%(given)s'.",
    "This Idempotency-Key was already used for a different request.":
        "Deze Idempotency-Key is al gebruikt voor een ander verzoek.",
    "This membership no longer exists.": "Dit lidmaatschap bestaat niet meer.",
    "This object": "Dit object",
    "This player": "Deze speler",
    "This rating configuration is not valid: %(error)s.":
        "Deze ratingconfiguratie is niet geldig: %(error)s.",
    "This round": "Deze ronde",
    "This round has not started yet; results can be entered once it starts.":
        "Deze ronde is nog niet begonnen; uitslagen kunnen worden ingevoerd zodra ze begint.",
    "This round has not started yet; start it or seat it again.":
        "Deze ronde is nog niet begonnen; start haar of deel opnieuw in.",
    "This round is closed.": "Deze ronde is gesloten.",
    "This round is closed: say why the result changes (the reason is kept with the revision).":
        ("Deze ronde is gesloten: zeg waarom de uitslag verandert (de reden wordt bij de revisie "
         "bewaard)."),
    ("This round is closed; results can no longer be entered here. Ask the organizer: they can "
     "correct a result or reopen the round."):
        ("Deze ronde is gesloten; uitslagen kunnen hier niet meer worden ingevoerd. Vraag het de "
         "organisator: die kan een uitslag verbeteren of de ronde heropenen."),
    "This round is not closed.": "Deze ronde is niet gesloten.",
    "This seat": "Deze stoel",
    "This table": "Deze tafel",
    "This upload belongs to another organizer.": "Deze upload is van een andere organisator.",
    "Unknown action.": "Onbekende handeling.",
    "Unknown game '%(game)s'; known games: %(known)s.":
        "Onbekend spel '%(game)s'; bekende spellen: %(known)s.",
    "Unknown kind of event '%(kind)s'.": "Onbekende soort evenement '%(kind)s'.",
    "Unknown ruleset '%(ruleset)s' for %(game)s; known: %(known)s.":
        "Onbekende spelregels '%(ruleset)s' voor %(game)s; bekend: %(known)s.",
    "Unknown seating method '%(method)s'.": "Onbekende indelingsmethode '%(method)s'.",
    "Unknown seating method '%(method)s'; choose one of %(methods)s.":
        "Onbekende indelingsmethode '%(method)s'; kies uit %(methods)s.",
    "use POST /api/v1/events/{id}/publish/ (with published true or false)":
        "gebruik POST /api/v1/events/{id}/publish/ (met published true of false)",
}
