"""Dutch for the room's screen and the round's timer (to be merged into django.po)."""

TR = {
    # templates/tournaments/screen.html
    "Screen": "Scherm",
    "done: %(done)s of %(total)s": "klaar: %(done)s van %(total)s",
    "Time is up": "De tijd is om",
    "paused": "gepauzeerd",
    "No connection: the screen shows the last state it had.": (
        "Geen verbinding: het scherm toont de laatste stand die het had."
    ),
    "Time left in the round": "Resterende tijd van de ronde",
    "Time": "Tijd",
    "Tables": "Tafels",
    "The bell has rung: finish the roll in progress.": "De bel is gegaan: maak de lopende worp af.",
    "Playing until the King's table rings the bell.": (
        "Er wordt gespeeld tot de koningstafel de bel luidt."
    ),
    "No round is being played yet.": "Er wordt nog geen ronde gespeeld.",
    # tournaments/web/screen.py
    "needs the organizer": "organisator nodig",
    # tournaments/web/rounds.py
    "The round's timer runs.": "De klok van de ronde loopt.",
    "The round's timer is paused.": "De klok van de ronde staat stil.",
    "The round's timer is reset.": "De klok van de ronde staat weer op de volle tijd.",
    # templates/tournaments/round.html, event_dashboard.html
    "Round timer": "Klok van de ronde",
    "The timer runs.": "De klok loopt.",
    "The timer is paused.": "De klok staat stil.",
    "The timer has not started.": "De klok is nog niet gestart.",
    "Time left: %(t)s": "Tijd over: %(t)s",
    "Screen for the room": "Scherm voor de zaal",
    "Minutes": "Minuten",
    "Resume the timer": "Klok verder laten lopen",
    "Start the timer": "Klok starten",
    "Pause the timer": "Klok pauzeren",
    "Reset the timer to the full time?": "De klok terugzetten op de volle tijd?",
    "Reset the timer": "Klok terugzetten",
    # tournaments/models.py (Round)
    "timer minutes": "minuten op de klok",
    "timer started at": "klok gestart om",
    "timer seconds run": "seconden gelopen",
}
