# Dutch for the import of the SunMar Bonken app's backups (imports app, templates/imports).
TR = {
    "%(count)s game(s) imported.": "%(count)s spel(len) geïmporteerd.",
    "Backup file of the Bonken app": "Back-upbestand van de Bonken-app",
    "Games the classic rules reject": "Spellen die de klassieke regels afwijzen",
    "History from the Bonken app, %(date)s": "Geschiedenis uit de Bonken-app, %(date)s",
    "Import them at the level they keep, with the reason":
        "Importeer ze op het niveau dat overblijft, met de reden",
    "Imported from the Bonken app (game %(name)s).":
        "Geïmporteerd uit de Bonken-app (spel %(name)s).",
    "Kept at the %(level)s level: %(why)s": "Bewaard op het niveau %(level)s: %(why)s",
    "Leave them out": "Laat ze weg",
    "New player": "Nieuwe speler",
    "Several members have this name: choose one.":
        "Meerdere leden hebben deze naam: kies er een.",
    "The .zip file the app makes under Settings, Backup.":
        "Het .zip-bestand dat de app maakt onder Instellingen, Back-up.",
    "The file is larger than 10 MB.": "Het bestand is groter dan 10 MB.",
    "app backup": "app-back-up",
    "app backups": "app-back-ups",
    "counts and doubles": "aantallen en doublementen",
    "imported game": "geïmporteerd spel",
    "imported games": "geïmporteerde spellen",
    "scores per round, some without their doubles":
        "scores per ronde, sommige zonder hun doublementen",
    "totals only": "alleen de totalen",
    "Cannot be imported": "Kan niet worden geïmporteerd",
    "Check the import": "Controleer de import",
    "Import from the Bonken app": "Importeren uit de Bonken-app",
    "Import these games": "Importeer deze spellen",
    "Imported games": "Geïmporteerde spellen",
    "Kept as": "Bewaard als",
    "kept as": "bewaard als",
    "Nothing new to import: every finished game of this backup was imported before.":
        "Niets nieuws te importeren: elk afgemaakt spel van deze back-up is al eerder "
        "geïmporteerd.",
    "Read the backup": "Lees de back-up",
    "Skipped": "Overgeslagen",
    "The app knows players by name only. Choose the club member each name is, or a new "
    "player.": "De app kent spelers alleen bij naam. Kies welk clublid elke naam is, of een "
               "nieuwe speler.",
    "This file cannot be imported:": "Dit bestand kan niet worden geïmporteerd:",
    "Totals": "Totalen",
    "Who is who": "Wie is wie",
    "a round started but not scored": "een ronde begonnen maar niet gescoord",
    "checked by the rules": "gecontroleerd door de regels",
    "found": "gevonden",
    "imported before": "al eerder geïmporteerd",
    "new": "nieuw",
    "rejected by the classic rules": "afgewezen door de klassieke regels",
    "%(n)s game to import": ("%(n)s spel te importeren",
                             "%(n)s spellen te importeren"),
    "Round %(round)s: the app stored %(stored)s, the rules compute %(computed)s.":
        "Ronde %(round)s: de app bewaarde %(stored)s, de regels berekenen %(computed)s.",
    "unfinished, %(n)s of 12 rounds": "niet afgemaakt, %(n)s van 12 rondes",
    "Bring the evenings your players kept in the Bonken app (SunMar) into the club's history "
    "and ratings. Upload the app's backup file; you then see what it holds and say who each "
    "player is before anything is stored. Games imported before are never imported twice.":
        "Breng de avonden die je spelers in de Bonken-app (SunMar) bijhielden in de "
        "geschiedenis en ratings van de club. Upload het back-upbestand van de app; je ziet "
        "dan wat erin staat en geeft aan wie elke speler is voordat er iets wordt opgeslagen. "
        "Eerder geïmporteerde spellen worden nooit twee keer geïmporteerd.",
}
