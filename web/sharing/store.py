"""The stored pictures: drawn once per card and language, kept with the digest of what they
show, drawn anew when the card changed (new results, a renamed event, another layout)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict

from django.db import IntegrityError, transaction

from web.sharing.cards import Shown
from web.sharing.drawing import LAYOUT_VERSION, draw_card
from web.sharing.models import Preview


def digest(shown: Shown) -> str:
    """What the picture shows, as a hash: the same card draws the same picture."""
    text = json.dumps([LAYOUT_VERSION, asdict(shown.card)], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def picture(kind: str, key: str, language: str, shown: Shown) -> tuple[bytes, str]:
    """The PNG of ``shown`` and its digest: the stored one when it shows the same, else drawn
    now and stored in its place."""
    wanted = digest(shown)
    stored = Preview.objects.filter(kind=kind, key=key, language=language).first()
    if stored is not None and stored.digest == wanted:
        return bytes(stored.png), wanted
    png = draw_card(shown.card)
    fields = {"digest": wanted, "png": png, "version": shown.version}
    try:
        with transaction.atomic():
            Preview.objects.update_or_create(kind=kind, key=key, language=language, defaults=fields)
    except IntegrityError:
        pass  # another request stored the same picture at the same moment
    return png, wanted


def forget(kind: str, keys: list[str]) -> int:
    """Delete the stored pictures of these objects (an event no longer public)."""
    deleted, _ = Preview.objects.filter(kind=kind, key__in=keys).delete()
    return deleted
