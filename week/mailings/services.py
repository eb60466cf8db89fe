"""The writes of a player's e-mail preferences: set them (from the account page, or with a
personal link: the page of the signed link in every evening and the API) and unsubscribe (one
click from an e-mail, no sign-in)."""

from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils.translation import gettext_lazy as _

from clubs.audit import audit
from clubs.models import Player
from clubs.selectors import player_for_user
from core.errors import NotAllowed, ServiceError, problem
from week.mailings.models import LANGUAGES, MailPreference

Actor = User | AnonymousUser | None
MAX_EMAIL = 254  # MailPreference.email's


def preference_for(player: Player) -> MailPreference:
    """The player's preferences (unsaved defaults when they never set any)."""
    found = MailPreference.objects.filter(player=player).first()
    return found or MailPreference(player=player, language="nl")


def _allowed(actor: Actor, player: Player, by_link: bool) -> None:
    """A player's own preferences: their account, or their signed personal link (checked by
    the page that read it)."""
    if by_link:
        return
    own = player_for_user(actor) if actor is not None and actor.is_authenticated else None
    if own is None or own.pk != player.pk:
        raise NotAllowed.single("not_allowed", _("You may only change your own e-mail settings."))


def preference_set(
    *,
    actor: Actor,
    player: Player,
    email: str,
    evening: bool,
    language: str,
    by_link: bool = False,
) -> MailPreference:
    _allowed(actor, player, by_link)
    email = (email or "").strip()
    errors = []
    if email:
        try:
            if len(email) > MAX_EMAIL:
                raise ValidationError("too long")
            validate_email(email)
        except ValidationError:
            errors.append(
                problem("email_invalid", _("Enter a valid e-mail address."), field="email")
            )
    elif evening:
        errors.append(
            problem(
                "email_required",
                _("Give an e-mail address to get your evening by e-mail."),
                field="email",
            )
        )
    if language not in dict(LANGUAGES):
        errors.append(problem("language_invalid", _("Choose Dutch or English."), field="language"))
    if errors:
        raise ServiceError(errors)
    with transaction.atomic():
        preference, _created = MailPreference.objects.select_for_update().get_or_create(
            player=player
        )
        preference.email, preference.evening, preference.language = email, evening, language
        preference.save()
        audit(
            actor,
            "mail.preferences",
            preference,
            label="personal link" if by_link else "",
            player=player.pk,
            evening=evening,
            language=language,
        )
    return preference


def unsubscribe(*, actor: Actor, player: Player) -> MailPreference | None:
    """No more evenings for the player (the signed unsubscribe link was checked by the page)."""
    with transaction.atomic():
        preference = MailPreference.objects.select_for_update().filter(player=player).first()
        if preference is None or not preference.evening:
            return preference
        preference.evening = False
        preference.save(update_fields=["evening", "updated_at"])
        audit(actor, "mail.unsubscribe", preference, label="unsubscribe link", player=player.pk)
    return preference
