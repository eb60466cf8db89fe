"""Writes of a club's webhooks: register, change, switch on or off, delete, give a new secret,
send a delivery again, send a test ping. Organizers of the club only; every write is
audited."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.audit import audit
from clubs.models import Club
from clubs.selectors import ORGANIZER, require_role
from core.club_events import KINDS
from core.errors import Conflict, ServiceError, Text, problem
from core.names import typed
from week.webhooks import net
from week.webhooks.models import Delivery, Hook
from week.webhooks.sending import PING, delivery_make

Actor = User | AnonymousUser | None
MAX_HOOKS = 20  # per club: a club event is sent to every hook that asked for it
ACTION = _("manage the club's webhooks")


def new_secret() -> str:
    return secrets.token_hex(24)


def _check_url(url: str) -> str:
    url = (url or "").strip()
    if len(url) > 500:
        raise ServiceError.single(
            "url_too_long", _("The URL is longer than 500 characters."), field="url"
        )
    try:
        net.check(url)
    except net.Refused as refused:
        if refused.code == "private_address":
            message = Text(
                _(
                    "The URL leads to a private or local address (%(address)s); webhooks go "
                    "to public addresses only, and to the networks an administrator allows in "
                    "WEBHOOKS_ALLOWED_NETWORKS."
                ),
                address=refused.detail,
            )
        elif refused.code == "unresolvable":
            message = Text(_("The host %(host)s of the URL cannot be found."), host=refused.detail)
        else:
            message = Text(
                _("Give an http:// or https:// URL with a host name and no user name or password.")
            )
        raise ServiceError.single(refused.code, message, field="url") from refused
    return url


def _check_kinds(kinds: Iterable[Any]) -> list[str]:
    chosen = [kind for kind in KINDS if kind in set(kinds)]
    unknown = sorted(str(kind) for kind in set(kinds) - set(KINDS))
    if unknown:
        raise ServiceError.single(
            "unknown_kind",
            Text(
                _("Unknown kind of event %(kinds)s; known kinds: %(known)s."),
                kinds=", ".join(unknown),
                known=", ".join(KINDS),
            ),
            field="kinds",
        )
    if not chosen:
        raise ServiceError.single(
            "no_kinds", _("Choose at least one kind of event."), field="kinds"
        )
    return chosen


def _check_description(description: str) -> str:
    description = typed(Hook, "description", description or "")
    if len(description) > 120:
        raise ServiceError.single(
            "description_too_long",
            _("The description is longer than 120 characters."),
            field="description",
        )
    return description


@transaction.atomic
def hook_create(
    *, club: Club, actor: Actor, url: str, kinds: Iterable[Any], description: str = ""
) -> Hook:
    """Register ``url`` for the club's events of ``kinds``, with a new secret."""
    user = require_role(actor, club.pk, ORGANIZER, ACTION)
    errors: list[dict[str, Any]] = []
    checked: dict[str, Any] = {}
    checks: list[tuple[str, Callable[[Any], Any], Any]] = [
        ("url", _check_url, url),
        ("kinds", _check_kinds, kinds),
        ("description", _check_description, description),
    ]
    for name, check, value in checks:  # every problem at once
        try:
            checked[name] = check(value)
        except ServiceError as exc:
            errors.extend(exc.errors)
    if errors:
        raise ServiceError(errors)
    Club.objects.select_for_update().get(pk=club.pk)  # count and add one at a time
    if Hook.objects.filter(club=club).count() >= MAX_HOOKS:
        raise Conflict.single(
            "too_many_hooks",
            Text(_("A club has at most %(count)s webhooks; delete one first."), count=MAX_HOOKS),
        )
    hook = Hook.objects.create(
        club=club,
        url=checked["url"],
        kinds=checked["kinds"],
        description=checked["description"],
        secret=new_secret(),
        created_by=user,
    )
    audit(actor, "webhook.create", hook, club_id=club.pk, url=hook.url, kinds=hook.kinds)
    return hook


def _locked(hook: Hook) -> Hook:
    return Hook.objects.select_for_update().select_related("club").get(pk=hook.pk)


@transaction.atomic
def hook_update(
    *,
    hook: Hook,
    actor: Actor,
    url: str | None = None,
    kinds: Iterable[Any] | None = None,
    description: str | None = None,
    active: bool | None = None,
) -> Hook:
    """Change a hook. Switching it on again starts its count of failed deliveries afresh."""
    require_role(actor, hook.club_id, ORGANIZER, ACTION)
    hook = _locked(hook)
    changed: dict[str, Any] = {}
    if url is not None and url.strip() != hook.url:
        changed["url"] = _check_url(url)
    if kinds is not None:
        changed["kinds"] = _check_kinds(kinds)
    if description is not None:
        changed["description"] = _check_description(description)
    if active is not None and active != hook.active:
        changed["active"] = active
        if active:
            changed["failures"], changed["disabled_at"] = 0, None
    for name, value in changed.items():
        setattr(hook, name, value)
    if changed:
        hook.save(update_fields=list(changed))
        audit(
            actor,
            "webhook.update",
            hook,
            club_id=hook.club_id,
            changed=sorted(changed),
            url=hook.url,
            active=hook.active,
        )
    return hook


def secret_overlap() -> timedelta:
    """How long the previous secret still signs deliveries after a new one is made."""
    return timedelta(hours=settings.WEBHOOKS_SECRET_OVERLAP_HOURS)


@transaction.atomic
def hook_new_secret(*, hook: Hook, actor: Actor) -> Hook:
    """Give the hook a new secret (the answer shows it, once). For ``secret_overlap()``
    deliveries carry a signature with the previous secret too, so the receiver switches when
    it is ready; the secret before that one signs nothing any more."""
    require_role(actor, hook.club_id, ORGANIZER, ACTION)
    hook = _locked(hook)
    hook.previous_secret, hook.secret = hook.secret, new_secret()
    hook.previous_secret_until = timezone.now() + secret_overlap()
    hook.save(update_fields=["secret", "previous_secret", "previous_secret_until"])
    audit(
        actor,
        "webhook.secret",
        hook,
        club_id=hook.club_id,
        previous_signs_until=hook.previous_secret_until.isoformat(),
    )
    return hook


@transaction.atomic
def hook_delete(*, hook: Hook, actor: Actor) -> None:
    """Delete a hook and its delivery log."""
    require_role(actor, hook.club_id, ORGANIZER, ACTION)
    hook = _locked(hook)
    audit(actor, "webhook.delete", hook, club_id=hook.club_id, url=hook.url)
    hook.delete()


@transaction.atomic
def delivery_resend(*, delivery: Delivery, actor: Actor) -> Delivery:
    """Send a delivery's payload again, as a new delivery (with a new id, naming the first in
    ``resent_from``); only to a hook that is switched on."""
    require_role(actor, delivery.hook.club_id, ORGANIZER, ACTION)
    hook = _locked(delivery.hook)
    if not hook.active:
        raise Conflict(
            [
                problem(
                    "hook_off",
                    _("This webhook is switched off; switch it on before sending again."),
                )
            ]
        )
    again = delivery_make(
        hook,
        kind=delivery.kind,
        event_id=delivery.event_id,
        payload=delivery.payload,
        resent_from=delivery,
    )
    audit(actor, "webhook.resend", again, club_id=hook.club_id, delivery=delivery.pk)
    return again


@transaction.atomic
def hook_ping(*, hook: Hook, actor: Actor) -> Delivery:
    """Send a test ping (kind ``ping``) to a hook that is switched on, signed like every
    delivery: it names the hook and the kinds it receives. Tried once; its answer is in the
    log, and a failed ping does not count towards switching the hook off."""
    require_role(actor, hook.club_id, ORGANIZER, ACTION)
    hook = _locked(hook)
    if not hook.active:
        raise Conflict(
            [
                problem(
                    "hook_off",
                    _("This webhook is switched off; switch it on before sending a test ping."),
                )
            ]
        )
    ping = delivery_make(
        hook, kind=PING, payload={"hook": {"id": hook.pk, "kinds": list(hook.kinds)}}
    )
    audit(actor, "webhook.ping", ping, club_id=hook.club_id, hook=hook.pk)
    return ping
