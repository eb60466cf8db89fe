"""The club roles as web views ask for them."""

from django.http import HttpRequest

from clubs.selectors import user_has_role


def has_role(request: HttpRequest, club_id: int, roles: frozenset[str]) -> bool:
    """Whether the request's user has one of ``roles`` in the club."""
    return user_has_role(request.user, club_id, roles)
