"""The phone's door id: made on its first visit to a door page and kept in its session, so
nobody names their own. The door's pages make it (``door_device``); the API's door reads the
same session (``session_device``). What is stored of it is its digest
(``tournaments.door.services.device_digest``)."""

import secrets

from django.http import HttpRequest

SESSION_KEY = "door_device"


def door_device(request: HttpRequest) -> str:
    """This phone's door id, made on its first visit to a door."""
    device = session_device(request)
    if not device:
        device = secrets.token_urlsafe(24)
        request.session[SESSION_KEY] = device
    return device


def session_device(request: HttpRequest) -> str:
    """The door id the door page gave this phone ("" before its first visit)."""
    device = request.session.get(SESSION_KEY)
    return device if isinstance(device, str) else ""
