"""A player's personal four-digit code, with which they sign their table's result on the
scorer's phone (``games.signoff``).

The player sets it from their own account page; an organizer of every club the player belongs
to may issue a new one (shown once: only its hash is stored, by Django's password hashers).
A code is only four digits, so wrong codes are counted per player, per table and per address
(``clubs.code_guard``): a guesser is stopped without locking out the honest players around them.
"""

from __future__ import annotations

import secrets

from django.contrib.auth.hashers import check_password, make_password
from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.audit import audit
from clubs.code_guard import ADDRESS, PLAYER, CodeGuard, Refusal, player_counts_clear
from clubs.models import Membership, Player, PlayerCode
from clubs.selectors import ORGANIZER, user_has_role
from core.errors import NotAllowed, ServiceError, Text, TooManyAttempts, problem

Actor = User | AnonymousUser | None
CODE_LENGTH = 4


def clean_code(code: object, *, field: str = "code") -> str:
    """The code as four ASCII digits, or a clear refusal."""
    text = str(code or "").strip()
    if len(text) != CODE_LENGTH or not all("0" <= c <= "9" for c in text):
        raise ServiceError.single(
            "code_format",
            _("A personal code is four digits, such as 4071."),
            field=field,
        )
    return text


def player_code_set(*, actor: Actor, player: Player, code: str) -> None:
    """The player chooses their own code (from their own account only)."""
    user = actor if actor is not None and actor.is_authenticated else None
    if user is None or player.user_id != user.pk:
        raise NotAllowed.single(
            "not_your_player",
            _("Only the player themselves may choose their personal code."),
        )
    clubs = list(Membership.objects.filter(player=player).values_list("club_id", flat=True))
    _store(actor, player, clean_code(code), issued=False, clubs=clubs)


def player_code_issue(*, actor: Actor, player: Player) -> str:
    """A new random code for the player, issued by an organizer of every club they belong to;
    the code is returned to be shown once."""
    clubs = list(Membership.objects.filter(player=player).values_list("club_id", flat=True))
    superuser = bool(actor is not None and actor.is_authenticated and actor.is_superuser)
    if not superuser and not (clubs and all(user_has_role(actor, c, ORGANIZER) for c in clubs)):
        raise NotAllowed.single(
            "not_allowed",
            Text(
                _(
                    "Only an organizer of every club %(player)s belongs to may issue their "
                    "personal "
                    "code."
                ),
                player=player.name,
            ),
        )
    code = f"{secrets.randbelow(10**CODE_LENGTH):0{CODE_LENGTH}d}"
    _store(actor, player, code, issued=True, clubs=clubs)
    return code


def _store(
    actor: Actor, player: Player, code: str, *, issued: bool, clubs: list[int] | None = None
) -> None:
    user = actor if actor is not None and actor.is_authenticated else None
    with transaction.atomic():
        PlayerCode.objects.update_or_create(
            player=player,
            defaults={
                "code_hash": make_password(code),
                "set_at": timezone.now(),
                "set_by": user,
                "issued": issued,
            },
        )
        action = "player.code_issue" if issued else "player.code_set"
        targets: list[int | None] = list(clubs) if clubs else [None]
        for club_id in targets:
            audit(actor, action, player, club_id=club_id, player=player.name)
    player_counts_clear(player.pk)  # the guesses at the old code count no more


def player_has_code(player_id: int) -> bool:
    return PlayerCode.objects.filter(player_id=player_id).exists()


def player_code_check(
    *,
    player: Player,
    code: object,
    address: str,
    table_id: int,
    actor: Actor = None,
) -> None:
    """Refuse unless ``code`` is the player's personal code, entered at table ``table_id``
    from ``address``. Wrong codes are counted per player, per table and per address; while a
    limit refuses, nothing is compared. Entered while signed in as the player themselves, it is
    neither counted nor refused (a guesser cannot be that player)."""
    text = str(code or "").strip()
    stored = PlayerCode.objects.filter(player=player).values_list("code_hash", flat=True).first()
    if stored is None:
        raise ServiceError.single(
            "no_code",
            Text(
                _(
                    "%(player)s has no personal code yet: set one on the account page, or ask the "
                    "organizer."
                ),
                player=player.name,
            ),
            field="code",
        )
    own = bool(actor is not None and actor.is_authenticated and player.user_id == actor.pk)
    guard = None if own else CodeGuard(player_id=player.pk, table_id=table_id, address=address)
    refusal = guard.take() if guard is not None else None
    if refusal is not None:
        raise TooManyAttempts(
            [problem("code_attempts", _refusal_text(player, refusal), field="code")],
            retry_after=refusal.seconds,
        )
    if not check_password(text, stored):
        raise ServiceError.single(
            "wrong_code",
            Text(_("That is not %(player)s's personal code."), player=player.name),
            field="code",
        )
    if guard is not None:
        guard.give_back()


def _refusal_text(player: Player, refusal: Refusal) -> Text:
    if refusal.kind == PLAYER:
        return Text(
            _(
                "Too many wrong codes for %(player)s: their code works again in "
                "%(seconds)s seconds. Meanwhile %(player)s can confirm on their own "
                "signed-in phone, or the organizer can sign for them."
            ),
            player=player.name,
            seconds=refusal.seconds,
        )
    if refusal.kind == ADDRESS:
        return Text(
            _(
                "Too many wrong codes from this network: codes are checked at this table "
                "again in %(seconds)s seconds. Meanwhile %(player)s can confirm on their "
                "own signed-in phone, or the organizer can sign for them."
            ),
            player=player.name,
            seconds=refusal.seconds,
        )
    return Text(
        _(
            "Too many wrong codes at this table: codes are checked here again in "
            "%(seconds)s seconds. Meanwhile %(player)s can confirm on their own signed-in "
            "phone, or the organizer can sign for them."
        ),
        player=player.name,
        seconds=refusal.seconds,
    )
