"""The site's own date formats where Django's differ from what a reader in that language
expects (English: day before month, "3 December 2026", never 12/03/2026)."""
