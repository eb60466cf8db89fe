"""Dutch for the look of the site: charts, links, the admin's names, Excel CSV, the sheet."""

TR = {
    # Django's admin says "Wijzigen" for Change; the project's file once said "Verschil"
    # (for the rating pages' column, now "Rating change"), which overrode the admin's.
    "Change": "Wijzigen",
    "Rating change": "Verschil",
    "Clubs": "Clubs",
    "Club results": "Uitslagen van de club",
    "ratings": "ratings",
    "season standings": "seizoensklassement",
    "{{ game }} at {{ club }}.": "{{ game }} bij {{ club }}.",
    "Every rating of this player, explained": "Alle ratings van deze speler, met uitleg",
    "The sessions that moved it": "De sessies die haar bewogen",
}
