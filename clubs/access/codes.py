"""A player's personal four-digit code, with which they sign their table's result on the
scorer's phone (``results.signoff.services``).

The player sets it from their own account page; an organizer of every club the player belongs
to may issue a new one (shown once: only its hash is stored, by Django's password hashers).
A code is only four digits, so wrong codes are counted per player, per table and per address
(``clubs.access.code_guard``): a guesser is stopped without locking out the honest players
around them.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.contrib.auth.hashers import check_password, make_password
from django.contrib.auth.models import AnonymousUser, User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from clubs.access.code_guard import ADDRESS, PLAYER, CodeGuard, Refusal, player_counts_clear
from clubs.audit import audit
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
    if not _may_issue(actor, clubs):
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
    code = _random_code()
    _store(actor, player, code, issued=True, clubs=clubs)
    return code


def _random_code() -> str:
    return f"{secrets.randbelow(10**CODE_LENGTH):0{CODE_LENGTH}d}"


@dataclass(slots=True)
class CodesIssued:
    """What issuing the codes of a night did: the new codes (to be shown once, on the slips),
    in name order; the players who chose their own code and keep it; those the organizer may
    not give a code (they also belong to a club the organizer does not run)."""

    codes: list[tuple[Player, str]] = field(default_factory=list)
    kept_own: list[Player] = field(default_factory=list)
    not_allowed: list[Player] = field(default_factory=list)


def player_codes_issue(
    *, actor: Actor, club_id: int, player_ids: Iterable[int], replace_own: bool = False
) -> CodesIssued:
    """New codes for many players at once (the players of a club's night), by an organizer
    of ``club_id``. Each player is issued a code under the rule of ``player_code_issue`` (an
    organizer of every club they belong to); a code a player chose themselves is kept unless
    ``replace_own``. The players are locked in id order while their codes are written, so two
    organizers issuing at once never leave half of one's slips wrong. One audit entry per
    player and club (as for one code), and one for the whole night."""
    if not user_has_role(actor, club_id, ORGANIZER):
        raise NotAllowed.single(
            "not_allowed",
            _("Only an organizer of this club may issue personal codes."),
        )
    ids = sorted(set(player_ids))
    own = _chosen_codes(ids) if not replace_own else set()
    # Hashing is slow on purpose: done before the lock, for those likely to get a code.
    fresh = {pk: _random_code() for pk in ids if pk not in own}
    hashes = {pk: make_password(code) for pk, code in fresh.items()}
    result = CodesIssued()
    with transaction.atomic():
        players = list(Player.objects.select_for_update().filter(pk__in=ids).order_by("pk"))
        clubs = _clubs_of(ids)
        own = _chosen_codes(ids) if not replace_own else set()
        for player in players:
            if not _may_issue(actor, clubs.get(player.pk, [])):
                result.not_allowed.append(player)
            elif player.pk in own:
                result.kept_own.append(player)
            else:
                if player.pk not in fresh:  # chose a code a moment ago and removed it again
                    fresh[player.pk] = _random_code()
                    hashes[player.pk] = make_password(fresh[player.pk])
                _write_issued(actor, player, hashes[player.pk], clubs[player.pk])
                result.codes.append((player, fresh[player.pk]))
        audit(
            actor,
            "player.codes_issue",
            club_id=club_id,
            issued=sorted(p.name for p, _code in result.codes),
            kept_own=sorted(p.name for p in result.kept_own),
            not_allowed=sorted(p.name for p in result.not_allowed),
        )
    for player, _code in result.codes:
        player_counts_clear(player.pk)  # the guesses at the old codes count no more
    result.codes.sort(key=lambda issued: _name_order(issued[0]))
    result.kept_own.sort(key=_name_order)
    result.not_allowed.sort(key=_name_order)
    return result


def _name_order(player: Player) -> tuple[str, int]:
    return (player.name.casefold(), player.pk)


def _chosen_codes(player_ids: list[int]) -> set[int]:
    """Those of ``player_ids`` who chose their own code."""
    return set(
        PlayerCode.objects.filter(player_id__in=player_ids, issued=False).values_list(
            "player_id", flat=True
        )
    )


def _clubs_of(player_ids: list[int]) -> dict[int, list[int]]:
    clubs: dict[int, list[int]] = {}
    for player_id, club_id in Membership.objects.filter(player_id__in=player_ids).values_list(
        "player_id", "club_id"
    ):
        clubs.setdefault(player_id, []).append(club_id)
    return clubs


def _may_issue(actor: Actor, clubs: list[int]) -> bool:
    """The rule of issuing a player's code: an organizer of every club they belong to."""
    if actor is not None and actor.is_authenticated and actor.is_superuser:
        return True
    return bool(clubs) and all(user_has_role(actor, c, ORGANIZER) for c in clubs)


def _write_issued(actor: Actor, player: Player, code_hash: str, clubs: list[int]) -> None:
    user = actor if actor is not None and actor.is_authenticated else None
    PlayerCode.objects.update_or_create(
        player=player,
        defaults={
            "code_hash": code_hash,
            "set_at": timezone.now(),
            "set_by": user,
            "issued": True,
        },
    )
    for club_id in clubs:
        audit(actor, "player.code_issue", player, club_id=club_id, player=player.name, night=True)


def _store(
    actor: Actor, player: Player, code: str, *, issued: bool, clubs: list[int] | None = None
) -> None:
    user = actor if actor is not None and actor.is_authenticated else None
    with transaction.atomic():
        # The same lock as issuing codes for a whole night: the two never interleave.
        Player.objects.select_for_update().filter(pk=player.pk).exists()
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
        # Only a player with an account has an account page to choose a code on.
        message = (
            _(
                "%(player)s has no personal code yet: set one on the account page, or ask the "
                "organizer."
            )
            if player.user_id
            else _("%(player)s has no personal code yet: ask the organizer for one.")
        )
        raise ServiceError.single("no_code", Text(message, player=player.name), field="code")
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
            ngettext_lazy(
                "Too many wrong codes for %(player)s: their code works again in "
                "%(seconds)s second. Meanwhile %(player)s can confirm on their own "
                "signed-in phone, or the organizer can sign for them.",
                "Too many wrong codes for %(player)s: their code works again in "
                "%(seconds)s seconds. Meanwhile %(player)s can confirm on their own "
                "signed-in phone, or the organizer can sign for them.",
                "seconds",
            ),
            player=player.name,
            seconds=refusal.seconds,
        )
    if refusal.kind == ADDRESS:
        return Text(
            ngettext_lazy(
                "Too many wrong codes from this network: codes are checked at this table "
                "again in %(seconds)s second. Meanwhile %(player)s can confirm on their "
                "own signed-in phone, or the organizer can sign for them.",
                "Too many wrong codes from this network: codes are checked at this table "
                "again in %(seconds)s seconds. Meanwhile %(player)s can confirm on their "
                "own signed-in phone, or the organizer can sign for them.",
                "seconds",
            ),
            player=player.name,
            seconds=refusal.seconds,
        )
    return Text(
        ngettext_lazy(
            "Too many wrong codes at this table: codes are checked here again in "
            "%(seconds)s second. Meanwhile %(player)s can confirm on their own signed-in "
            "phone, or the organizer can sign for them.",
            "Too many wrong codes at this table: codes are checked here again in "
            "%(seconds)s seconds. Meanwhile %(player)s can confirm on their own signed-in "
            "phone, or the organizer can sign for them.",
            "seconds",
        ),
        player=player.name,
        seconds=refusal.seconds,
    )
