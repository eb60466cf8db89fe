"""How two spellings of a person's name are compared: surrounding and repeated spaces, case
and accents do not count ("José  de Vries" is "jose de vries")."""

from __future__ import annotations

import unicodedata


def name_key(name: str) -> str:
    """The name as compared: spaces collapsed, accents folded, case folded."""
    decomposed = unicodedata.normalize("NFKD", " ".join(name.split()))
    folded = "".join(c for c in decomposed if not unicodedata.combining(c))
    return unicodedata.normalize("NFC", folded).casefold()
