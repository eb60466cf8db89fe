"""Named API tokens: create (the key is shown once), list, revoke; and look a key up."""

import datetime
import hashlib
import secrets

from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.audit import audit
from clubs.models import ApiToken
from core.errors import NotAllowed, ServiceError, Text
from core.names import typed


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


class TokenExpired(Exception):
    """A token that was valid until ``expires_at``."""

    def __init__(self, expires_at: datetime.datetime) -> None:
        super().__init__(expires_at)
        self.expires_at = expires_at


@transaction.atomic
def api_token_create(
    *,
    user: User,
    name: str,
    expires_at: datetime.datetime | None = None,
    via: ApiToken | None = None,
) -> tuple[ApiToken, str]:
    """A new token for ``user`` (valid until ``expires_at`` if given); returns it with its
    key, which is not stored anywhere. Made with a token (``via``) that expires, the new one
    expires no later than it (without ``expires_at``, at the same moment): a token cannot
    outlive itself by making another."""
    if not user.is_authenticated:
        raise ServiceError.single("login_required", _("Sign in first."))
    if expires_at is not None and expires_at <= timezone.now():
        raise ServiceError.single(
            "expiry_in_past",
            _("A token's expiry must lie in the future."),
            field="expires_at",
        )
    limit = _expiry_of(via)
    if limit is not None:
        if expires_at is None:
            expires_at = limit
        elif expires_at > limit:
            raise ServiceError.single(
                "expiry_after_token",
                Text(
                    _(
                        "This request's API token expires at %(limit)s; a token it makes must "
                        "expire no later than that."
                    ),
                    limit=limit.isoformat(timespec="seconds"),
                ),
                field="expires_at",
            )
    name = typed(ApiToken, "name", name or "")[:100] or "API token"
    key = "bk_" + secrets.token_urlsafe(30)
    token = ApiToken.objects.create(
        user=user,
        name=name,
        prefix=key[3:11],
        key_hash=_hash(key),
        expires_at=expires_at,
    )
    audit(user, "api_token.create", token, name=token.name)
    return token, key


def _expiry_of(token: ApiToken | None) -> datetime.datetime | None:
    """The expiry of the token a request came with, as saved (read under lock)."""
    if token is None:
        return None
    return (
        ApiToken.objects.select_for_update()
        .filter(pk=token.pk)
        .values_list("expires_at", flat=True)
        .first()
    )


@transaction.atomic
def api_token_revoke(*, user: User, token_id: int) -> ApiToken:
    token = ApiToken.objects.filter(pk=token_id, user=user).first()
    if token is None:
        raise ServiceError.single("not_found", _("No such token of yours."))
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
        audit(user, "api_token.revoke", token, name=token.name)
    return token


@transaction.atomic
def api_token_revoke_as(*, token: ApiToken, actor: User | AnonymousUser | None) -> ApiToken:
    """Revoke any user's token: its owner, or a superuser (a leaked key)."""
    if (
        actor is None
        or not actor.is_authenticated
        or not (actor.is_superuser or actor.pk == token.user_id)
    ):
        raise NotAllowed.single(
            "not_allowed",
            _("Only the token's owner or an administrator revokes it."),
        )
    token = ApiToken.objects.select_for_update().get(pk=token.pk)
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
        audit(actor, "api_token.revoke", token, name=token.name, user=token.user_id)
    return token


def api_token_live(key: str) -> ApiToken | None:
    """The live token of ``key`` (with its user), or None; TokenExpired for a token past its
    expiry."""
    token = (
        ApiToken.objects.select_related("user")
        .filter(key_hash=_hash(key), revoked_at__isnull=True)
        .first()
    )
    if token is None or not token.user.is_active:
        return None
    now = timezone.now()
    if token.expires_at is not None and token.expires_at <= now:
        raise TokenExpired(token.expires_at)
    if token.last_used_at is None or (now - token.last_used_at).total_seconds() > 60:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
    return token
